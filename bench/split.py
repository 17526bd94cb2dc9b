"""Rust vs Python split_pieces on the corpus PokerStars text repeated to about 50 MB, in hands per second.

    .venv/bin/python bench/split.py [--mb 50]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from soko_analytics import _core
from soko_analytics.parsers.source import decode
from soko_analytics.parsers.split import split_pieces

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "pokerstars"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=50)
    args = parser.parse_args()
    base = "".join(decode(p.read_bytes()).rstrip("\n") + "\n\n" for p in sorted(CORPUS.rglob("*.txt")))
    text = base * max(1, int(args.mb * 1e6 / len(base.encode())))
    size = len(text.encode()) / 1e6
    started = time.perf_counter()
    py_hands = sum(p.kind == "hand" for p in split_pieces(text))
    py_time = time.perf_counter() - started
    started = time.perf_counter()
    rs_hands = sum(p[2] == "hand" for p in _core.split_pieces(text))
    rs_time = time.perf_counter() - started
    assert rs_hands == py_hands
    print(f"{size:.1f} MB, {py_hands:,} hands")
    print(f"python: {py_time:.2f} s, {py_hands / py_time:,.0f} hands/s")
    print(f"rust:   {rs_time:.2f} s, {rs_hands / rs_time:,.0f} hands/s (with the Python tuples of every piece)")
    print(f"ratio:  {py_time / rs_time:.1f}x")


if __name__ == "__main__":
    main()
