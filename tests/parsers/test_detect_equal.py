"""The core's format detection (``core/src/read/detect.rs``) proven equal to the Python detectors it replaces, on
the head of every file we have and 100 damaged copies of each (kept while both exist; removed with the Python
detectors)."""

import random
from pathlib import Path

import pytest

from soko_analytics import _core
from soko_analytics.parsers import FORMATS
from soko_analytics.parsers.source import head

ROOTS = ("../shared/corpus", "tests", "sample_data", "core/src/read/testdata")
PIECES = ["\ufeff", "\x00", " ", "\t", "*", "#", ":", "٣", "1", "Ö", "ſ", "K", "ı", "İ", "\u00a0", "\u2028", "\r",
          "\n", "(", ")", "-", "Rules: x", "HiLo", " Hand #", "Game ", "HandId: #", '"', "=", "["]


def _old_scores(text: str) -> list[float]:
    import importlib

    names = {"888poker": "pacific", "partypoker": "party", "soko": "soko_text"}
    return [importlib.import_module(f"soko_analytics.parsers.{names.get(n, n)}").detect(text) for n in FORMATS]


def _damage(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    firsts = {line for first, after in _core.first_headers(text) for line in (first, *after)}
    hot = [i for i, line in enumerate(lines[:200]) if line.strip() in firsts or "Rules" in line or "=" in line]
    for _ in range(rng.randint(1, 4)):
        i = min(rng.choice(hot) if hot and rng.random() < 0.8 else rng.randrange(len(lines)), len(lines) - 1)
        line, at, op = lines[i], rng.randint(0, len(lines[i])), rng.randrange(6)
        if op == 0:
            lines[i] = line[:at] + rng.choice(PIECES) + line[at:]
        elif op == 1:
            lines[i] = line[:at] + line[at + 1:]
        elif op == 2:
            lines[i] = line[:at]
        elif op == 3:
            lines.insert(i, rng.choice(lines))
        elif op == 4 and len(lines) > 1:
            lines.pop(i)
        else:
            lines[i] = line.upper() if rng.random() < 0.5 else line.lower()
    return "\n".join(lines)


def test_the_core_scores_every_head_as_the_python_detectors_did():
    corpus = Path(ROOTS[0])
    if not corpus.is_dir():
        pytest.skip("../shared/corpus is absent")
    files = [p for root in ROOTS for p in sorted(Path(root).rglob("*"))
             if p.is_file() and p.suffix not in (".zip", ".gz", ".py", ".pyc", ".rs", ".json")]
    rng = random.Random(39)
    compared = changed = 0
    for path in files:
        text = head(path.read_bytes()[: 1 << 16])
        if not text:
            continue
        original = _old_scores(text)
        for variant in [text] + [_damage(text, rng) for _ in range(100)]:
            old = _old_scores(variant)
            assert _core.format_scores(variant) == old, (str(path), variant[:300])
            compared += 1
            changed += old != original
    assert compared > 40_000 and changed > 5_000  # the damage reaches the headers
