"""soko watch's library (store/watch.py): the complete new hands of a growing file, each stored once.

The hands are those of sample_data/holdem-seed7.txt (PokerStars format, hand ids 7000000 up, one a block
separated by a blank line); what a test expects is read from that text (ids, line numbers), not from the code.
"""

from __future__ import annotations

import re
import threading
import time
import zipfile
from pathlib import Path

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.store import watch_loop
from soko_analytics.store.db import LATEST, Interrupted, Store
from soko_analytics.store.watch import TIDY_EVERY, Seen, Watcher, complete_end
from tests.conftest import require_corpus
from tests.older_store import make_v13

SAMPLE = Path(__file__).resolve().parents[2] / "sample_data" / "holdem-seed7.txt"
HANDS = SAMPLE.read_text(encoding="utf-8").split("\n\n")
NEVER = 1e9
BAD = ("PokerStars Hand #6999999:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/03/14 19:59:00 ET\n"
       "Table 'Holdem 7' 10-max Seat #2 is the button\n"
       "Seat 1: Aino ($10 in chips)\n"
       "Aino: bets the farm\n")
"""A hand the readers cannot take (a bet without an amount): quarantined."""
"""A settle time no test reaches: the last hand of a file is taken only when the next one's header arrives."""


def ids(hands: list[str]) -> list[str]:
    return [re.search(r"Hand #(\d+):", hand).group(1) for hand in hands]


def text(hands: list[str]) -> str:
    return "".join(hand + "\n\n" for hand in hands)


def stored(store: Store) -> list[str]:
    return [hand_id for (hand_id,) in store.con.execute("SELECT hand_id FROM hands ORDER BY hand_id").fetchall()]


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "watch.duckdb") as opened:
        yield opened


def test_complete_end_is_the_last_hand_s_end_mark_or_the_start_of_the_last_whole_header_line() -> None:
    two = text(HANDS[:2])
    assert complete_end(two.encode(), "pokerstars") == len(two)  # both summaries ended by their blank line
    unended = two[:-2]  # hand 2's summary without the blank line after it
    assert complete_end(unended.encode(), "pokerstars") == len(HANDS[0]) + 2  # hand 2's header ends hand 1
    assert complete_end(HANDS[0].encode() + b"\n", "pokerstars") == 0  # one hand, not yet ended
    half_header = text(HANDS[:1])[:-1] + HANDS[1][:20]  # no blank line yet, the next header not a whole line
    assert complete_end(half_header.encode(), "pokerstars") == 0


def test_a_format_without_an_end_mark_ends_a_hand_at_the_next_header_only() -> None:
    party = "Game #1 starts.\n\n#Game No : 1\n***** Hand History for Game 1 *****\nTable T\nSeat 1: A\n\n"
    second = party.replace("1", "2")
    assert complete_end((party + second).encode(), "partypoker") == len(party)  # its opening lines are one hand's
    assert complete_end(party.encode(), "partypoker") == 0


def test_a_growing_file_stores_each_hand_once_and_none_half_written(store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    watcher = Watcher(store, settle=NEVER)
    log.write_text(text(HANDS[:3]) + HANDS[3][:120], encoding="utf-8")  # hand 4 half-written
    events = watcher.take(log)
    assert [e["hand_id"] for e in events] == ids(HANDS[:3])
    assert {e["event"] for e in events} == {"stored"} and {e["site"] for e in events} == {"PokerStars"}
    assert stored(store) == ids(HANDS[:3])
    with log.open("a", encoding="utf-8") as f:
        f.write(HANDS[3][120:] + "\n\n" + HANDS[4][:200])
    assert [e["hand_id"] for e in watcher.take(log)] == ids(HANDS[3:4])
    assert watcher.take(log) == []  # nothing new
    assert stored(store) == ids(HANDS[:4])
    watcher.settle = 0.0  # the file is quiet now: its last hand is taken as it stands
    with log.open("a", encoding="utf-8") as f:
        f.write(HANDS[4][200:] + "\n\n")
    assert [e["hand_id"] for e in watcher.take(log)] == ids(HANDS[4:5])
    assert stored(store) == ids(HANDS[:5])


def test_a_hand_is_taken_at_the_blank_line_after_its_summary(store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    watcher = Watcher(store, settle=NEVER)
    log.write_text(HANDS[0] + "\n", encoding="utf-8")  # the summary's lines, no blank line yet
    assert watcher.take(log) == []
    with log.open("a", encoding="utf-8") as f:
        f.write("\n")  # the blank line that ends a hand of the PokerStars family
    assert [e["hand_id"] for e in watcher.take(log)] == ids(HANDS[:1])
    with log.open("a", encoding="utf-8") as f:
        f.write(HANDS[1] + "\n\n")
    assert [e["hand_id"] for e in watcher.take(log)] == ids(HANDS[1:2])
    assert stored(store) == ids(HANDS[:2])


def test_lines_are_numbered_as_in_the_file(store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    whole = text(HANDS[:4])
    log.write_text(text(HANDS[:2]) + HANDS[2][:100], encoding="utf-8")
    watcher = Watcher(store, settle=NEVER)
    watcher.take(log)
    log.write_text(whole, encoding="utf-8")
    watcher.take(log)
    lines = dict(store.con.execute("SELECT hand_id, source_line FROM hands").fetchall())
    for hand_id in ids(HANDS[:3]):
        assert lines[hand_id] == whole.count("\n", 0, whole.index(f"Hand #{hand_id}:")) + 1
    assert store.con.execute("SELECT DISTINCT source_file FROM hands").fetchall() == [(str(log),)]


END_MARKED = [  # format, a corpus log of two hands or more, its headers' first bytes, what ends a hand
    ("ggpoker", "sites/GGPoker/cash/Flop/PLO-6max-USD-0.50-1.00-202004.txt", b"Poker Hand #", "blank line"),
    ("winamax", "sites/Winamax/cash/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt", b"Winamax Poker - ",
     "blank line"),
    ("bovada", "sites/Bovada/cash/Flop/PLO-USD-5-10-201204.new.format.txt", b"Bovada Hand #", "blank line"),
    ("888poker", "sites/PacificPoker/cash/Flop/888-FLO-PM-30-60.txt", b"#Game No : ", "blank line"),
    ("winning", "sites/Winning/cash/Flop/NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 "
     "G30997753.txt", b"Game started at: ", "Game ended at: line"),
]


def first_hand(log: Path, header: bytes) -> tuple[bytes, bytes]:
    """A corpus log's first hand: its bytes up to its last line that is not blank (the line included), and the
    blank lines after it, up to the second hand's header."""
    data = log.read_bytes()
    second = data.index(b"\n" + header, data.index(header) + 1) + 1
    hand = data[:second]
    lines = hand.rstrip(b"\r\n")
    body_end = len(lines) + (hand[len(lines):].index(b"\n") + 1)
    return hand[:body_end], hand[body_end:]


@pytest.mark.parametrize(("fmt", "name", "header", "mark"), END_MARKED, ids=[case[0] for case in END_MARKED])
def test_a_hand_of_each_format_is_taken_at_its_own_end_mark(
        store: Store, tmp_path: Path, fmt: str, name: str, header: bytes, mark: str) -> None:
    body, blanks = first_hand(require_corpus() / name, header)
    whole = tmp_path / "whole.txt"
    whole.write_bytes(body + blanks)
    expected = [h.hand_id for h in read_path(whole) if isinstance(h, Hand)]  # what soko import reads in it
    assert len(expected) == 1
    if mark == "blank line":
        before, end = body, blanks[:blanks.index(b"\n") + 1]
    else:  # the hand's last line is its end
        last = body.rstrip(b"\r\n").rfind(b"\n") + 1
        before, end = body[:last], body[last:]
        assert end.startswith(b"Game ended at: ")
    log = tmp_path / "table.txt"
    watcher = Watcher(store, settle=NEVER)  # never quiet: only the mark can end the hand
    log.write_bytes(before)
    assert watcher.take(log) == []
    with log.open("ab") as f:
        f.write(end)
    events = watcher.take(log)
    assert [(e["event"], e["hand_id"]) for e in events] == [("stored", expected[0])]


def test_a_partypoker_hand_with_no_end_mark_is_taken_at_the_next_header(store: Store, tmp_path: Path) -> None:
    data = (require_corpus() / "sites/PartyPoker/tour/Flop/LHE-Freeroll-MTT-201207.txt").read_bytes()
    second = data.index(b"\n\x00Game #11932613562 starts.") + 1  # the log's second hand
    log = tmp_path / "table.txt"
    watcher = Watcher(store, settle=NEVER)
    log.write_bytes(data[:second])  # the first hand whole: its last line a result's, no mark after it
    assert watcher.take(log) == []
    with log.open("ab") as f:
        f.write(data[second:data.index(b"\n", second) + 1])  # the next hand's header line
    assert [(e["event"], e["hand_id"]) for e in watcher.take(log)] == [("stored", "11932611928")]


def test_a_downloaded_zip_of_hands_is_read_whole_once_quiet(store: Store, tmp_path: Path) -> None:
    archive = tmp_path / "hands.zip"  # as a site's download of hand histories lands in a watched folder
    with zipfile.ZipFile(archive, "w") as f:
        f.writestr("table.txt", text(HANDS[:3]))
    watcher = Watcher(store, settle=NEVER)
    assert watcher.take(archive) == []  # not quiet yet: an archive is not read from a tail
    watcher.settle = 0.0
    events = watcher.take(archive)
    assert [(e["event"], e["hand_id"], e["file"]) for e in events] == [
        ("stored", hand_id, f"{archive}:table.txt") for hand_id in ids(HANDS[:3])]
    assert watcher.take(archive) == []


def test_a_truncated_and_rewritten_file_is_read_from_its_start_nothing_stored_twice(
        store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    watcher = Watcher(store, settle=NEVER)
    log.write_text(text(HANDS[:5]), encoding="utf-8")
    watcher.take(log)
    assert stored(store) == ids(HANDS[:5])
    log.write_text(text(HANDS[2:8]), encoding="utf-8")  # rotated: hands 3 to 8, of which 3 to 5 stored
    events = watcher.take(log)
    assert [e["hand_id"] for e in events] == ids(HANDS[5:8])
    assert stored(store) == ids(HANDS[:8])
    log.write_text(HANDS[0][:60], encoding="utf-8")  # truncated to a part of a stored hand
    assert watcher.take(log) == []
    assert stored(store) == ids(HANDS[:8])


def test_a_watch_killed_before_its_offset_was_written_finds_the_hands_stored(store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    log.write_text(text(HANDS[:4]), encoding="utf-8")
    Watcher(store, settle=NEVER).take(log)
    store.con.execute("DELETE FROM watch_offsets")  # as if killed between the hands' commit and the offset's
    again = Watcher(store, settle=NEVER)
    assert again.take(log) == []
    assert stored(store) == ids(HANDS[:4])
    assert store.con.execute('SELECT "offset" FROM watch_offsets').fetchall() == [(len(text(HANDS[:4]).encode()),)]


def test_a_bad_hand_in_the_stream_is_quarantined_and_the_watch_goes_on(store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    log.write_text(text(HANDS[:1]) + BAD + "\n" + text(HANDS[1:3]), encoding="utf-8")
    events = Watcher(store, settle=NEVER).take(log)
    assert [(e["event"], e["hand_id"]) for e in events] == [
        ("stored", "7000000"), ("quarantined", "6999999"), ("stored", "7000001"), ("stored", "7000002")]
    assert stored(store) == ids(HANDS[:3])
    raw = store.con.execute("SELECT raw FROM quarantine WHERE hand_id = '6999999'").fetchall()[0][0]
    assert "bets the farm" in raw


def test_the_offsets_kept_in_memory_are_those_written_to_the_store(store: Store, tmp_path: Path) -> None:
    logs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    watcher = Watcher(store, settle=NEVER)
    logs[0].write_text(text(HANDS[:2]) + HANDS[2][:100], encoding="utf-8")  # hand 3 half-written
    logs[1].write_text(text(HANDS[5:7]), encoding="utf-8")
    watcher.poll(logs)
    logs[0].write_text(text(HANDS[3:4]), encoding="utf-8")  # replaced
    watcher.poll(logs)
    rows = store.con.execute('SELECT path, "offset", head_hash, size, mtime_ns, format FROM watch_offsets')
    in_store = {path: Seen(*rest) for path, *rest in rows.fetchall()}
    assert watcher._all_seen() == in_store
    assert {path: row.offset for path, row in in_store.items()} == {
        str(logs[0]): len(text(HANDS[3:4]).encode()), str(logs[1]): len(text(HANDS[5:7]).encode())}


@pytest.fixture
def clocked(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A watcher on a clock the test moves (``now[0]``), the times the store was tidied, and a log file."""
    now = [time.time()]
    tidies: list[float] = []
    monkeypatch.setattr(store, "tidy", lambda: tidies.append(now[0]))
    return now, tidies, Watcher(store, settle=NEVER, clock=lambda: now[0]), tmp_path / "table.txt"


def test_the_store_is_tidied_at_most_every_few_seconds_while_hands_come(clocked) -> None:
    now, tidies, watcher, log = clocked
    started = now[0]
    for hand in HANDS[:4]:  # a hand a second, each followed by a poll that takes nothing
        with log.open("a", encoding="utf-8") as f:
            f.write(hand + "\n\n")
        assert len(watcher.take(log)) == 1
        watcher.poll([])
        now[0] += 1.0
    assert tidies == []  # 3 s after the start: not yet
    now[0] = started + TIDY_EVERY
    watcher.poll([])
    assert tidies == [started + TIDY_EVERY]
    watcher.poll([])
    assert len(tidies) == 1  # nothing imported since
    with log.open("a", encoding="utf-8") as f:
        f.write(HANDS[4] + "\n\n")
    watcher.take(log)
    watcher.close()  # the end tidies whatever the time
    assert tidies == [started + TIDY_EVERY] * 2


def test_hands_coming_without_a_pause_still_have_the_store_tidied(clocked) -> None:
    now, tidies, watcher, log = clocked
    started = now[0]
    for i, hand in enumerate(HANDS[:12]):  # a hand every second, every poll taking one: never a quiet poll
        now[0] = started + i
        with log.open("a", encoding="utf-8") as f:
            f.write(hand + "\n\n")
        assert len(watcher.take(log)) == 1
    assert tidies == [started + TIDY_EVERY, started + 2 * TIDY_EVERY]


def test_ctrl_c_inside_an_import_ends_the_watch_with_its_summary_and_the_next_watch_takes_the_hands(
        store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "table.txt").write_text(text(HANDS[:3]), encoding="utf-8")

    def ctrl_c(*args, **kwargs):  # what Store.import_paths raises when Ctrl-C lands inside it
        raise Interrupted("interrupted: 0 hands of 0 files are committed")

    with monkeypatch.context() as patched:
        patched.setattr(Store, "import_paths", ctrl_c)
        summary = watch_loop.watch(store, [folder], settle=0.0, polling=True)  # returns: no exception
    assert (summary.stored, summary.quarantined) == (0, 0)
    assert stored(store) == []
    events: list[dict] = []
    stop = threading.Event()
    again = watch_loop.watch(store, [folder], settle=0.0, polling=True, stop=stop,
                             on_event=lambda e: (events.append(e), stop.set()))
    assert [e["hand_id"] for e in events] == ids(HANDS[:3]) and again.stored == 3


def test_a_store_of_schema_13_is_upgraded_to_keep_offsets(tmp_path: Path) -> None:
    path = tmp_path / "old.duckdb"
    Store(path).close()
    make_v13(path)
    with Store(path) as store:
        assert store.version() == LATEST == 15
        assert store.con.execute("SELECT count(*) FROM watch_offsets").fetchall() == [(0,)]


def test_a_hand_paused_mid_write_past_the_settle_time_is_stored_whole_when_it_ends(
        store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    cut = HANDS[1].index("*** HOLE CARDS ***")
    log.write_text(text(HANDS[:1]) + HANDS[1][:cut], encoding="utf-8")  # the client stops before the hole cards
    watcher = Watcher(store, settle=0.0)  # every file quiet: the half-written hand is taken
    first = watcher.take(log)
    assert [(e["event"], e["hand_id"]) for e in first] == [("stored", "7000000"), ("quarantined", "7000001")]
    with log.open("a", encoding="utf-8") as out:  # the rest of the hand, then the next
        out.write(HANDS[1][cut:] + "\n\n" + text(HANDS[2:3]))
    second = watcher.take(log)
    assert [(e["event"], e["hand_id"]) for e in second] == [("stored", "7000001"), ("stored", "7000002")]
    assert stored(store) == ids(HANDS[:3])
    assert store.quarantine().is_empty()  # the half's record is resolved by the whole hand


def test_a_whole_last_hand_taken_without_its_end_mark_is_not_stored_twice(store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    log.write_text(text(HANDS[:2]).rstrip("\n") + "\n", encoding="utf-8")  # no blank line after the last summary
    watcher = Watcher(store, settle=0.0)
    assert [e["hand_id"] for e in watcher.take(log)] == ids(HANDS[:2])
    with log.open("a", encoding="utf-8") as out:
        out.write("\n\n" + text(HANDS[2:4]))
    assert [(e["event"], e["hand_id"]) for e in watcher.take(log)] == [("stored", h) for h in ids(HANDS[2:4])]
    assert stored(store) == ids(HANDS[:4])
    assert store.quarantine().is_empty()


def test_a_bad_hands_record_stays_open_when_the_file_grows(store: Store, tmp_path: Path) -> None:
    log = tmp_path / "table.txt"
    log.write_text(BAD + "\n" + text(HANDS[:1]), encoding="utf-8")
    watcher = Watcher(store, settle=NEVER)
    watcher.take(log)
    with log.open("a", encoding="utf-8") as out:
        out.write(text(HANDS[1:3]))
    watcher.take(log)
    assert stored(store) == ids(HANDS[:3])
    assert store.quarantine()["hand_id"].to_list() == ["6999999"]  # a tail's read does not resolve the records
