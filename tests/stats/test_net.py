"""Net won where the log leaves a line out: an uncalled bet is never money put in.

Hand 1003659126 of an HM1 export: Player2 bets $7.50 on the turn and Player0 folds; no "Uncalled
bet" line follows, Player2 collects $12.35 and the summary says "Total pot $12.35 | Rake $0.65" (the
export prints the pot after rake). Before the turn the pot held Player1's $1 small blind and $6 from
each of Player0 and Player2: $13.00, which is the $12.35 collected plus the $0.65 rake, so the $7.50
nobody called came back to Player2. His net is $12.35 - $6.00 = +$6.35, not $12.35 - $13.50.
The audit may flag the missing line; the stats must not count the bet.
"""

from __future__ import annotations

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path

from .test_facts import facts


def test_an_uncalled_bet_without_its_line_is_not_put_in(corpus):
    log = corpus / "pokerstars/cash/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.export.raiseTo.txt"
    hand = next(h for h in read_path(log) if isinstance(h, Hand) and h.hand_id == "1003659126")
    f = facts(hand.raw)
    assert f["Player2"]["put_in"] == 600 and f["Player2"]["net"] == 1235 - 600 == 635
    assert f["Player0"]["net"] == -600 and f["Player1"]["net"] == -100
    assert f["Player2"]["rake"] == 65
    assert sum(r["net"] for r in f.values()) + 65 == 0
