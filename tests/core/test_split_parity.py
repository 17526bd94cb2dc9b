"""The compiled core reads a file's bytes exactly as the Python source layer does.

``_core.decode`` against ``parsers.source.decode`` on every file of the shared corpus and the sample data
and on mutated texts (tests/fuzz/mutate.py, fixed seeds); ``_core.read_file_pieces`` (the core's members,
decoding in blocks and splitting, as the import reads) against Python's ``members`` + ``TextStream`` blocks
fed to ``split_pieces`` on the same files, on gzip and zip copies of them, and on damaged archives (cut
off, corrupt, bombs). (The splitter itself is the core's on both sides: the Python splitter it was proven
equal to here, piece for piece, was deleted.)
"""

from __future__ import annotations

import gzip
import io
import random
import zipfile
import zlib
from pathlib import Path

import pytest

from soko_analytics import _core
from soko_analytics.parsers.base import Unreadable
from soko_analytics.parsers.source import TextStream, decode, members
from soko_analytics.parsers.split import split_pieces
from tests.conftest import require_corpus

SAMPLES = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"


def files() -> list[Path]:
    corpus = require_corpus()
    found = sorted(p for p in corpus.rglob("*") if p.is_file()) + sorted(p for p in SAMPLES.rglob("*") if p.is_file())
    assert len(found) > 300
    return found


def py_pieces(source) -> list[tuple]:
    return [(p.line, p.text, p.kind, p.size, p.lines) for p in split_pieces(source)]


def py_read(path: Path, name: str | None = None) -> list[tuple]:
    """What the import reads of a file, as ``_core.read_file_pieces`` reports it."""
    try:
        found = list(members(path, name))
    except Unreadable as err:
        return [(name or str(path), f"unreadable: {err.reason}", [])]
    out = []
    for member in found:
        if member.problem is not None:
            out.append((member.name, f"unreadable: {member.problem}", []))
            continue
        with TextStream(member) as stream:
            head = stream.head()
            pieces = [] if stream.error is not None and not head else py_pieces(iter(stream))
            error = stream.error
            out.append((member.name, None if error is None else f"{error.kind}: {error.reason}", pieces))
    return out


def assert_same_read(path: Path, name: str | None = None) -> int:
    expected, got = py_read(path, name), _core.read_file_pieces(str(path), name)
    assert [m[:2] for m in got] == [m[:2] for m in expected], path
    for (member, _, want), (_, _, have) in zip(expected, got):
        assert len(have) == len(want), member
        for n, (a, b) in enumerate(zip(have, want)):
            assert a == b, f"{member}: piece {n} differs: {a[:1] + a[2:]} != {b[:1] + b[2:]}"
    return sum(len(m[2]) for m in expected)


def test_every_corpus_and_sample_file_decodes_the_same():
    count = pieces = hands = 0
    for path in files():
        data = path.read_bytes()
        text = decode(data)
        assert _core.decode(data) == text, path
        expected = _core.split_pieces(text)
        count += 1
        pieces += len(expected)
        hands += sum(p[2] == "hand" for p in expected)
    print(f"{count} files decoded equal ({pieces} pieces, {hands} hands)")
    assert hands > 1000


def test_every_corpus_and_sample_file_reads_the_same():
    pieces = sum(assert_same_read(path) for path in files())
    print(f"{pieces} pieces read equal")


def cases(seeds: range):
    from tests.fuzz.mutate import DEFAULT_CORPUS, load_sources, make_case

    require_corpus()
    sources = load_sources(str(DEFAULT_CORPUS))
    for seed in seeds:
        yield make_case(seed, sources)


def check_mutated(seeds: range, tmp_path: Path, read_every: int) -> None:
    count = pieces = 0
    for case in cases(seeds):
        text = decode(case.data)
        assert _core.decode(case.data) == text, case.describe()
        expected = _core.split_pieces(text)
        if case.seed % read_every == 0:
            assert_same_read(case.write(tmp_path))
        count += 1
        pieces += len(expected)
    print(f"{count} mutated texts decoded equal ({pieces} pieces)")


def test_mutated_texts_decode_and_read_the_same(tmp_path):
    check_mutated(range(1000, 1400), tmp_path, read_every=4)


@pytest.mark.slow
def test_thousands_of_mutated_texts_decode_and_read_the_same(tmp_path):
    check_mutated(range(20_000, 22_000), tmp_path, read_every=10)


def corpus_text() -> bytes:
    corpus = require_corpus()
    return b"".join(p.read_bytes() for p in sorted((corpus / "pokerstars").rglob("*.txt"))[:20])


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


def test_gzip_copies_read_the_same_whole_cut_and_corrupt(tmp_path):
    data = corpus_text()
    packed = gzip_bytes(data)
    variants = {
        "whole.gz": packed,
        "two-members.gz": packed + gzip_bytes(b"PokerStars Hand #9: tail\n"),
        "padded.gz": packed + b"\0" * 100,
        "garbage-after.gz": packed + b"garbage",
        "no-suffix": packed,
        "zlib.gz": zlib.compress(data),
        "tiny.gz": b"\x1f",
        "empty.gz": b"",
    }
    rng = random.Random(7)
    for n in range(12):
        variants[f"cut-{n}.gz"] = packed[: rng.randrange(len(packed))]
    for n in range(12):
        flipped = bytearray(packed)
        for _ in range(rng.randint(1, 4)):
            flipped[rng.randrange(10, len(flipped))] ^= rng.randrange(1, 256)
        variants[f"flipped-{n}.gz"] = bytes(flipped)
    for name, blob in variants.items():
        path = tmp_path / name
        path.write_bytes(blob)
        assert_same_read(path)
        assert_same_read(path, "<stdin>")


def test_zip_copies_read_the_same(tmp_path):
    data = corpus_text()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as archive:
        archive.writestr("a/", b"")
        archive.writestr("a/stars.txt", data, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("stored.txt", data[:100_000], compress_type=zipfile.ZIP_STORED)
        archive.writestr("../evil.txt", b"x")
        archive.writestr("utf16.txt", data[:50_000].decode("utf-8", "replace").encode("utf-16"))
        archive.writestr("élan.txt", b"PokerStars Hand #1: x\n")
    packed = buf.getvalue()
    variants = {"whole.zip": packed, "prefixed.zip": b"MZ junk" + packed, "no-zip.zip": b"PK\x03\x04 nothing"}
    rng = random.Random(11)
    for n in range(8):
        variants[f"cut-{n}.zip"] = packed[: rng.randrange(len(packed))]
    for n in range(16):
        flipped = bytearray(packed)
        flipped[rng.randrange(len(flipped) - 200)] ^= rng.randrange(1, 256)
        variants[f"flipped-{n}.zip"] = bytes(flipped)
    for name, blob in variants.items():
        path = tmp_path / name
        path.write_bytes(blob)
        assert_same_read(path)


def test_encodings_long_lines_and_huge_hands_read_the_same(tmp_path):
    data = corpus_text()
    text = data.decode("utf-8", "replace")
    hand = text[: text.index("\n\n", 2000) + 2]
    huge_hand = hand.replace("*** SUMMARY ***", "Dealer: chat\n" * 150_000 + "*** SUMMARY ***", 1)
    variants = {
        "utf16le-bom.txt": b"\xff\xfe" + text.encode("utf-16-le"),
        "utf16be.txt": text.encode("utf-16-be"),
        "utf16-odd.txt": text[:100_000].encode("utf-16-le") + b"\x00\xd8A",
        "cp1252.txt": text[:200_000].encode("cp1252", "replace"),
        "long-line.txt": (hand + "x" * 3_000_000 + "é\x80" + hand).encode("utf-8", "surrogateescape"),
        "long-line-16.txt": ("x" * 1_500_000 + hand * 3).encode("utf-16"),
        "huge-hand.txt": (hand + huge_hand + hand).encode(),
        "huge-junk.txt": (hand + "junk line\n" * 400_000 + hand).encode(),
    }
    for name, blob in variants.items():
        path = tmp_path / name
        path.write_bytes(blob)
        assert_same_read(path)
        split_text = decode(blob)
        assert _core.split_pieces(split_text) == py_pieces(split_text), name


@pytest.mark.slow
def test_a_decompression_bomb_stops_where_python_stops(tmp_path):
    path = tmp_path / "bomb.gz"
    path.write_bytes(gzip_bytes(b"PokerStars Hand #1: x\n" + b"\n" * (70 << 20)))
    assert_same_read(path)
    assert "too_large" in (_core.read_file_pieces(str(path))[0][1] or "")


def test_missing_files_and_folders_are_unreadable_the_same(tmp_path):
    assert_same_read(tmp_path / "missing.txt")
    assert_same_read(tmp_path)
