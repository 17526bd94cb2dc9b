"""The formats' registry (the core's ``read/formats.rs``) as every part of the package reads it: each corpus folder's
logs are recognised as the site the folder is named after, the command line offers every format, and a folder walk
reads every format's files."""

from pathlib import Path

import pytest

from soko_analytics.cli import InputFormat, OutputFormat
from soko_analytics.parsers import FORMATS, HAND_HISTORY_SUFFIXES, WRITERS, detect_format, format_scores
from soko_analytics.parsers.source import head

FOLDERS = {"Bovada": "bovada", "GGPoker": "ggpoker", "PacificPoker": "888poker", "PartyPoker": "partypoker",
           "Winamax": "winamax", "Winning": "winning", "iPoker": "ipoker"}
"""The corpus's folder of each site, and the format its logs are."""


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_log_of_a_site_folder_is_that_site(corpus: Path, folder: str) -> None:
    files = [p for p in sorted((corpus / "sites" / folder).rglob("*")) if p.is_file() and p.suffix in (".txt", ".xml")]
    assert files
    found = {p.name: detect_format(head(p.read_bytes()[: 1 << 16])) for p in files}
    assert set(found.values()) == {FOLDERS[folder]}, found


def test_pokerstars_and_phh_logs_are_theirs(corpus: Path) -> None:
    stars = [p for p in sorted((corpus / "pokerstars").rglob("*.txt"))]
    phh = [p for p in sorted((corpus / "phh").rglob("*.phh*"))]
    assert stars and phh
    assert {detect_format(head(p.read_bytes()[: 1 << 16])) for p in stars} == {"pokerstars"}
    assert {detect_format(head(p.read_bytes()[: 1 << 16])) for p in phh} == {"phh"}


def test_a_rules_line_makes_a_pokerstars_header_soko_text() -> None:
    plain = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 12:00:00 ET\nTable 'T' 6-max\n"
    ruled = plain.replace("Table", "Rules: soko-finnish\nTable")
    assert (format_scores(plain)["pokerstars"], format_scores(plain)["soko"]) == (1.0, 0.0)
    assert (format_scores(ruled)["pokerstars"], format_scores(ruled)["soko"]) == (0.0, 0.9)
    assert format_scores("Full Tilt Poker Hand #1: Hold'em ($1/$2)\n")["pokerstars"] == 0.8  # a clone's


def test_the_command_line_offers_every_format_and_writes_the_written_ones() -> None:
    assert [f.value for f in InputFormat] == ["auto", *FORMATS]
    assert {f.value for f in OutputFormat} == set(WRITERS)


def test_a_folder_walk_reads_every_format_s_files() -> None:
    assert {e for f in FORMATS.values() for e in f.extensions} <= set(HAND_HISTORY_SUFFIXES)
    assert {".gz", ".zip"} <= set(HAND_HISTORY_SUFFIXES)
