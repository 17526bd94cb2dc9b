"""A store whose players and table carry hostile names, for the report tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from soko_analytics.store.db import Store

from ..stats.hands import (
    HOLDEM_SIDE_POT_ALLIN,
    HOLDEM_STEAL_SHOWDOWN,
    HOLDEM_WALK,
    STUD_STEAL,
)

HOSTILE = "<script>document.title='pwned'</script>"
"""A player name that would run if a report wrote it into HTML unescaped."""
HOSTILE_IMG = '<img src=x onerror="document.body.dataset.pwned=1">'
"""A table name that would run the same way."""


CONTROLS = "Da\u202en\x1b[2J\x07"
"""A player name with a right-to-left override, an escape sequence and a bell: shown as "Dan[2J"."""


def hostile(text: str) -> str:
    return (text.replace("Ann", HOSTILE).replace("Dan", CONTROLS).replace("'Test I'", f"'{HOSTILE_IMG}'")
            .replace("'Test III'", f"'{HOSTILE_IMG}'"))


@pytest.fixture(scope="session")
def report_store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reports")
    log = folder / "hostile.txt"
    hands = [HOLDEM_STEAL_SHOWDOWN, HOLDEM_WALK, HOLDEM_SIDE_POT_ALLIN, STUD_STEAL]
    log.write_text("\n\n".join(hostile(h) for h in hands), encoding="utf-8")
    path = folder / "r.duckdb"
    with Store(path) as store:
        summary = store.import_paths([log])
        assert summary.stored == 4, summary.line()
    return path


SAMPLES = ("holdem-seed7.txt", "holdem_structure-fixed_limit-seed8.txt", "stud7-seed9.txt", "omaha-seed10.txt",
           "soko-casino-seed1.txt", "soko-finnish-seed3.txt")
"""Bundled simulated sessions (sample_data/): hold'em no limit and fixed limit, stud, Omaha, Sökö; each hand's
log owner is Aino."""


@pytest.fixture(scope="session")
def demo_store(tmp_path_factory):
    """A store of the bundled sample sessions of :data:`SAMPLES` (as ``soko demo`` imports them)."""
    import soko_analytics

    folder = tmp_path_factory.mktemp("demo")
    samples = Path(soko_analytics.__file__).parent / "sample_data"
    path = folder / "demo.duckdb"
    with Store(path) as store:
        summary = store.import_paths([samples / name for name in SAMPLES])
        assert summary.stored > 1000 and not summary.quarantined, summary.line()
    return path


@pytest.fixture(scope="session")
def corpus_store(tmp_path_factory):
    """A store of real logs (../shared/corpus, read in place): every site's folder and the PokerStars logs,
    many owners, currencies, games and tournaments."""
    from ..conftest import require_corpus

    root = require_corpus()
    path = tmp_path_factory.mktemp("corpus") / "corpus.duckdb"
    with Store(path) as store:
        summary = store.import_paths([root / "sites", root / "pokerstars"], jobs=2)
        assert summary.stored > 1000, summary.line()
    return path
