"""What the tests of each site's logs (``../shared/corpus/sites/<site>``) share: the site's files read once."""

from __future__ import annotations

import re
from pathlib import Path

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import Quarantined, detect_format, read_path
from soko_analytics.parsers.source import HEAD_CHARS
from soko_analytics.replay.audit import audit
from tests.flows import money_flow

FPDB_SUITS = "hdcs"
"""fpdb's card codes: suit index * 13 + rank (2 = 1 .. A = 13)."""


def site_files(corpus: Path, site: str, count: int, suffixes: tuple[str, ...] = (".txt",)) -> list[Path]:
    """The site's logs (files ending in one of ``suffixes``: text logs by default), which must be ``count``
    files."""
    found = sorted(p for p in (corpus / "sites" / site).rglob("*") if p.suffix in suffixes and p.is_file())
    assert len(found) == count, (site, len(found))
    return found


def read_files(files: list[Path]) -> dict[Path, list]:
    """Every file's hands and quarantine records, in order."""
    return {path: list(read_path(path)) for path in files}


def stored(results: dict[Path, list]) -> list[Hand]:
    """The hands read, in file order."""
    return [h for hands in results.values() for h in hands if isinstance(h, Hand)]


def quarantined(results: dict[Path, list]) -> dict[str | None, Quarantined]:
    """The quarantine records, by hand id."""
    return {r.hand_id: r for records in results.values() for r in records if isinstance(r, Quarantined)}


def log_text(path: Path) -> str:
    """A log's text as Python's codecs read it: UTF-16 where it starts with a byte-order mark, else UTF-8."""
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8", errors="replace")


def assert_one_record_per_header(files: list[Path], results: dict[Path, list], fmt: str,
                                 header: re.Pattern[str]) -> None:
    """Every file is detected as ``fmt``, and gives one record (a hand or a quarantine) per hand header its text
    has (``header``'s first group is the hand id), in order."""
    for path in files:
        text = log_text(path)
        assert detect_format(text[:HEAD_CHARS], str(path)) == fmt, path
        assert [r.hand_id for r in results[path]] == header.findall(text), path


def audit_failures(hands: list[Hand]) -> set[str]:
    """The ids of the hands that do not audit clean; every hand's money adds up whatever its audit says: what the
    players put in is the total pot, and so is what they collect with the rake."""
    failing = set()
    for hand in hands:
        if not audit(hand).ok:
            failing.add(hand.hand_id)
        flows = money_flow(hand)
        assert sum(f.put_in for f in flows.values()) == hand.total_pot, hand.hand_id
        assert sum(f.collected for f in flows.values()) + (hand.rake or 0) == hand.total_pot, hand.hand_id
    return failing


def _fpdb_card(code: int) -> str:
    return "23456789TJQKA"[(code - 1) % 13] + FPDB_SUITS[(code - 1) // 13]


def assert_matches_hp(hand: Hand, expected: dict[str, dict]) -> None:
    """A hand's seats, stacks, winnings, net, seen cards and rake are what another tracker's ``.hp`` sidecar (fpdb's
    per-player figures, in cents) says."""
    flows = money_flow(hand)
    rake = 0
    shown: dict[str, set[str]] = {}
    for deal in hand.deals:  # the cards a tracker sees: all but others' down cards
        if deal.player:
            shown.setdefault(deal.player, set()).update(str(c) for c in deal.cards if c is not None)
    for a in hand.actions:
        if a.kind in (ActionKind.SHOW, ActionKind.MUCK) and a.cards:
            shown.setdefault(a.player, set()).update(map(str, a.cards))
    for name, stats in expected.items():
        seat = hand.seat_of(name)
        assert seat is not None and seat.seat == stats["seatNo"]
        assert seat.stack == stats["startCash"], name
        flow = flows[name]
        assert flow.collected == stats["winnings"], name
        assert flow.net == stats["totalProfit"], name
        cards = {_fpdb_card(stats[f"card{i}"]) for i in range(1, 21) if stats.get(f"card{i}")}
        assert cards == shown.get(name, set()), name
        rake += stats["rake"]  # the tracker spreads the rake over the winners of a split pot
    assert rake == hand.rake
