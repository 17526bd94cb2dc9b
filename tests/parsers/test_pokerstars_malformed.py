"""A malformed hand gives one clear error with file and line; the rest of the file is still read."""

from __future__ import annotations

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import Quarantined, read_text

GOOD = """PokerStars Hand #{id}:  Hold'em No Limit ($0.01/$0.02 USD) - 2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]
Table 'Halley' 6-max Seat #1 is the button
Seat 1: Anna ($2 in chips)
Seat 2: Bert ($2.29 in chips)
Seat 3: Cleo ($1.50 in chips)
Bert: posts small blind $0.01
Cleo: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Anna [Ah Kd]
Anna: raises $0.04 to $0.06
Bert: folds
Cleo: calls $0.04
*** FLOP *** [2c 7d Th]
Cleo: checks
Anna: bets $0.10
Cleo: folds
Uncalled bet ($0.10) returned to Anna
Anna collected $0.13 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $0.13 | Rake $0
Board [2c 7d Th]
"""


def _file(middle: str) -> str:
    return GOOD.format(id=1) + "\n\n" + middle + "\n\n" + GOOD.format(id=3)


def test_the_good_hand_reads_as_written():
    (hand,) = read_text(GOOD.format(id=1), "g.txt")
    assert isinstance(hand, Hand)
    assert hand.stakes.small_blind == 1 and hand.stakes.big_blind == 2 and hand.stakes.currency == "USD"
    assert [s.stack for s in hand.seats] == [200, 229, 150]
    raise_ = hand.actions[2]
    assert (raise_.kind, raise_.amount, raise_.to) == (ActionKind.RAISE, 4, 6)
    assert hand.total_pot == 13 and hand.rake == 0 and hand.button == 1
    assert str(hand.start_utc) == "2013-01-08 21:28:42"
    assert hand.action_lines[2] == 10 and hand.source.line == 1


@pytest.mark.parametrize(
    "change, line_text, reason",
    [
        (("Cleo: calls $0.04", "Cleo: juggles $0.04"), "Cleo: juggles $0.04", "unknown action"),
        (("Cleo: calls $0.04", "Cleo: calls $0.0x4"), "Cleo: calls $0.0x4", "is not an amount"),
        (("Dealt to Anna [Ah Kd]", "Dealt to Anna [Ah Kx]"), "Dealt to Anna [Ah Kx]", "is not a card"),
        (("Cleo: calls $0.04", "Dave: calls $0.04"), "Dave: calls $0.04", "not seated"),
        (("Seat 2: Bert ($2.29 in chips)", "Seat 2: Bert ($2.2.9 in chips)"), "Seat 2: Bert ($2.2.9 in chips)",
         "is not an amount"),
    ],
)
def test_one_clear_error_and_the_rest_is_read(change, line_text, reason):
    bad = GOOD.format(id=2).replace(*change)
    text = _file(bad)
    results = list(read_text(text, "session.txt"))
    assert [type(r) for r in results] == [Hand, Quarantined, Hand]
    q = results[1]
    expected_line = text.split("\n").index(line_text) + 1
    assert (q.path, q.line, q.hand_id) == ("session.txt", expected_line, "2")
    assert reason in q.reason
    assert q.message().startswith(f"session.txt:{expected_line}: hand 2:")
    assert q.raw == bad.strip("\n")


def test_truncated_hand_is_quarantined_as_incomplete():
    bad = GOOD.format(id=2).split("*** SUMMARY ***")[0]
    results = list(read_text(_file(bad), "cut.txt"))
    assert [type(r) for r in results] == [Hand, Quarantined, Hand]
    assert results[1].incomplete and "SUMMARY" in results[1].reason


def test_unsupported_game_is_named():
    badugi = GOOD.format(id=2).replace("Hold'em No Limit", "London Lowball Limit")
    results = list(read_text(_file(badugi), "b.txt"))
    assert results[1].unsupported and results[1].reason == "unsupported game: London Lowball Limit"


def test_quirks_bom_crlf_leading_and_trailing_space():
    text = "\ufeff" + "\r\n".join("  " + line + "  " for line in GOOD.format(id=9).split("\n"))
    (hand,) = read_text(text, "q.txt")
    assert isinstance(hand, Hand) and hand.hand_id == "9" and hand.total_pot == 13


def test_cp1252_bytes(tmp_path):
    from soko_analytics.parsers import read_path

    path = tmp_path / "eur.txt"
    path.write_bytes(GOOD.format(id=5).replace("$", "€").replace("USD", "EUR").encode("cp1252"))
    (hand,) = read_path(path)
    assert hand.stakes.currency == "EUR" and hand.stakes.symbol == "€" and hand.total_pot == 13


def test_gz_and_zip(tmp_path):
    import gzip
    import zipfile

    from soko_analytics.parsers import read_path

    gz = tmp_path / "a.txt.gz"
    gz.write_bytes(gzip.compress(GOOD.format(id=6).encode()))
    zp = tmp_path / "b.zip"
    with zipfile.ZipFile(zp, "w") as z:
        z.writestr("x.txt", GOOD.format(id=7))
        z.writestr("y.txt", GOOD.format(id=8))
    assert [h.hand_id for h in read_path(gz)] == ["6"]
    assert [(h.hand_id, h.source.path) for h in read_path(zp)] == [("7", f"{zp}:x.txt"), ("8", f"{zp}:y.txt")]
