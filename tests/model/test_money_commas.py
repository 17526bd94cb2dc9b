"""``model.money.format_amount`` groups thousands with commas only when asked (for reading), never in a log's text."""

from __future__ import annotations

from soko_analytics.model.money import format_amount


def test_amounts_for_reading_group_thousands_and_log_text_never_does():
    assert format_amount(165800, 2, "$", trim=False, grouped=True) == "$1,658.00"
    assert format_amount(-3252500, 2, "", trim=False, grouped=True) == "-32,525.00"
    assert format_amount(33300, 0, grouped=True) == "33,300"
    assert format_amount(165800, 2, "$") == "$1658"  # as PokerStars writes it
