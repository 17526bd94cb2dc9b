"""Random legal hands played in PokerKit (an independent rules engine), as our :class:`Hand`.

A differential oracle for the replayer: ``generate(variant, count, seed)`` plays
``count`` hands in PokerKit, choosing uniformly among the legal actions, and
returns each hand as a PokerStars log would state it, with PokerKit's final
stacks. Hand ``i`` is played with its own ``random.Random(f"{variant}-{seed}-{i}")``
(PokerKit's own shuffle is bypassed: we deal from our deck), so a hand id names a
reproducible hand and ``generate(v, n, s)[:k] == generate(v, k, s)``.

Kept within what both PokerKit and RULES.md allow: every stack covers its forced
bets and (stud) a completion, fixed-limit hold'em caps at 4 bets preflop (the blind
counts; PokerKit allows a 5th) unless two players are left (``uncapped_heads_up``),
nobody raises a fixed-limit bet left short by an all-in (conventions differ), and hands are
redealt where the stud deck runs out (PokerKit reuses mucked cards) or a pot splits with two
or more odd chips (PokerKit gives them all to the first winner; RULES §2.20 one each). A draw
discards no more cards than the deck still holds (a reshuffled discard would be dealt twice), and
a hand whose draws empty the deck before a burn is redealt.
"""

from __future__ import annotations

import dataclasses
import random
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from pokerkit import (
    AntePosting,
    Automation,
    BetCollection,
    BlindOrStraddlePosting,
    BoardDealing,
    BringInPosting,
    CardBurning,
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    FixedLimitTexasHoldem,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    Opening,
    PotLimitOmahaHoldem,
    StandardHighHand,
    StandingPatOrDiscarding,
    State,
    Street,
)
from pokerkit import Card as PokerKitCard
from pokerkit import hands as pokerkit_hand_types
from pokerkit.games import Poker

from soko_analytics.model.cards import parse_cards
from soko_analytics.model.hand import Action, ActionKind, Deal, Hand, Seat, Stakes
from soko_analytics.rules.profiles import resolve

K = ActionKind
DEFAULT_COUNT = 300
"""Hands per variant in the generator's own tests."""
DIFFERENTIAL_COUNTS = {"nlhe": 10_000, "flhe": 10_000, "stud7": 10_000, "plo": 2_000, "plo8": 2_000, "stud8": 2_000,
                       "razz": 2_000, "nl27sd": 2_000, "fl27td": 2_000, "badugi": 2_000, "nlsd": 2_000,
                       "plo5": 2_000, "plo5-8": 2_000, "plo6": 2_000, "courchevel": 2_000, "courchevel8": 2_000,
                       "nl5cd": 2_000}
"""What the replayer's differential test asks for: 20,000 hold'em (no limit + fixed limit), 10,000 stud, and 2,000
of each game of issue 15: pot-limit Omaha (4, 5 and 6 cards), pot-limit Omaha hi/lo (4 and 5 cards), pot-limit
Courchevel and its hi/lo, Stud hi/lo (eight or better), Razz, no-limit 5 Card Draw and 2-7 Single Draw,
fixed-limit 2-7 Triple Draw, Badugi and no-limit Short Deck. The 5 and 6 card Omaha, Courchevel and 5 Card Draw
games are PokerKit's own games with their deal changed (its hand types and betting unchanged)."""
DEFAULT_SEED = 2024
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.RUNOUT_COUNT_SELECTION, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
               Automation.CHIPS_PULLING)
"""Everything but dealing (from our seeded deck) and showdown (everyone shows)."""
DECK = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")
SHORT_DECK = DECK[16:]
"""Sixes to aces (Short Deck)."""


@dataclass(frozen=True)
class Variant:
    rules: str
    game: type
    players: tuple[int, int]
    max_seats: int
    levels: tuple[Stakes, ...]
    """Stake levels to draw from (all limits; the hand states only what its log would)."""
    args: Callable[[Stakes], tuple]
    """PokerKit ``create_state`` arguments between the ante trimming status and the stacks."""
    unit: Callable[[Stakes], int]
    """The stack unit: stacks are drawn in units of it."""
    forced: Callable[[Stakes], int]
    """The smallest stack: one more than the largest forced bet (plus completion) anyone posts."""
    stacks: tuple[tuple[int, int], tuple[int, int]]
    """(short, deep) stack ranges in units; a stack is short with probability SHORT."""
    button: bool = True
    fixed: bool = True
    preflop_raises: int | None = None
    """Cap on PokerKit's raise count on street 0 (the blind is the first bet), unless two players are left."""
    deck: tuple[str, ...] = DECK


class _PotLimitOmaha5(PotLimitOmahaHoldem):
    hole_dealing_count = 5


class _PotLimitOmaha6(PotLimitOmahaHoldem):
    hole_dealing_count = 6


class _PotLimitOmaha5HiLo(FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    hole_dealing_count = 5


def _courchevel_streets(first_bet: int, later_bet: int) -> tuple[Street, ...]:
    """5 hole cards and the first board card, then a flop of 2, a turn and a river (Courchevel)."""
    return (Street(False, (False,) * 5, 1, False, Opening.POSITION, first_bet, None),
            Street(True, (), 2, False, Opening.POSITION, first_bet, None),
            Street(True, (), 1, False, Opening.POSITION, later_bet, None),
            Street(True, (), 1, False, Opening.POSITION, later_bet, None))


class _Courchevel(_PotLimitOmaha5):
    """PokerKit's pot-limit Omaha with five hole cards and the first board card dealt with them."""

    def __init__(self, automations, ante_trimming_status, raw_antes, raw_blinds_or_straddles, min_bet,
                 **kwargs) -> None:
        Poker.__init__(self, automations, _courchevel_streets(min_bet, min_bet), ante_trimming_status, raw_antes,
                       raw_blinds_or_straddles, 0, **kwargs)


class _CourchevelHiLo(_PotLimitOmaha5HiLo):
    """The same, split hi/lo eight or better (PokerKit's hi/lo Omaha bets pot limit; see plo8)."""

    def __init__(self, automations, ante_trimming_status, raw_antes, raw_blinds_or_straddles, small_bet, big_bet,
                 **kwargs) -> None:
        Poker.__init__(self, automations, _courchevel_streets(small_bet, big_bet), ante_trimming_status,
                       raw_antes, raw_blinds_or_straddles, 0, **kwargs)


class _NoLimitFiveCardDraw(NoLimitDeuceToSevenLowballSingleDraw):
    """PokerKit's no-limit single draw, won by the standard high hand (5 Card Draw)."""

    hand_types = (StandardHighHand,)


SHORT = 0.4
VARIANTS = {
    "nlhe": Variant("holdem", NoLimitTexasHoldem, (2, 9), 9,
                    tuple(Stakes(small_blind=sb, big_blind=bb) for sb, bb in ((1, 2), (5, 10), (25, 50))),
                    lambda k: (0, (k.small_blind, k.big_blind), k.big_blind), lambda k: k.big_blind,
                    lambda k: k.big_blind + 1, ((1, 15), (20, 200)), fixed=False),
    "flhe": Variant("holdem; structure=fixed_limit", FixedLimitTexasHoldem, (2, 9), 9,
                    tuple(Stakes(small_blind=sb, big_blind=bb, small_bet=bb, big_bet=2 * bb)
                          for sb, bb in ((1, 2), (5, 10), (10, 20))),
                    lambda k: (0, (k.small_blind, k.big_blind), k.small_bet, k.big_bet), lambda k: k.big_blind,
                    lambda k: k.big_blind + 1, ((1, 8), (8, 60)), preflop_raises=3),
    "stud7": Variant("stud7", FixedLimitSevenCardStud, (2, 8), 8,
                     tuple(Stakes(ante=a, bring_in=b, small_bet=s, big_bet=2 * s)
                           for a, b, s in ((1, 2, 5), (1, 3, 10), (5, 10, 20))),
                     lambda k: (k.ante, k.bring_in, k.small_bet, k.big_bet), lambda k: k.small_bet,
                     lambda k: k.ante + k.small_bet + 1, ((1, 8), (8, 60)), button=False),
}
VARIANTS["plo"] = dataclasses.replace(VARIANTS["nlhe"], rules="omaha", game=PotLimitOmahaHoldem)
# PokerKit's FixedLimitOmahaHoldemHighLowSplitEightOrBetter bets pot-limit (it mixes in PotLimitPokerMixin), with
# its small and big bet as the smallest bet: given the big blind for both, it is pot-limit Omaha hi/lo.
VARIANTS["plo8"] = dataclasses.replace(VARIANTS["nlhe"], rules="omaha-hilo",
                                       game=FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
                                       args=lambda k: (0, (k.small_blind, k.big_blind), k.big_blind, k.big_blind))
VARIANTS["stud8"] = dataclasses.replace(VARIANTS["stud7"], rules="stud7-hilo",
                                        game=FixedLimitSevenCardStudHighLowSplitEightOrBetter)
VARIANTS["razz"] = dataclasses.replace(VARIANTS["stud7"], rules="razz", game=FixedLimitRazz)
VARIANTS["nl27sd"] = dataclasses.replace(VARIANTS["nlhe"], rules="single-draw27",
                                         game=NoLimitDeuceToSevenLowballSingleDraw, players=(2, 6), max_seats=6)
VARIANTS["fl27td"] = dataclasses.replace(VARIANTS["flhe"], rules="triple-draw27",
                                         game=FixedLimitDeuceToSevenLowballTripleDraw, players=(2, 6), max_seats=6)
VARIANTS["badugi"] = dataclasses.replace(VARIANTS["flhe"], rules="badugi", game=FixedLimitBadugi, players=(2, 6),
                                         max_seats=6)
VARIANTS["plo5"] = dataclasses.replace(VARIANTS["plo"], rules="omaha5", game=_PotLimitOmaha5, max_seats=9)
VARIANTS["plo5-8"] = dataclasses.replace(VARIANTS["plo8"], rules="omaha5-hilo", game=_PotLimitOmaha5HiLo, max_seats=9)
VARIANTS["plo6"] = dataclasses.replace(VARIANTS["plo"], rules="omaha6", game=_PotLimitOmaha6, players=(2, 7),
                                       max_seats=7)
VARIANTS["courchevel"] = dataclasses.replace(VARIANTS["plo"], rules="courchevel", game=_Courchevel, max_seats=9)
VARIANTS["courchevel8"] = dataclasses.replace(VARIANTS["plo8"], rules="courchevel-hilo", game=_CourchevelHiLo,
                                              max_seats=9)
VARIANTS["nl5cd"] = dataclasses.replace(VARIANTS["nl27sd"], rules="draw5; structure=no_limit",
                                        game=_NoLimitFiveCardDraw)
# Short Deck by PokerKit's rules (a straight beats three of a kind), every player antes and the button posts the one
# blind. Three players or more: heads-up PokerKit reverses the blinds, so the player who is not the button would
# post it.
VARIANTS["nlsd"] = dataclasses.replace(
    VARIANTS["nlhe"], rules="short-deck; hand_ranking=short_deck_straight_over_trips", game=NoLimitShortDeckHoldem,
    players=(3, 6), max_seats=6, deck=SHORT_DECK,
    levels=tuple(Stakes(big_blind=b, ante=a) for a, b in ((1, 2), (5, 5), (25, 50))),
    args=lambda k: (k.ante, {-1: k.big_blind}, k.big_blind), forced=lambda k: k.big_blind + k.ante + 1)


class _Redeal(Exception):
    """A hand outside what both PokerKit and RULES.md allow (see the module's docstring)."""


def generate(variant: str, count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED,
             start: int = 0) -> list[tuple[Hand, list[int]]]:
    """``count`` random hands of ``variant`` (a key of VARIANTS) from hand ``start`` on, each with PokerKit's
    final stacks by seat."""
    return [generate_one(variant, seed, i) for i in range(start, start + count)]


def generate_one(variant: str, seed: int, index: int) -> tuple[Hand, list[int]]:
    """Hand ``f"{variant}-{seed}-{index}"`` alone."""
    rng = random.Random(f"{variant}-{seed}-{index}")
    with _hands_evaluated_once():
        while True:
            try:
                return _play(VARIANTS[variant], rng, f"{variant}-{seed}-{index}")
            except _Redeal:  # play it again with the next cards of the same generator
                pass


def _hand_types() -> list[type]:
    """PokerKit's hand types (``pokerkit.hands.Hand`` and every subclass)."""
    found, todo = [pokerkit_hand_types.Hand], [pokerkit_hand_types.Hand]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.append(sub)
                todo.append(sub)
    return found


@contextmanager
def _hands_evaluated_once() -> Iterator[None]:
    """While one hand is played: PokerKit's ``from_game`` (the best hand of hole and board cards, a pure function
    of its class and cards) computed once per class and cards, its result (or ValueError) kept for the hand.

    PokerKit evaluates the same cards again at every step of a showdown and of hand killing (``can_win_now``):
    about half the generator's time in Omaha and Courchevel. The same hands and stacks come out (checked when this
    was written: ``generate(v, n)`` equal with and without, for hold'em and Courchevel)."""
    types = _hand_types()
    originals = {t: t.__dict__.get("from_game") for t in types}
    functions = {t: t.from_game.__func__ for t in types}
    kept: dict[tuple, tuple[bool, object]] = {}

    def once(function: Callable) -> classmethod:
        def from_game(cls, hole_cards=(), board_cards=()):
            key = (cls, function, PokerKitCard.clean(hole_cards), PokerKitCard.clean(board_cards))
            if key not in kept:
                try:
                    kept[key] = (True, function(cls, key[2], key[3]))
                except ValueError as error:
                    kept[key] = (False, error)
            made, result = kept[key]
            if not made:
                raise result  # type: ignore[misc]
            return result
        return classmethod(from_game)

    for t in types:
        t.from_game = once(functions[t])  # type: ignore[method-assign]
    try:
        yield
    finally:
        for t, original in originals.items():
            if original is None:
                delattr(t, "from_game")
            else:
                t.from_game = original  # type: ignore[method-assign]


def final_stacks(hands: list[tuple[Hand, list[int]]]) -> dict[str, dict[str, int]]:
    """PokerKit's final stacks of each hand, by hand id and player name."""
    return {h.hand_id: dict(zip(h.players(), stacks, strict=True)) for h, stacks in hands}


def _play(v: Variant, rng: random.Random, hand_id: str) -> tuple[Hand, list[int]]:
    n = rng.randint(*v.players)
    stakes = rng.choice(v.levels)
    unit, low = v.unit(stakes), v.forced(stakes)
    starts = [max(low, rng.randint(*(v.stacks[0] if rng.random() < SHORT else v.stacks[1])) * unit
                  + rng.randrange(unit)) for _ in range(n)]
    deck = list(v.deck)
    rng.shuffle(deck)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a PokerKit warning (a card reused, chips burned) is a bug here
        state = v.game.create_state(AUTOMATIONS, False, *v.args(stakes), tuple(starts), n)
        faced: dict = {}
        while state.status:
            _step(v, state, rng, deck, faced)
    if state.hand_type_count > 1:
        _low_half_kept(state)
    # Seats: hold'em players are in PokerKit order from the small blind (the big blind heads-up), the button
    # last; a random button seat b puts player p in seat (b + p) % n + 1. Stud: player p in seat p + 1.
    button = rng.randint(1, n) if v.button else None
    seat_of = [((button or 0) + p) % n + 1 for p in range(n)]
    return _convert(v, state, stakes, starts, seat_of, button, hand_id), [
        state.stacks[seat_of.index(s)] for s in range(1, n + 1)]


def _low_half_kept(state: State) -> None:
    """Redeal where PokerKit pays a side pot's low half to players without a low: it splits a pot into halves
    when anyone holds a low, and then pays the low half to the pot's players who have none (all tie at None);
    the rules give a half nobody eligible qualifies for to the high hand."""
    lows = list(state.get_up_hands(0, 1))
    for op in state.operations:
        if isinstance(op, ChipsPushing) and op.hand_type_index == 1:
            if any(lows[p] is None for p, amount in enumerate(op.amounts) if amount):
                raise _Redeal


def _step(v: Variant, s: State, rng: random.Random, deck: list[str], faced: dict) -> None:
    """One operation: a burn (unseen), a card, a showdown (everyone shows) or a random legal action.

    ``faced`` keeps, per street and player, the bet he last acted facing: PokerKit lets a player who
    already acted raise over a short all-in, RULES.md §2 item 9 / §3 item 4 do not, so the generator
    does not offer that raise.
    """
    if s.can_burn_card():
        s.burn_card("??")
    elif s.can_deal_hole():
        if not deck:
            raise _Redeal
        s.deal_hole(deck.pop())
    elif s.can_deal_board():
        if not v.button:
            raise _Redeal  # PokerKit's stud deck-out community card: not a log we can write
        s.deal_board("".join(deck.pop() for _ in range(s.board_dealing_count)))
    elif s.stand_patter_or_discarder_index is not None:
        held = s.hole_cards[s.stand_patter_or_discarder_index]
        # Never more than either deck holds (PokerKit's loses a card to each burn): no discard is dealt again.
        discards = rng.sample(held, rng.randint(0, max(0, min(len(held), len(deck), len(s.deck_cards) - 1))))
        s.stand_pat_or_discard(discards)
    elif s.showdown_index is not None:
        s.show_or_muck_hole_cards(True)
    else:
        options: list[Callable[[], object]] = []
        if s.can_post_bring_in():
            options.append(s.post_bring_in)
        if s.checking_or_calling_amount and s.can_fold():
            options.append(s.fold)
        if s.can_check_or_call():
            options.append(s.check_or_call)
        capped = (v.preflop_raises is not None and s.street_index == 0 and sum(s.statuses) > 2
                  and s.completion_betting_or_raising_count >= v.preflop_raises)
        top, size = max(s.bets), s.street.min_completion_betting_or_raising_amount
        if v.fixed and top % size and not (s.street_index == 0 and top == s.bring_in):
            capped = True  # over a short all-in, conventions differ (PokerKit: a bet more; half-bet rule: a full bet)
        actor = s.actor_index
        if not v.fixed and s.can_complete_bet_or_raise_to() and (s.street_index, actor) in faced:
            full = s.min_completion_betting_or_raising_to_amount - top
            if top - faced[(s.street_index, actor)] < full:
                capped = True  # a short all-in did not reopen the betting to him
        if s.can_complete_bet_or_raise_to() and not capped:
            lo = s.min_completion_betting_or_raising_to_amount
            hi = s.max_completion_betting_or_raising_to_amount
            r = rng.random()
            to = lo if r < 0.4 else hi if r < 0.7 else rng.randint(lo, hi)
            options.append(lambda: s.complete_bet_or_raise_to(to))
        street = s.street_index
        if not options:
            raise _Redeal  # a draw emptied the deck: PokerKit has no card left to burn
        rng.choice(options)()
        if actor is not None:
            faced[(street, actor)] = max(s.bets) if s.bets else 0


def _convert(v: Variant, s: State, stakes: Stakes, starts: list[int], seat_of: list[int], button: int | None,
             hand_id: str) -> Hand:
    """The hand as a PokerStars log states it, from PokerKit's operations."""
    n = len(starts)
    name = [f"P{seat_of[p]}" for p in range(n)]
    street, bets, stack, folded = 0, [0] * n, list(starts), set()
    actions: list[Action] = []
    posts: list[Action] = []
    shows: dict[str, Action] = {}  # stud all-in: shown again with all seven cards; the last show counts
    cards: dict[tuple[int, int | None], list[tuple[str, bool]]] = {}
    pushes: list[ChipsPushing] = []
    drawing = False

    def put(p: int, kind: ActionKind, added: int, amount: int, to: int | None = None, street_bet: bool = True):
        stack[p] -= added
        bets[p] += added if street_bet else 0
        actions.append(Action(street, name[p], kind, amount, to, stack[p] == 0))

    def end_street() -> None:
        top = sorted(range(n), key=lambda p: -bets[p])
        excess = bets[top[0]] - (bets[top[1]] if n > 1 else 0)
        if excess > 0:
            stack[top[0]] += excess
            actions.append(Action(street, name[top[0]], K.UNCALLED, excess))
        bets[:] = [0] * n

    for op in s.operations:
        if posts and not isinstance(op, BlindOrStraddlePosting):
            actions += sorted(posts, key=lambda a: a.kind is K.BIG_BLIND)  # PokerStars: the small blind first
            posts.clear()
        if isinstance(op, AntePosting):
            put(op.player_index, K.ANTE, op.amount, op.amount, street_bet=False)
        elif isinstance(op, BlindOrStraddlePosting):
            kind = K.SMALL_BLIND if op.amount < stakes.big_blind else K.BIG_BLIND
            put(op.player_index, kind, op.amount, op.amount)
            posts.append(actions.pop())
        elif isinstance(op, CardBurning):
            if drawing:  # PokerKit burns after the draws: the street began with them
                drawing = False
            else:
                end_street()
                street += 1
        elif isinstance(op, HoleDealing | BoardDealing):
            key = (street, op.player_index if isinstance(op, HoleDealing) else None)
            ups = op.statuses if isinstance(op, HoleDealing) else (True,) * len(op.cards)
            cards.setdefault(key, []).extend(zip(map(repr, op.cards), ups))
        elif isinstance(op, Folding):
            folded.add(op.player_index)
            put(op.player_index, K.FOLD, 0, 0)
        elif isinstance(op, CheckingOrCalling):
            put(op.player_index, K.CALL if op.amount else K.CHECK, op.amount, op.amount)
        elif isinstance(op, BringInPosting):
            put(op.player_index, K.BRING_IN, op.amount, op.amount)
        elif isinstance(op, CompletionBettingOrRaisingTo):
            p, to, top = op.player_index, op.amount, max(bets)
            if top == 0:  # PokerStars: the bring-in player opening with a full bet "bets" it
                put(p, K.BET, to, to)
            elif not v.button and street == 0 and top < stakes.small_bet:
                put(p, K.COMPLETE, to - bets[p], 0, to)
            else:
                put(p, K.RAISE, to - bets[p], to - top, to)
        elif isinstance(op, StandingPatOrDiscarding):
            if not drawing:
                end_street()
                street, drawing = street + 1, True
            thrown = parse_cards(" ".join(map(repr, op.cards)))
            actions.append(Action(street, name[op.player_index], K.DRAW, len(thrown), cards=thrown))
        elif isinstance(op, HoleCardsShowingOrMucking):
            shows[name[op.player_index]] = Action(0, name[op.player_index], K.SHOW,
                                                  cards=parse_cards(" ".join(map(repr, op.hole_cards))))
        elif isinstance(op, ChipsPushing):
            pushes.append(op)
        elif not isinstance(op, BetCollection):
            assert type(op).__name__ in ("HandKilling", "ChipsPulling", "NoOperation"), op
    end_street()
    put_in = [starts[p] - stack[p] for p in range(n)]
    total = sum(put_in)
    pots: dict[int, int] = {}
    if len(folded) == n - 1:  # won without a showdown: the log collects on the street of the last fold
        winner = next(p for p in range(n) if p not in folded)
        actions.append(Action(street, name[winner], K.COLLECT, total, text="pot"))
    else:
        showdown = len(resolve(v.rules).streets)
        actions += [a._replace(street=showdown) for a in shows.values()]
        for op in pushes:
            pots[op.pot_index] = pots.get(op.pot_index, 0) + op.total_amount
            if max(op.amounts) - min(a for a in op.amounts if a) > 1:
                raise _Redeal  # PokerKit gives all odd chips to the first winner; RULES §2.20 one each
        for op in sorted(pushes, key=lambda o: -o.pot_index):  # side pots first, as PokerStars collects them
            label = "pot" if len(pots) == 1 else f"side pot-{op.pot_index}" if op.pot_index else "main pot"
            actions += [Action(showdown, name[p], K.COLLECT, a, text=label)
                        for p in sorted(range(n), key=seat_of.__getitem__) if (a := op.amounts[p])]
    assert sum(a.amount for a in actions if a.kind is K.COLLECT) == total, hand_id
    order = {p: seat_of[p] for p in range(n)}
    deals = tuple(
        Deal(st, None if p is None else name[p], parse_cards(" ".join(c for c, _ in cs)), tuple(u for _, u in cs))
        for (st, p), cs in sorted(cards.items(), key=lambda kv: (kv[0][0], kv[0][1] is None, order.get(kv[0][1], 0))))
    stated = {"bring_in": stakes.bring_in if any(a.kind is K.BRING_IN for a in actions) else None}
    return Hand(
        site="PokerKit", hand_id=hand_id, rules=v.rules, stakes=stakes._replace(**stated) if not v.button else stakes,
        table=f"PokerKit {v.rules.split(';')[0]}", max_seats=v.max_seats, button=button,
        seats=tuple(Seat(seat_of[p], name[p], starts[p]) for p in sorted(range(n), key=seat_of.__getitem__)),
        deals=deals, actions=tuple(actions), total_pot=total, rake=0,
        pots=tuple(pots[i] for i in sorted(pots)) if len(pots) > 1 else (),
    )


def corrupt(hand: Hand, rng: random.Random) -> tuple[Hand, str]:
    """The hand with one claim made certainly illegal, and what was done (for the replayer's negative test).

    ``call+1``: a call one chip off what was owed (or beyond the stack); ``collect+1``: a collect the pots do
    not pay; ``fold->check``: a check facing a bet; ``out_of_turn``: a betting action by another player
    who could still act (an all-in player's fold is a PokerStars quirk the replayer tolerates);
    ``card_twice``: a card dealt twice; ``limit_size``: a fixed-limit bet or raise one chip off the limit.
    """
    acts, fixed = hand.actions, hand.stakes.small_bet is not None
    where = {
        "call+1": [i for i, a in enumerate(acts) if a.kind is K.CALL],
        "collect+1": [i for i, a in enumerate(acts) if a.kind is K.COLLECT],
        "fold->check": [i for i, a in enumerate(acts) if a.kind is K.FOLD],
        "out_of_turn": [i for i, a in enumerate(acts) if a.kind in (K.CHECK, K.CALL, K.BET, K.RAISE, K.FOLD)
                        and _able(hand, i)],
        "limit_size": [i for i, a in enumerate(acts) if fixed and a.kind in (K.BET, K.RAISE) and not a.all_in],
        "card_twice": [i for i, d in enumerate(hand.deals) if i and d.cards],
    }
    what = rng.choice(sorted(k for k, v in where.items() if v))
    i = rng.choice(where[what])
    a = acts[i] if what != "card_twice" else None
    if what == "card_twice":
        deals = list(hand.deals)
        deals[i] = deals[i]._replace(cards=(deals[0].cards[0], *deals[i].cards[1:]))
        return dataclasses.replace(hand, deals=tuple(deals)), f"{what}: deal {i}"
    if what in ("call+1", "collect+1"):
        a = a._replace(amount=a.amount + 1)
    elif what == "fold->check":
        a = a._replace(kind=K.CHECK)
    elif what == "out_of_turn":
        a = a._replace(player=rng.choice(_able(hand, i)))
    else:
        a = a._replace(amount=a.amount + 1, to=None if a.to is None else a.to + 1)
    return dataclasses.replace(hand, actions=(*acts[:i], a, *acts[i + 1:])), f"{what}: action {i} {acts[i]}"


def _able(hand: Hand, i: int) -> list[str]:
    """Players other than the actor of action ``i`` who could still act then (neither folded nor all-in)."""
    gone = {a.player for a in hand.actions[:i] if a.kind is K.FOLD or a.all_in} | {hand.actions[i].player}
    return [p for p in hand.players() if p not in gone]
