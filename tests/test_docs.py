"""Every command documents itself (its --help ends with an example) and appears in the README; every command the
README's tour shows runs as written; every link of the README and docs/ leads to a file and heading that exist."""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from soko_analytics.cli import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted(get_command(app).commands)
SUBCOMMANDS = sorted((group, sub) for group, command in get_command(app).commands.items()
                     for sub in getattr(command, "commands", {}))


def test_all_commands_are_listed():
    assert set(COMMANDS) >= {"rules", "eval", "convert", "audit", "import", "quarantine", "export", "simulate", "demo"}


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_has_an_example_and_the_readme_names_it(name):
    command = get_command(app).commands[name]
    assert "Example: soko " + name in (command.help or ""), name
    assert f"soko {name}" in README, name


def test_there_are_report_subcommands():
    assert {("report", "dashboard"), ("report", "hand")} <= set(SUBCOMMANDS)


@pytest.mark.parametrize(("group", "name"), SUBCOMMANDS)
def test_subcommand_help_has_an_example_and_the_readme_names_it(group, name):
    command = get_command(app).commands[group].commands[name]
    assert f"Example: soko {group} {name}" in (command.help or ""), name
    assert f"soko {group} {name}" in README, name


# -- the README's tour and the docs' links -------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
TOUR = README.split("\n## A short tour\n", 1)[1].split("\n## ", 1)[0]
TOUR_COMMANDS = [c for c in re.findall(r"`(soko [^`]+)`", TOUR) if "COMMAND" not in c and c != "soko demo"]
"""The commands the tour shows, in its order (``soko demo`` is the README's first command:
tests/test_sample_data.py runs it)."""


def test_the_tour_shows_every_command():
    shown = {c.split()[1] for c in TOUR_COMMANDS} | {" ".join(c.split()[1:3]) for c in TOUR_COMMANDS}
    assert set(COMMANDS) - {"demo", "report"} <= shown and {f"{g} {n}" for g, n in SUBCOMMANDS} <= shown


def test_every_command_of_the_tour_runs_as_written(tmp_path, monkeypatch):
    """From a folder like the project's (its sample_data/), one after the other as a reader would type them: exit
    status 0, or 1 where the README's exit statuses say so (an audit or a hand report of the disputed hands)."""
    (tmp_path / "sample_data").symlink_to(ROOT / "sample_data")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for command in TOUR_COMMANDS:
        args = shlex.split(command)[1:]
        if args[0] == "watch":  # it runs until Ctrl-C: started, then interrupted as a user would
            proc = subprocess.Popen([str(Path(sys.executable).parent / "soko"), *args], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            started = proc.stderr.readline()
            time.sleep(3)  # its catch-up of the folder (every hand already stored by the import above)
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=120)
            assert started.startswith("soko: watching sample_data") and "Traceback" not in err, (command, err)
            # Ctrl-C ends a watch with its summary (0); during its catch-up, as interrupted (130, README)
            assert (proc.returncode, "soko: watched " in err) in ((0, True), (130, False)), (command, err)
            continue
        result = runner.invoke(app, args, env={"COLUMNS": "120"})
        breaks_rules = args[0] in ("audit", "report") and any(a.startswith("sample_data/disputed") for a in args)
        assert result.exit_code == (1 if breaks_rules else 0), (command, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.exception)
    assert (tmp_path / "soko.duckdb").is_file() and (tmp_path / "reports" / "aino.html").is_file()


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "soko_analytics" / "schemas" / "README.md",
        ROOT / "soko_analytics" / "sample_data" / "README.md", ROOT / "reports" / "README.md"]
"""The pages, where they really are (schemas/ and sample_data/ are links into the package)."""


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings: lower case, punctuation but hyphens dropped, spaces as hyphens."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in re.findall(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_the_readme_and_docs_leads_somewhere(page):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: {target}"
        if anchor:
            assert anchor in _anchors(linked), f"{page.name}: {target}"
