"""The core builds each ranking's five-card table (``core/src/eval/rankings.rs``) equal to the numpy builder
(``rules/tables.py``), byte for byte, for every ranking the options allow: each hand's value, each value's
class and the ranks its description names."""

from __future__ import annotations

import hashlib
import itertools

import numpy as np
import pytest

from soko_analytics import _core
from soko_analytics.rules.ranking import LOWS, HandRanking, HighCardRule, Ranking
from soko_analytics.rules.tables import build_five_card_table


def every_ranking() -> list[Ranking]:
    """Every ranking the options allow (17)."""
    out = []
    for kind in HandRanking:
        rules = [HighCardRule.KICKERS] if kind in LOWS else list(HighCardRule)
        soko = itertools.product((True, False), (False, True)) if kind is HandRanking.SOKO else [(True, False)]
        for rule, (ace_low, sf) in itertools.product(rules, list(soko)):
            out.append(Ranking(kind, rule, ace_low, sf))
    return out


RANKINGS = every_ranking()


def test_every_ranking_is_counted():
    assert len(RANKINGS) == len({r.name for r in RANKINGS}) == 17


@pytest.mark.parametrize("ranking", RANKINGS, ids=lambda r: r.name)
def test_the_core_table_is_the_numpy_table(ranking: Ranking):
    values, classes, ranks = _core.ranking_table(ranking.name)
    expected = build_five_card_table(ranking)
    assert values == expected.values.astype("<u2").tobytes()
    assert classes == expected.value_class.astype("u1").tobytes()
    assert ranks == expected.value_ranks.astype("<i4").tobytes()
    digest = hashlib.sha256(values + classes + ranks).hexdigest()
    print(ranking.name, len(np.frombuffer(classes, dtype="u1")) - 1, digest)
