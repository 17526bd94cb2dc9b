"""Texts read outside the core's file readers are read by the core all the same (issue 39): a zip of members of
several formats (``read_chunks``: the pieces Python's splitter cut go to ``_core.piece_rows``), the hands ``soko
repair`` rebuilds and a store's upgrade reads again (their raw text to ``_core.text_rows``). No hand the core read
goes to Python and back as JSON (``store.rows.hand_json`` is watched), PHH's neither (read by the core since issue
39's PHH reader: a PHH member is one piece, which the core's reader cuts). The rows are held to those of each member imported as a file of its own (the core's file reader)."""

from __future__ import annotations

import zipfile

from soko_analytics import _core, api
from soko_analytics.native import frames
from soko_analytics.parsers import read_text, write_hands
from soko_analytics.store import rows as store_rows
from soko_analytics.store.db import Store
from soko_analytics.store.parts import PART_TABLES

from ..parsers.test_pokerstars_malformed import GOOD
from .test_faults import hands, write
from .test_strict import snapshot


def _watched(monkeypatch) -> list[str]:
    """The ids of the hands that go to the core as JSON."""
    seen: list[str] = []
    real = store_rows.hand_json

    def recorded(hand) -> str:
        seen.append(hand.hand_id)
        return real(hand)

    monkeypatch.setattr(store_rows, "hand_json", recorded)
    return seen


def _phh(first: int, count: int) -> str:
    return write_hands((h for h in read_text(hands(first, count)) if not hasattr(h, "reason")), "phh")


def test_a_zip_of_mixed_formats_has_the_rows_of_its_members_imported_alone(tmp_path, monkeypatch):
    stars = write(tmp_path / "a.txt", hands(1, 4) + "\n\nPokerStars Hand #9: nonsense\n")
    phh = write(tmp_path / "b.phhs", _phh(20, 2))
    mixed = tmp_path / "mixed.zip"
    with zipfile.ZipFile(mixed, "w") as z:
        z.write(stars, "a.txt")
        z.write(phh, "b.phhs")
    alone = tmp_path / "alone.duckdb"
    api.import_paths(alone, [stars, phh])
    seen = _watched(monkeypatch)
    together = tmp_path / "together.duckdb"
    summary = api.import_paths(together, [mixed])
    assert (summary.stored, summary.quarantined) == (6, 1)
    assert seen == []  # PHH's hands too are read by the core
    assert summary.files[0].format == "pokerstars+phh"

    def named(snap: dict) -> dict:  # the member's name is the file's there
        return {t: sorted((repr(r).replace(str(tmp_path / "mixed.zip") + ":", str(tmp_path) + "/"),)
                          for r in rows) for t, rows in snap.items()}

    assert named(snapshot(together)) == named(snapshot(alone))


def test_soko_repair_reads_the_raw_text_again_in_the_core(tmp_path, monkeypatch):
    log = write(tmp_path / "a.txt", hands(1, 3))
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [log])
    with Store(db, read_only=True) as store:
        before = {t: sorted(map(repr, store.query(f"SELECT * FROM {t}").rows())) for t in PART_TABLES}
        (part,) = store.query("SELECT file FROM parts WHERE table_name = 'actions'")["file"]
    (db.parent / part).write_bytes(b"not parquet")
    seen = _watched(monkeypatch)
    assert api.repair(db).hands == 3 and seen == []
    with Store(db, read_only=True) as store:
        assert {t: sorted(map(repr, store.query(f"SELECT * FROM {t}").rows())) for t in PART_TABLES} == before


def test_a_stored_text_is_read_again_as_its_file_was(tmp_path):
    """``Batch.add_text``: the rows of stored texts are those the core's file reader gives of their file, their lines
    counted from where they stood (a lone carriage return ends a line, as in a file)."""
    text = hands(1, 2)
    log = write(tmp_path / "a.txt", text)
    whole = frames(_core.read_rows(str(log), "pokerstars", 0)[2])
    first, second = GOOD.format(id=1), GOOD.format(id=2)
    assert text == first + "\n\n" + second + "\n"
    batch = store_rows.Batch()
    batch.add_text(first.replace("\n", "\r"), "pokerstars", str(log), 1)
    batch.add_text(second, "pokerstars", str(log), first.count("\n") + 3)
    again = batch.to_frames()
    assert again["hands"]["source_line"].to_list() == [1, first.count("\n") + 3]
    for table, frame in again.items():
        assert frame.equals(whole[table].select(frame.columns)), table
