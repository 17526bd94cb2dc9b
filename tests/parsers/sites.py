"""What the tests of each site's logs (``../shared/corpus/sites/<site>``) share: the site's files read once."""

from __future__ import annotations

from pathlib import Path

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path


def site_files(corpus: Path, site: str, count: int) -> list[Path]:
    """The site's text logs, which must be ``count`` files."""
    found = sorted((corpus / "sites" / site).rglob("*.txt"))
    assert len(found) == count, (site, len(found))
    return found


def read_files(files: list[Path]) -> dict[Path, list]:
    """Every file's hands and quarantine records, in order."""
    return {path: list(read_path(path)) for path in files}


def stored(results: dict[Path, list]) -> list[Hand]:
    """The hands read, in file order."""
    return [h for hands in results.values() for h in hands if isinstance(h, Hand)]
