"""Money the house adds to a pot ("splash the pot": ``STP added: €0.50`` in Run It Once and PokerStars logs).

It is in the log's total pot, put in by no player: the audit counts it in the pot total and the payouts
(``Audit.added``), the ledger shows it as a line of its own, and the store keeps it (``hands.added_money``,
schemas/005_added_money.sql). Expected figures are the logs' own (their summary lines).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import polars as pl
import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path, read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity
from soko_analytics.store.rows import SCHEMAS, Batch

ROOT = Path(__file__).resolve().parents[2]
WALK = "NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.walk.txt"

# A hold'em hand in the form of the corpus's RIO logs (PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt
# pays its STP with side pot 1: "collected €26.82 from side pot 1" against "Side pot €21.82 | STP €5.00").
# Anna is all-in for €10: main pot 3 × €10 = €30, hers with aces; side pot 2 × €20 = €40, Bertil's kings
# over Cecilia's jack high; the house's €5 goes with the side pot as the collects say: €30 and €45.
SIDE_POT = """Run It Once Poker Hand #36197999:  Hold'em No Limit (€0.25/€0.50) - 2019/08/14 17:55 UTC [2019/08/14 18:55 CET]
Table ID '36197292' 6-Max Seat #1 is the button
Seat 1: Anna (€10 in chips)
Seat 2: Bertil (€50 in chips)
Seat 3: Cecilia (€50 in chips)
Bertil: posts small blind €0.25
Cecilia: posts big blind €0.50
*** HOLE CARDS ***
STP added: €5.00
Dealt to Anna [As Ah]
Dealt to Bertil [Ks Qh]
Dealt to Cecilia [Jc Tc]
Anna: raises €9.50 to €10 and is all-in
Bertil: calls €9.75
Cecilia: calls €9.50
*** FLOP *** [2c 7d 9h]
Bertil: bets €20
Cecilia: calls €20
*** TURN *** [2c 7d 9h] [Kd]
Bertil: checks
Cecilia: checks
*** RIVER *** [2c 7d 9h Kd] [3s]
Bertil: checks
Cecilia: checks
*** SHOWDOWN ***
Bertil shows [Ks Qh] for One Pair [Ks Kd Qh 9h 7d]
Cecilia shows [Jc Tc] for High Card [Kd Jc Tc 9h 7d]
Anna shows [As Ah] for One Pair [As Ah Kd 9h 7d]
Bertil collected €45 from side pot-1
Anna collected €30 from pot
*** SUMMARY ***
Total pot €75 | Main pot €30 | Side pot €40 | STP €5.00 | Rake €0.00
Board [2c 7d 9h Kd 3s]
"""  # noqa: E501 (the log's header line)


def _hand(text: str) -> Hand:
    (hand,) = read_text(text, "stp.txt")
    assert isinstance(hand, Hand), hand.message()
    return hand


@pytest.fixture(scope="module")
def walk(corpus) -> Hand:
    (hand,) = read_path(corpus / "pokerstars" / "cash" / "Flop" / WALK)
    assert isinstance(hand, Hand), hand.message()
    return hand


def test_the_walk_with_stp_audits_clean_and_counts_the_house_money(walk):
    result = audit(walk)
    assert result.ok
    assert result.added == 50  # "STP €0.50"
    assert [(p.amount, p.winners) for p in result.pots] == [(65, {"Dawson D": 65})]  # "collected €0.65"
    assert "house money to the main pot" in (result.convention or "")


def test_a_total_pot_without_the_house_money_is_flagged(walk):
    # Drop "| STP €0.50" from the summary and the "STP added" line: the total pot €0.65 is then more than the
    # €0.15 put in.
    text = walk.raw.replace(" | STP €0.50", "").replace("STP added: €0.50\n", "")
    assert len(text) == len(walk.raw) - len(" | STP €0.50") - len("STP added: €0.50\n")
    codes = {(f.code.value, f.severity) for f in audit(_hand(text)).findings}
    assert ("pot_total", Severity.ERROR) in codes


def test_house_money_paid_with_the_last_side_pot():
    result = audit(_hand(SIDE_POT))
    assert result.findings == [] and result.added == 500
    assert result.payouts == {"Anna": 3000, "Bertil": 4500}
    assert result.convention.endswith("house money to the last pot")


def test_the_splash_line_is_the_house_money_where_the_summary_does_not_list_it():
    # The summary without "| STP €5.00": "STP added: €5.00" still says the house put €5 in, so the total pot
    # €75 is the €70 the players put in and the splash, paid with the side pot as before (€30 and €45).
    text = SIDE_POT.replace(" | STP €5.00", "")
    assert text != SIDE_POT
    result = audit(_hand(text))
    assert result.findings == [] and result.added == 500
    assert result.payouts == {"Anna": 3000, "Bertil": 4500}
    # Without the splash line either, nothing says where the €5 came from.
    bare = text.replace("STP added: €5.00\n", "")
    assert "pot_total" in {f.code.value for f in audit(_hand(bare)).findings if f.severity is Severity.ERROR}


def test_house_money_paid_to_nobody_is_a_payout_error():
    text = SIDE_POT.replace("Bertil collected €45 from side pot-1", "Bertil collected €40 from side pot-1")
    text = text.replace("Total pot €75 |", "Total pot €70 |")
    codes = {f.code.value for f in audit(_hand(text)).findings if f.severity is Severity.ERROR}
    assert "payout" in codes and "pot_total" in codes


def test_the_store_keeps_the_house_money(walk):
    ddl = (ROOT / "schemas" / "005_added_money.sql").read_text()
    assert "ALTER TABLE hands ADD COLUMN added_money BIGINT;" in ddl
    columns = list(SCHEMAS["hands"])
    # the ALTERs of schemas 5, 11 and 12
    assert columns[columns.index("added_money"):] == ["added_money", "hero", "buy_in_amount", "buy_in_bounty",
                                                      "buy_in_fee", "buy_in_currency", "buy_in_decimals"]
    batch = Batch()
    batch.add_hand(walk)
    batch.add_hand(_hand(SIDE_POT))
    frames = batch.to_frames()  # the rows the core makes, audited by it
    assert frames["hands"]["added_money"].to_list() == [50, 500]
    assert frames["hands"]["audit_ok"].to_list() == [True, True]
    side = frames["pots"].filter(pl.col("hand_key") == frames["hands"]["hand_key"][1]).sort("pot_index")
    assert side.select("amount", "winners", "shares").rows() == [(3000, ["Anna"], [3000]), (4500, ["Bertil"], [4500])]
    con = duckdb.connect()
    for path in sorted((ROOT / "schemas").glob("*.sql")):
        con.execute(path.read_text())
    frame = frames["hands"]  # noqa: F841 (DuckDB reads it by name)
    con.execute("INSERT INTO hands SELECT * FROM frame")
    assert con.execute("SELECT hand_id, added_money FROM hands ORDER BY hand_id").fetchall() == [
        ("30446369", 50), ("36197999", 500)]
