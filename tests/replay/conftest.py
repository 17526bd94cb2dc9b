"""Shared fixtures of the replay tests: PokerKit-generated hands, generated once per test run.

PokerKit plays about a hundred hands a second, and the differential test asks for 58,000 of them: the hands are
made in blocks of :data:`BLOCK` (each hand has its own seed, so a block is the same whoever makes it), and each
block is kept in memory and, under pytest-xdist, pickled into the run's shared temporary folder, where the other
workers find it instead of playing it again (the quick samples are prefixes of the full runs)."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from .pokerkit_hands import DEFAULT_COUNT, DEFAULT_SEED, generate

BLOCK = 100
"""Hands per block: a block is made, kept and shared whole."""
PARALLEL_FROM = 20
"""Blocks from this many are made in worker processes."""

HandsFactory = Callable[..., list]


def _block(variant: str, seed: int, index: int) -> list:
    return generate(variant, BLOCK, seed, index * BLOCK)


def _make(variant: str, seed: int, indices: list[int]) -> list[list]:
    """The blocks ``indices`` of (variant, seed), in worker processes when there are many."""
    workers = min(os.cpu_count() or 1, 8)
    if len(indices) < PARALLEL_FROM or workers < 2:
        return [_block(variant, seed, i) for i in indices]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_block, [variant] * len(indices), [seed] * len(indices), indices))


class _Blocks:
    """Blocks in memory, then in the shared folder (when there is one), then made."""

    def __init__(self, shared: Path | None) -> None:
        self.shared = shared
        self.kept: dict[tuple[str, int, int], list] = {}

    def _path(self, key: tuple[str, int, int]) -> Path:
        assert self.shared is not None
        return self.shared / f"{key[0]}-{key[1]}-{key[2]}.pickle"

    def _load(self, key: tuple[str, int, int]) -> list | None:
        if self.shared is None or not self._path(key).exists():
            return None
        return pickle.loads(self._path(key).read_bytes())

    def _store(self, key: tuple[str, int, int], block: list) -> None:
        self.kept[key] = block
        if self.shared is not None:  # written whole, then renamed: a reader never sees half a block
            part = self._path(key).with_suffix(f".{os.getpid()}.part")
            part.write_bytes(pickle.dumps(block, protocol=pickle.HIGHEST_PROTOCOL))
            part.replace(self._path(key))

    def hands(self, variant: str, count: int, seed: int) -> list:
        keys = [(variant, seed, i) for i in range(-(-count // BLOCK))]
        for key in keys:
            if key not in self.kept and (block := self._load(key)) is not None:
                self.kept[key] = block
        missing = [key for key in keys if key not in self.kept]
        for key, block in zip(missing, _make(variant, seed, [i for _, _, i in missing])):
            self._store(key, block)
        return [pair for key in keys for pair in self.kept[key]][:count]


@pytest.fixture(scope="session")
def pokerkit_hands(tmp_path_factory) -> HandsFactory:
    """``pokerkit_hands(variant, count=DEFAULT_COUNT, seed=DEFAULT_SEED)``: [(Hand, final stacks by seat)].

    A smaller count is a prefix of a larger one, as the hands of one seed do not depend on how many are asked for.
    """
    shared = None
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the run's folder, above each worker's own
        shared = tmp_path_factory.getbasetemp().parent / "pokerkit-hands"
        shared.mkdir(exist_ok=True)
    blocks = _Blocks(shared)

    def get(variant: str, count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED) -> list:
        return blocks.hands(variant, count, seed)

    return get
