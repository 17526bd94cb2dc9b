"""No message a person reads is left out of the catalogues (issue 40): every error the package raises, every usage
error and every line the command line echoes is marked (``_``, ``ngettext``, ``phrase``) or built from marked words.

Read from the package's source: a call to ``usage``, ``echo`` or ``fail``, or to a class of
:class:`~soko_analytics.errors.SokoError`, whose message is a literal (or an f-string, or a sum of them) with a word
in it fails, naming the file and the line. The program's own names (``soko``, ``soko demo``, ``soko_analytics``)
are not words to say."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import soko_analytics
from soko_analytics import errors

PACKAGE = Path(soko_analytics.__file__).parent
SAYERS = {"usage", "echo", "fail"}
"""The command line's ways to tell a person something (besides raising an error)."""
NAMES = re.compile(r"\bsoko_analytics\b|\bsoko demo\b|\bsoko\b")


def _error_classes(trees: list[ast.Module]) -> set[str]:
    """The names of :class:`~soko_analytics.errors.SokoError` and every class of the package built on it."""
    bases = {node.name: {b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in node.bases}
             for tree in trees for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    found = {errors.SokoError.__name__}
    while grown := {name for name, of in bases.items() if of & found} - found:
        found |= grown
    return found


def _has_words(node: ast.expr) -> bool:
    """Whether a literal part of the message holds a letter, the program's names aside."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[^\W\d_]", NAMES.sub("", node.value)))
    if isinstance(node, ast.JoinedStr):
        return any(_has_words(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _has_words(node.left) or _has_words(node.right)
    return False


def _called(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def unmarked(tree: ast.Module, raisers: set[str]) -> list[tuple[int, str]]:
    """The line and text of each message of a module said to a person but not marked for the catalogues."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and _called(node) in SAYERS | raisers:
            if _has_words(node.args[0]):
                found.append((node.lineno, ast.unparse(node.args[0])))
    return found


def test_the_scan_finds_an_unmarked_message():
    source = ('usage("give files")\nraise SokoError(f"no hand {h}")\necho(_("said"))\n'
              'raise SokoError(phrase("said {x}", x=1))\necho(f"soko: {line}")\nraise ValueError("internal")\n')
    assert unmarked(ast.parse(source), {"SokoError"}) == [(1, "'give files'"), (2, "f'no hand {h}'")]


def test_every_error_class_of_the_package_is_found():
    trees = [ast.parse(path.read_text("utf-8")) for path in PACKAGE.rglob("*.py")]
    assert {"SokoError", "RulesError", "StatsError", "LanguageError", "PotError", "LakeError"} <= _error_classes(trees)


def test_every_message_of_the_package_is_marked():
    modules = {path: ast.parse(path.read_text("utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}
    raisers = _error_classes(list(modules.values()))
    left = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text}"
            for path, tree in modules.items() for line, text in unmarked(tree, raisers)]
    assert not left, "messages not marked for the catalogues:\n" + "\n".join(left)
