"""Logs no one here has seen (issue 35): odd line endings, archives in archives, a zip cut short, a huge PHH hand.

Every input is written by the test: the PokerStars hand of ``test_pokerstars_malformed.GOOD`` (its figures worked
by hand there), the PHH hand of ``test_phh_malformed.GOOD``, packed with ``zipfile`` and ``gzip``.
"""

from __future__ import annotations

import pytest

from soko_analytics import api
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import Quarantined, detect_format, phh, read_path, read_text
from soko_analytics.parsers.base import MAX_HAND_CHARS, Unreadable

from .test_phh_malformed import GOOD as PHH_GOOD
from .test_pokerstars_malformed import GOOD


def hand(n: int) -> str:
    return GOOD.format(id=n)


def log(ids: range) -> str:
    return "\n\n".join(hand(n) for n in ids) + "\n\n"


def kinds(found: list[Hand | Quarantined]) -> list[str]:
    return ["hand" if isinstance(x, Hand) else x.kind for x in found]


# -- line endings ------------------------------------------------------------------------


@pytest.mark.parametrize("end", ["\r", "\r\n"])
def test_cr_only_and_crlf_logs_read_every_hand_whole(tmp_path, end):
    path = tmp_path / "mac.txt"
    path.write_bytes(log(range(1, 4)).replace("\n", end).encode())
    found = list(read_path(path))
    assert kinds(found) == ["hand"] * 3
    assert [h.source.line for h in found] == [1, 25, 49]  # 22 lines a hand, two blank lines after each
    assert [h.total_pot for h in found] == [13] * 3


def test_cr_only_lines_across_block_ends_read_the_same(tmp_path):
    # Many hands, so that the file spans blocks: a CR at a block's end is still one line end.
    text = log(range(1, 3001))
    path = tmp_path / "mac.txt"
    path.write_bytes(text.replace("\n", "\r").encode())
    found = list(read_path(path))
    assert kinds(found) == ["hand"] * 3000 and found[-1].source.line == 1 + 2999 * 24


@pytest.mark.parametrize("mark", ["\u2028", "\u2029", "\x85", "\u3000"])
@pytest.mark.parametrize("where", ["An{}na", "Anna{}", "{}Anna"])
def test_a_name_holding_a_line_separator_of_unicode_stays_on_its_line(tmp_path, mark, where):
    # Only \n, \r\n and \r end a line of a log (str.splitlines would split at these too), and only ASCII
    # white space pads one: at a line's end ('... returned to Anna\u2028') the character is the name's.
    name = where.format(mark)
    text = log(range(1, 3)).replace("Anna", name)
    for found in (list(read_text(text, "u.txt")), list(read_path(_write(tmp_path / "u.txt", text.encode())))):
        assert kinds(found) == ["hand", "hand"]
        assert found[0].seats[0].name == name and found[0].actions[2].player == name
        assert [h.source.line for h in found] == [1, 25]


def test_the_first_line_named_for_an_unknown_format_is_the_whole_line():
    with pytest.raises(Unreadable) as err:
        detect_format("notes of A\u2028B\x85C\rsecond line\n")
    assert err.value.actual == "notes of A\u2028B\x85C"


def _write(path, data: bytes):
    path.write_bytes(data)
    return path


# -- a huge PHH hand -----------------------------------------------------------------------------------------


def test_a_phh_hand_of_100000_actions_is_too_large_not_a_bug():
    checks = "".join(f"'p{i % 3 + 1} cc'," for i in range(99_999))  # on one line: 8 characters an action
    text = PHH_GOOD.replace("  'd db 2c3c4c',\n", "  'd db 2c3c4c',\n" + checks + "\n")
    assert len(text) < MAX_HAND_CHARS  # under the bound on characters: the count of actions is what is too large
    (found,) = phh.parse(text, "huge.phh")
    assert isinstance(found, Quarantined) and found.kind == "too_large", found
    # Two blinds posted (blinds_or_straddles = [1, 2, 0]), three calls, then 99,999 more.
    assert found.reason == "a hand of 100,004 actions, more than the 100,000 one hand may have"
    assert found.line == 1 and found.hand_id == "7" and found.raw == text


def test_a_phh_hand_of_100000_actions_is_quarantined_too_large_by_the_import(tmp_path):
    checks = "".join(f"'p{i % 3 + 1} cc'," for i in range(99_999))
    path = _write(tmp_path / "huge.phh", PHH_GOOD.replace("  'd db 2c3c4c',\n", "  'd db 2c3c4c',\n" + checks + "\n").encode())
    summary = api.import_paths(tmp_path / "s.db", [path])
    assert (summary.files[0].quarantined, summary.files[0].internal) == (1, 0)
    (record,) = api.quarantine_records(tmp_path / "s.db")
    assert record["kind"] == "too_large" and "100,004 actions" in record["reason"]
