"""The HUD model of ``soko watch --hud`` (soko_analytics/stats/hud.py) and its text at 80 and 200 columns.

Every expected figure is counted from the hands of tests/hud_hands.py by reading them (the counts are worked in
the comments there and here), not by the stats code.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.cli.hud import render_text
from soko_analytics.stats.hud import FEW_WIDTH, Hud, Result, _figures, hud
from soko_analytics.store.db import Store

from .hud_hands import T1, T2, T3_OLD, text

SOKO = str(Path(sys.executable).parent / "soko")


@pytest.fixture(scope="module")
def view(tmp_path_factory) -> Hud:
    """T3's hand imported before the watch began, then T1's three hands and T2's, and a stud session in which
    Ann also plays (her stud hands must not reach her hold'em figures)."""
    folder = tmp_path_factory.mktemp("hud")
    (folder / "old.txt").write_text(text(T3_OLD), encoding="utf-8")
    (folder / "new.txt").write_text(text(*T1, T2), encoding="utf-8")
    stud = api.simulate_text("stud7", 12, 6, 9)
    assert re.search(r"\bVille\b", stud)
    (folder / "stud.txt").write_text(re.sub(r"\bVille\b", "Ann", stud), encoding="utf-8")
    with Store(folder / "s.duckdb") as store:
        store.import_paths([folder / "old.txt"])
        since = store._next_import_id()
        store.import_paths([folder / "new.txt", folder / "stud.txt"])
        return hud(store, since, ("Hero",))


def seats(view: Hud, name: str) -> dict:
    table = next(t for t in view.tables if t.name == name)
    return {s.player: s for s in table.seats}


def test_the_tables_now_are_those_within_ten_minutes_of_the_newest_newest_first(view: Hud) -> None:
    # T2 at 20:05, T1's latest at 20:02; T3 at 19:50 is 15 minutes before the newest
    assert [(t.name, t.hand_id) for t in view.tables] == [("T2", "900004"), ("T1", "900003")]


def test_players_in_seat_order_from_the_latest_hand_the_hero_marked(view: Hud) -> None:
    assert [(s.seat, s.player, s.hero) for s in view.tables[0].seats] == [(1, "Hero", True), (2, "Cid", False),
                                                                         (4, "Dee", False)]
    assert [(s.seat, s.player, s.hero) for s in view.tables[1].seats] == [(1, "Hero", True), (2, "Ann", False),
                                                                         (3, "Bob", False)]


def percent(k: int, n: int) -> tuple[float, int]:
    return (k / n * 100, n)


def test_opponents_figures_counted_from_the_hand_text(view: Hud) -> None:
    t1 = seats(view, "T1")
    got = {p: {name: (f.value, f.n) for name, f in t1[p].figures.items()} for p in ("Ann", "Bob")}
    # Ann: 900002 raised first in (VPIP, PFR), folded 900001's SB facing Hero's raise (her one 3-bet chance),
    # folded the BB in 900003; saw one flop (900002) and went to showdown; bet the flop, never called after it.
    assert got["Ann"]["vpip"] == pytest.approx(percent(1, 3))
    assert got["Ann"]["pfr"] == pytest.approx(percent(1, 3))
    assert got["Ann"]["three_bet"] == pytest.approx(percent(0, 1))
    assert got["Ann"]["wtsd"] == pytest.approx(percent(1, 1))
    assert got["Ann"]["af"][0] is None  # one bet, no call: no ratio
    # Bob: T3's big blind was a walk (a hand, but no chance to put money in voluntarily); 900001 called Hero's raise (VPIP; a 3-bet chance), 900002 folded the SB to Ann's raise (a 3-bet chance),
    # 900003 raised first in (VPIP, PFR); saw one flop (900001), folded it.
    assert t1["Bob"].hands == 4
    assert got["Bob"]["vpip"] == pytest.approx(percent(2, 3))
    assert got["Bob"]["pfr"] == pytest.approx(percent(1, 3))
    assert got["Bob"]["three_bet"] == pytest.approx(percent(0, 2))
    assert got["Bob"]["wtsd"] == pytest.approx(percent(0, 1))


def test_the_heros_own_row_and_hold_em_figures_only(view: Hud) -> None:
    hero = seats(view, "T1")["Hero"]
    # five hold'em hands: raised 900001, called 900002, 3-bet 900003, folded 900004 and T3's small blind
    assert hero.hands == 5
    assert (hero.figures["vpip"].value, hero.figures["vpip"].n) == pytest.approx(percent(3, 5))
    assert (hero.figures["pfr"].value, hero.figures["pfr"].n) == pytest.approx(percent(2, 5))
    assert (hero.figures["three_bet"].value, hero.figures["three_bet"].n) == pytest.approx(percent(1, 2))
    # after the flop: bet 900001's flop, called 900002's: AF 1/1
    assert hero.figures["af"].value == pytest.approx(1.0)
    assert seats(view, "T1")["Ann"].hands == 3  # her 12 stud hands are not counted at a hold'em table


def test_few_hands_are_marked(view: Hud) -> None:
    # three hands: every interval is far wider than 20 points
    assert all(f.few for s in view.tables[1].seats for f in s.figures.values())


def test_the_heros_result_since_the_watch_began_in_exact_minor_units(view: Hud) -> None:
    # +0.35 + 0.75 + 0.40 at T1, 0 at T2; T3's -0.05 came before the watch
    assert view.results == (Result("USD", 2, 4, 150),)
    assert view.hands == 4


def test_the_findings_of_the_heros_hands(view: Hud) -> None:
    # 900004: Cid collects 0.25 from a pot of 0.20
    assert view.findings_total >= 1
    assert {f.hand_id for f in view.findings} == {"900004"}
    assert "payout" in {f.code for f in view.findings}


@pytest.mark.parametrize("width", [52, 60, 80, 200])
def test_the_hud_text_fits_its_width_and_shows_names_and_figures(view: Hud, width: int) -> None:
    shown = render_text(view, width)
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= width
    assert "USD +1.50" in lines[0]
    bob = next(line for line in lines if re.search(r"\bBob\b", line))
    assert re.search(r"\b4\s+67 ?(\(21-94\))?~", bob)  # hands, then VPIP 2/3 marked: few hands
    if width >= 120:
        assert "(21-94)" in bob  # the Wilson interval of 2 in 3
    else:  # every figure whole at every width the HUD accepts (a name is cut, never a number)
        assert re.search(r"\bVPIP\s+PFR\s+3Bet\s+AF\s+WTSD\s*$", next(line for line in lines if "VPIP" in line))
        assert re.search(r"\b4\s+67~\s+33~\s+0~\s+-\s+0~\s*$", bob)  # VPIP 2/3, PFR 1/3, 3Bet 0/1, no call, WTSD 0/1
    assert "900004" in shown and "payout" in shown


def test_a_terminal_too_narrow_for_the_figures_is_told_so(view: Hud) -> None:
    shown = render_text(view, 40)
    assert "40 columns" in shown and "Bob" not in shown


def test_the_watch_shows_the_hud_after_each_import(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    shown: list[Hud] = []
    stop = threading.Event()
    thread = threading.Thread(target=lambda: api.watch(tmp_path / "w.duckdb", [folder], ("Hero",), interval=0.05,
                                                       settle=0.2, stop=stop, polling=True, hud=shown.append))
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not shown and time.monotonic() < deadline:
            time.sleep(0.02)
        assert shown and shown[0].tables == ()  # at the start: nothing yet
        (folder / "t1.txt").write_text(text(*T1), encoding="utf-8")
        while not any(h.tables for h in shown) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
        thread.join(20)
    last = shown[-1]
    assert [s.player for s in last.tables[0].seats] == ["Hero", "Ann", "Bob"]
    assert last.results == (Result("USD", 2, 3, 150),)
    assert len(shown) == 2  # one refresh for the one import of three hands


def test_hud_and_json_events_are_exclusive_with_a_clear_error(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    done = subprocess.run([SOKO, "watch", str(folder), "--db", str(tmp_path / "w.duckdb"), "--hud", "--events",
                           "jsonl"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--hud" in done.stderr and "--events jsonl" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "w.duckdb").exists()  # refused before the store is touched


def wilson_width(k: int, n: int, z: float = 1.959964) -> float:
    """The 95% Wilson interval's width in points, written out here (Wilson 1927), not taken from the stats code."""
    p = k / n
    return 2 * z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n) * 100


@pytest.mark.parametrize(("k", "n"), [(30, 100), (2, 3), (45, 90), (50, 100), (5, 200)])
def test_the_few_hands_mark_follows_the_interval_width(k: int, n: int) -> None:
    z = 1.959964
    centre = (k / n + z * z / (2 * n)) / (1 + z * z / n) * 100
    width = wilson_width(k, n)
    row = {"hands": n, "vpip": k / n * 100, "vpip_n": n, "vpip_lo": centre - width / 2, "vpip_hi": centre + width / 2,
           "af": None}
    for name in ("pfr", "three_bet", "wtsd", "afq"):
        row |= {name: None, f"{name}_n": 0, f"{name}_lo": None, f"{name}_hi": None}
    figure = _figures(row)["vpip"]
    assert figure.few == (width > FEW_WIDTH)
    # 30 in 100 is 17.7 points wide, 45 in 90 about 20.2: the mark comes at about ±10 points
    assert figure.few == {(30, 100): False, (2, 3): True, (45, 90): True, (50, 100): False, (5, 200): False}[(k, n)]
    assert _figures(row)["pfr"].few and _figures(row)["pfr"].value is None  # no chance: no figure, marked
