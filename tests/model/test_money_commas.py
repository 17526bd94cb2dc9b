"""``model.money.parse_amount`` reads commas as the core's family grammar does: only between groups of three."""

from __future__ import annotations

import pytest

from soko_analytics.model.money import MoneyError, parse_amount


@pytest.mark.parametrize("text, decimals, value", [
    ("$1,234,567.89", 2, 123_456_789), ("1,500", 0, 1500), ("$12,500", 2, 1_250_000), ("$0.10", 2, 10)])
def test_thousands_commas_between_groups_of_three(text, decimals, value):
    assert parse_amount(text, decimals) == value


@pytest.mark.parametrize("text", ["$0,10", "$10.000,00", "$10,00,0", "1,2345", "0,100", ",100", "1,000.5,0"])
def test_other_comma_forms_are_not_amounts(text):
    with pytest.raises(MoneyError, match="is not an amount"):
        parse_amount(text, 2)


def test_amounts_for_reading_group_thousands_and_log_text_never_does():
    from soko_analytics.model.money import format_amount

    assert format_amount(165800, 2, "$", trim=False, grouped=True) == "$1,658.00"
    assert format_amount(-3252500, 2, "", trim=False, grouped=True) == "-32,525.00"
    assert format_amount(33300, 0, grouped=True) == "33,300"
    assert format_amount(165800, 2, "$") == "$1658"  # as PokerStars writes it
