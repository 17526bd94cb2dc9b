"""Tournament money (schema 12): the header's buy-in in minor units (``hands.buy_in_*``), the finish and bounty lines
(``tournament_finishes``) and :func:`soko_analytics.stats.tournament_results`.

Expected values come from the logs' own text, read here with the test's own regexes, never from the reader.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import duckdb
import polars as pl
import pytest

from soko_analytics.stats import Filters, tournament_results
from soko_analytics.store.db import LATEST, Store

from ..older_store import make_v11

HEADER = re.compile(r"^PokerStars (?:Hand|Game) #\d+: +Tournament #(\d+), (.*?) (?:Hold'em|Omaha|5 Card|Razz|Badugi|"
                    r"Triple|Single|7 Card|Courchevel|Mixed|HORSE|8-Game)", re.M)
FINISHED = re.compile(r"^(.+?) finished the tournament in (\d+)(?:st|nd|rd|th) place(?: and received (.+?)\.)?\s*$")
WON = re.compile(r"^(.+?) wins the tournament and receives (.+?) - congratulations!\s*$")
BOUNTY = re.compile(r"^(.+?) wins (?:the )?(\S+?)(?: bounty)? for (?:eliminating|splitting the elimination of) ")


def _cents(text: str) -> int:
    """``$12.34`` → 1234, ``₹1520 .35`` → 152035 (two decimals, symbols and spaces dropped)."""
    return int(Decimal(re.sub(r"[^\d.]", "", text)) * 100)


def _lines_of(path: Path) -> list[tuple[str, str, str]]:
    """(tournament id, line, buy-in text) of each line after a header, as the file prints them."""
    out, tid, buy_in = [], None, None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        m = HEADER.match(line)
        if m:
            tid, buy_in = m.group(1), m.group(2)
        elif tid is not None:
            out.append((tid, line.rstrip("\r"), buy_in))
    return out


KNOCKOUT = "pokerstars/tour/Flop/NLO8-USD-STT-201109.Knockout.sample.txt"
PROGRESSIVE = "pokerstars/tour/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive"
FILES = [KNOCKOUT, "pokerstars/tour/Flop/NLHE-9max-MTT-INR-136.50-13.50-201901.txt",
         "pokerstars/tour/Draw/LBad-USD-SNG8-201011.txt", "pokerstars/tour/Draw/LBad-USD-MTT8-201011.txt",
         "pokerstars/tour/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt",
         "pokerstars/tour/Flop/NLO8-6max-MTT-USD-37.50-37.50-7-201410.progressive.old.txt",
         f"{PROGRESSIVE}.txt", f"{PROGRESSIVE}.split.ko.txt", f"{PROGRESSIVE}.won.txt"]


@pytest.fixture(scope="module")
def store_path(tmp_path_factory, corpus) -> Path:
    path = tmp_path_factory.mktemp("tourn") / "s.duckdb"
    with Store(path) as store:
        store.import_paths([corpus / f for f in FILES])
    return path


def test_finish_lines_are_stored_as_the_logs_print_them(store_path, corpus):
    expected = set()
    for f in FILES:
        for tid, line, _ in _lines_of(corpus / f):
            if m := FINISHED.match(line):
                prize = _cents(m.group(3)) if m.group(3) else 0
                expected.add((tid, m.group(1), int(m.group(2)), prize))
            elif m := WON.match(line):
                expected.add((tid, m.group(1), 1, _cents(m.group(2))))
    assert len(expected) > 25
    with Store(store_path, read_only=True) as store:
        got = set(store.query("SELECT tournament_id, player, place, prize FROM tournament_finishes "
                              "WHERE place IS NOT NULL").rows())
    assert got == expected


def test_bounties_won_add_up_as_the_lines_say(store_path, corpus):
    expected: dict[tuple[str, str], int] = {}
    for f in FILES:
        for tid, line, _ in _lines_of(corpus / f):
            if m := BOUNTY.match(line):
                key = (tid, m.group(1))
                expected[key] = expected.get(key, 0) + _cents(m.group(2))
    assert expected[("447493868", "APTEM-89")] == 7 * 27  # seven knockouts of $0.27
    with Store(store_path, read_only=True) as store:
        got = dict(((t, p), won) for t, p, won in store.query(
            "SELECT tournament_id, player, sum(bounty_won) FROM tournament_finishes WHERE bounty_won IS NOT NULL "
            "GROUP BY ALL").rows())
    assert got == expected


def test_buy_ins_are_money_in_minor_units(store_path, corpus):
    expected = {}
    for f in FILES:
        for tid, _, buy_in in _lines_of(corpus / f):
            parts = [_cents(p) for p in re.findall(r"[$₹][\d.]+", buy_in)]
            bounty = parts[1] if len(parts) == 3 else 0
            expected[tid] = (parts[0], bounty, parts[-1], "INR" if "₹" in buy_in else "USD", 2)
    with Store(store_path, read_only=True) as store:
        got = {r[0]: tuple(r[1:]) for r in store.query(
            "SELECT DISTINCT tournament_id, buy_in_amount, buy_in_bounty, buy_in_fee, buy_in_currency, "
            "buy_in_decimals FROM hands").rows()}
    assert got == expected
    assert expected["1731156709"] == (1230, 1225, 245, "USD", 2)  # prize pool + bounty + fee


def test_the_progressive_knockout_winner(store_path):
    with Store(store_path, read_only=True) as store:
        rows = tournament_results(store, Filters(players=("Hero",))).filter(pl.col("tournament_id") == "1731156709")
    row = rows.row(0, named=True)
    # the log: 'Hero wins the tournament and receives $230.36', '$4.60 for splitting' and '$19.90 for eliminating'
    assert (row["place"], row["prize"], row["bounties_won"], row["cost"]) == (1, 23036, 460 + 1990, 2700)
    assert row["profit"] == 23036 + 460 + 1990 - 2700
    assert (row["currency"], row["decimals"], row["hands"], row["game"]) == ("USD", 2, 3, "omaha5")


def test_out_of_the_money_and_unknown(store_path):
    with Store(store_path, read_only=True) as store:
        out = tournament_results(store)
    knockout = out.filter(pl.col("tournament_id") == "447493868")
    by_player = {r["player"]: r for r in knockout.iter_rows(named=True)}
    # 'Lord Minge finished the tournament in 9th place': no prize, the entry lost
    assert (by_player["Lord Minge"]["place"], by_player["Lord Minge"]["prize"]) == (9, 0)
    assert by_player["Lord Minge"]["profit"] == -(108 + 27 + 15)
    # 'Hero finished the tournament in 3rd place and received $1.94.'
    assert (by_player["Hero"]["place"], by_player["Hero"]["prize"], by_player["Hero"]["profit"]) == (3, 194, 44)
    # APTEM-89 is still playing when the log ends: no place, no prize, no profit, but the bounties
    assert by_player["APTEM-89"]["place"] is None and by_player["APTEM-89"]["profit"] is None
    assert by_player["APTEM-89"]["bounties_won"] == 189
    assert out.schema["prize"] == pl.Int64 and out.schema["profit"] == pl.Int64


HAND = """PokerStars Hand #{hand}: Tournament #77001, $10+$1 USD Hold'em No Limit - Level I (10/20) - 2020/01/0{day} 12:00:00 ET
Table '77001 1' 9-max Seat #1 is the button
Seat 1: Me (1500 in chips)
Seat 2: Villain (1500 in chips)
Me: posts small blind 10
Villain: posts big blind 20
*** HOLE CARDS ***
Dealt to Me [Ah As]
Me: raises 1480 to 1500 and is all-in
Villain: calls 1480 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [4s]
*** SHOW DOWN ***
Me: shows [Ah As] (a pair of Aces)
Villain: shows [Kh Kd] (a pair of Kings)
Me collected 3000 from pot
{lines}
*** SUMMARY ***
Total pot 3000 | Rake 0
Board [2c 7d 9h Jc 4s]
Seat 1: Me (button) (small blind) showed [Ah As] and won (3000) with a pair of Aces
Seat 2: Villain (big blind) showed [Kh Kd] and lost with a pair of Kings

"""


def test_a_small_log_of_one_tournament(tmp_path):
    log = tmp_path / "sng.txt"
    log.write_text(HAND.format(hand=1, day=1, lines="Villain finished the tournament in 2nd place and received $6.00.\n"
                               "Me wins the tournament and receives $14.00 - congratulations!"), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    with Store(db) as store:
        store.import_paths([log])
        rows = tournament_results(store)
        mine = tournament_results(store, Filters(hero=True))
    assert mine["player"].to_list() == ["Me"]
    by = {r["player"]: r for r in rows.iter_rows(named=True)}
    assert (by["Me"]["buy_in"], by["Me"]["fee"], by["Me"]["cost"], by["Me"]["place"], by["Me"]["prize"]) == \
        (1000, 100, 1100, 1, 1400)
    assert by["Me"]["profit"] == 300 and by["Villain"]["profit"] == 600 - 1100
    assert rows.columns[:3] == ["player", "site", "tournament_id"]


def test_an_older_store_gets_its_tournaments_filled(tmp_path, corpus):
    db = tmp_path / "s.duckdb"
    with Store(db) as store:
        store.import_paths([corpus / KNOCKOUT])
        before = store.query("SELECT * FROM tournament_finishes ORDER BY ALL")
        buy_ins = store.query("SELECT hand_key, buy_in_amount, buy_in_bounty, buy_in_fee FROM hands ORDER BY ALL")
    make_v11(db)
    con = duckdb.connect(str(db))
    assert "tournament_finishes" not in {t for (t,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    con.close()
    with Store(db) as store:
        assert store.version() == LATEST
        assert store.query("SELECT * FROM tournament_finishes ORDER BY ALL").equals(before)
        assert store.query("SELECT hand_key, buy_in_amount, buy_in_bounty, buy_in_fee FROM hands "
                           "ORDER BY ALL").equals(buy_ins)
    assert len(before) > 10


BOVADA = "sites/Bovada/tour/Flop/NLHE-6max-USD-STT - Holdem (Double-Up Turbo) - $10-$0.50 - 201502.txt"
PARTY = "sites/PartyPoker/tour/Flop/NLHE-4max-STT-USD-1-201607.second.trny.format.txt"


def test_the_sites_finish_lines_read_as_pokerstars_ones(tmp_path, corpus):
    """Bovada's `Ranking N` and `Prize Cash [$X]`, partypoker's `Player X finished in N[ place and received $X USD]`
    are translated into the family's finish lines and stored the same way."""
    bovada = (corpus / BOVADA).read_text(encoding="utf-8", errors="replace")
    ranked = re.findall(r"^(.+?) : Ranking (\d+)\s*$", bovada, re.M)
    prizes = dict(re.findall(r"^(.+?) \[ME\] : Prize Cash \[(\$[\d,.]+)\]", bovada, re.M))
    mine = [int(place) for label, place in ranked if label.endswith("[ME]")]
    party = (corpus / PARTY).read_text(encoding="utf-8", errors="replace")
    party_lines = re.findall(r"^(?:Player )?(\S+) finished in ([\d ]+?)(?: place)?(?: and received (\$[\d.]+) USD)?\.?\s*$",
                             party, re.M)
    assert mine and prizes and party_lines
    with Store(tmp_path / "s.duckdb") as store:
        store.import_paths([corpus / BOVADA, corpus / PARTY])
        rows = store.query("SELECT site, player, place, prize FROM tournament_finishes ORDER BY ALL").rows()
    bovada_rows = [r for r in rows if r[0] == "Bovada"]
    assert len(bovada_rows) == len(ranked)
    assert [(p, prize) for site, who, p, prize in bovada_rows if who == "Hero"] == \
        [(place, _cents(next(iter(prizes.values())))) for place in mine]
    party_rows = {(who, place, prize) for site, who, place, prize in rows if site == "partypoker"}
    assert party_rows == {(who, int(place.replace(" ", "")), _cents(prize) if prize else 0)
                          for who, place, prize in party_lines}
