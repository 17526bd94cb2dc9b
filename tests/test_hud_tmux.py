"""``soko watch DIR --hud`` in a real terminal: tmux runs it 80 and 200 columns wide, hands are written into the
watched folder, and the screen (``tmux capture-pane``) shows the opponents' names and figures; Ctrl-C ends it
with the summary line.

tmux is Debian's ``tmux`` package, which ``.ci/run`` installs; CI sets SOKO_REQUIRE_TMUX=1, so that a missing
tmux fails these tests there instead of skipping them. The hands are those of tests/hud_hands.py, the figures
counted from their text there.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .hud_hands import T1, T2, text

TMUX = shutil.which("tmux")
SOKO = str(Path(sys.executable).parent / "soko")
if TMUX is None and os.environ.get("SOKO_REQUIRE_TMUX"):
    raise RuntimeError("SOKO_REQUIRE_TMUX is set but no tmux is on PATH (.ci/run installs it)")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (apt install tmux)")


ENV = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
"""The tests' environment without the COLUMNS and LINES pytest sets (80, 24), which rich would take over the
terminal's own size: the command run in tmux sees the window's."""


def tmux(*args: str) -> str:
    return subprocess.run([TMUX or "tmux", *args], check=True, capture_output=True, text=True, env=ENV).stdout


def wait_for(screen: Callable[[], str], found: Callable[[str], bool], seconds: float = 20.0) -> str:
    """The screen once ``found`` holds of it (polled), or the test fails showing the last screen."""
    deadline = time.monotonic() + seconds
    while True:
        shown = screen()
        if found(shown):
            return shown
        if time.monotonic() > deadline:
            pytest.fail(f"not on the screen after {seconds:.0f} s:\n{shown}")
        time.sleep(0.1)


@pytest.fixture(params=[80, 200], ids=["80-columns", "200-columns"])
def session(request, tmp_path: Path) -> Iterator[tuple[str, Path, Path, int]]:
    """A tmux session running ``soko watch logs --hud`` at the width asked; its name, the folder, the file the
    command's exit status is written to, and the width."""
    width = request.param
    folder = tmp_path / "logs"
    folder.mkdir()
    status = tmp_path / "status"
    name = f"soko-hud-{uuid.uuid4().hex[:8]}"
    command = (f"{shlex.quote(SOKO)} watch {shlex.quote(str(folder))} --db {shlex.quote(str(tmp_path / 'w.duckdb'))} "
               f"--hero Hero --hud --poll --interval 0.1 --settle 0.3 2>{shlex.quote(str(tmp_path / 'err'))}; "
               f"echo $? > {shlex.quote(str(status))}; sleep 60")
    tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", "40", command)
    try:
        yield name, folder, status, width
    finally:
        subprocess.run([TMUX or "tmux", "kill-session", "-t", name], capture_output=True, env=ENV)


def test_the_hud_shows_the_opponents_as_hands_arrive_and_ctrl_c_ends_it(session) -> None:
    name, folder, status, width = session

    def screen() -> str:
        return tmux("capture-pane", "-p", "-t", name)

    wait_for(screen, lambda s: "waiting for the hero's hands" in s)
    log = folder / "T1.txt"
    log.write_text(text(T1[0]), encoding="utf-8")
    # after 900001: Ann folded her one hand (VPIP 0 of 1), Bob called (VPIP 1 of 1)
    shown = wait_for(screen, lambda s: re.search(r"\bBob\b", s) is not None)
    assert re.search(r"\bAnn\s+1\s+0 ?(\([0-9-]+\))?~", shown) and re.search(r"\bBob\s+1\s+100 ?(\([0-9-]+\))?~", shown)
    with log.open("a", encoding="utf-8") as f:
        f.write(text(*T1[1:]))
    (folder / "T2.txt").write_text(text(T2), encoding="utf-8")
    # after all four: Ann 1 of 3, Bob 2 of 3 (see tests/hud_hands.py); T2's players; the hero's +1.50; a finding
    shown = wait_for(screen, lambda s: re.search(r"\bDee\b", s) is not None and "+1.50" in s
                     and re.search(r"\bBob\s+3\s+67", s) is not None)
    assert re.search(r"\bAnn\s+3\s+33 ?(\([0-9-]+\))?~", shown)
    assert re.search(r"\bCid\s+1\s+100", shown) and "900004" in shown
    lines = shown.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= width
    if width >= 120:
        assert "67 (21-94)~" in shown  # the interval of 2 in 3 beside the figure
    tmux("send-keys", "-t", name, "C-c")
    deadline = time.monotonic() + 20
    while not status.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert status.read_text().strip() == "0"
    err = (status.parent / "err").read_text(encoding="utf-8")
    assert "4 hands stored" in err and "Traceback" not in err
