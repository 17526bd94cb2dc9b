"""Every command documents itself (its --help ends with an example) and appears in the README."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.main import get_command

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
