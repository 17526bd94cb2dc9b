"""The worked example of formats/soko-text.md, and altered copies that each break one rule.

Every expected figure comes from the example's own text (RULES.md §2 and the
explanation under the hand).
"""

from __future__ import annotations

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity


@pytest.fixture(scope="module")
def example(soko_example) -> str:
    return soko_example


def _audit(text: str):
    (hand,) = read_text(text, "example.txt")
    assert isinstance(hand, Hand), hand.message()
    return audit(hand)


def _errors(result) -> list[tuple[str, str | None]]:
    return [(f.code.value, f.player) for f in result.findings if f.severity is Severity.ERROR]


def _alter(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def test_the_example_audits_clean_with_its_payouts(example):
    result = _audit(example)
    assert result.ok, result.findings
    assert result.payouts == {"Matti": 930, "Aino": 400}  # €9.30 main pot, €4 side pot-1
    assert result.rake == 30
    # "Final stacks: Aino €11.40, Ville €3, Matti €9.30, Liisa €9.40."
    assert result.stacks == {"Aino": 1140, "Ville": 300, "Matti": 930, "Liisa": 940}
    assert [(p.amount, p.eligible) for p in result.pots] == [(930, ("Aino", "Ville", "Matti")), (400, ("Aino", "Ville"))]
    assert result.showdown["Ville"].english == "a four-flush, Ace high"


def test_wrong_bring_in_player(example):
    # Ad and Ah tie for the highest upcard; hearts outrank diamonds, so Liisa must bring in (§2 item 5).
    text = _alter(
        example,
        ("Liisa: brings in for €0.20\nAino: calls €0.20\nVille: completes it to €0.50\nMatti: calls €0.50\n"
         "Liisa: calls €0.30\nAino: calls €0.30",
         "Aino: brings in for €0.20\nVille: completes it to €0.50\nMatti: calls €0.50\nLiisa: calls €0.50\n"
         "Aino: calls €0.30"),
    )
    assert _errors(_audit(text)) == [("bring_in", "Aino")]


def test_big_bet_on_3rd_street_without_an_open_pair(example):
    # Swap the 3rd and 4th street cards of Aino and Matti: nobody shows a pair on 3rd street, so the
    # small bet (€0.50) is the only bet (§2 item 9); Ville's ace speaks first and checks.
    text = _alter(
        example,
        ("Dealt to Aino [9s] [9d]", "Dealt to Aino [9s] [2c]"),
        ("Dealt to Matti [Qc] [Qs]", "Dealt to Matti [Qc] [7h]"),
        ("Matti: bets €1\n", "Ville: checks\nMatti: bets €1\n"),
        ("Dealt to Aino [9s 9d] [2c]", "Dealt to Aino [9s 2c] [9d]"),
        ("Dealt to Matti [Qc Qs] [7h]", "Dealt to Matti [Qc 7h] [Qs]"),
        ("Dealt to Aino [9s 9d 2c] [9h]", "Dealt to Aino [9s 2c 9d] [9h]"),
        ("Dealt to Matti [Qc Qs 7h] [Js]", "Dealt to Matti [Qc 7h Qs] [Js]"),
    )
    assert _errors(_audit(text)) == [("bet_size", "Matti")]


def test_raise_after_the_short_all_in(example):
    # Matti's all-in raise of €0.40 is less than half a bet: it does not reopen the betting for Aino,
    # who already bet (§2 item 9). Her raise is the finding; the pots follow the chips as put in.
    text = _alter(
        example,
        ("Aino: calls €0.40\nVille: calls €0.40", "Aino: raises €1 to €2.40\nVille: calls €1.40"),
        ("Aino collected €4 from side pot-1", "Aino collected €6 from side pot-1"),
        ("Total pot €13.60 Main pot €9.30. Side pot-1 €4. | Rake €0.30",
         "Total pot €15.60 Main pot €9.30. Side pot-1 €6. | Rake €0.30"),
    )
    assert _errors(_audit(text)) == [("not_reopened", "Aino")]


def test_matti_paid_the_wrong_amount(example):
    # Thirty cents of Matti's main pot went to Aino instead: the totals still add up, the pots do not.
    text = _alter(
        example,
        ("Aino collected €4 from side pot-1", "Aino collected €4.30 from side pot-1"),
        ("Matti collected €9.30 from main pot", "Matti collected €9 from main pot"),
    )
    assert sorted(_errors(_audit(text))) == [("payout", "Aino"), ("payout", "Matti")]


def test_the_audit_ledger_follows_the_hand(example):
    result = _audit(example)
    raise_step = next(s for s in result.steps if "raises" in s.text)
    assert (raise_step.player, raise_step.text) == ("Matti", "raises €0.40 to €1.40 and is all-in")
    assert raise_step.stack == 0
    # Pot after Matti's raise: antes 0.40 + 2nd street 2.00 + 3rd street 3.00 + Aino 1 + Ville 1 + Matti 1.40.
    assert raise_step.pot == 40 + 200 + 300 + 100 + 100 + 140
