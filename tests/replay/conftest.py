"""Shared fixtures of the replay tests: PokerKit-generated hands, generated once per session."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

from .pokerkit_hands import DEFAULT_COUNT, DEFAULT_SEED, generate

PARALLEL_FROM = 2_000
"""Counts from this size are generated in worker processes (each hand has its own seed)."""

HandsFactory = Callable[..., list]


def _generate(variant: str, seed: int, start: int, stop: int) -> list:
    """Hands start..stop-1 of (variant, seed), in worker processes when there are many."""
    workers = min(os.cpu_count() or 1, 8)
    if stop - start < PARALLEL_FROM or workers < 2:
        return generate(variant, stop - start, seed, start)
    step = -(-(stop - start) // (workers * 4))
    starts = range(start, stop, step)
    counts = [min(step, stop - i) for i in starts]
    with ProcessPoolExecutor(workers) as pool:
        parts = pool.map(generate, [variant] * len(counts), counts, [seed] * len(counts), starts)
        return [pair for part in parts for pair in part]


@pytest.fixture(scope="session")
def pokerkit_hands() -> HandsFactory:
    """``pokerkit_hands(variant, count=DEFAULT_COUNT, seed=DEFAULT_SEED)``: [(Hand, final stacks by seat)].

    Cached per (variant, seed): a smaller count is a prefix of a larger one already made, as the
    hands of one seed do not depend on how many are asked for.
    """
    cache: dict[tuple[str, int], list] = {}

    def get(variant: str, count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED) -> list:
        have = cache.get((variant, seed), [])
        if len(have) < count:
            have = cache[(variant, seed)] = have + _generate(variant, seed, len(have), count)
        return have[:count]

    return get
