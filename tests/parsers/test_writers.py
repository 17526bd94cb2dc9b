"""``parse(write(hand)) == hand`` for Sökö text and PokerStars text: the worked example and its
variants, every supported hand of the PokerStars corpus, and generated Sökö hands."""

from __future__ import annotations

import dataclasses
from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from soko_analytics.model.cards import DECK, parse_card
from soko_analytics.model.hand import Action, ActionKind, Deal, Hand, Seat, Stakes, Tournament
from soko_analytics.parsers import FormatError, decode, get_format
from soko_analytics.parsers.stars_writer import POKERSTARS_GAMES, write_pokerstars, write_soko
from soko_analytics.parsers.times import format_start, parse_start
from soko_analytics.rules.profiles import resolve
from soko_analytics.sim.session import simulate

from ..conftest import CORPUS, soko_example_text
from .test_soko_text import parse_one, with_header

K = ActionKind


def assert_same_hand(got: Hand, want: Hand) -> None:
    """Field by field, and for deals and actions the first record that differs."""
    for f in dataclasses.fields(Hand):
        if not f.compare:
            continue
        a, b = getattr(got, f.name), getattr(want, f.name)
        if a == b:
            continue
        if isinstance(a, tuple) and isinstance(b, tuple):
            at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
            pytest.fail(f"hand {want.hand_id}: {f.name}[{at}] differs (lengths {len(a)} vs {len(b)}): "
                        f"read back {a[at] if at < len(a) else None!r}, wrote {b[at] if at < len(b) else None!r}")
        pytest.fail(f"hand {want.hand_id}: {f.name} differs: read back {a!r}, wrote {b!r}")
    assert got == want


def soko_round_trip(hand: Hand) -> Hand:
    text = write_soko([hand])
    (back,) = get_format("soko").parse(text, "written.txt")
    assert isinstance(back, Hand), f"{back.message()}\n{text}"
    assert_same_hand(back, hand)
    return back


@pytest.fixture(scope="module")
def example() -> str:
    return soko_example_text()


# -- Sökö text ----------------------------------------------------------------------

def test_example_round_trip(example):
    soko_round_trip(parse_one(example))


def test_finnish_spread_limit_variant(example):
    text = with_header(example, first="Sökö Hand #202603140002: Sökö Spread Limit (€0.10-€2.00 EUR, ante €0.10) "
                       "- 2026/03/14 21:04:11 EET", rules="Rules: soko-finnish")
    text = text.replace("Liisa: brings in for €0.20", "Liisa: bets €0.20")
    text = text.replace("Ville: completes it to €0.50", "Ville: raises €0.30 to €0.50")
    hand = parse_one(text)
    assert hand.rules == "soko-finnish"
    assert (hand.stakes.min_bet, hand.stakes.max_bet, hand.stakes.ante, hand.stakes.bring_in) == (10, 200, 10, None)
    assert hand.actions[6][:5] == (0, "Ville", K.RAISE, 30, 50)
    soko_round_trip(hand)
    assert write_soko([hand]).split("\n")[2] == "Rules: soko-finnish"


def test_pot_limit_variant(example):
    text = with_header(example, first="Sökö Hand #202603140003: Sökö Pot Limit (ante €0.10, bring-in €0.20) "
                       "- 2026/03/14 21:04:11 EET")
    hand = parse_one(text)
    assert hand.rules == "soko-casino; structure=pot_limit; open_pair_big_bet=false"
    assert (hand.stakes.small_bet, hand.stakes.ante, hand.stakes.bring_in, hand.stakes.currency) == (
        None, 10, 20, "EUR")
    soko_round_trip(hand)


PIHINA_HOLE = """Sökö Hand #202603140004: Sökö Limit (€0.50/€1.00 EUR, ante €0.10, bring-in €0.20) - 2026/03/14 21:30:00 EET
Table 'Kallio 3' 8-max Seat #7 is the button
Rules: soko-casino; last_card_mode=pihina_hole
Seat 1: Aino (€12.40 in chips)
Seat 3: Ville (€8 in chips)
Seat 7: Liisa (€10 in chips)
Aino: posts the ante €0.10
Ville: posts the ante €0.10
Liisa: posts the ante €0.10
*** 2nd STREET ***
Dealt to Aino [Kh] [9s]
Dealt to Ville [Ad]
Dealt to Liisa [Ah]
Liisa: brings in for €0.20
Aino: calls €0.20
Ville: calls €0.20
*** 3rd STREET ***
Dealt to Aino [9s] [9d]
Dealt to Ville [Ad] [5c]
Dealt to Liisa [Ah] [2h]
Aino: bets €1
Ville: calls €1
Liisa: folds
*** 4th STREET ***
Dealt to Aino [9s 9d] [2c]
Dealt to Ville [Ad 5c] [5d]
Aino: checks
Ville: checks
*** 5th STREET ***
Dealt to Aino [9s 9d 2c] [9h]
Aino: bets €1
Ville: calls €1
*** TURN UP ***
Aino: turns up [9h]
Ville: turns up [6d]
Aino: bets €1
Ville: calls €1
*** SHOW DOWN ***
Aino: shows [Kh 9s 9d 2c 9h] (three of a kind, Nines)
Ville: shows [7d Ad 5c 5d 6d] (a four-flush, Ace high)
Aino collected €6.90 from pot
*** SUMMARY ***
Total pot €7.10 | Rake €0.20
Seat 1: Aino showed [Kh 9s 9d 2c 9h] and won (€6.90) with three of a kind, Nines
Seat 3: Ville showed [7d Ad 5c 5d 6d] and lost with a four-flush, Ace high
Seat 7: Liisa (button) folded on the 3rd Street
"""


def test_pihina_hole_variant_with_a_turn_up_section():
    hand = parse_one(PIHINA_HOLE)
    assert hand.rules == "soko-casino; last_card_mode=pihina_hole"
    deals = {(d.street, d.player): d for d in hand.deals}
    assert (deals[3, "Aino"].cards, deals[3, "Aino"].up) == ((parse_card("9h"),), (False,))
    assert (deals[3, "Ville"].cards, deals[3, "Ville"].up) == ((None,), (False,))  # unseen hole card
    assert (deals[4, "Ville"].cards, deals[4, "Ville"].up) == ((parse_card("6d"),), (True,))
    assert (3, "Liisa") not in deals and (4, "Liisa") not in deals
    assert [a.street for a in hand.actions if a.kind is K.BET] == [1, 3, 4]
    assert [a.street for a in hand.actions if a.kind is K.SHOW] == [5, 5]
    assert write_soko([hand]) == PIHINA_HOLE
    soko_round_trip(hand)


def test_hands_are_separated_by_a_blank_line(example):
    hand = parse_one(example)
    other = dataclasses.replace(hand, hand_id="202603140099")
    text = write_soko([hand, other])
    assert text == example + "\n" + example.replace("#202603140001", "#202603140099")
    assert list(get_format("soko").parse(text)) == [hand, other]


def test_pokerstars_cannot_write_a_soko_hand(example):
    with pytest.raises(FormatError, match="no game for rules 'soko-casino'"):
        write_pokerstars([parse_one(example)])


# -- PokerStars text ----------------------------------------------------------------

def test_pokerstars_game_names_match_the_reader():
    for rules, game in POKERSTARS_GAMES.items():
        written = get_format("pokerstars").write(simulate(rules, 3, players=3, seed=7))
        assert f" {game} (" in written.split("\n", 1)[0]
        back = list(get_format("pokerstars").parse(written, "written.txt"))
        assert [h.rules for h in back] == [rules] * 3, (game, back)


CORPUS_FILES = sorted((CORPUS / "pokerstars").rglob("*.txt")) if CORPUS.is_dir() else []


def test_corpus_hands_round_trip_through_pokerstars_text(corpus):
    written = 0
    for path in CORPUS_FILES:
        hands = [h for h in get_format("pokerstars").parse(decode(path.read_bytes()), str(path)) if isinstance(h, Hand)]
        if not hands:
            continue  # a file of unsupported games only (Omaha, Razz, Draw...)
        text = get_format("pokerstars").write(hands)
        assert text == write_pokerstars(hands)
        back = list(get_format("pokerstars").parse(text, "written.txt"))
        assert len(back) == len(hands), path.name
        for got, want in zip(back, hands, strict=True):
            assert isinstance(got, Hand), got.message()
            assert_same_hand(got, want)
        written += len(hands)
    assert written >= 720


def test_the_corpus_is_there_to_round_trip(corpus):
    assert len(CORPUS_FILES) >= 100


HOLDEM = """PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]
Table 'Halley' 6-max Seat #1 is the button
Seat 1: Anna ($2 in chips)
Seat 2: Bert ($2.29 in chips)
Seat 3: Cleo ($1.50 in chips)
Bert: posts small blind $0.01
Cleo: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Anna [Ah Kd]
Anna: raises $0.04 to $0.06
Bert: folds
Cleo: calls $0.04
*** FLOP *** [2c 7d Th]
Cleo: checks
Anna: bets $0.10
Cleo: raises $1.34 to $1.44 and is all-in
Anna: calls $1.34
*** TURN *** [2c 7d Th] [Js]
*** RIVER *** [2c 7d Th Js] [3h]
*** SHOW DOWN ***
Cleo: shows [Tc Td] (three of a kind, Tens)
Anna: mucks hand
Cleo collected $2.95 from pot
*** SUMMARY ***
Total pot $3.01 | Rake $0.06
Board [2c 7d Th Js 3h]
Seat 1: Anna (button) mucked
Seat 2: Bert folded before Flop
Seat 3: Cleo showed [Tc Td] and won ($2.95) with three of a kind, Tens
"""


def test_a_holdem_hand_is_written_as_pokerstars_writes_it():
    (hand,) = get_format("pokerstars").parse(HOLDEM)
    assert get_format("pokerstars").write([hand]) == HOLDEM


def test_soko_text_cannot_write_a_holdem_hand():
    (hand,) = get_format("pokerstars").parse(HOLDEM)
    with pytest.raises(FormatError, match="Sökö text has no game for rules 'holdem'"):
        write_soko([hand])


def test_a_tournament_header():
    (hand,) = get_format("pokerstars").parse(HOLDEM)
    hand = dataclasses.replace(hand, tournament=Tournament("2416076", "$20+$1 USD", "IV"))
    written = get_format("pokerstars").write([hand])
    assert written.split("\n")[0] == ("PokerStars Hand #1:  Tournament #2416076, $20+$1 USD Hold'em No Limit - "
                                      "Level IV ($0.01/$0.02 USD) - 2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]")
    (back,) = get_format("pokerstars").parse(written)
    assert_same_hand(back, hand)


STUD_FOLDED_ON_3RD = """PokerStars Hand #2:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET
Table 'Atalante II' 8-max
Seat 1: Hero ($1.60 in chips)
Seat 3: Nik ($1.84 in chips)
Hero: posts the ante $0.01
Nik: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [3d Th As]
Dealt to Nik [9s]
Nik: brings in for $0.02
Hero: folds
Uncalled bet ($0.02) returned to Nik
Nik collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Hero folded on the 3rd Street
Seat 3: Nik collected ($0.02)
"""

def test_no_card_is_dealt_on_a_street_the_hand_never_reached():
    (hand,) = get_format("pokerstars").parse(STUD_FOLDED_ON_3RD)
    assert get_format("pokerstars").write([hand]) == STUD_FOLDED_ON_3RD
    assert [(d.street, d.player) for d in hand.deals] == [(0, "Hero"), (0, "Nik")]


# -- generated Sökö hands -----------------------------------------------------------

GAMES = {
    "soko-casino": ("fixed_limit", True),
    "soko-finnish": ("spread", False),
    "soko-finnish; raise_after_pass=false": ("spread", False),
    "soko-casino; structure=pot_limit; open_pair_big_bet=false": ("pot_limit", True),
    "soko-casino; structure=no_limit; open_pair_big_bet=false": ("no_limit", True),
    "soko-casino; last_card_mode=pihina_hole": ("fixed_limit", True),
    "soko-finnish; structure=fixed_limit": ("fixed_limit", False),
}
"""Rules of the generated hands: (structure, has a bring-in)."""
MONEY = [(2, "EUR", "€"), (2, "USD", "$"), (0, None, ""), (2, "EUR", "")]
NAMES = st.from_regex(r"[A-Za-zÄÖäö][A-Za-z0-9_äöÅå]{0,9}( [A-Z][a-z]{0,5})?", fullmatch=True)
DESCRIPTIONS = ["a four-flush, Ace high", "a four-straight, Ten high", "a pair of Kings", "high card Ace",
                "three of a kind, Nines", "two pair, Aces and Fives"]


@st.composite
def soko_hands(draw) -> Hand:
    rules = draw(st.sampled_from(sorted(GAMES)))
    structure, bring_in = GAMES[rules]
    spec = resolve(rules)
    decimals, currency, symbol = draw(st.sampled_from(MONEY))
    amount = st.integers(1, 5000)
    ante = draw(amount)
    limits = {"fixed_limit": ("small_bet", "big_bet"), "spread": ("min_bet", "max_bet")}.get(structure, ())
    stakes = Stakes(decimals, currency, symbol, ante=ante, bring_in=draw(amount) if bring_in else None,
                    **{name: draw(amount) for name in limits})

    names = draw(st.lists(NAMES, min_size=2, max_size=6, unique=True))
    numbers = sorted(draw(st.lists(st.integers(1, 10), min_size=len(names), max_size=len(names), unique=True)))
    seats = tuple(Seat(n, name, draw(st.integers(1, 10**6))) for n, name in zip(numbers, names, strict=True))
    owner = draw(st.sampled_from([None, *names]))
    deck = iter(draw(st.permutations(DECK)))

    actions = [Action(0, s.name, K.ANTE, ante, all_in=draw(st.booleans()) and s.name != owner) for s in seats]
    deals: list[Deal] = []
    active = list(names)
    streets = spec.streets
    last = draw(st.one_of(st.just(len(streets) - 1), st.integers(0, len(streets) - 1)))
    for street, layout in enumerate(streets[: last + 1]):
        for name in active:  # in seat order, as the reader orders them
            if layout.turn_up:
                hole = next(d for d in deals if d.player == name and d.street == street - 1).cards[0]
                card = hole if hole is not None else next(deck)
                deals.append(Deal(street, name, (card,), (True,)))
                continue
            down = tuple(next(deck) if name == owner else None for _ in range(layout.down))
            up = tuple(next(deck) for _ in range(layout.up))
            deals.append(Deal(street, name, down + up, (False,) * layout.down + (True,) * layout.up))
        if street == 0 and bring_in:
            actions.append(Action(0, active[-1], K.BRING_IN, stakes.bring_in, all_in=draw(st.booleans())))
        for _ in range(draw(st.integers(0, 6))):
            player = draw(st.sampled_from(active))
            kind = draw(st.sampled_from([K.CHECK, K.BET, K.CALL, K.RAISE, K.FOLD, K.COMPLETE]))
            if kind is K.FOLD:
                if len(active) > 1:
                    actions.append(Action(street, player, K.FOLD))
                    active.remove(player)
                continue
            amount_, to = (draw(amount), None) if kind in (K.BET, K.CALL) else (0, None)
            if kind is K.RAISE:
                amount_, to = draw(amount), draw(amount)
            elif kind is K.COMPLETE:
                to = draw(amount)
            all_in = kind is not K.CHECK and draw(st.booleans())
            actions.append(Action(street, player, kind, amount_, to, all_in))
    showdown = len(streets)
    if len(active) > 1 and last == showdown - 1:
        for name in active:
            kind = draw(st.sampled_from([K.SHOW, K.SHOW, K.MUCK, K.NO_SHOW]))
            cards = tuple(draw(st.permutations(DECK))[:5]) if kind is not K.NO_SHOW else ()
            text = draw(st.sampled_from(DESCRIPTIONS)) if kind is K.SHOW else None
            actions.append(Action(showdown, name, kind, cards=cards if kind is not K.MUCK or draw(st.booleans())
                                  else (), text=text))
        pots = draw(st.sampled_from(["pot", "main pot", "side pot-1"]))
        actions.append(Action(showdown, active[0], K.COLLECT, draw(amount), text=pots))
    else:
        if draw(st.booleans()):
            actions.append(Action(last, active[0], K.UNCALLED, draw(amount)))
        actions.append(Action(last, active[0], K.COLLECT, draw(amount), text="pot"))

    start = draw(st.datetimes(datetime(2000, 1, 1), datetime(2040, 1, 1))).replace(microsecond=0)
    zone = draw(st.sampled_from(["EET", "ET", "UTC", "CET", None]))
    start_utc = draw(st.one_of(
        st.just(parse_start(format_start(start, zone))[2]),
        st.datetimes(datetime(2000, 1, 1), datetime(2040, 1, 1)).map(lambda d: d.replace(microsecond=0)),
    ))
    if zone is None and start_utc is None and draw(st.booleans()):
        start = None
    pots = tuple(draw(st.lists(amount, max_size=3)))
    return Hand(
        site=draw(st.sampled_from(["Sökö", "Kallio Club", "Tampere Poker"])),
        hand_id=str(draw(st.integers(1, 10**12))), rules=rules, stakes=stakes,
        table=draw(st.from_regex(r"[A-Za-z][A-Za-z0-9 ]{0,10}[A-Za-z0-9]", fullmatch=True)),
        max_seats=draw(st.sampled_from([None, 8, 10])), button=draw(st.sampled_from([None, *numbers])),
        start=start, time_zone=zone if start else None, start_utc=start_utc if start else None,
        seats=seats, deals=tuple(deals), actions=tuple(actions),
        total_pot=draw(amount), rake=draw(st.one_of(st.none(), st.integers(0, 100))), pots=pots,
        extras=tuple(draw(st.lists(st.tuples(st.sampled_from(["STP", "Jackpot"]), amount), max_size=1))),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(soko_hands())
def test_generated_soko_hands_round_trip(hand):
    soko_round_trip(hand)


def test_a_generated_style_hand_with_a_bracketed_utc_start(example):
    hand = parse_one(example)
    hand = dataclasses.replace(hand, start_utc=datetime(2026, 3, 14, 12, 0, 0))
    text = write_soko([hand])
    assert text.split("\n")[0].endswith("- 2026/03/14 21:04:11 EET [2026/03/14 12:00:00 UTC]")
    soko_round_trip(hand)

