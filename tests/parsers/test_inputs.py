"""Logs no one here has seen (issue 35): odd line endings, archives in archives, a zip cut short, a huge PHH hand.

Every input is written by the test: the PokerStars hand of ``test_pokerstars_malformed.GOOD`` (its figures worked
by hand there), the PHH hand of ``test_phh_malformed.GOOD``, packed with ``zipfile`` and ``gzip``.
"""

from __future__ import annotations

import gzip
import io
import json
import zipfile
import zlib

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import Quarantined, detect_format, get_format, read_path, read_text
from soko_analytics.parsers.base import MAX_HAND_CHARS, Unreadable
from soko_analytics.stats.query import Filters
from soko_analytics.store.db import Store

from .test_phh_malformed import GOOD as PHH_GOOD
from .test_pokerstars_malformed import GOOD

read_phh = get_format("phh").parse
"""PHH as the package reads it: the core's reader (``_core.PhhStream``)."""

runner = CliRunner()


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
    summary = api.import_paths(tmp_path / "s.db", [path])  # the core's own path
    assert (summary.files[0].stored, summary.files[0].quarantined) == (3, 0)


def test_a_cr_only_text_reads_as_the_file_does():
    found = list(read_text(log(range(1, 4)).replace("\n", "\r"), "mac.txt"))
    assert kinds(found) == ["hand"] * 3 and [h.source.line for h in found] == [1, 25, 49]


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
    (found,) = read_phh(text, "huge.phh")
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


# -- archives in archives, a zip cut short -------------------------------------------------------------------


def zipped(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return out.getvalue()


def where(found: list[Hand | Quarantined]) -> list[tuple[str, str]]:
    """(hand id, member path) of each hand."""
    return [(x.hand_id, x.source.path) for x in found if isinstance(x, Hand)]


A, B, C = log(range(1, 3)).encode(), log(range(3, 5)).encode(), log(range(5, 6)).encode()
NESTED = {
    "zip-in-zip.zip": (zipped({"inner.zip": zipped({"a.txt": A}), "c.txt": C}),
                       [("1", "inner.zip:a.txt"), ("2", "inner.zip:a.txt"), ("5", "c.txt")]),
    "stored-zip-in-zip.zip": (zipped({"inner.zip": zipped({"a.txt": A})}, zipfile.ZIP_STORED),
                              [("1", "inner.zip:a.txt"), ("2", "inner.zip:a.txt")]),
    "gz-in-zip.zip": (zipped({"b.txt.gz": gzip.compress(B), "a.txt": A}),
                      [("3", "b.txt.gz"), ("4", "b.txt.gz"), ("1", "a.txt"), ("2", "a.txt")]),
    "zip-in-gz.zip.gz": (gzip.compress(zipped({"a.txt": A, "c.txt": C})),
                         [("1", "a.txt"), ("2", "a.txt"), ("5", "c.txt")]),
    "zip-in-zip-in-zip.zip": (zipped({"l2.zip": zipped({"l3.zip": zipped({"b.txt": B})})}),
                              [("3", "l2.zip:l3.zip:b.txt"), ("4", "l2.zip:l3.zip:b.txt")]),
}


@pytest.mark.parametrize("name", NESTED)
def test_archives_in_archives_are_read_and_named_by_their_path(tmp_path, name):
    data, expected = NESTED[name]
    path = _write(tmp_path / name, data)
    outer = f"{path}:"
    found = list(read_path(path))
    assert kinds(found) == ["hand"] * len(expected)
    assert where(found) == [(n, outer + inner) for n, inner in expected]
    summary = api.import_paths(tmp_path / "s.db", [path])
    assert (summary.files[0].stored, summary.files[0].quarantined) == (len(expected), 0)


def test_an_archive_inside_three_archives_is_named_not_read(tmp_path):
    deep = zipped({"l2.zip": zipped({"l3.zip": zipped({"l4.zip": zipped({"a.txt": A}), "c.txt": C})})})
    path = _write(tmp_path / "deep.zip", deep)
    found = list(read_path(path))
    assert where(found) == [("5", f"{path}:l2.zip:l3.zip:c.txt")]
    (record,) = [x for x in found if isinstance(x, Quarantined)]
    assert (record.kind, record.path, record.line) == ("unreadable", f"{path}:l2.zip:l3.zip:l4.zip", 0)
    assert "inside 3 archives" in record.reason


def test_a_zip_cut_short_inside_a_zip_is_read_by_its_local_headers(tmp_path):
    inner = zipped({"a.txt": A, "b.txt": B}, zipfile.ZIP_STORED)
    with zipfile.ZipFile(io.BytesIO(inner)) as z:
        end_of_a = z.getinfo("b.txt").header_offset  # cut inside b.txt's header: a.txt whole, b.txt lost
    path = _write(tmp_path / "outer.zip", zipped({"inner.zip": inner[: end_of_a + 10]}))
    found = list(read_path(path))
    assert where(found) == [("1", f"{path}:inner.zip:a.txt"), ("2", f"{path}:inner.zip:a.txt")]
    (record,) = [x for x in found if isinstance(x, Quarantined)]
    assert (record.kind, record.path) == ("unreadable", f"{path}:inner.zip") and "cut short" in record.reason


def test_a_nested_bomb_stops_at_its_bound(tmp_path):
    bomb = gzip.compress(A + b"\n" * (200 << 20), compresslevel=9)  # 2 hands, then 200 MB of newlines
    path = _write(tmp_path / "bomb.zip", zipped({"bomb.txt.gz": bomb, "c.txt": C}))
    found = list(read_path(path))
    assert where(found) == [("1", f"{path}:bomb.txt.gz"), ("2", f"{path}:bomb.txt.gz"), ("5", f"{path}:c.txt")]
    (record,) = [x for x in found if isinstance(x, Quarantined)]
    assert record.kind == "too_large" and "decompression bomb" in record.reason


def test_a_zip_cut_at_three_quarters_keeps_its_whole_member_and_the_hands_before_the_cut(tmp_path):
    first = "\n\n".join(hand(n).replace("Anna", f"Anna{n * 7919 % 1000}") for n in range(1, 41)) + "\n\n"
    second = "\n\n".join(hand(n).replace("Anna", f"Anna{n * 7919 % 1000}") for n in range(41, 81)) + "\n\n"
    data = zipped({"first.txt": first.encode(), "second.txt": second.encode()})
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        info = z.getinfo("second.txt")
    start = info.header_offset + 30 + len("second.txt")  # no extra field: zipfile writes none here
    cut = len(data) * 3 // 4
    assert zipfile.ZipFile(io.BytesIO(data)).getinfo("first.txt").compress_size + 30 < cut < start + info.compress_size
    recovered = zlib.decompressobj(wbits=-15).decompress(data[start:cut]).decode()  # what a streaming inflate gives
    whole = [n for n in range(41, 81) if hand(n).replace("Anna", f"Anna{n * 7919 % 1000}").rstrip("\n") in recovered]
    assert len(whole) >= 5
    path = _write(tmp_path / "cut.zip", data[:cut])
    found = list(read_path(path))
    assert where(found) == [(str(n), f"{path}:first.txt") for n in range(1, 41)] + [
        (str(n), f"{path}:second.txt") for n in whole]
    records = [x for x in found if isinstance(x, Quarantined)]
    assert records[0].path == str(path) and records[0].kind == "unreadable" and "cut short" in records[0].reason
    assert [r.kind for r in records[1:]] in (["incomplete", "unreadable"], ["unreadable"])
    assert records[-1].path == f"{path}:second.txt" and "cut off" in records[-1].reason
    summary = api.import_paths(tmp_path / "s.db", [path])
    assert summary.files[0].stored == 40 + len(whole)


# -- one player in one normal form ----------------------------------------------------------------------------

NFC, NFD = "S\u00f6k\u00f6", "So\u0308ko\u0308"  # 'Sökö' composed and decomposed: they look the same


def test_a_name_written_composed_and_decomposed_in_one_hand_is_one_seated_player():
    text = hand(1).replace("Seat 1: Anna", f"Seat 1: {NFC}").replace("Anna", NFD)  # seated NFC, acts NFD
    (found,) = read_text(text, "u.txt")
    assert isinstance(found, Hand), found
    assert found.seats[0].name == NFC and {a.player for a in found.actions if a.player.startswith("S")} == {NFC}
    assert found.raw == text.rstrip("\n")  # the raw text as the log wrote it


def test_a_name_in_either_form_is_one_player_in_the_store_and_found_by_either_form(tmp_path):
    path = _write(tmp_path / "two.txt", (hand(1).replace("Anna", NFC) + "\n\n" + hand(2).replace("Anna", NFD)).encode())
    db = tmp_path / "s.db"
    api.import_paths(db, [path], heroes=[NFD])
    stats = api.player_stats(db)
    assert sorted(stats["player"].to_list()) == sorted(["Bert", "Cleo", NFC])
    assert stats.filter(stats["player"] == NFC)["hands"].to_list() == [2]
    for name in (NFC, NFD):
        assert api.player_stats(db, Filters(players=(name,)))["hands"].to_list() == [2]
    with Store(db, read_only=True) as store:
        assert dict(store.query("SELECT hand_id, hero FROM hands").rows()) == {"1": NFC, "2": NFC}


def test_a_phh_name_in_either_form_is_one_player():
    text = PHH_GOOD.replace("players = ['Anna', 'Bert', 'Cleo']", f"players = ['{NFD}', 'Bert', 'Cleo']")
    (found,) = read_phh(text, "u.phh")
    assert isinstance(found, Hand) and found.players()[0] == NFC and found.raw == text


def test_the_cli_finds_a_player_by_either_form(tmp_path):
    path = _write(tmp_path / "two.txt", (hand(1).replace("Anna", NFD) + "\n\n" + hand(2).replace("Anna", NFC)).encode())
    db = str(tmp_path / "s.db")
    result = runner.invoke(app, ["import", str(path), "--db", db, "--hero", NFD])
    assert result.exit_code == 0, result.output
    for name in (NFC, NFD):
        result = runner.invoke(app, ["stats", "--db", db, "--player", name, "--format", "json"])
        assert result.exit_code == 0, result.output
        assert [(r["player"], r["hands"]) for r in json.loads(result.output)] == [(NFC, 2)]
    result = runner.invoke(app, ["stats", "--db", db, "--hero", "--format", "json"])
    assert [(r["player"], r["hands"]) for r in json.loads(result.output)] == [(NFC, 2)]
