"""Golden output of every listing command in each format of the output contract (docs/cli.md).

The data: the three disputed hands bundled with the sample data (sample_data/disputed, one Sökö hand
each, Aino, Ville, Matti and Liisa at the table), and for ``soko quarantine`` a fourth file holding the
first 20 lines of one of them under another hand id (a hand cut before its summary; under its own id it
would count as resolved by the whole hand). Each command's standard output (tables
piped: plain text) is compared with ``tests/golden/<name>.<format>``; paths and timings are written as
``{disputed}``, ``{store}`` (the store's folder), ``{tmp}`` and 0. ``SOKO_GOLDEN=update`` rewrites the files (then read them by eye).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden"
DISPUTED = api.SAMPLE_DATA / "disputed"
FORMATS = ("table", "csv", "json", "jsonl")
CUT = 20
"""Lines of wrong-bring-in.txt in the cut file: the hand stops on its 2nd street."""


@pytest.fixture(scope="module")
def store() -> Iterator[Path]:
    """The store, in a folder whose path is as long on every run: a table's column widths hold the real path
    before it is written as ``{store}``, so pytest's numbered folders (``pytest-9``, ``pytest-10``) would
    change the padding."""
    folder = Path(tempfile.gettempdir()) / f"soko-golden-{uuid.uuid4().hex}"
    folder.mkdir()
    try:
        yield _import_disputed(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _import_disputed(folder: Path) -> Path:
    lines = (DISPUTED / "wrong-bring-in.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    cut = "".join(lines[:CUT]).replace("#202603140101:", "#202603140199:", 1)
    (folder / "cut.txt").write_text(cut, encoding="utf-8")
    db = folder / "s.duckdb"
    api.import_paths(db, [DISPUTED, folder / "cut.txt"])
    return db


COMMANDS = {
    "audit": ["audit", "{disputed}"],
    "stats": ["stats", "--db", "{db}", "--player", "Matti"],
    "quarantine": ["quarantine", "--db", "{db}"],
    "quarantine-by-reason": ["quarantine", "--db", "{db}", "--by", "reason"],
    "rules": ["rules", "soko-casino"],
    "eval": ["eval", "As Kd 7h 7c 2s", "Qs Qd 9c 5h 2d", "--rules", "holdem"],
    "import": ["import", "{disputed}", "--db", "{tmp}/i.duckdb", "--summary"],
}
"""Golden name → the command; its format is the last option (``--format``, or ``--summary`` for import)."""


def normalised(text: str, store: Path, tmp: Path) -> str:
    text = text.replace(str(DISPUTED), "{disputed}").replace(str(store.parent), "{store}").replace(str(tmp), "{tmp}")
    text = re.sub(r'"seconds": [0-9.]+', '"seconds": 0', text)
    return re.sub(r"[0-9.]+ s, [0-9,]+ hands/s", "0.0 s, 0 hands/s", text)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", COMMANDS)
def test_golden_output(name, fmt, store, tmp_path):
    args = [a.format(disputed=DISPUTED, db=store, tmp=tmp_path) for a in COMMANDS[name]]
    args += [fmt] if name == "import" else ["--format", fmt]
    result = runner.invoke(app, args)
    assert result.exit_code == (1 if name == "audit" else 0), result.output
    got = normalised(result.stdout, store, tmp_path)
    golden = GOLDEN / f"{name}.{fmt}"
    if os.environ.get("SOKO_GOLDEN") == "update":
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(got, encoding="utf-8")
    assert got == golden.read_text(encoding="utf-8")
