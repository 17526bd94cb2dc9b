"""The core's ``complete_end`` (``core/src/read/tail.rs``) proven equal to the watch's Python one it replaces, on
every corpus file read from a tail, cut at every line and inside lines, and on damaged copies (kept while both
exist; removed with the Python one)."""

import importlib
import random
import re
from pathlib import Path

import pytest

from soko_analytics import _core
from soko_analytics.parsers.stars import HEADER_LINE
from soko_analytics.store.watch import complete_end as old_complete_end

MODULES = {"888poker": "pacific", "partypoker": "party", "soko": "soko_text"}


def _marks(fmt: str) -> tuple[re.Pattern[str], re.Pattern[str] | None, re.Pattern[str] | None]:
    module = importlib.import_module(f"soko_analytics.parsers.{MODULES.get(fmt, fmt)}")
    return (getattr(module, "HEADER", None) or HEADER_LINE, getattr(module, "HAND_END", None),
            getattr(module, "HAND_OPENING", None))


PIECES = [b"\n", b"\r\n", b" ", b"\xa0", b"\xc2\xa0", b"\xff", b"\xef\xbb\xbf", b"*** SUMMARY ***", b"** Summary **",
          b"Game ended at: x", b"#Game No : 12", b"\x00", b"\t", b"\xe2\x80\xa8"]


def _damage(data: bytes, rng: random.Random) -> bytes:
    for _ in range(rng.randint(1, 5)):
        at = rng.randint(0, len(data))
        data = data[:at] + rng.choice(PIECES) + data[at + rng.choice((0, 0, 1, 5)):]
    return data


def test_the_core_finds_the_whole_hands_as_the_watch_did():
    corpus = Path("../shared/corpus")
    if not corpus.is_dir():
        pytest.skip("../shared/corpus is absent")
    rng = random.Random(39)
    tails = {row["name"] for row in _core.FORMATS if row["tail"]}
    compared = dict.fromkeys(tails, 0)
    files = [p for root in (corpus, Path("sample_data"), Path("tests")) for p in sorted(root.rglob("*"))
             if p.suffix in (".txt", ".soko")]
    for path in files:
        data = path.read_bytes()
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            continue
        fmt = _core.detect_format(data[:8192].decode("utf-8", errors="replace"))
        if fmt not in tails:
            continue
        marks = _marks(fmt)
        ends = [m.end() for m in re.finditer(b"\n", data)]
        cuts = sorted(set(rng.sample(ends, min(40, len(ends))) + [rng.randint(0, len(data)) for _ in range(20)]
                          + [len(data)]))
        for cut in cuts:
            for piece in (data[:cut], _damage(data[:cut], rng)):
                assert _core.complete_end(piece, fmt) == old_complete_end(piece, *marks), (str(path), cut)
                compared[fmt] += 1
    assert all(n > 100 for n in compared.values()), compared
