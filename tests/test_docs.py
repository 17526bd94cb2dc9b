"""Every command documents itself (its --help ends with an example) and appears in the README."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.main import get_command

from soko_analytics.cli import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted(get_command(app).commands)


def test_all_commands_are_listed():
    assert set(COMMANDS) >= {"rules", "eval", "convert", "audit", "import", "quarantine", "export", "simulate", "demo"}


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_has_an_example_and_the_readme_names_it(name):
    command = get_command(app).commands[name]
    assert "Example: soko " + name in (command.help or ""), name
    assert f"soko {name}" in README, name
