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

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.model.ledger import money_flow
from soko_analytics.parsers import read_path, read_text
from soko_analytics.rules.profiles import resolve
from soko_analytics.store.facts import GameFacts, hand_facts
from soko_analytics.store.keys import position_labels, positions

from .hands import HOLDEM_HEADS_UP_BUTTON_BIG_BLIND
from .test_facts import facts

SIX_MAX_EUR = "pokerstars/cash/Flop/NLHE-6max-EUR-0.05-0.10-200911.txt"
SHOOTOUT = "pokerstars/tour/Flop/NLHE-4max-MTT-USD-2-201305.shootout.txt"


def corpus_facts(corpus: Path, name: str, hand_id: str) -> dict[str, dict]:
    """The player_hands rows of one hand of a corpus file, by player."""
    hand = next(h for h in read_path(corpus / name) if isinstance(h, Hand) and h.hand_id == hand_id)
    return facts(hand.raw)


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
    assert position_labels(n) == labels


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


def test_heads_up_button_in_the_big_blind_positions():
    # the log says the button (seat 1) posted the big blind: seat 2 is the small blind
    assert positions(1, [1, 2], 1, small_blind_seat=2) == {1: "BB", 2: "SB"}
    assert positions(1, [1, 2], 1) == {1: "BB", 2: "SB"}          # only the big blind posted
    # the usual heads-up hand: the button posts the small blind
    assert positions(1, [1, 2], 2, small_blind_seat=1) == {1: "BTN", 2: "BB"}
    assert positions(1, [1, 2]) == {1: "BTN", 2: "BB"}


def _blind_seats(hand: Hand) -> tuple[int | None, int | None]:
    seat = {s.name: s.seat for s in hand.seats}
    posted = {a.kind: seat[a.player] for a in reversed(hand.actions)
              if a.kind in (ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND)}
    return posted.get(ActionKind.SMALL_BLIND), posted.get(ActionKind.BIG_BLIND)


def test_heads_up_button_in_the_big_blind_steal_facts():
    # "Seat 1: Hero (button) (big blind)": Villain posts the small blind and acts first preflop. He
    # raises first in from the small blind (a steal); Hero, in the big blind, folds to it.
    (hand,) = read_text(HOLDEM_HEADS_UP_BUTTON_BIG_BLIND, "hu.txt")
    small, big = _blind_seats(hand)
    by_seat = positions(hand.button, sorted(s.seat for s in hand.seats), big, small_blind_seat=small)
    by_name = {s.name: by_seat[s.seat] for s in hand.seats}
    assert by_name == {"Hero": "BB", "Villain": "SB"}
    spec = resolve(hand.rules)
    game = GameFacts(button=True, best_showing=False, ranking=spec.ranking, cards=7)
    f = hand_facts(hand, game, by_name, set(by_name), money_flow(hand))
    assert (f["Villain"].steal_opp, f["Villain"].steal) == (True, True)
    assert (f["Hero"].fold_steal_opp, f["Hero"].fold_steal) == (True, True)


def test_heads_up_button_in_the_big_blind_stored():
    f = facts(HOLDEM_HEADS_UP_BUTTON_BIG_BLIND)
    assert {p: r["position"] for p, r in f.items()} == {"Hero": "BB", "Villain": "SB"}
    assert (f["Villain"]["steal_opp"], f["Villain"]["steal"]) == (True, True)
    assert (f["Hero"]["fold_steal_opp"], f["Hero"]["fold_steal"]) == (True, True)
    assert f["Hero"]["net"] == -100 and f["Villain"]["net"] == 100
