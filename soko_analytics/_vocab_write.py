"""Writes ``soko_analytics/_vocab.py``, the core's vocabularies as Python enums.

Run ``python -m soko_analytics._vocab_write`` after changing a vocabulary in the core.

Each vocabulary is defined once, in the core (``core/src/vocab.rs`` lists them: the action kinds, the hand
classes, the finding codes and severities), with a doc comment per member. Python's enums are written from
``_core.VOCABULARIES`` so that mypy sees their members; ``tests/core/test_vocab.py`` fails when the file
checked in differs from what this writes now.
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

from . import _core

TARGET = Path(__file__).with_name("_vocab.py")
_WIDTH = 112
"""A docstring's lines, within the line length with their indent and quotes."""

_HEAD = '''"""The core's vocabularies as Python enums, each defined once, in the core (``core/src/vocab.rs``).

Written by ``python -m soko_analytics._vocab_write`` from ``_core.VOCABULARIES``: do not edit by hand
(``tests/core/test_vocab.py`` fails when this file differs from what the core says now).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
'''


def docstring(doc: str, indent: str) -> list[str]:
    """A Rust doc comment as a docstring's lines: its lines joined, Markdown's code quotes as reST's."""
    text = " ".join(line.strip() for line in doc.splitlines() if line.strip())
    text = re.sub(r"`([^`]+)`", r"``\1``", text)
    lines = textwrap.wrap(text, _WIDTH - len(indent), break_on_hyphens=False, break_long_words=False)
    if not lines:
        return []
    lines[0] = '"""' + lines[0]
    lines[-1] += '"""'
    return [indent + line for line in lines]


def enum_text(name: str, kind: str, doc: str, members: tuple[tuple[str, str], ...]) -> list[str]:
    """One vocabulary as a Python enum: a ``StrEnum`` whose values are the texts, or an ``IntEnum`` numbered in
    order (its texts are its names in lower case)."""
    out = ["", "", f"class {name}({kind}):", *docstring(doc, "    "), ""]
    for number, (text, member_doc) in enumerate(members):
        value = repr(text) if kind == "StrEnum" else str(number)
        out.append(f"    {text.upper()} = {value}".replace("'", '"'))
        out.extend(docstring(member_doc, "    "))
    return out


def text() -> str:
    """The module as the core's vocabularies write it now."""
    names = sorted(_core.VOCABULARIES)
    listed = textwrap.wrap(", ".join(f'"{n}"' for n in names), _WIDTH - 4, break_on_hyphens=False)
    out = [_HEAD.rstrip("\n"), "", "__all__ = [", *(f"    {line}" for line in listed), "]"]
    for name in names:
        kind, doc, members = _core.VOCABULARIES[name]
        out.extend(enum_text(name, kind, doc, members))
    return "\n".join(out) + "\n"


def main() -> int:
    TARGET.write_text(text(), encoding="utf-8")
    print(TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
