"""Issue 12, store level: folders of mutated files through ``Store.import_paths``.

For each file, hands stored + hands already in the store (duplicates) +
quarantine rows with a hand id = the file's hand headers (the oracle of
:mod:`.mutate`); the same over the whole import against its summary; no
exception; no quarantine row of kind ``internal``, without a reason or without its raw text (issue 35: a file
that could not be read kept none); as
many ``hands`` rows as the summary says were stored. The files of one folder
share source hands, so the import meets duplicates and conflicting hands
(one id, different text) as well.
"""

from __future__ import annotations

import os
import traceback
from collections import Counter
from pathlib import Path

import pytest

from .mutate import Case, check_read, header_list, load_sources, make_case

BASE_SEED = int(os.environ.get("SOKO_FUZZ_SEED", "12000000")) + 3_000_000
BATCHES = 3
HANDS_PER_BATCH = 450
"""Headers each imported folder holds at least."""


@pytest.fixture(scope="module")
def sources(corpus):
    return load_sources(str(corpus))


def _folder(sources, first_seed: int, quota: int, folder: Path, profile: str = "import") -> dict[str, tuple[Case, int]]:
    """Mutated files written into ``folder`` until their headers reach ``quota``: path -> (case, headers)."""
    folder.mkdir()
    written: dict[str, tuple[Case, int]] = {}
    seed, total = first_seed, 0
    while total < quota:
        case = make_case(seed, sources, profile)
        n = len(header_list(case.text()))
        written[str(case.write(folder))] = (case, n)
        total += n
        seed += 1
    return written


def _this_run() -> str:
    return "import_id IN (SELECT import_id FROM imports WHERE run_id = (SELECT max(run_id) FROM imports))"


def check_import(written: dict[str, tuple[Case, int]], folder: Path, db: Path) -> list[str]:
    """Invariant B for one import of ``folder``; the problems found (empty when it holds)."""
    from soko_analytics.store.db import Store

    total = sum(n for _, n in written.values())
    problems: list[str] = []
    store = Store(db)
    try:
        try:
            summary = store.import_paths([folder], jobs=1)
        except Exception as err:  # noqa: BLE001 - the exception is the finding
            tail = "".join(traceback.format_exception(type(err), err, err.__traceback__)[-10:])
            cases = "\n".join("  " + case.describe().replace("\n", "\n  ") for case, _ in written.values())
            return [f"import_paths raises {type(err).__name__}: {err}\n{tail}\nthe folder's files:\n{cases}"]
        run = _this_run()
        rows = store.query(f"SELECT source_file, hand_id, kind, reason, raw FROM quarantine WHERE {run}")
        with_id = rows.filter(rows["hand_id"].is_not_null())
        per_file = Counter(with_id["source_file"].to_list())
        kinds = Counter(rows["kind"].to_list())
        counted = summary.stored + summary.duplicate + len(with_id)
        if counted != total:
            problems.append(f"whole import: stored {summary.stored} + duplicate {summary.duplicate} + quarantined "
                            f"with a hand id {len(with_id)} = {counted}, but the {len(written)} files have {total} "
                            f"headers (quarantine kinds {dict(kinds)})")
        hands = store.query("SELECT count(*) AS n FROM hands")["n"][0]
        if hands != summary.stored:
            problems.append(f"the hands table has {hands} rows, the summary says {summary.stored} stored")
        internal = rows.filter(rows["kind"] == "internal")
        for row in internal.head(5).iter_rows(named=True):
            problems.append(f"a quarantine row of kind internal (a bug): {row['source_file']}: hand "
                            f"{row['hand_id']!r}: {row['reason']}")
        empty = rows.filter(rows["reason"].is_null() | (rows["reason"].str.strip_chars() == ""))
        if len(empty):
            problems.append(f"{len(empty)} quarantine rows without a reason, e.g. {empty.head(3).to_dicts()}")
        no_text = rows.filter(rows["raw"] == "")
        if len(no_text):
            problems.append(f"{len(no_text)} quarantine rows without their raw text, e.g. "
                            f"{no_text.drop('raw').head(3).to_dicts()}")
        results = {f.path: f for f in summary.files}
        for path, (case, n) in written.items():
            f = results.get(path)
            if f is None:
                problems.append(f"no import result for {path}\n  {case.describe()}")
                continue
            got = f.stored + f.duplicate + per_file.get(path, 0)
            if got != n:
                file_kinds = Counter(with_id.filter(with_id["source_file"] == path)["kind"].to_list())
                read_level = check_read(Path(path), header_list(case.text()))
                hint = ("; read_path alone: " + "; ".join(dict.fromkeys(p.signature for p in read_level))
                        if read_level else "; read_path alone yields one record per header")
                problems.append(
                    f"{Path(path).name}: stored {f.stored} + duplicate {f.duplicate} + quarantined with a hand id "
                    f"{per_file.get(path, 0)} {dict(file_kinds)} = {got}, but it has {n} headers"
                    f"{' (file error: ' + f.error + ')' if f.error else ''}{hint}\n  "
                    + case.describe().replace("\n", "\n  "))
    finally:
        store.close()
    return problems


@pytest.mark.parametrize("batch", range(BATCHES))
def test_every_header_is_stored_or_quarantined(batch, sources, tmp_path):
    written = _folder(sources, BASE_SEED + 1000 * batch, HANDS_PER_BATCH, tmp_path / "in")
    assert sum(n for _, n in written.values()) >= HANDS_PER_BATCH
    problems = check_import(written, tmp_path / "in", tmp_path / "s.duckdb")
    if problems:
        pytest.fail(f"{len(problems)} problem(s):\n" + "\n".join(problems), pytrace=False)


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(4))
def test_every_header_is_stored_or_quarantined_many(batch, sources, tmp_path):
    written = _folder(sources, BASE_SEED + 100_000 + 1000 * batch, 2_000, tmp_path / "in", "slow")
    problems = check_import(written, tmp_path / "in", tmp_path / "s.duckdb")
    if problems:
        pytest.fail(f"{len(problems)} problem(s):\n" + "\n".join(problems), pytrace=False)
