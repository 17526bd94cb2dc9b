"""The core's hand reader, and what its hands cost as Python records: hands per second over the corpus's
PokerStars hands, same run.

Pinned to one core. The pieces are cut once by Python's ``split_pieces`` (splitting is not timed);
then every piece is read by the core's ``_core.read_count`` (the Rust reader alone, no Python value
built), ``_core.read_pieces`` (the same, with the canonical JSON of each hand handed back), and
``stars.parse``'s path (``read_pieces`` + ``Hand`` records: what ``soko audit FILE``, ``--explain``
and ``soko convert`` read with). The Python reader these were once compared with is gone (the
core's was proven equal to it piece by piece before); ratios are to the ``Hand`` records' path.
The corpus is repeated until there are enough pieces.

    python bench/read_core.py            # at least 100,000 pieces
    python bench/read_core.py --quick    # at least 20,000
    python bench/read_core.py --dump /tmp/read   # write the pieces for the pure-Rust measure, then:
    cd core && SOKO_READ_PIECES=/tmp/read/pieces.json SOKO_READ_SPECS=/tmp/read/specs.json \
        taskset -c 1 cargo test --release --lib read::tests::speed_over -- --ignored --nocapture
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

from _common import pin_one_core

from soko_analytics import _core as core
from soko_analytics.native import spec_json
from soko_analytics.parsers import detect_format
from soko_analytics.parsers.source import decode
from soko_analytics.parsers.split import split_pieces
from soko_analytics.parsers.stars import read_records

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "pokerstars"


def corpus_pieces() -> list[tuple[str, list]]:
    """(path, hand pieces) of every PokerStars file of the corpus."""
    found = []
    for path in sorted(CORPUS.rglob("*.txt")):
        text = decode(path.read_bytes())
        if detect_format(text[:8192]) != "pokerstars":
            continue
        pieces = [p for p in split_pieces(text) if p.kind == "hand" and not p.too_large]
        if pieces:
            found.append((str(path), pieces))
    return found


def dump(files: list[tuple[str, list]], folder: Path) -> None:
    """The pieces (``[[text, line, path]]``) and the specs of their games (``{rules: spec JSON}``) as the
    ignored Rust test ``read::tests::speed_over_dumped_pieces`` reads them."""
    folder.mkdir(parents=True, exist_ok=True)
    pieces = [[p.text, p.line, path] for path, ps in files for p in ps]
    (folder / "pieces.json").write_text(json.dumps(pieces))
    specs = {rules: spec_json(rules) for rules in ("holdem", "holdem; structure=pot_limit",
                                                   "holdem; structure=fixed_limit", "stud7", "stud5")}
    (folder / "specs.json").write_text(json.dumps(specs))
    print(f"{len(pieces):,} pieces and {len(specs)} specs written to {folder}")


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--dump", type=Path, help="write the pieces for the pure-Rust measure to this folder and stop")
    args = parser.parse_args()
    pin_one_core()
    files = corpus_pieces()
    if args.dump:
        dump(files, args.dump)
        return
    per_round = sum(len(p) for _, p in files)
    rounds = max(1, -(-(20_000 if args.quick else 100_000) // per_round))
    total = per_round * rounds
    batches = [(path, [(p.text, p.line) for p in pieces]) for path, pieces in files]
    full = [(path, [(p.text, p.line, p.kind, p.size, p.lines) for p in pieces]) for path, pieces in files]

    def records() -> None:
        for _ in range(rounds):
            for path, batch in full:
                for _record in read_records(batch, path, "pokerstars", False):
                    pass

    def core_only() -> None:
        for _ in range(rounds):
            for path, batch in batches:
                core.read_count(batch, path, "pokerstars")

    def core_json() -> None:
        for _ in range(rounds):
            for path, batch in full:
                core.read_pieces(batch, path, "pokerstars")

    core_only()  # warm the lookups (specs, time zones) as Python's caches are warm after one round
    hands, quarantined = (sum(x) for x in zip(*(core.read_count(b, p, "pokerstars") for p, b in batches)))
    print(f"{len(files)} files, {per_round:,} pieces per round ({hands:,} hands, {quarantined:,} quarantined), "
          f"{rounds} rounds: {total:,} pieces")
    slowest = timed(records)
    rows = [("read_pieces + Hand records (stars.parse)", slowest), ("core read_count (Rust only)", timed(core_only)),
            ("core read_pieces (Rust + JSON out)", timed(core_json))]
    print(f"{'reader':42} {'seconds':>8} {'pieces/s':>12} {'× records':>9}")
    for name, seconds in rows:
        print(f"{name:42} {seconds:8.2f} {total / seconds:12,.0f} {slowest / seconds:9.1f}")


if __name__ == "__main__":
    main()
