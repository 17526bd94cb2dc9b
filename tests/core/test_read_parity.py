"""The core's reader gives exactly what the Python reader gives, piece by piece.

For every piece that ``split_pieces`` cuts from a PokerStars-family or Sökö text log (the shared
corpus, the sample data, simulated sessions of every profile written out, and the seeded
mutations of ``tests/fuzz/mutate.py``), ``_core.read_piece`` must return the same hand (compared
in the canonical form of ``native.hand_dict``) or the same quarantine record, field for field:
kind, line, hand id, reason, raw text, start, and the error's expected and actual texts.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.native import core, hand_dict
from soko_analytics.parsers import detect_format, pokerstars, soko_text, write_hands
from soko_analytics.parsers.base import Quarantined, Unreadable
from soko_analytics.parsers.source import TextStream, members
from soko_analytics.parsers.split import Piece, split_pieces
from soko_analytics.parsers.stars import _read_piece
from soko_analytics.rules.profiles import PROFILES
from soko_analytics.sim.session import simulate

from ..conftest import require_corpus
from ..fuzz.mutate import SAMPLE_DATA, load_sources, make_case

DIALECTS = {"pokerstars": pokerstars.DIALECT, "soko": soko_text.DIALECT}


def file_pieces(path: Path) -> tuple[str, list[Piece]] | None:
    """(format, pieces) of a file as ``read_path`` cuts it; None if it is not of the family."""
    found = list(members(path))
    if len(found) != 1 or found[0].problem is not None:
        return None
    with TextStream(found[0]) as stream:
        head = stream.head()
        if not head:
            return None
        try:
            fmt = detect_format(head, str(path))
        except Unreadable:
            return None
        if fmt not in DIALECTS:
            return None
        return fmt, list(split_pieces(iter(stream)))


def python_record(found: Hand | Quarantined) -> dict:
    if isinstance(found, Hand):
        return {"hand": hand_dict(found)}
    error = found.error
    return {"quarantine": {
        "kind": found.kind, "path": found.path, "line": found.line, "hand_id": found.hand_id,
        "reason": found.reason, "raw": found.raw, "start": found.start,
        "expected": getattr(error, "expected", None), "actual": getattr(error, "actual", None),
    }}


def core_record(piece: Piece, path: str, fmt: str) -> dict:
    return json.loads(core.read_piece(piece.text, piece.line, path, fmt, piece.kind, piece.size, piece.lines))


class Parity:
    """Counts of pieces compared, and the first few that differ."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.differences: list[str] = []

    def compare(self, pieces: list[Piece], path: str, fmt: str) -> None:
        for piece in pieces:
            expected = python_record(_read_piece(piece, path, DIALECTS[fmt], strict=False))
            got = core_record(piece, path, fmt)
            what = next(iter(expected))
            if what == "quarantine" and expected[what]["kind"] == "internal":
                what = "internal"
            self.counts[what] += 1
            if got == expected:
                self.counts[what + " equal"] += 1
            elif len(self.differences) < 5:
                self.differences.append(_difference(path, piece, expected, got))

    def check(self, at_least: int) -> None:
        compared = self.counts["hand"] + self.counts["quarantine"] + self.counts["internal"]
        assert not self.differences, "\n\n".join(self.differences)
        assert compared >= at_least, self.counts
        assert self.counts["hand equal"] + self.counts["quarantine equal"] + self.counts["internal equal"] == compared


def _difference(path: str, piece: Piece, expected: dict, got: dict) -> str:
    def flat(record: dict) -> dict:
        (what, body), = record.items()
        return {f"{what}.{k}": v for k, v in body.items()} if isinstance(body, dict) else {what: body}

    e, g = flat(expected), flat(got)
    keys = [k for k in sorted(set(e) | set(g)) if e.get(k, "<absent>") != g.get(k, "<absent>")]
    lines = [f"{path}:{piece.line} ({piece.kind}) differs in {', '.join(keys)}"]
    lines += [f"  {k}: python {e.get(k, '<absent>')!r:.300}\n  {' ' * len(k)}  core   {g.get(k, '<absent>')!r:.300}"
              for k in keys[:4]]
    return "\n".join(lines)


def log_files() -> list[Path]:
    corpus = require_corpus()
    files = sorted(p for p in corpus.rglob("*") if p.is_file())
    return files + sorted(p for p in SAMPLE_DATA.rglob("*.txt") if p.is_file())


def test_every_piece_of_the_corpus_and_the_sample_data_reads_the_same():
    parity = Parity()
    formats: Counter = Counter()
    for path in log_files():
        found = file_pieces(path)
        if found is None:
            continue
        fmt, pieces = found
        formats[fmt] += 1
        parity.compare(pieces, str(path), fmt)
    print("corpus parity:", dict(parity.counts), dict(formats))
    assert formats["pokerstars"] >= 50 and formats["soko"] >= 5, formats
    parity.check(at_least=3500)
    assert parity.counts["quarantine"] > 0


def _simulated(rules: str, hands: int, seed: int) -> tuple[str, str]:
    fmt = "soko" if rules.startswith("soko") else "pokerstars"
    return fmt, write_hands(simulate(rules, hands, players=6, seed=seed), fmt)


def _check_simulated(hands: int) -> None:
    parity = Parity()
    for k, rules in enumerate(PROFILES):
        fmt, text = _simulated(rules, hands, seed=100 + k)
        parity.compare(list(split_pieces(text)), f"sim-{rules}.txt", fmt)
    print("simulated parity:", dict(parity.counts))
    parity.check(at_least=hands * len(PROFILES))
    assert parity.counts["hand"] == hands * len(PROFILES)


def test_simulated_hands_of_every_profile_read_the_same():
    _check_simulated(200)


def _check_mutated(cases: int, first_seed: int, folder: Path) -> None:
    sources = load_sources(str(require_corpus()))
    parity = Parity()
    for seed in range(first_seed, first_seed + cases):
        case = make_case(seed, sources)
        path = case.write(folder)
        found = file_pieces(path)
        if found is not None:
            parity.compare(found[1], str(path), found[0])
        path.unlink()
    print("mutated parity:", dict(parity.counts))
    parity.check(at_least=cases * 5)


def test_mutated_logs_read_the_same(tmp_path):
    _check_mutated(60, int(os.environ.get("SOKO_FUZZ_SEED", "12000000")), tmp_path)


@pytest.mark.slow
def test_many_more_mutated_logs_read_the_same(tmp_path):
    _check_mutated(600, int(os.environ.get("SOKO_FUZZ_SEED", "12000000")) + 5000, tmp_path)


def test_text_that_is_not_a_hand_and_oversized_pieces_are_quarantined_the_same():
    rng = random.Random(7)
    hand = next(iter(split_pieces(_simulated("holdem", 1, 3)[1]))).text
    chat = "".join(f'Anna said, "{"x" * 100}"\n' for _ in range(11_000))
    texts = [
        "notes before\nthe first hand\n\n" + hand,
        hand + "\n\nsome notes the player typed\n\n\n" + hand,
        hand.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n" + chat) + "\n\n" + hand,
        hand + "\n" + "junk line without any header\n" * 40_000,
        "".join(rng.choice("ab \n*#:[]") for _ in range(3000)) + hand,
    ]
    parity = Parity()
    for k, text in enumerate(texts):
        parity.compare(list(split_pieces(text)), f"edge-{k}.txt", "pokerstars")
    print("edge parity:", dict(parity.counts))
    parity.check(at_least=9)
    assert parity.counts["quarantine"] >= 5


def test_a_piece_of_an_unknown_format_is_refused():
    with pytest.raises(ValueError):
        core.read_piece("x", 1, "f.txt", "phh")
