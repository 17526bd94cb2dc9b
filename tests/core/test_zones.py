"""The core's time zones (``core/src/read/zones.rs``, the IANA database compiled in) against Python's ``zoneinfo``
as the oracle: every zone the readers name, every day from 1997 to 2105 (the logs' years are 2005 to 2030) and
each change of offset in those years by the quarter hour, skipped and repeated hours included (a local time is
taken with ``fold=0``, as ``datetime.replace(tzinfo=...)`` takes it), then a day a week up to 2200 (the latest year
the reader takes).

Why not from 1970: since tzdata 2024b the zones ``WET`` and ``EET`` are Lisbon's and Athens' clocks, which differ
from the old definitions before 1997 (Lisbon kept +1 h in 1992-1996); the core's database (tzdata 2025b) has the
new ones, and whether ``zoneinfo`` has them depends on the machine's tz files (Debian keeps the old)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from soko_analytics import _core
from soko_analytics.parsers.times import ZONES, parse_start

Fields = tuple[int, int, int, int, int, int]

NAMED = sorted(set(dict(_core.ZONES).values()))
"""The IANA zones the readers name."""


def fields(at: datetime) -> Fields:
    return (at.year, at.month, at.day, at.hour, at.minute, at.second)


def oracle(zone: str, times: list[datetime]) -> list[int]:
    tz = ZoneInfo(zone)
    return [int(t.replace(tzinfo=tz).utcoffset().total_seconds()) for t in times]  # type: ignore[union-attr]


def days(first: datetime, last: datetime, step: timedelta = timedelta(days=1)) -> list[datetime]:
    out = []
    while first <= last:
        out.append(first)
        first += step
    return out


def around_changes(zone: str, noons: list[datetime], offsets: list[int]) -> list[datetime]:
    """Each quarter hour (and the second before it) from the noon before a change of offset to the noon after."""
    out = []
    for before, after, was, now in zip(noons, noons[1:], offsets, offsets[1:], strict=False):
        if was != now:
            for at in days(before, after, timedelta(minutes=15)):
                out += [at - timedelta(seconds=1), at]
    return out


def compare(zone: str, times: list[datetime]) -> list[tuple[datetime, int, int | None]]:
    core = _core.utc_offsets(zone, [fields(t) for t in times])
    return [(t, want, got) for t, want, got in zip(times, oracle(zone, times), core, strict=True) if want != got]


@pytest.mark.parametrize("zone", NAMED)
def test_the_core_gives_zoneinfo_s_offset_every_day_and_around_every_change(zone: str) -> None:
    noons = days(datetime(1997, 1, 1, 12), datetime(2105, 12, 31, 12))
    edges = around_changes(zone, noons, oracle(zone, noons))
    later = days(datetime(2106, 1, 1, 12), datetime(2200, 12, 31, 12), timedelta(days=7))
    assert compare(zone, noons + edges + later) == []


def test_the_comparison_crosses_skipped_and_repeated_hours() -> None:
    # The grid around the changes holds times that do not exist and times that exist twice, so fold=0 is tested.
    tz = ZoneInfo("CET")
    noons = days(datetime(2013, 1, 1, 12), datetime(2013, 12, 31, 12))
    edges = around_changes("CET", noons, oracle("CET", noons))

    def offsets(t: datetime) -> tuple[object, object]:
        return t.replace(tzinfo=tz).utcoffset(), t.replace(tzinfo=tz, fold=1).utcoffset()

    skipped = [t for t in edges if offsets(t)[0] < offsets(t)[1]]  # type: ignore[operator]
    repeated = [t for t in edges if offsets(t)[0] > offsets(t)[1]]  # type: ignore[operator]
    assert datetime(2013, 3, 31, 2, 30) in skipped
    assert datetime(2013, 10, 27, 2, 30) in repeated
    assert compare("CET", skipped + repeated) == []


def test_hand_worked_offsets_at_the_edges() -> None:
    # The EU's rule (last Sunday of March and October, 01:00 UTC) and New York's for 2013, worked by hand.
    assert _core.utc_offsets("CET", [(2013, 3, 31, 1, 59, 59), (2013, 3, 31, 2, 30, 0), (2013, 3, 31, 3, 0, 0),
                                     (2013, 10, 27, 2, 30, 0), (2013, 10, 27, 3, 0, 0)]) == [
        3600, 3600, 7200, 7200, 3600]
    assert _core.utc_offsets("America/New_York", [(2013, 11, 3, 1, 30, 0), (2013, 11, 3, 2, 0, 0)]) == [
        -14400, -18000]
    assert _core.utc_offsets("Nowhere/Atlantis", [(2013, 1, 1, 0, 0, 0)]) == [None]


def test_python_reads_the_zones_the_core_reads() -> None:
    assert ZONES == dict(_core.ZONES)
    # The hour CET skips, read as zoneinfo reads it (winter time): 02:30 CET is 01:30 UTC.
    assert parse_start("2013/03/31 02:30:00 CET") == (
        datetime(2013, 3, 31, 2, 30), "CET", datetime(2013, 3, 31, 1, 30))
