"""Every PokerStars-format file of the shared corpus, against independent counts and the logs' own sums.

Expected values come from outside this code: the hand counts of another
tracker (``fpdb_hand_counts.json``), its per-player results for the first hand
(``.hp`` sidecars, in cents), and each log's own summary (collected + rake =
total pot; what players put in = total pot).
"""

from __future__ import annotations

import ast
import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.model.ledger import added_money
from soko_analytics.native import money_flow
from soko_analytics.parsers import Quarantined, read_path

# Logs whose own figures do not add up (checked by hand; the parser reads them as written).
KNOWN_BAD_SUMS = {
    "1003659126": "HM1 export: 'Total pot $12.35' is the pot after rake (collected $12.35 + rake $0.65 = $13)",
    "30702949": "Run It Once: 'Barre: calls €0.73' facing a raise of €0.54 more; the pot total follows the log",
}
FPDB_SUITS = "hdcs"  # fpdb card codes: suit index * 13 + rank (2 = 1 .. A = 13)


@cache
def _corpus_results(root: Path) -> dict[Path, list[Hand | Quarantined]]:
    return {p: list(read_path(p, "pokerstars")) for p in sorted((root / "pokerstars").rglob("*.txt"))}


@pytest.fixture(scope="module")
def results(corpus):
    return _corpus_results(corpus)


def _fpdb_counts(corpus: Path) -> dict[str, set[int]]:
    data = json.loads((corpus / "pokerstars" / "fpdb_hand_counts.json").read_text())
    by_name: dict[str, set[int]] = {}
    for key, value in data.items():
        by_name.setdefault(Path(key).name, set()).add(value["hand_count"])
    return by_name


def test_hand_counts_match_fpdb(results, corpus):
    """Hands read + quarantined = fpdb's count; fpdb drops cancelled and partial hands, we quarantine them."""
    counts = _fpdb_counts(corpus)
    compared = 0
    for path, hands in results.items():
        if path.name not in counts:
            continue
        complete = [h for h in hands if not (isinstance(h, Quarantined) and h.incomplete)]
        assert len(complete) in counts[path.name], path.name
        compared += 1
    assert compared >= 60


def test_every_hand_is_stored_or_quarantined_for_a_stated_reason(results):
    reasons = Counter()
    headers = 0
    for path, hands in results.items():
        text = path.read_bytes().decode("utf-8", errors="replace")
        headers += sum(1 for line in text.splitlines() if ("Hand #" in line or "Game #" in line) and ": " in line
                       and not line.lstrip().startswith(("Seat", "Table")))
        for h in hands:
            if isinstance(h, Quarantined):
                assert h.unsupported or h.incomplete, h.message()
                assert h.raw.strip() and h.line >= 1
                reasons["unsupported" if h.unsupported else "incomplete"] += 1
            else:
                reasons["read"] += 1
    assert sum(reasons.values()) == headers
    assert reasons["read"] >= 700 and reasons["incomplete"] == 6


def test_unsupported_games_are_named(results):
    names = {h.reason for hands in results.values() for h in hands if isinstance(h, Quarantined) and h.unsupported}
    for game in ("Omaha Pot Limit", "Badugi Limit", "Razz Limit", "Triple Draw 2-7 Lowball Limit",
                 "7 Card Stud Hi/Lo Limit", "Courchevel Pot Limit", "6+ Hold'em No Limit"):
        assert f"unsupported game: {game}" in names


def test_supported_games_all_parse(results):
    games = Counter(h.rules for hands in results.values() for h in hands if isinstance(h, Hand))
    assert games["holdem"] > 500 and games["stud7"] == 11
    assert games["holdem; structure=fixed_limit"] >= 40


def test_amounts_add_up_as_the_summaries_say(results):
    checked = 0
    for hands in results.values():
        for h in hands:
            if not isinstance(h, Hand) or h.hand_id in KNOWN_BAD_SUMS:
                continue
            flows = money_flow(h)
            collected = sum(f.collected for f in flows.values())
            put_in = sum(f.put_in for f in flows.values())
            assert collected + h.rake == h.total_pot, h.hand_id
            assert put_in + added_money(h) == h.total_pot, h.hand_id
            if h.pots:  # the listed pots are before or after the rake
                assert sum(h.pots) + added_money(h) in (h.total_pot, h.total_pot - h.rake), h.hand_id
            checked += 1
    assert checked >= 720


def _hp_files(corpus: Path):
    return sorted((corpus / "pokerstars").rglob("*.txt.hp"))


def _fpdb_card(code: int) -> str:
    return "23456789TJQKA"[(code - 1) % 13] + FPDB_SUITS[(code - 1) // 13]


def test_first_hand_matches_the_hp_sidecars(results, corpus):
    compared = 0
    for hp in _hp_files(corpus):
        source = hp.with_suffix("")
        first = results[source][0]
        if isinstance(first, Quarantined):
            assert first.unsupported, first.message()
            continue
        expected = ast.literal_eval(hp.read_text())
        flows = money_flow(first)
        shown: dict[str, set[str]] = {}
        for deal in first.deals:
            if deal.player and all(deal.cards):
                shown.setdefault(deal.player, set()).update(map(str, deal.cards))
        for a in first.actions:
            if a.kind in (ActionKind.SHOW, ActionKind.MUCK) and a.cards:
                shown.setdefault(a.player, set()).update(map(str, a.cards))
        for name, stats in expected.items():
            seat = first.seat_of(name)
            assert seat is not None and seat.seat == stats["seatNo"]
            assert seat.stack == stats["startCash"], name
            flow = flows[name]
            assert flow.collected == stats["winnings"], name
            assert flow.net == stats["totalProfit"], name
            cards = {_fpdb_card(stats[f"card{i}"]) for i in (1, 2) if stats[f"card{i}"]}
            assert cards == shown.get(name, set()), name
            if stats["winnings"]:
                assert first.rake == stats["rake"], name
        compared += 1
    assert compared == 2  # the two sidecars of supported games (NLHE 4betPF, NLHE capped)
