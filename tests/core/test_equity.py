"""All-in equity (the core's ``facts/equity.rs``, called as ``_core.equity``): hand-worked cases, pokerkit and
plain brute force as oracles, Monte Carlo checks.

The oracles here are independent of the core's enumeration: hand counts of outs, pokerkit's own hand
evaluator and equity calculator, phevaluator, and a brute force written as plain nested loops over every
outcome with the scalar ``evaluator().value``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, combinations

import pytest

from soko_analytics import _core
from soko_analytics.model.cards import Card, parse_cards
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.profiles import resolve
from soko_analytics.rules.ranking import HIGH, Ranking
from soko_analytics.rules.tables import ensure_ranking

P = parse_cards


@dataclass(frozen=True)
class Equity:
    """What ``_core.equity`` returns, by name: per player the expected amount won and its standard error (0.0
    when exact), whether every outcome was enumerated, and how many outcomes were valued or deals drawn."""

    expected: tuple[float, ...]
    se: tuple[float, ...]
    exact: bool
    outcomes: int

    def share(self, i: int) -> float:
        return self.expected[i] / sum(self.expected)


def equity(ranking: Ranking, hole: Sequence[Sequence[int]], need: Sequence[int] = (), board: Sequence[int] = (),
           board_need: int = 0, dead: Sequence[int] = (), pots: Sequence[tuple[float, Sequence[int]]] | None = None,
           samples: int = 20_000, seed: int = 0, exact_limit: int = 100_000) -> Equity:
    """``_core.equity`` with the tests' defaults: no own cards to come, one pot of 1 that everyone contests."""
    need = list(need) or [0] * len(hole)
    pots = [(1.0, list(range(len(hole))))] if pots is None else [(float(a), list(e)) for a, e in pots]
    expected, se, exact, outcomes = _core.equity(
        ensure_ranking(ranking), [list(h) for h in hole], need, list(board), board_need, list(dead), pots, samples,
        seed, exact_limit)
    return Equity(tuple(expected), tuple(se), exact, outcomes)


AA_VS_KK_PREFLOP = 0.826366112559452
"""As Ah against Ks Kh with five board cards to come, over all C(48, 5) = 1,712,304
boards; recomputed with phevaluator in test_aa_vs_kk_exact_value (slow)."""


# -- an independent brute force --------------------------------------------------------


def brute_force(ranking, hole, need, board=(), board_need=0, dead=(), pots=None):
    """Every outcome by plain loops: the board's draw, then each player's in seat order."""
    ev = evaluator(ranking)
    players = len(hole)
    pots = pots if pots is not None else [(1, list(range(players)))]
    used = set(chain(*hole, board, dead))
    deck = [c for c in range(52) if c not in used]

    def deal(i, left, draws):
        if i == players:
            yield draws
            return
        for d in combinations(left, need[i]):
            yield from deal(i + 1, [c for c in left if c not in d], [*draws, d])

    totals = [0.0] * players
    count = 0
    for b in combinations(deck, board_need):
        left = [c for c in deck if c not in b]
        for draws in deal(0, left, []):
            values = [ev.value([*hole[i], *draws[i], *board, *b]) for i in range(players)]
            for amount, eligible in pots:
                best = max(values[i] for i in eligible)
                winners = [i for i in eligible if values[i] == best]
                for i in winners:
                    totals[i] += amount / len(winners)
            count += 1
    return [t / count for t in totals], count


def pokerkit_exact(hole, board, board_need):
    """Hold'em equities by enumerating the boards and comparing pokerkit's StandardHighHand."""
    from pokerkit import StandardHighHand

    def text(cards):
        return "".join(str(Card(c)) for c in cards)

    used = set(chain(*hole, board))
    deck = [c for c in range(52) if c not in used]
    totals = [0.0] * len(hole)
    count = 0
    for b in combinations(deck, board_need):
        board_text = text([*board, *b])
        hands = [StandardHighHand.from_game(text(h), board_text) for h in hole]
        best = max(hands)
        winners = [i for i, h in enumerate(hands) if h == best]
        for i in winners:
            totals[i] += 1 / len(winners)
        count += 1
    return [t / count for t in totals], count


# -- hand-worked cases ----------------------------------------------------------------


def test_river_complete_winner_takes_all():
    e = equity(HIGH, [P("Ah Kh"), P("Qs Qd")], board=P("Qh 7h 2c 3s 9h"))
    assert e == Equity((1.0, 0.0), (0.0, 0.0), True, 1)
    assert e.share(0) == 1.0


def test_river_complete_split():
    e = equity(HIGH, [P("As Kd"), P("Ac Kc")], board=P("2h 7d 9s Ts Qh"))
    assert e.expected == (0.5, 0.5) and e.exact and e.outcomes == 1


def test_turn_flush_draw_against_aces_is_outs_over_44():
    # 5h 4h on Kh 9h 2c 8s: the 9 hearts left make a flush the Aces cannot beat (no set or
    # full house is possible for them); nothing else helps 5-4 (no straight with one card).
    e = equity(HIGH, [P("5h 4h"), P("As Ad")], board=P("Kh 9h 2c 8s"), board_need=1)
    assert e.exact and e.outcomes == 44
    assert e.expected[0] == pytest.approx(9 / 44, abs=1e-12)
    assert e.expected[1] == pytest.approx(35 / 44, abs=1e-12)
    assert e.se == (0.0, 0.0)


def test_turn_side_pot_with_a_short_all_in():
    # Board Kh 9h 2c 8s, 42 rivers. Player 0 (5h 4h, short: main pot only) wins the main
    # pot on the 9 hearts left. Between Aces (1) and Queens (2) the Queens need a Queen:
    # Qs wins both pots for them; Qh is a heart, so the main goes to player 0 and the side
    # to the Queens. Every other river is the Aces'.
    main, side = 300, 200
    e = equity(
        HIGH,
        [P("5h 4h"), P("As Ad"), P("Qc Qd")],
        board=P("Kh 9h 2c 8s"),
        board_need=1,
        pots=[(main, [0, 1, 2]), (side, [1, 2])],
    )
    assert e.exact and e.outcomes == 42
    want = (9 * main / 42, 32 * main / 42 + 40 * side / 42, 1 * main / 42 + 2 * side / 42)
    assert e.expected == pytest.approx(want, abs=1e-9)
    assert sum(e.expected) == pytest.approx(main + side)
    assert e.share(1) == pytest.approx(want[1] / (main + side))


def test_a_pot_with_one_eligible_player_is_theirs():
    e = equity(HIGH, [P("5h 4h"), P("As Ad")], board=P("Kh 9h 2c 8s"), board_need=1, pots=[(10, [0, 1]), (7, [1])])
    assert e.expected == pytest.approx((10 * 9 / 44, 10 * 35 / 44 + 7))


# -- pokerkit as the oracle ------------------------------------------------------------

HOLDEM_SPOTS = [
    # flop all-ins (990 or 903 outcomes)
    (["Ah Kh", "Qs Qd"], "Qh 7h 2c"),
    (["Jc Tc", "As Kd"], "9c 8d 2c"),
    (["7s 7d", "Ah Qh", "Kc Jc"], "Qc 7h 3c"),
    (["5d 5c", "5h 5s"], "Kd 9s 2h"),  # no flush can come: always a split
    # turn all-ins (44 or 42 outcomes)
    (["Ah Kh", "Qs Qd"], "Qh 7h 2c 3s"),
    (["8s 7s", "Ad Ac", "Kd Kh"], "6s 5d Kc 2s"),
]


@pytest.mark.parametrize("holes, board", HOLDEM_SPOTS)
def test_holdem_flop_and_turn_match_pokerkit_exactly(holes, board):
    hole = [P(h) for h in holes]
    board_cards = P(board)
    e = equity(HIGH, hole, board=board_cards, board_need=5 - len(board_cards))
    want, count = pokerkit_exact(hole, board_cards, 5 - len(board_cards))
    assert e.exact and e.outcomes == count
    assert e.expected == pytest.approx(want, abs=1e-9)


def _pokerkit_sampled(holes, board, sample_count, seed):
    from pokerkit import Card as PkCard
    from pokerkit import Deck, StandardHighHand, calculate_equities, parse_range

    state = random.getstate()
    random.seed(seed)  # pokerkit samples with the random module
    try:
        return calculate_equities(
            tuple(parse_range(h.replace(" ", "")) for h in holes),
            PkCard.parse(board.replace(" ", "")) if board else (),
            2,
            5,
            Deck.STANDARD,
            (StandardHighHand,),
            sample_count=sample_count,
        )
    finally:
        random.setstate(state)


def test_flop_matches_pokerkits_sampled_equity_calculator():
    # pokerkit's calculate_equities only samples: each of its equities is a mean of n payoffs
    # in [0, 1], whose standard error is at most sqrt(p (1 - p) / n).
    holes, board, n = ["Jc Tc", "As Kd"], "9c 8d 2c", 3_000
    theirs = _pokerkit_sampled(holes, board, n, seed=11)
    ours = equity(HIGH, [P(h) for h in holes], board=P(board), board_need=2)
    for p, q in zip(ours.expected, theirs):
        assert abs(p - q) <= 4 * math.sqrt(p * (1 - p) / n)


def test_preflop_aces_against_kings_by_monte_carlo():
    e = equity(HIGH, [P("As Ah"), P("Ks Kh")], board_need=5)
    assert not e.exact and e.outcomes == 20_000
    assert 0 < e.se[0] < 0.01 and e.se[0] == pytest.approx(e.se[1])
    assert sum(e.expected) == pytest.approx(1.0)
    assert abs(e.expected[0] - AA_VS_KK_PREFLOP) <= 4 * e.se[0]
    n = 4_000
    theirs = _pokerkit_sampled(["As Ah", "Ks Kh"], "", n, seed=5)
    p = AA_VS_KK_PREFLOP
    assert abs(e.expected[0] - theirs[0]) <= 4 * math.sqrt(e.se[0] ** 2 + p * (1 - p) / n)


@pytest.mark.slow
def test_aa_vs_kk_exact_value():
    from phevaluator import evaluate_cards

    aces, kings = P("As Ah"), P("Ks Kh")
    deck = [c for c in range(52) if c not in (*aces, *kings)]
    won = 0.0
    boards = list(combinations(deck, 5))
    for b in boards:
        a, k = evaluate_cards(*aces, *b), evaluate_cards(*kings, *b)  # phevaluator: lower is better
        won += 1.0 if a < k else 0.5 if a == k else 0.0
    assert won / len(boards) == pytest.approx(AA_VS_KK_PREFLOP, abs=1e-12)
    e = equity(HIGH, [aces, kings], board_need=5, exact_limit=2_000_000)
    assert e.exact and e.outcomes == len(boards)
    assert e.expected[0] == pytest.approx(AA_VS_KK_PREFLOP, abs=1e-12)


# -- stud and Sökö against the brute force -----------------------------------------------


def test_seven_card_stud_against_brute_force():
    # Sixth street for player 1 (needs the river), fifth for player 0 (needs two), with
    # four folded up cards dead.
    hole = [P("Ah Ad 9c 7s 3h"), P("Ks Kd Qh Jh Th 2h")]
    need = [2, 1]
    dead = P("4h 5h Kc 9d")
    e = equity(HIGH, hole, need=need, dead=dead)
    want, count = brute_force(HIGH, hole, need, dead=dead)
    assert e.exact and e.outcomes == count == math.comb(37, 2) * 35
    assert e.expected == pytest.approx(want, abs=1e-9)


def test_seven_card_stud_three_way_side_pot_against_brute_force():
    hole = [P("8c 8d 6s 6h 2c 4d"), P("Tc Jc Qc 3c 9s 7d"), P("As Kh Ks 5d 5s Jd")]
    need = [1, 1, 1]
    dead = P("Ac Qd")
    pots = [(90, [0, 1, 2]), (40, [1, 2])]
    e = equity(HIGH, hole, need=need, dead=dead, pots=pots)
    want, count = brute_force(HIGH, hole, need, dead=dead, pots=pots)
    assert e.exact and e.outcomes == count == 32 * 31 * 30
    assert e.expected == pytest.approx(want, abs=1e-9)
    assert sum(e.expected) == pytest.approx(130)


def test_own_cards_and_a_community_card_to_come_against_brute_force():
    # Stud when the deck may run short: sixth street to each player, the last card shared.
    hole = [P("Ah Ad 9c 7s 3h"), P("Ks Qs Js 4s 2d")]
    need = [1, 1]
    dead = P("Kc Th 5h 8d 6c Qd")
    e = equity(HIGH, hole, need=need, board_need=1, dead=dead)
    want, count = brute_force(HIGH, hole, need, board_need=1, dead=dead)
    assert e.exact and e.outcomes == count == 36 * 35 * 34
    assert e.expected == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("profile", ["soko-finnish", "soko-casino"])
def test_soko_against_brute_force(profile):
    ranking = resolve(profile).ranking
    # A four-flush, a pair of Nines and a four-straight, each needing the last card; six
    # folded up cards are dead.
    hole = [P("2h 6h 9h Jh"), P("9s 9c 4d Kc"), P("5s 6d 7c 8s")]
    need = [1, 1, 1]
    dead = P("Ks 2d 7h Ad Qs Tc")
    e = equity(ranking, hole, need=need, dead=dead)
    want, count = brute_force(ranking, hole, need, dead=dead)
    assert e.exact and e.outcomes == count == 34 * 33 * 32
    assert e.expected == pytest.approx(want, abs=1e-9)
    assert sum(e.expected) == pytest.approx(1.0)


def test_soko_high_card_rule_decides_a_side_pot():
    # Ace-Queen against Ace-Ten: kickers (casino) favour the Queen, top card then suit
    # (Finnish) the Ace of spades. The small pair of Eights contests the main pot only.
    hole = [P("Ah Qc 6d 3s"), P("As Td 7h 4c"), P("8s 8c 5d 2d")]
    need = [1, 1, 1]
    dead = P("Ks 2h 7c Jd 9h Tc")
    pots = [(3, [0, 1, 2]), (2, [0, 1])]
    results = {}
    for profile in ("soko-finnish", "soko-casino"):
        ranking = resolve(profile).ranking
        e = equity(ranking, hole, need=need, dead=dead, pots=pots)
        want, count = brute_force(ranking, hole, need, dead=dead, pots=pots)
        assert e.exact and e.outcomes == count == 34 * 33 * 32
        assert e.expected == pytest.approx(want, abs=1e-9)
        results[profile] = e.expected
    assert results["soko-finnish"][1] > results["soko-casino"][1] + 0.5


# -- Monte Carlo -------------------------------------------------------------------------


def test_monte_carlo_is_seeded_and_within_four_standard_errors_of_exact():
    args = dict(hole=[P("Ah Kh"), P("Qs Qd"), P("Jc Tc")], board=P("Qh 7h 2c"), board_need=2)
    exact = equity(HIGH, **args)
    a = equity(HIGH, **args, exact_limit=0, seed=3)
    b = equity(HIGH, **args, exact_limit=0, seed=3)
    c = equity(HIGH, **args, exact_limit=0, seed=4)
    assert exact.exact and not a.exact and a.outcomes == 20_000
    assert a == b and a != c
    for mean, se, want in zip(a.expected, a.se, exact.expected):
        assert 0 < se and abs(mean - want) <= 4 * se


def test_monte_carlo_standard_error_follows_the_pots():
    args = dict(hole=[P("5h 4h"), P("As Ad")], board=P("Kh 9h 2c 8s"), board_need=1, exact_limit=0, samples=10_000)
    one = equity(HIGH, **args)
    ten = equity(HIGH, **args, pots=[(10, [0, 1])])
    assert ten.expected == pytest.approx(tuple(10 * x for x in one.expected))
    assert ten.se == pytest.approx(tuple(10 * x for x in one.se))
    p = 9 / 44  # a 0-or-1 payoff: the se is close to sqrt(p (1 - p) / n)
    assert one.se[0] == pytest.approx(math.sqrt(p * (1 - p) / 10_000), rel=0.1)


# -- bad input -----------------------------------------------------------------------------

AH, KH, QS = (int(P(c)[0]) for c in ("Ah", "Kh", "Qs"))  # the core names a card by its code


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(hole=[P("Ah Kh"), P("Ah Qd")], board=P("2c 3c 4c"), board_need=2), f"card {AH} is given twice"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board=P("Kh 3c 4c"), board_need=2), f"card {KH} is given twice"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=5, dead=P("Qs")), f"card {QS} is given twice"),
        (dict(hole=[[0, 52], [1, 2]], board_need=5), "52 is not a card code"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=2), "player 0 would end with 4 cards"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board=P("2c 3c 4c 5d 6d"), need=[1, 0]), "would end with 8 cards"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], need=[1], board_need=5), "one count per player"),
        (dict(hole=[], board_need=5), "at least one player"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=5, pots=[(1, [0, 2])]), "the pots are not"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=5, pots=[(1, [])]), "the pots are not"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=5, pots=[(-1, [0, 1])]), "the pots are not"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=5, pots=[]), "the pots are not"),
        (dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=5, samples=1), "at least 2 samples"),
    ],
)
def test_bad_input_raises_with_a_message(kwargs, message):
    with pytest.raises(ValueError, match=message):
        equity(HIGH, **kwargs)


@pytest.mark.parametrize("kwargs", [dict(hole=[[-1, 5], [1, 2]], board_need=5),
                                    dict(hole=[P("Ah Kh"), P("Qs Qd")], board_need=-1)])
def test_a_negative_card_or_count_is_refused_at_the_boundary(kwargs):
    with pytest.raises(OverflowError):
        equity(HIGH, **kwargs)


def test_not_enough_cards_left_in_the_deck():
    # Eight stud players who each still need three cards: 8 * 4 known + 24 to come > 52.
    hole = [[4 * i + s for s in range(4)] for i in range(8)]
    with pytest.raises(ValueError, match="24 cards are still to be dealt but only 20 are left"):
        equity(HIGH, hole, need=[3] * 8)
