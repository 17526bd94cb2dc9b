"""Reading never stops at one hand or one file, loses nothing, and stays linear and bounded (issue 12).

Each test is one fault seen in the field or by fuzzing: a hand header glued to a cut-off line, text
after a summary, numbers out of range, a deal after the showdown, a bug of ours on one hand, UTF-16,
truncated and corrupt archives, decompression bombs, oversized hands.
"""

from __future__ import annotations

import gzip
import io
import tracemalloc
import zipfile
import zlib
from functools import partial

import pytest

from soko_analytics import _core
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import Quarantined, read_path, read_text, stars
from soko_analytics.parsers.base import KEPT_CHARS, MAX_HAND_CHARS, InternalError

from .test_pokerstars_malformed import GOOD


def hand(n: int) -> str:
    return GOOD.format(id=n)


def items(text: str, path: str = "f.txt") -> list[Hand | Quarantined]:
    return list(read_text(text, path))


def summary(found: list[Hand | Quarantined]) -> list[tuple]:
    """(kind, hand id, line) of each item; kind 'hand' for a stored hand."""
    return [("hand", x.hand_id, x.source.line) if isinstance(x, Hand) else (x.kind, x.hand_id, x.line)
            for x in found]


# -- headers wherever they start ---------------------------------------------------------


def test_a_header_glued_to_a_cut_off_line_is_a_hand():
    cut = hand(1).split("*** FLOP ***")[0] + "Player25: "  # the log was cut, the next session appended
    found = items(cut + hand(2) + "\n\n" + hand(3))
    assert [x.first_line for x in found[:1]] + [x.source.line for x in found[1:]] == [1, 13, 37]
    assert summary(found)[1:] == [("hand", "2", 13), ("hand", "3", 37)] and found[0].kind == "incomplete"
    assert found[1].site == "PokerStars" and found[1].raw.startswith("PokerStars Hand #2:")
    assert found[0].raw.rstrip().endswith("Player25:")


def test_a_header_glued_to_the_last_summary_line_or_a_note_is_a_hand():
    glued = hand(1).rstrip("\n") + hand(2).rstrip("\n") + "\nNote: " + hand(3)
    found = items(glued)
    assert [x.hand_id for x in found] == ["1", "2", "3"] and all(isinstance(x, Hand) for x in found)
    assert [x.source.line for x in found] == [1, 22, 44]


def test_the_site_of_a_glued_header_is_never_the_garbage_before_it():
    text = hand(1).replace("Board [2c 7d Th]\n", "*** RIVER *** [4d Kh J") + hand(2)
    found = items(text)
    assert isinstance(found[1], Hand) and found[1].site == "PokerStars"
    unknown = items(hand(3) + "\nNote: " + hand(4).replace("PokerStars ", "", 1))
    assert [(x.hand_id, x.site) for x in unknown if isinstance(x, Hand)] == [("3", "PokerStars"), ("4", "PokerStars")]


def test_text_after_a_summary_is_quarantined_not_stored_as_the_hands_raw_text():
    text = hand(1) + "\n\nsome notes the player typed\nmore notes\n\n\n" + hand(2)
    found = items(text)
    assert summary(found) == [("hand", "1", 1), ("malformed", None, 23), ("hand", "2", 29)]
    assert "notes" not in found[0].raw and found[1].raw.strip().startswith("some notes the player typed")
    assert "after a hand's summary" in found[1].reason


def test_junk_after_the_last_hand_is_bounded_and_the_hand_is_kept(tmp_path):
    path = tmp_path / "junk.txt"
    junk = "junk line without any header\n" * (3 * MAX_HAND_CHARS // 29)
    path.write_text(hand(1) + "\n" + junk, encoding="utf-8")
    found = list(read_path(path))
    assert [type(x).__name__ for x in found] == ["Hand", "Quarantined"]
    assert found[0].raw == hand(1).rstrip("\n")
    assert found[1].kind == "too_large" and len(found[1].raw) == KEPT_CHARS and found[1].hand_id is None
    assert f"{len(junk) + 1:,} characters" in found[1].reason  # from the blank line after the summary


def test_a_hand_larger_than_the_limit_is_quarantined_as_such(tmp_path):
    chat = "".join(f'Anna said, "{"x" * 100}"\n' for _ in range(MAX_HAND_CHARS // 100 + 10))
    path = tmp_path / "big.txt"
    path.write_text(hand(1).replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n" + chat) + "\n\n" + hand(2),
                    encoding="utf-8")
    found = list(read_path(path))
    assert summary(found)[1] == ("hand", "2", summary(found)[1][2])
    assert found[0].kind == "too_large" and found[0].hand_id == "1" and len(found[0].raw) == KEPT_CHARS


# -- one hand never stops a run --------------------------------------------------------------


@pytest.mark.parametrize("change, reason", [
    (("*** SUMMARY ***", "*** SHOW DOWN ***\nDealt to Anna [Ah Kd]\n*** SUMMARY ***"), "a deal line after the showdown"),
    (("2013/01/08 22:28:42 CET", "2013/13/08 22:28:42 CET"), "no such date"),
    (("($0.01/$0.02 USD)", "($0.0a/$0.10 USD)"), "in the stakes is not an amount"),
    (("Seat 2: Bert ($2.29 in chips)", "Seat 2: Bert ($92233720368547758.08 in chips)"), "too large an amount"),
    (("Seat 2: Bert", "Seat 40000: Bert"), "seat number 40000 is out of range"),
    (("6-max", "99999-max"), "table size 99999 is out of range"),
    (("Cleo: calls $0.04", "Cleo: calls $" + "9" * 5000), "is not an amount"),
    (("Cleo: calls $0.04", "Cleo: calls $0.0²"), "is not an amount"),
])
def test_a_bad_hand_is_quarantined_with_its_line_and_the_rest_is_read(change, reason):
    bad = hand(2).replace(*change)
    found = items(hand(1) + "\n\n" + bad + "\n\n" + hand(3))
    assert [x.hand_id for x in found] == ["1", "2", "3"]
    assert isinstance(found[0], Hand) and isinstance(found[2], Hand)
    assert isinstance(found[1], Quarantined) and found[1].kind == "malformed", found[1]
    assert reason in found[1].reason and found[1].line >= 24


def test_a_bug_of_ours_on_one_hand_is_quarantined_as_internal(monkeypatch):
    # The core panics on hand 2 as a bug would (read_pieces' fault_hand): that hand only is an internal record.
    monkeypatch.setattr(stars, "read_pieces", partial(_core.read_pieces, fault_hand="2"))
    found = items(hand(1) + "\n\n" + hand(2) + "\n\n" + hand(3))
    assert [type(x).__name__ for x in found] == ["Hand", "Quarantined", "Hand"]
    bug = found[1]
    assert bug.kind == "internal" and bug.hand_id == "2" and bug.raw == hand(2).rstrip("\n")
    assert "panic: a fault injected on hand 2" in bug.reason and "bug in soko_analytics" in bug.reason
    with pytest.raises(InternalError, match="fault injected on hand 2"):
        list(read_text(hand(2), "f.txt", strict=True))


# -- encodings and archives -------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_logs_are_decoded(tmp_path, encoding):
    path = tmp_path / "u16.txt"
    path.write_bytes((hand(1) + "\n\n" + hand(2).replace("Anna", "Ännä")).encode(encoding))
    found = list(read_path(path))
    assert [x.hand_id for x in found] == ["1", "2"] and all(isinstance(x, Hand) for x in found)
    assert found[1].seats[0].name == "Ännä"


def test_a_truncated_gzip_keeps_the_hands_before_the_cut(tmp_path):
    texts = [hand(n).replace("Anna", f"Anna{n * 7919 % 1000}") for n in range(1, 41)]  # compresses less
    data = gzip.compress("\n\n".join(texts).encode())
    cut = data[: len(data) * 2 // 3]
    path = tmp_path / "cut.txt.gz"
    path.write_bytes(cut)
    recovered = zlib.decompressobj(wbits=47).decompress(cut).decode()  # what zcat gives back
    whole = [n for n, text in enumerate(texts, 1) if text.rstrip("\n") in recovered]
    assert len(whole) >= 5
    found = list(read_path(path))
    hands = [x for x in found if isinstance(x, Hand)]
    assert [h.hand_id for h in hands] == [str(n) for n in whole]
    tail = found[len(hands):]
    assert [x.kind for x in tail] in (["incomplete", "unreadable"], ["unreadable"])
    assert "cut off" in tail[-1].reason and "kept" in tail[-1].reason
    if len(tail) == 2:  # the hand the cut went through, with the text that was there
        assert tail[0].hand_id == str(len(hands) + 1) and tail[0].raw.startswith("PokerStars Hand #")
        assert tail[0].raw in recovered


def test_every_member_of_a_gzip_of_many_is_read_once(tmp_path):
    # Five members: the first ends inside the first 64 KB read, so the next member starts in the input left
    # over from it (read twice, or corrupt, before the fix).
    from soko_analytics import _core

    texts = [hand(n).replace("Anna", f"Anna{n * 7919 % 100_003}") for n in range(1, 3_001)]
    cuts = [0, 400, 1_400, 1_600, 2_600, 3_000]
    members = [gzip.compress(("\n\n".join(texts[a:b]) + "\n\n").encode()) for a, b in zip(cuts, cuts[1:])]
    assert len(members[0]) < 1 << 16 < sum(map(len, members))
    path, plain = tmp_path / "many.txt.gz", tmp_path / "many.txt"
    path.write_bytes(b"".join(members))
    plain.write_bytes(gzip.decompress(path.read_bytes()))
    found = list(read_path(path))
    assert [x.hand_id for x in found] == [str(n) for n in range(1, 3_001)]
    assert all(isinstance(x, Hand) for x in found)
    assert _core.parse_count(str(path), "pokerstars") == _core.parse_count(str(plain), "pokerstars")
    assert 3_000 in _core.parse_count(str(path), "pokerstars")


def test_corrupt_deflate_data_is_reported_and_the_hands_before_are_kept(tmp_path):
    text = "\n\n".join(hand(n) for n in range(1, 200)).encode()
    data = bytearray(gzip.compress(text))
    for i in range(len(data) // 2, len(data) // 2 + 64):
        data[i] ^= 0x5A
    path = tmp_path / "bad.gz"
    path.write_bytes(bytes(data))
    found = list(read_path(path))
    assert found[-1].kind == "unreadable" and "corrupt" in found[-1].reason
    assert sum(isinstance(x, Hand) for x in found) > 0


def _bomb(size: int) -> bytes:
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as f:
        block = b"\0" * (1 << 20)
        for _ in range(size >> 20):
            f.write(block)
    return out.getvalue()


def test_a_decompression_bomb_stops_at_its_bound_in_bounded_memory(tmp_path):
    path = tmp_path / "bomb.gz"
    path.write_bytes(gzip.compress(hand(1).encode() + b"\n\n") + _bomb(1 << 30))  # a hand, then 1 GB of zeros
    tracemalloc.start()
    found = list(read_path(path))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert isinstance(found[0], Hand) and found[-1].kind == "too_large"
    assert "decompression bomb" in found[-1].reason
    assert peak < 64 << 20, peak


def test_a_zip_member_bomb_and_a_good_member(tmp_path):
    path = tmp_path / "z.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("good.txt", hand(7))
        with z.open("bomb.txt", "w") as member:
            member.write((hand(8) + "\n").encode())
            for _ in range(200):
                member.write(b"\n" * (1 << 20))
    found = list(read_path(path))
    assert [(type(x).__name__, getattr(x, "kind", None)) for x in found] == [
        ("Hand", None), ("Hand", None), ("Quarantined", "too_large")]
    assert "decompression bomb" in found[-1].reason


def test_zip_members_of_a_method_not_read_are_named_and_the_others_read(tmp_path):
    path = tmp_path / "methods.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("stored.txt", hand(1), zipfile.ZIP_STORED)
        z.writestr("bzip2.txt", hand(2), zipfile.ZIP_BZIP2)
        z.writestr("lzma.txt", hand(3), zipfile.ZIP_LZMA)
        z.writestr("deflated.txt", hand(4), zipfile.ZIP_DEFLATED)
    found = list(read_path(path))
    assert [x.hand_id for x in found if isinstance(x, Hand)] == ["1", "4"]
    records = [x for x in found if isinstance(x, Quarantined)]
    assert [(r.kind, r.path, r.line) for r in records] == [
        ("unreadable", f"{path}:bzip2.txt", 0), ("unreadable", f"{path}:lzma.txt", 0)]
    assert "compressed with bzip2 (method 12)" in records[0].reason
    assert "compressed with LZMA (method 14)" in records[1].reason


def test_a_broken_zip_is_one_record_not_an_exception(tmp_path):
    path = tmp_path / "broken.zip"
    path.write_bytes(b"PK\x03\x04" + b"\0" * 100)
    (record,) = read_path(path)
    assert record.kind == "unreadable" and "zip" in record.reason


def test_format_asked_for_that_the_text_is_plainly_not(tmp_path):
    path = tmp_path / "stars.txt"
    path.write_text(hand(1), encoding="utf-8")
    (record,) = read_path(path, "phh")
    assert record.kind == "unreadable" and "not a phh file: it reads as pokerstars" in record.reason


def test_a_text_stream_made_in_one_thread_may_be_dropped_in_another(tmp_path, monkeypatch):
    # A Dask worker reads in a task thread, and Python's collector may free a stream caught in a cycle on the event
    # loop's thread: the core's stream must drop there without an error (pyo3 printed "TextStream is unsendable,
    # but is being dropped on another thread" as an unraisable RuntimeError, in the lake's builds)
    import gc
    import sys
    import threading

    from soko_analytics.parsers.source import TextStream, members

    path = tmp_path / "h.txt"
    path.write_text(GOOD, encoding="utf-8")
    made: list[TextStream] = []
    reader = threading.Thread(target=lambda: made.append(TextStream(members(path)[0])))
    reader.start()
    reader.join()
    raised: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", raised.append)
    stream = made.pop()
    assert "".join(stream).startswith(GOOD[:40])  # read here, made there
    del stream
    gc.collect()
    assert raised == []
