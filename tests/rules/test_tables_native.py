"""The five-card tables are the core's (``core/src/eval/rankings.rs``), built from the ranking's name the first
time it is asked for: nothing is built in numpy, nothing is cached on disk.

Before the numpy builder (``rules/tables.py build_five_card_table``) was deleted, the core's tables were compared
with it byte for byte for every ranking (commit 9767807, ``test_the_core_table_is_the_numpy_table``); the digests
below are of those tables (values, value_class and value_ranks as bytes), so any change to a table shows here.
What the tables mean is checked against independent definitions elsewhere: phevaluator and pokerkit
(``test_oracles.py``, ``test_short_deck.py``, ``test_draw_rankings.py``), the counts of RULES.md §2 item 17 and the
textbook (``test_exhaustive_counts.py``), the hand-worked comparisons of RULES.md (``test_soko_comparisons.py``)
and, in the core, a reference ranking written from the textbook (``core/src/eval/reference.rs``).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import subprocess
import sys

import pytest

from soko_analytics import _core
from soko_analytics.rules import tables
from soko_analytics.rules.ranking import LOWS, HandRanking, HighCardRule, Ranking

DIGESTS = {
    # name: (sha256 of values + value_class + value_ranks, first 32 hex digits; distinct values)
    "high-kickers": ("63db7a6ef0d13fae66a3ffbd45ddf028", 7462),
    "high-top_card_then_suit": ("46a1c72aa511a95e4214e858d647eebb", 6217),
    "soko-kickers-acelow-4f": ("a1b2462bec07d2638d537e4a7020071a", 16707),
    "soko-kickers-acelow-4sf": ("2afa0b0e0ae9cabf3265d38702052293", 16707),
    "soko-kickers-acehigh-4f": ("c10fae167131ec62e1771b2d885f68f3", 16707),
    "soko-kickers-acehigh-4sf": ("5c5a57991fa6e8ffcfa6e222b6b26aa0", 16707),
    "soko-top_card_then_suit-acelow-4f": ("d6b99b67407e033b0f0571f49e16a66b", 15541),
    "soko-top_card_then_suit-acelow-4sf": ("e50a1e17db0f02eee9be984b93d0fbd7", 15541),
    "soko-top_card_then_suit-acehigh-4f": ("07e8a9a1d0e426956f57b3494b193c5d", 15533),
    "soko-top_card_then_suit-acehigh-4sf": ("d73bd8a8d50e969055f2032059033ccd", 15533),
    "ace_to_five_low-kickers": ("6dcd2df37549fc54ec60404099a33d2b", 6175),
    "deuce_to_seven_low-kickers": ("8cc474b1fa4d98de00ac83befee31b88", 7462),
    "badugi-kickers": ("256809260098795cf5e4d03bf4a688aa", 1092),
    "short_deck-kickers": ("2a7b9bc4b22a7ac82a35d066885be9a6", 7462),
    "short_deck-top_card_then_suit": ("7e90d9768f5ba4f9054b810d149502c7", 6217),
    "short_deck_straight_over_trips-kickers": ("e12df2368574264fdb47a34d262720c8", 7462),
    "short_deck_straight_over_trips-top_card_then_suit": ("1a335eccdeb7040d70aa8a0e6c63ce20", 6217),
}


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


def test_every_ranking_has_a_digest():
    assert sorted(r.name for r in RANKINGS) == sorted(DIGESTS)


@pytest.mark.parametrize("ranking", RANKINGS, ids=lambda r: r.name)
def test_the_core_table_is_the_one_the_numpy_builder_made(ranking: Ranking):
    values, classes, ranks = _core.ranking_table(ranking.name)
    assert hashlib.sha256(values + classes + ranks).hexdigest()[:32] == DIGESTS[ranking.name][0]
    assert len(classes) - 1 == DIGESTS[ranking.name][1] == tables.five_card_table(ranking).distinct


def test_unknown_rankings_are_refused():
    with pytest.raises(KeyError, match="no ranking is named"):
        _core.ranking_table("high")
    assert not _core.has_ranking("badugi-top_card_then_suit")


FIRST_RUN = """
import json, sys
from soko_analytics import _core
from soko_analytics.rules import tables
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import Ranking
sys.path.insert(0, sys.argv[1])
from test_tables_native import RANKINGS
values = {}
for ranking in RANKINGS:
    ev = evaluator(ranking)
    values[ranking.name] = [ev.value("As Kd 9h 7c 2s"), ev.value("As Ks Qs Js 9s 3d 2c")]
print(json.dumps({
    "values": values,
    "numpy_builder": [n for n in ("build_five_card_table", "_load_or_build", "_keys") if hasattr(tables, n)],
    "handed_over": hasattr(_core, "register_ranking"),
}))
"""


def test_a_first_run_builds_every_ranking_in_the_core_and_writes_nothing(tmp_path):
    """A fresh process with an empty cache folder and home: every ranking's hands are valued, no table is built
    in numpy (the builder is gone, and the core takes no table from Python), and no file is written."""
    from pathlib import Path

    cache, home = tmp_path / "cache", tmp_path / "home"
    cache.mkdir()
    home.mkdir()
    env = {"SOKO_CACHE_DIR": str(cache), "HOME": str(home), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", FIRST_RUN, str(Path(__file__).parent)], env=env, cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout
    found = json.loads(out)
    assert found["numpy_builder"] == [] and found["handed_over"] is False
    assert sorted(found["values"]) == sorted(DIGESTS)
    assert all(v > 0 for pair in found["values"].values() for v in pair)
    assert list(cache.iterdir()) == [] and list(home.iterdir()) == []
