"""The ledger of ``soko audit --explain`` and ``soko report hand``: the pot and every stack after each line.

Expected figures come from the logs themselves: the amounts on their lines, their summaries, and the
stacks the next hand at the table starts with.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from soko_analytics.errors import SokoError
from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import read_path
from soko_analytics.replay.audit import audit
from soko_analytics.replay.explain import explain, ledger, rules_stacks, walk
from soko_analytics.reports.hand import hand_report
from tests.flows import added_money

SAMPLE = Path(__file__).resolve().parents[2] / "sample_data"


def _hands(path: Path) -> dict[str, Hand]:
    return {h.hand_id: h for h in read_path(path) if isinstance(h, Hand)}


@pytest.fixture(scope="module")
def seed7() -> dict[str, Hand]:
    return _hands(SAMPLE / "holdem-seed7.txt")


def _rows(data: dict, player: str) -> list[tuple[str, str, str]]:
    return [(s["action"], s["pot"], s["stack"]) for s in data["steps"] if s["player"] == player]


def test_an_uncalled_bet_comes_back_to_the_stack_and_out_of_the_pot(seed7):
    # Hand 7000000: Eero ($10) posts the $0.10 big blind; everyone folds; "Uncalled bet ($0.05) returned to
    # Eero"; "Eero collected $0.10 from pot". So $9.90, then $9.95, then $10.05, with nothing left in the pot.
    data = ledger(audit(seed7["7000000"]))
    assert _rows(data, "Eero") == [
        ("posts big blind $0.10", "$0.15", "$9.90"),
        ("gets back the uncalled $0.05", "$0.10", "$9.95"),
        ("collects $0.10 from the pot", "$0.00", "$10.05"),
    ]
    assert data["final_stacks"]["Eero"] == "$10.05"
    # ... which is what the next hand says he has.
    assert next(s.stack for s in seed7["7000001"].seats if s.name == "Eero") == 1005


def test_the_text_and_the_html_report_show_it(seed7):
    result = audit(seed7["7000000"])
    text = explain(result)
    assert "gets back the uncalled $0.05" in text and "$9.95" in text
    assert "Stacks at the end" in text and "$10.05" in text.split("Stacks at the end")[1]
    html = hand_report(result)
    assert "The table at the end" in html and "$10.05" in html.split("The table at the end")[1]


def test_an_uncalled_bet_the_log_does_not_print(corpus):
    # 2007 PokerStars logs print no "Uncalled bet" line. Hand 12637574307: J.R.66350 (2,460) is all-in,
    # Lochdale calls 2,090 all-in, Lochdale collects the total pot of 4,225; the 370 nobody called is J.R.'s.
    path = corpus / "pokerstars" / "tour" / "Flop" / "NLHE-USD-MTT-5r-200710.txt"
    hands = list(_hands(path).values())
    i = next(i for i, h in enumerate(hands) if h.hand_id == "12637574307")
    data = ledger(audit(hands[i]))
    added = [s for s in data["steps"] if s["action"].startswith("gets back")]
    assert [(s["player"], s["action"], s["stack"]) for s in added] == [
        ("J.R.66350", "gets back the uncalled 370 (no line in the log)", "370")]
    assert data["steps"][-1]["pot"] == "0"
    nxt = next(s.stack for s in hands[i + 1].seats if s.name == "J.R.66350")
    assert data["final_stacks"]["J.R.66350"] == str(nxt) == "370"


def test_money_the_house_adds_is_a_line_of_its_own(corpus):
    # "STP added: €0.50"; the big blind collects €0.65 ("Total pot €0.65 | Main pot €0.15 | STP €0.50").
    path = corpus / "pokerstars" / "cash" / "Flop" / "NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.walk.txt"
    (hand,) = _hands(path).values()
    result = audit(hand)
    assert result.ok and result.added == 50
    data = ledger(result)
    house = [s for s in data["steps"] if s["player"] == "the house"]
    assert [(s["action"], s["pot"]) for s in house] == [("adds €0.50 to the pot (STP)", "€0.65")]
    assert data["steps"][-1]["action"] == "collects €0.65 from the pot" and data["steps"][-1]["pot"] == "€0.00"
    assert data["final_stacks"]["Dawson D"] == "€10.95"  # €10.40 - €0.10 + €0.65
    assert data["added"] == "€0.50"


def test_the_pot_ends_at_the_rake(soko_example):
    # The worked example: "Total pot €13.60 ... Rake €0.30"; final stacks as its text states them.
    from soko_analytics.parsers import read_text

    (hand,) = read_text(soko_example, "example.txt")
    data = ledger(audit(hand))
    assert data["steps"][-1]["pot"] == "€0.30"
    assert data["final_stacks"] == {"Aino": "€11.40", "Ville": "€3.00", "Matti": "€9.30", "Liisa": "€9.40"}


def test_the_ledger_needs_the_steps(seed7):
    with pytest.raises(SokoError, match="ledger=True"):
        ledger(audit(seed7["7000000"], ledger=False))


def test_the_ledger_agrees_with_the_audit_on_every_clean_hand(corpus):
    """Two ways to the same figures: the ledger's walk over the log's lines, and the settlement's stacks;
    after the last line the pot holds the rake alone. And where the rules pay each player what the log's
    collect lines give him, no stack by the rules differs from the log's, at any line (a player who collects
    a side pot, then the main pot, in two lines, included) nor at the end."""
    paths = [SAMPLE, corpus / "pokerstars", corpus / "phh", corpus / "sites"]
    checked = several = 0
    for folder in paths:
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".txt", ".phh", ".xml"):
                continue
            for hand in read_path(path):
                if not isinstance(hand, Hand):
                    continue
                result = audit(hand)
                if not result.ok:
                    continue
                lines, final = walk(result)
                assert final == {s.name: result.stacks.get(s.name, s.stack) for s in hand.seats}, hand.hand_id
                if result.payouts:
                    assert lines[-1].pot == result.rake, hand.hand_id
                collects = [a.player for a in hand.actions if a.kind is ActionKind.COLLECT]
                if collects and result.payouts == result.collected:  # the rules pay what the log says
                    by_rules, rules_end = rules_stacks(result, lines, final)
                    assert [line.stacks for line in lines] == by_rules and rules_end == final, hand.hand_id
                    several += len(collects) > len(set(collects))
                checked += 1
    assert checked > 5000 and several > 20


def test_a_cash_drop_is_money_the_house_adds(corpus):
    # GGPoker's "Cash Drop to Pot : total $0.2" is house money, as a splash is: the core's vocabulary, which the
    # package reads (a copy of it in Python had only "STP": the line said "(added money)" and added_money() was 0)
    path = corpus / "sites" / "GGPoker" / "cash" / "Flop" / "PLO-6max-USD-0.01-0.02-202104.STP.txt"
    hand = _hands(path)["RC58843003"]
    assert added_money(hand) == 20
    house = [s for s in ledger(audit(hand))["steps"] if s["player"] == "the house"]
    assert [s["action"] for s in house] == ["adds $0.20 to the pot (Cash Drop)"]
