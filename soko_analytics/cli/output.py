"""Text for the terminal: nothing a log contains reaches it as a control sequence.

A player name or a log line may hold ``ESC]0;...BEL`` (set the window title),
``ESC[2J`` (clear the screen), other C0 and C1 controls or bidirectional
overrides (U+202E): :func:`safe` shows each as a visible escape (``\\x1b``,
``\\u202e``) instead. :func:`cell` does that for a rich table cell and keeps
rich from reading ``[...]`` in it as markup. JSON output escapes the same
characters as ``\\uXXXX`` (:func:`json_text`), which JSON readers turn back.
"""

from __future__ import annotations

import json
import re
from typing import Any

import typer
from rich.text import Text

UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
"""Controls but tab and newline, DEL, C1 controls, bidirectional marks, embeddings, overrides and isolates."""
UNSAFE_LINE = re.compile(UNSAFE.pattern[:-1] + r"\t\n]")


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: object, one_line: bool = False) -> str:
    """``text`` with every control character shown as an escape (tabs and newlines too when ``one_line``)."""
    return (UNSAFE_LINE if one_line else UNSAFE).sub(_escape, str(text))


def cell(text: object) -> Text:
    """A rich table cell showing ``text`` as it is: no markup, no control characters."""
    return Text(safe(text, one_line=True))


def echo(text: object, err: bool = False, nl: bool = True) -> None:
    """Print human-readable text (see :func:`safe`)."""
    typer.echo(safe(text), err=err, nl=nl)


def json_text(data: Any, indent: int | None = 2) -> str:
    """JSON of ``data``, non-ASCII kept but every unsafe character escaped as ``\\uXXXX``."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(data, indent=indent, ensure_ascii=False,
                                                                       default=str))
