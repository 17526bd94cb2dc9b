"""The command line's own usage errors (typer's and pydantic's English) said in Finnish and Swedish (issue 40).

The English each case must give is typer's own, as its bundled click and pydantic write it (the test's expected
phrases, not the package's); the other languages must give the same exit code, keep the parts the person typed
(the option's name, the words given) and hold no English word of those messages."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import i18n
from soko_analytics.cli import app
from soko_analytics.cli.usage_errors import said_message

runner = CliRunner()
SOKO = str(Path(sys.executable).parent / "soko")
ENGLISH = re.compile(r"\b(No such|Possible options|Missing|Invalid value|Input should|integer|greater than|"
                     r"unexpected extra|requires an|Did you mean|is not one of|Value error)\b")
"""The words of typer's usage errors that no Finnish or Swedish one has."""

CASES = [
    (["audit", "--explainn", "5", "x"], "No such option: --explainn (Possible options: --explain", ["--explainn"]),
    (["simulate", "--hands", "-5"], "Invalid value for '--hands' / '-n': Input should be greater than or equal to 1",
     ["'--hands'", "1"]),
    (["simulate", "--hands", "1.5"], "Input should be a valid integer, unable to parse string as an integer",
     ["'--hands'"]),
    (["stats", "--format", "xyz"], "Value error, 'xyz' is not one of 'table', 'csv'", ["'xyz'", "'parquet'"]),
    (["audit", "--db"], "Option '--db' requires an argument.", ["'--db'"]),
    (["stats", "a", "b", "c"], "Got unexpected extra argument(s) (a b c)", ["(a b c)"]),
    (["eval"], "Missing argument 'hands'.", ["'hands'"]),
    (["report", "nosuch"], "No such command 'nosuch'.", ["'nosuch'"]),
    (["repot"], "No such command 'repot'. Did you mean 'report'", ["'repot'", "'report'"]),
]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def error_text(args: list[str], language: str) -> tuple[int, str]:
    """The exit code and the error's words (the box's frame and the line breaks taken out): the language spoken
    from the start, as a process's own command line makes it (see the last test), and ``--lang`` given to ``soko``."""
    i18n.use(language)
    done = runner.invoke(app, ["--lang", language, *args], env={"COLUMNS": "400"})
    return done.exit_code, " ".join(re.sub(r"[╭╮╰╯│─]", " ", done.output).split())


@pytest.mark.parametrize("args, english, parts", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_usage_error_is_said_in_each_language(args, english, parts):
    code, text = error_text(args, "en")
    assert code == 2 and english in text
    for language in ("fi", "sv"):
        said_code, said = error_text(args, language)
        assert said_code == 2
        assert all(part in said for part in parts), (language, said)
        assert not ENGLISH.search(said.split(" Error ")[-1]), (language, said)


def test_a_message_no_template_fits_stays_english():
    i18n.use("fi")
    assert said_message("Something typer has never said.") == "Something typer has never said."
    assert said_message("Invalid value for '-x': a reason of its own") == (
        "Virheellinen arvo valitsimelle '-x': a reason of its own")


def test_the_language_of_the_command_line_says_a_usage_error():
    clean = {k: v for k, v in os.environ.items() if k not in ("SOKO_LANG", "LANG", "LC_ALL", "LC_MESSAGES")}
    done = subprocess.run([SOKO, "--lang", "sv", "audit", "--nosuch"], capture_output=True, text=True, timeout=120,
                          env={**clean, "COLUMNS": "200"})
    assert done.returncode == 2
    assert "Alternativet finns inte: --nosuch" in done.stderr and "No such option" not in done.stderr
