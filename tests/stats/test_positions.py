"""Hold'em positions as PokerTracker 4 reads them, and the steal facts that follow from them.

PokerTracker 4 names the blinds ``SB`` and ``BB`` and counts the other seats back from the button:
the seat right of the button is the cutoff (``CO``), the one before it ``MP`` (``HJ`` from seven
players on), and ``UTG`` is what is left at the front. Its "attempt to steal" is a raise first in
from the cutoff, the button or the small blind; "fold to steal" is a blind folding to one with
nobody else in (docs/stats.md). Heads-up the button is the small blind, unless the log says that
the button posted the big blind: then the other player is the small blind and acts first preflop.

Every expected value below is read off the log's own text (which seat is the button, who posts
which blind, who acts in what order) with those definitions, never from our output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path, read_text
from soko_analytics.store.rows import Batch

from .hands import HOLDEM_HEADS_UP_BUTTON_BIG_BLIND
from .test_facts import facts

SIX_MAX_EUR = "pokerstars/cash/Flop/NLHE-6max-EUR-0.05-0.10-200911.txt"
SHOOTOUT = "pokerstars/tour/Flop/NLHE-4max-MTT-USD-2-201305.shootout.txt"


def corpus_facts(corpus: Path, name: str, hand_id: str) -> dict[str, dict]:
    """The player_hands rows of one hand of a corpus file, by player."""
    hand = next(h for h in read_path(corpus / name) if isinstance(h, Hand) and h.hand_id == hand_id)
    return facts(hand.raw)


def positions_of(text: str) -> dict[str, str | None]:
    """``seats.position`` of the core's rows of a one-hand text, by player (``player_hands`` says the same)."""
    (hand,) = read_text(text, "test.txt")
    batch = Batch()
    batch.add_hand(hand)
    frames = batch.to_frames()
    seats = dict(frames["seats"].select("player", "position").iter_rows())
    assert dict(frames["player_hands"].select("player", "position").iter_rows()) == seats
    return seats


def ring(n: int) -> str:
    """A hold'em hand of ``n`` players P1..Pn in seats 1..n, the button in seat 1: the blinds are posted
    (heads-up by the button and seat 2, else by seats 2 and 3) and everyone folds to the big blind."""
    small, big = (1, 2) if n == 2 else (2, 3)
    folds = [s for s in (*range(big + 1, n + 1), *range(1, big)) if s != big]
    role = {1: " (button)", small: " (small blind)", big: " (big blind)"}
    if n == 2:
        role[1] = " (button) (small blind)"
    return "\n".join([
        f"PokerStars Hand #90000001{n:02d}:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 21:00:00 ET",
        f"Table 'Test Ring' {6 if n <= 6 else 9}-max Seat #1 is the button",
        *(f"Seat {s}: P{s} ($100 in chips)" for s in range(1, n + 1)),
        f"P{small}: posts small blind $0.50",
        f"P{big}: posts big blind $1",
        "*** HOLE CARDS ***",
        *(f"P{s}: folds" for s in folds),
        f"Uncalled bet ($0.50) returned to P{big}",
        f"P{big} collected $1 from pot",
        "*** SUMMARY ***",
        "Total pot $1 | Rake $0",
        *(f"Seat {s}: P{s}{role.get(s, '')} " + ("collected ($1)" if s == big else "folded before Flop")
          for s in range(1, n + 1)),
    ]) + "\n"


@pytest.mark.parametrize(("n", "labels"), [
    (2, ("BTN", "BB")),
    (3, ("BTN", "SB", "BB")),
    (4, ("BTN", "SB", "BB", "CO")),
    (5, ("BTN", "SB", "BB", "MP", "CO")),
    (6, ("BTN", "SB", "BB", "UTG", "MP", "CO")),
    (9, ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO")),
])
def test_labels_count_back_from_the_button(n, labels):
    # seat order from the button; the seat right of the button (the last) is always the cutoff
    assert positions_of(ring(n)) == {f"P{s}": label for s, label in enumerate(labels, start=1)}


def test_four_handed_the_seat_right_of_the_button_is_the_cutoff_and_steals(corpus):
    # Hand 35602675399: button seat 6 (PokerMill100), HomerrrJay posts the small blind (seat 2),
    # andi661 the big blind (seat 3), Hero sits in seat 4 with seat 5 empty: right of the button.
    # Hero raises first in: an attempt to steal. HomerrrJay, in the small blind, faces it with nobody
    # else in and re-raises: a fold-to-steal chance not taken. andi661 then faces a re-raise, not a
    # lone steal: no chance. PokerMill100 acts after a raise: no steal chance.
    f = corpus_facts(corpus, SIX_MAX_EUR, "35602675399")
    assert {p: r["position"] for p, r in f.items()} == {
        "PokerMill100": "BTN", "HomerrrJay": "SB", "andi661": "BB", "Hero": "CO"}
    assert (f["Hero"]["steal_opp"], f["Hero"]["steal"]) == (True, True)
    assert (f["HomerrrJay"]["fold_steal_opp"], f["HomerrrJay"]["fold_steal"]) == (True, False)
    assert not f["andi661"]["fold_steal_opp"] and not f["PokerMill100"]["steal_opp"]
    assert f["Hero"]["position_group"] == "late"


def test_four_handed_cutoff_folding_first_in_had_a_steal_chance(corpus):
    # Hand 99150131499 (a 4-max shootout): button seat 1, blinds seats 2 and 3, Hero in seat 4, right
    # of the button, acts first and folds: a steal chance not taken. The button and the small blind
    # fold to it too: chances not taken. The big blind wins a walk.
    f = corpus_facts(corpus, SHOOTOUT, "99150131499")
    assert {p: r["position"] for p, r in f.items()} == {
        "Player0": "BTN", "Player1": "SB", "Player2": "BB", "Hero": "CO"}
    assert {p for p, r in f.items() if r["steal_opp"]} == {"Hero", "Player0", "Player1"}
    assert not any(r["steal"] for r in f.values())
    assert f["Player2"]["walk"]


def test_five_handed_first_to_act_is_two_seats_right_of_the_button(corpus):
    # Hand 35602140774: button seat 5 (Poptart74), PokerMill100 (seat 6) and HomerrrJay (seat 2) post
    # the blinds; Hero (seat 4) is right of the button, joycer01 (seat 3) the seat before: MP, not UTG.
    # joycer01 raises first in from MP: no steal chance; Hero and the button then face a raise.
    f = corpus_facts(corpus, SIX_MAX_EUR, "35602140774")
    assert {p: r["position"] for p, r in f.items()} == {
        "Poptart74": "BTN", "PokerMill100": "SB", "HomerrrJay": "BB", "joycer01": "MP", "Hero": "CO"}
    assert f["joycer01"]["position_group"] == "middle"
    assert not any(r["steal_opp"] for r in f.values())


HOLDEM_HEADS_UP_ONLY_BIG_BLIND = (  # the same hand with no small blind posted
    HOLDEM_HEADS_UP_BUTTON_BIG_BLIND.replace("#9000000008", "#9000000201")
    .replace("Villain: posts small blind $0.50\n", "").replace("Villain (small blind)", "Villain"))

HOLDEM_HEADS_UP_NO_BLINDS = """\
PokerStars Hand #9000000202:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 21:01:00 ET
Table 'Test IX' 2-max Seat #1 is the button
Seat 1: Hero ($100 in chips)
Seat 2: Villain ($100 in chips)
Hero: posts the ante $0.10
Villain: posts the ante $0.10
*** HOLE CARDS ***
Hero: bets $1
Villain: folds
Uncalled bet ($1) returned to Hero
Hero collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Hero (button) collected ($0.20)
Seat 2: Villain folded before Flop
"""


@pytest.mark.parametrize(("text", "expected"), [
    # the log says the button (seat 1) posted the big blind: seat 2 is the small blind
    (HOLDEM_HEADS_UP_BUTTON_BIG_BLIND, {"Hero": "BB", "Villain": "SB"}),
    (HOLDEM_HEADS_UP_ONLY_BIG_BLIND, {"Hero": "BB", "Villain": "SB"}),  # only the big blind posted
    # the usual heads-up hand: the button posts the small blind
    (ring(2), {"P1": "BTN", "P2": "BB"}),
    (HOLDEM_HEADS_UP_NO_BLINDS, {"Hero": "BTN", "Villain": "BB"}),  # no blind posted: the usual order
])
def test_heads_up_button_in_the_big_blind_positions(text, expected):
    assert positions_of(text) == expected


def test_heads_up_button_in_the_big_blind_stored():
    f = facts(HOLDEM_HEADS_UP_BUTTON_BIG_BLIND)
    assert {p: r["position"] for p, r in f.items()} == {"Hero": "BB", "Villain": "SB"}
    assert (f["Villain"]["steal_opp"], f["Villain"]["steal"]) == (True, True)
    assert (f["Hero"]["fold_steal_opp"], f["Hero"]["fold_steal"]) == (True, True)
    assert f["Hero"]["net"] == -100 and f["Villain"]["net"] == 100
