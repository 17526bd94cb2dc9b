"""Start times as hand histories print them, and their UTC equivalent.

PokerStars prints the local time with a zone abbreviation and, for non-ET
zones, the ET time in brackets: ``2013/01/08 22:28:42 CET [2013/01/08
16:28:42 ET]``. Old logs omit the seconds or the zone. UTC comes from the ET
time where given (it is unambiguous), else from the local zone.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from .. import _core
from ..errors import phrase
from .base import FormatError

DATE = re.compile(
    r"(?P<d>\d{4}/\d{1,2}/\d{1,2})\s+(?:-\s+)?(?P<t>\d{1,2}:\d{2}(?::\d{2})?)(?:\s+\(?(?P<z>[A-Z]{2,5})\)?)?"
    r"(?:\s*\[(?P<d2>\d{4}/\d{1,2}/\d{1,2})\s+(?P<t2>\d{1,2}:\d{2}(?::\d{2})?)\s*(?P<z2>[A-Z]{2,5})?\])?"
)

ZONES: dict[str, str] = dict(_core.ZONES)
"""Zone abbreviations the logs use, with an IANA zone for each: the core's (``core/src/read/times.rs``), which
reads the logs' start times."""


def _to_utc(local: datetime, abbreviation: str) -> datetime | None:
    """The UTC time of a local time in a zone the logs name (the core's time zones, as the reader takes them);
    None for an abbreviation of no known zone."""
    name = ZONES.get(abbreviation)
    if name is None:
        return None
    fields = (local.year, local.month, local.day, local.hour, local.minute, local.second)
    offset = _core.utc_offsets(name, [fields])[0]
    return None if offset is None else local - timedelta(seconds=offset)


def _local(day: str, time: str) -> datetime:
    year, month, date = day.split("/")
    clock = time.split(":")
    if not 1970 <= int(year) <= 2200:
        raise FormatError(phrase("the year {year} is out of range", year=year), expected=phrase("1970 to 2200"),
                          actual=f"{day} {time}")
    try:
        return datetime(int(year), int(month), int(date), int(clock[0]), int(clock[1]),
                        int(clock[2]) if len(clock) > 2 else 0)
    except ValueError as err:
        raise FormatError(phrase("no such date or time: {day} {time} ({error})", day=day, time=time, error=str(err)),
                          expected=phrase("a real date and time"),
                          actual=f"{day} {time}") from None


def parse_start(text: str) -> tuple[datetime | None, str | None, datetime | None]:
    """(local start, zone abbreviation, UTC start) from a header's date part; Nones where absent."""
    m = DATE.search(text)
    if not m:
        return None, None, None
    local = _local(m.group("d"), m.group("t"))
    zone = m.group("z")
    utc = None
    if m.group("d2"):
        utc = _to_utc(_local(m.group("d2"), m.group("t2")), m.group("z2") or "ET")
    elif zone:
        utc = _to_utc(local, zone)
    return local, zone, utc


def format_start(local: datetime | None, zone: str | None) -> str:
    """``2026/03/14 21:04:11 EET``."""
    if local is None:
        return ""
    text = local.strftime("%Y/%m/%d %H:%M:%S")
    return f"{text} {zone}" if zone else text
