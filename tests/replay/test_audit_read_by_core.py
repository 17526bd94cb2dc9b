"""A hand the compiled core reads is audited in the same call as its read (issue 39: "no JSON round trip of a hand
through Python"): ``_core.read_audited`` gives each hand's canonical JSON with its verdict, and Python only
receives. Only hands made in Python (the simulator's, a test's) go to the core as JSON (``native.hand_json``).

The rewrite is held to the road it replaces, hand for hand: over the whole corpus, each verdict the core gives with
the read is the very text ``_core.audit_hands`` gives for the hand's JSON, with the ledger and without. The other
tests watch ``hand_json`` to show that no hand the core read takes that road any more (each fails on the old code,
where every hand of ``soko audit``, ``--explain``, ``--db`` and the replayer pages did), and that a bug of ours in
one hand's audit is that hand's ``internal`` record while the rest of the file is audited.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from soko_analytics import _core, api
from soko_analytics.model.hand import Hand
from soko_analytics.native import hand_json
from soko_analytics.parsers import Audited, Quarantined, iter_files, read_path, read_path_audited, stars
from soko_analytics.parsers.base import InternalError
from soko_analytics.replay import audit as audit_module

from ..parsers.test_pokerstars_malformed import GOOD


@pytest.fixture()
def json_road(monkeypatch) -> list[Hand]:
    """Every hand the auditor sends to the core as JSON, recorded."""
    sent: list[Hand] = []

    def recorded(hand: Hand) -> str:
        sent.append(hand)
        return hand_json(hand)

    monkeypatch.setattr(audit_module, "hand_json", recorded)
    return sent


def _formats(hands: list[Hand]) -> set[str | None]:
    return {h.source.format if h.source else None for h in hands}


@pytest.mark.parametrize("ledger", [False, True])
def test_each_verdict_of_the_read_is_the_one_the_hands_json_gets(corpus, ledger):
    audited = 0
    for path in iter_files([corpus]):
        if not isinstance(path, Path):
            continue
        old = [item for item in read_path(path) if isinstance(item, Hand)]
        new = [item for item in read_path_audited(path, ledger=ledger) if not isinstance(item, Quarantined)]
        assert [x.hand if isinstance(x, Audited) else x for x in new] == old, path
        expected = _core.audit_hands([hand_json(h) for h in old], ledger)
        for item, text in zip(new, expected, strict=True):
            if isinstance(item, Audited):
                assert item.verdict == text, (path, item.hand.hand_id)
                audited += 1
            else:
                assert item.source is not None and item.source.format == "phh", (path, item.hand_id)
    assert audited > 2_500


def test_soko_audit_sends_no_hand_the_core_read_back_as_json(corpus, json_road):
    results = list(api.audit_hands([corpus / "pokerstars" / "cash" / "Stud", corpus / "phh"]))
    audited = [r.hand for r in results if not isinstance(r, Quarantined)]
    assert {h.source.format for h in audited if h.source} >= {"pokerstars", "phh"}
    assert json_road == []  # PHH too is read by the core now


def test_explain_and_the_hand_report_from_files_send_no_hand_back(soko_example_file, tmp_path, json_road):
    result = api.find_hand([soko_example_file], "202603140001")
    assert result.ok and result.steps and result.steps[-1].index == len(result.hand.actions) - 1
    api.report_hand(None, "202603140001", tmp_path / "hand.html", paths=[soko_example_file])
    assert json_road == []


def test_the_store_audit_and_its_replayer_pages_send_no_hand_back(tmp_path, json_road):
    sample = api.SAMPLE_DATA / "holdem-seed7.txt"
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [sample])
    ids = [r.hand.hand_id for r in api.audit_store(db) if not isinstance(r, Quarantined)]
    assert len(ids) > 100
    (one,) = api.audit_store(db, ids[0])  # with its ledger
    assert not isinstance(one, Quarantined) and len(one.steps) == len(one.hand.actions)
    written = api.report_hands(db, out=tmp_path / "reports", limit=5)["replayers"]
    assert written == 5
    assert json_road == []


def _hand(n: int) -> str:
    return GOOD.format(id=n)


def test_a_bug_of_ours_in_one_hands_audit_is_its_internal_record(tmp_path, monkeypatch):
    # The core panics in the audit of hand 2 as a bug would (read_audited's fault_hand): that hand only is an
    # internal record, the others are audited; --strict raises it.
    monkeypatch.setattr(stars, "read_audited", partial(_core.read_audited, fault_hand="2"))
    path = tmp_path / "f.txt"
    path.write_text(_hand(1) + "\n\n" + _hand(2) + "\n\n" + _hand(3), encoding="utf-8")
    found = list(api.audit_hands([path]))
    assert [type(x).__name__ for x in found] == ["Audit", "Quarantined", "Audit"]
    bug = found[1]
    assert isinstance(bug, Quarantined) and bug.kind == "internal" and bug.hand_id == "2"
    assert "panic: a fault injected on hand 2" in bug.reason and bug.line > 1
    with pytest.raises(InternalError, match="fault injected on hand 2"):
        list(api.audit_hands([path], strict=True))
