"""Start times as hand histories print them, and their UTC equivalent.

PokerStars prints the local time with a zone abbreviation and, for non-ET
zones, the ET time in brackets: ``2013/01/08 22:28:42 CET [2013/01/08
16:28:42 ET]``. Old logs omit the seconds or the zone. UTC comes from the ET
time where given (it is unambiguous), else from the local zone.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .base import FormatError

DATE = re.compile(
    r"(?P<d>\d{4}/\d{1,2}/\d{1,2})\s+(?:-\s+)?(?P<t>\d{1,2}:\d{2}(?::\d{2})?)(?:\s+\(?(?P<z>[A-Z]{2,5})\)?)?"
    r"(?:\s*\[(?P<d2>\d{4}/\d{1,2}/\d{1,2})\s+(?P<t2>\d{1,2}:\d{2}(?::\d{2})?)\s*(?P<z2>[A-Z]{2,5})?\])?"
)

ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles", "AT": "America/Halifax",
    "UTC": "UTC", "GMT": "UTC", "WET": "WET", "CET": "CET", "CEST": "CET", "EET": "EET", "EEST": "EET",
    "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "AET": "Australia/Sydney", "NZT": "Pacific/Auckland", "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
}
"""Zone abbreviations the logs use, with an IANA zone for each."""


@cache
def _zone(abbreviation: str) -> ZoneInfo | None:
    name = ZONES.get(abbreviation)
    if name is None:
        return None
    try:
        return ZoneInfo(name)
    except ZoneInfoNotFoundError:
        return None


def _local(day: str, time: str) -> datetime:
    year, month, date = day.split("/")
    clock = time.split(":")
    if not 1970 <= int(year) <= 2200:
        raise FormatError(f"the year {year} is out of range", expected="1970 to 2200", actual=f"{day} {time}")
    try:
        return datetime(int(year), int(month), int(date), int(clock[0]), int(clock[1]),
                        int(clock[2]) if len(clock) > 2 else 0)
    except ValueError as err:
        raise FormatError(f"no such date or time: {day} {time} ({err})", expected="a real date and time",
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
        et = _local(m.group("d2"), m.group("t2"))
        tz = _zone(m.group("z2") or "ET")
        utc = et.replace(tzinfo=tz).astimezone(UTC).replace(tzinfo=None) if tz else None
    elif zone and (tz := _zone(zone)):
        utc = local.replace(tzinfo=tz).astimezone(UTC).replace(tzinfo=None)
    return local, zone, utc


def format_start(local: datetime | None, zone: str | None) -> str:
    """``2026/03/14 21:04:11 EET``."""
    if local is None:
        return ""
    text = local.strftime("%Y/%m/%d %H:%M:%S")
    return f"{text} {zone}" if zone else text
