"""``soko lake build`` without Dask installed: one line saying what to install, exit 2 (Dask's import made to fail)."""

from __future__ import annotations

import sys

from typer.testing import CliRunner

from soko_analytics.cli import app
from soko_analytics.lake import INSTALL


def test_lake_build_without_dask_says_what_to_install(tmp_path, monkeypatch):
    hands = tmp_path / "hands.txt"
    hands.write_text("PokerStars Hand #1: nothing to read\n", encoding="utf-8")
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # `import dask.distributed` raises ImportError
    result = CliRunner().invoke(app, ["lake", "build", str(hands), "--out", str(tmp_path / "lake")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines == ["soko: error: soko lake build needs Dask, which is not installed: pip install "
                     "'soko_analytics[dask]'"]
    assert INSTALL in lines[0]
    assert not (tmp_path / "lake").exists()  # nothing made before the check
