"""A Babel extraction method for the core's Rust sources: every ``say!("...")`` template (a finding's message,
``core/src/said.rs``).

``extract_rust(fileobj, keywords, comment_tags, options)`` yields ``(lineno, "say", template, comments)`` for each
``say!`` call whose first argument is a string literal, the literal read as rustc reads it (escapes and ``\\``
line continuations resolved, raw strings kept). Comments, string and char literals elsewhere are skipped, so a
``say!(`` in a comment or a string is not a call. A ``// TRANSLATORS:`` comment on the lines just above a call
(a ``comment_tags`` tag) is given as its comment. Babel method name:
``soko_analytics.i18n.rust_extract:extract_rust`` (keyword ``say``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

__all__ = ["extract_rust", "rust_templates", "unescape"]

_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"'}
_CALL = re.compile(r"say!\s*\(\s*")
_RAW = re.compile(r'r(#*)"')
_WHITESPACE = " \t\n\r"


def unescape(body: str) -> str:
    """A (non-raw) Rust string literal's value from the text between its quotes, as rustc reads it."""
    out: list[str] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e == "\n":  # a continuation: the newline and the whitespace after it are skipped
            i += 2
            while i < len(body) and body[i] in _WHITESPACE:
                i += 1
        elif e == "x":
            out.append(chr(int(body[i + 2:i + 4], 16)))
            i += 4
        elif e == "u":
            close = body.index("}", i)
            out.append(chr(int(body[i + 3:close].replace("_", ""), 16)))
            i = close + 1
        else:
            out.append(_SIMPLE[e])
            i += 2
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    """The index just past the closing quote of the string literal whose body starts at ``start``."""
    i = start
    while text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _skip(text: str, i: int) -> int | None:
    """Where a comment, a string or a char literal starting at ``i`` ends (None: none starts there)."""
    two = text[i:i + 2]
    if two == "//":
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    if two == "/*":
        depth, j = 1, i + 2
        while depth and j < len(text):
            if text.startswith("/*", j):
                depth, j = depth + 1, j + 2
            elif text.startswith("*/", j):
                depth, j = depth - 1, j + 2
            else:
                j += 1
        return j
    if text[i] == '"':
        return _string_end(text, i + 1)
    raw = _RAW.match(text, i)
    if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
        close = '"' + raw.group(1)
        return text.index(close, raw.end()) + len(close)
    if text[i] == "'":
        if text[i + 1] == "\\":
            return text.index("'", i + 3) + 1
        if text[i + 2:i + 3] == "'":
            return i + 3
    return None


def _literal(text: str, i: int) -> tuple[str, int] | None:
    """The value of the string literal at ``i`` and where it ends, if one is there."""
    if text.startswith('"', i):
        end = _string_end(text, i + 1)
        return unescape(text[i + 1:end - 1]), end
    raw = _RAW.match(text, i)
    if raw:
        close = '"' + raw.group(1)
        end = text.index(close, raw.end())
        return text[raw.end():end], end + len(close)
    return None


def _comments(lines: list[str], lineno: int, tags: Collection[str]) -> list[str]:
    """The tagged ``//`` comments on the lines just above line ``lineno`` (1-based), tag stripped."""
    found: list[str] = []
    k = lineno - 2
    while k >= 0 and lines[k].strip().startswith("//"):
        comment = lines[k].strip().lstrip("/").strip()
        found.insert(0, comment)
        k -= 1
    for n, comment in enumerate(found):
        for tag in tags:
            if comment.startswith(tag):
                return [c.removeprefix(tag).strip() for c in found[n:]]
    return []


def rust_templates(text: str, comment_tags: Collection[str] = ()) -> Iterator[tuple[int, str, list[str]]]:
    """Each ``say!`` template of a Rust source: (line, template, comments)."""
    lines = text.splitlines()
    i = 0
    while i < len(text):
        skipped = _skip(text, i)
        if skipped is not None:
            i = skipped
            continue
        call = _CALL.match(text, i) if text.startswith("say!", i) else None
        if call and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            found = _literal(text, call.end())
            lineno = text.count("\n", 0, i) + 1
            if found is not None:
                yield lineno, found[0], _comments(lines, lineno, comment_tags)
                i = found[1]
                continue
            i = call.end()
            continue
        i += 1


def extract_rust(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for Rust: ``(lineno, "say", template, comments)`` for every ``say!`` call."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for lineno, template, comments in rust_templates(text, comment_tags):
        yield lineno, "say", template, comments
