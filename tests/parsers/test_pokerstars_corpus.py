"""Every PokerStars-format file of the shared corpus, against independent counts and the logs' own sums.

Expected values come from outside this code: the hand counts of another
tracker (``fpdb_hand_counts.json``), its per-player results for the first hand
(``.hp`` sidecars, in cents), and each log's own summary (collected + rake =
total pot; what players put in = total pot).
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import Quarantined, read_path
from tests.flows import added_money, money_flow
from tests.parsers.sites import assert_matches_hp

# Logs whose own figures do not add up (checked by hand; the parser reads them as written).
KNOWN_BAD_SUMS = {
    "1003659126": "HM1 export: 'Total pot $12.35' is the pot after rake (collected $12.35 + rake $0.65 = $13)",
    "30702949": "Run It Once: 'Barre: calls €0.73' facing a raise of €0.54 more; the pot total follows the log",
    "34011543": "Run It Once: 'Shaun J: raises €1.36 to €30.25' is a raise to €37.32 (his whole stack, net of his "
                "€7.07 bet), as the €8.43 returned to him says",
    "31260881": "Run It Once: 'raises €44.00 to €68' with €7 in is a raise to €75, as the €51 call says",
    "36197946": "Run It Once: the collect lines (€26.82 + €122.02 = €148.84) pay more than the summary's 'won "
                "€143.84' of 'Total pot €146.34 | ... | Rake €2.50': the main pot is collected before its rake",
}
BROKEN_LOGS = {
    "238296909420": "the site printed the turn as '*** TURN *** [3c Jd 6d] []', no card (the file is named "
                    "empty.turncard); quarantined as malformed",
}


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
                assert h.unsupported or h.incomplete or h.hand_id in BROKEN_LOGS, h.message()
                assert h.raw.strip() and h.line >= 1
                reasons["unsupported" if h.unsupported else "incomplete" if h.incomplete else "broken"] += 1
            else:
                reasons["read"] += 1
    assert sum(reasons.values()) == headers
    assert reasons["read"] >= 850 and reasons["incomplete"] == 6 and reasons["broken"] == len(BROKEN_LOGS)


# The games of the headers, as the logs name them, and the profile each is replayed under.
READ_GAMES = {
    "Hold'em No Limit": "holdem", "Hold'em Pot Limit": "holdem; structure=pot_limit",
    "Hold'em Limit": "holdem; structure=fixed_limit", "Omaha Pot Limit": "omaha",
    "Omaha Hi/Lo Pot Limit": "omaha-hilo", "Omaha Hi/Lo No Limit": "omaha-hilo; structure=no_limit",
    "5 Card Omaha Pot Limit": "omaha5", "5 Card Omaha Hi/Lo Pot Limit": "omaha5-hilo",
    "6 Card Omaha Pot Limit": "omaha6", "7 Card Stud Limit": "stud7", "7 Card Stud Hi/Lo Limit": "stud7-hilo",
    "Razz Limit": "razz", "Badugi Limit": "badugi", "Triple Draw 2-7 Lowball Limit": "triple-draw27",
    "Single Draw 2-7 Lowball No Limit": "single-draw27", "5 Card Draw Limit": "draw5",
    "6+ Hold'em No Limit": "short-deck", "Courchevel Pot Limit": "courchevel",
    "Courchevel Hi/Lo Pot Limit": "courchevel-hilo",
    "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop": "holdem; first_round_structure=pot_limit",
}


_NAMES = sorted(READ_GAMES, key=len, reverse=True)
_HEADER = re.compile(r"(?:Hand|Game) #(\d+):.*?(" + "|".join(map(re.escape, _NAMES)) + r")(?:, | - [^(\n]*[(]| [(]|[)])",
                     re.IGNORECASE)
_CANONICAL = {g.lower(): g for g in _NAMES}


def _game_of(text: str) -> str | None:
    """The game a hand's header names, by the test's own regex (not the reader's); None for none."""
    match = _HEADER.search(text)
    return _CANONICAL[match.group(2).lower()] if match else None


def _header_games(results) -> Counter:
    """Hands per game of their headers' own words."""
    games: Counter = Counter()
    for path in results:
        for match in _HEADER.finditer(path.read_bytes().decode("utf-8", errors="replace")):
            games[_CANONICAL[match.group(2).lower()]] += 1
    return games


def test_no_game_of_the_corpus_is_unsupported(results):
    """Every game the PokerStars corpus holds is read: no hand is quarantined as an unsupported game."""
    names = Counter(h.reason for hands in results.values() for h in hands
                    if isinstance(h, Quarantined) and h.unsupported)
    assert names == Counter()


def test_supported_games_all_parse(results):
    """Every hand of a game the toolkit plays is read, but those the log cuts off or the site cancelled."""
    games = Counter(h.rules for hands in results.values() for h in hands if isinstance(h, Hand))
    lost = Counter(READ_GAMES.get(_game_of(h.raw) or "") for hands in results.values() for h in hands
                   if isinstance(h, Quarantined) and not h.unsupported)
    headers = _header_games(results)
    for game, rules in READ_GAMES.items():
        assert games[rules] + lost[rules] == headers[game], game
    assert games["omaha"] == 14 and games["omaha-hilo"] + games["omaha-hilo; structure=no_limit"] == 91
    assert games["stud7-hilo"] == 10 and games["stud7"] == 11  # one Stud Hi/Lo hand is in two files
    assert games["razz"] == 1
    # One Triple Draw hand is cancelled by the site.
    assert (games["badugi"], games["triple-draw27"], games["single-draw27"], games["draw5"]) == (182, 18, 3, 4)
    assert (games["short-deck"], games["courchevel"], games["courchevel-hilo"]) == (3, 1, 1)
    assert games["holdem; first_round_structure=pot_limit"] == 1


def test_amounts_add_up_as_the_summaries_say(results):
    checked = 0
    for hands in results.values():
        for h in hands:
            if not isinstance(h, Hand) or h.hand_id in KNOWN_BAD_SUMS:
                continue
            if any(a.kind is ActionKind.CASH_OUT for a in h.actions):
                continue  # the site pays the cash-out; the log says the pot is not awarded
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


def test_first_hand_matches_the_hp_sidecars(results, corpus):
    compared = 0
    for hp in _hp_files(corpus):
        source = hp.with_suffix("")
        first = results[source][0]
        if isinstance(first, Quarantined):
            assert first.unsupported, first.message()
            continue
        assert_matches_hp(first, ast.literal_eval(hp.read_text()))
        compared += 1
    # The sidecars of supported games: NLHE 4betPF, NLHE capped, PLO8, Stud Hi/Lo, 2-7 Single Draw
    assert compared == 5
