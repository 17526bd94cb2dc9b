"""Keep the message catalogues: ``python -m soko_analytics.i18n.catalogues [--check]``.

Extracts the messages (Babel's extractor over the package's Python: ``_``, ``pgettext``, ``ngettext``; the
commands' docstrings, their ``--help``, :func:`command_docs`; and the core's texts,
:func:`soko_analytics.i18n.core_messages`) into ``locale/soko.pot``, merges the template into each
language's ``soko.po`` (new messages empty, gone ones marked obsolete) and compiles each ``soko.mo``. With
``--check`` it writes nothing and exits 1 when a message has no translation in some language, or a ``.po`` or a
``.mo`` is not what this would write (the tests run it so).
"""

from __future__ import annotations

import ast
import io
import re
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR, core_messages
from .scripts import KEYWORDS as SCRIPT_KEYWORDS

PACKAGE = Path(__file__).resolve().parents[1]
DATE = datetime(2026, 12, 7, tzinfo=UTC)
"""The date every catalogue's header says, so that a file's bytes are a function of its messages alone."""
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
CORE_SOURCE = PACKAGE.parent / "core" / "src"
"""The core's Rust sources, whose ``say!`` templates are the finding messages (a source checkout only)."""
RUST_METHOD = "soko_analytics.i18n.rust_extract:extract_rust"
PYTHON_KEYWORDS = {**DEFAULT_KEYWORDS, "phrase": None, "phrases": (1, 2)}
"""Babel's gettext names, and the errors' words (:func:`soko_analytics.errors.phrase` and ``phrases``)."""
CLI = PACKAGE / "cli"


def template(include_findings: bool = True) -> Catalog:
    """Every message soko says, with where the package says it: the Python's, the commands' help (their docstrings,
    :func:`command_docs`), the page scripts' (``_()`` and ``plural()``, :mod:`soko_analytics.i18n.scripts`), the
    core's vocabularies (:func:`soko_analytics.i18n.core_messages`) and, with ``include_findings``, the audit's
    finding messages and the rules layer's refusals (the core's ``say!`` templates, :func:`core_templates`, contexts
    ``finding`` and ``rules``) and the words their arguments name (:func:`core_terms`)."""
    catalog = Catalog(project="soko_analytics", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE, [("**.py", "python")], keywords=PYTHON_KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
    for filename, lineno, message in command_docs():
        catalog.add(message, locations=[(filename, lineno)])
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE, [("**.js", "javascript")], keywords=SCRIPT_KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
    for context, message in core_messages():
        catalog.add(message, locations=[("core", 0)], context=context)
    if include_findings:
        for filename, lineno, message, comments, context in core_templates():
            catalog.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
        for filename, lineno, context, message in core_terms():
            catalog.add(message, locations=[(filename, lineno)], context=context)
    _header(catalog, "The messages of soko_analytics: the template of every language's catalogue.")
    return catalog


def command_docs(source: Path = CLI) -> list[tuple[str, int, str]]:
    """The help of each command and group of ``soko``: the docstring of each function of the cli's modules that a
    ``.command(...)`` or ``.callback(...)`` decorator registers, as typer reads it (``inspect.getdoc``), said
    through ``cli.helptext.said_doc``; as (file under the package, line, docstring)."""
    found = []
    for path in sorted(source.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(_registers(d) for d in node.decorator_list):
                doc = ast.get_docstring(node, clean=True)
                if doc:
                    found.append((str(path.relative_to(PACKAGE)), node.lineno, doc))
    return found


def _registers(decorator: ast.expr) -> bool:
    """Whether a decorator registers a command or a group's callback: ``@app.command("rules")``,
    ``@report_app.callback()``."""
    return (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr in ("command", "callback"))


def core_templates(source: Path = CORE_SOURCE) -> list[tuple[str, int, str, list[str], str]]:
    """Each message template of the core's sources (``say!``), as (file under ``core/src``, line, template,
    comments, context), by Babel's extractor with :func:`soko_analytics.i18n.rust_extract.extract_rust`: context
    ``rules`` for the rules layer's (``rules/``: why a rules text is refused), ``read`` for the readers' (``read/``:
    why a log's hand is quarantined), ``finding`` for the rest (the audit's findings). ``said.rs``, the macro's own
    module, is left out (its examples are no message)."""
    found = extract_from_dir(source, [("**/said.rs", "ignore"), ("**.rs", RUST_METHOD)], keywords={"say": None},
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    return [(filename, lineno, str(message), comments, _context(filename))
            for filename, lineno, message, comments, _ in found]


def _context(filename: str) -> str:
    """The catalogue's context of a template of the core's file ``filename`` (under ``core/src``)."""
    if filename.startswith("rules/"):
        return "rules"
    return "read" if filename.startswith("read/") else "finding"


def finding_templates(source: Path = CORE_SOURCE) -> list[tuple[str, int, str, list[str]]]:
    """The finding messages of :func:`core_templates` (context ``finding``), as (file, line, template, comments)."""
    return [(filename, lineno, message, comments)
            for filename, lineno, message, comments, context in core_templates(source) if context == "finding"]


_TERM = re.compile(r'Term\(\s*"(\w+)",\s*"([^"\\]+)"\s*\)')
_POT_ERROR = re.compile(r'PotError::new\(\s*"([^"\\]+)"')


def core_terms(source: Path = CORE_SOURCE) -> list[tuple[str, int, str, str]]:
    """The words a finding's ``term`` argument names, as (file under ``core/src``, line, context, English): each
    ``Term("holder", "the board")`` of the core's sources, and each reason a pot cannot be built
    (``PotError::new("negative contribution", ...)``, context ``pot_error``)."""
    found = []
    for path in sorted(source.rglob("*.rs")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(source))
        for m in _TERM.finditer(text):
            found.append((name, text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2)))
        for m in _POT_ERROR.finditer(text):
            found.append((name, text.count("\n", 0, m.start()) + 1, "pot_error", m.group(1)))
    return found


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def merged(language: str, pot: Catalog) -> Catalog:
    """A language's catalogue brought up to the template (its translations kept)."""
    path = po_path(language)
    if path.is_file():
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, domain=DOMAIN)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN, project="soko_analytics", fuzzy=False)
    catalog.update(pot, no_fuzzy_matching=True)
    _header(catalog, f"{LANGUAGES[language]}: the messages of soko_analytics in {language}.")
    catalog.language_team = catalog.last_translator = "the soko_analytics developers"
    return catalog


def _header(catalog: Catalog, title: str) -> None:
    """The header every catalogue file has: its title, how it is kept, no date but :data:`DATE`."""
    catalog.header_comment = (f"# {title}\n# Kept by python -m soko_analytics.i18n.catalogues; how to add a "
                              "language: docs/i18n.md.\n#")
    catalog.creation_date = catalog.revision_date = DATE
    catalog.version = "1"
    catalog.msgid_bugs_address = "docs/i18n.md"


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=116, omit_header=False, sort_output=True, ignore_obsolete=True,
             include_previous=False)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _empty(string: object) -> bool:
    """Whether a translation is missing: none, empty, or a plural with an empty form."""
    return not string or (isinstance(string, list | tuple) and not all(string))


def missing(catalog: Catalog) -> list[str]:
    """The messages of a catalogue with no translation (or an empty one)."""
    return [str(m.id) for m in catalog if m.id and _empty(m.string)]


def files() -> dict[Path, bytes]:
    """What each catalogue file should hold now."""
    pot = template()
    out = {TEMPLATE: _po_bytes(pot)}
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        catalog = merged(language, pot)
        out[po_path(language)] = _po_bytes(catalog)
        out[po_path(language).with_suffix(".mo")] = _mo_bytes(catalog)
    return out


def _messages(catalog: Catalog) -> set[tuple[object, object, object]]:
    """A catalogue's messages as (context, message, translation), its header and obsolete ones left out."""
    def frozen(value: object) -> object:
        return tuple(value) if isinstance(value, list | tuple) else value

    return {(m.context, frozen(m.id), frozen(m.string)) for m in catalog if m.id}


def _read(path: Path, reader: Callable[..., Catalog]) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return reader(f)


def problems() -> list[str]:
    """What is wrong with the catalogues as they are (empty: nothing): a message without a translation in some
    language, a file that does not hold what :func:`files` would write. Compared message by message, not byte by
    byte (the headers name Babel's version)."""
    found = []
    pot = template()
    stale = "{} is not up to date: python -m soko_analytics.i18n.catalogues"
    pot_file = _read(TEMPLATE, read_po)
    if pot_file is None or {k[:2] for k in _messages(pot_file)} != {k[:2] for k in _messages(pot)}:
        found.append(stale.format(TEMPLATE.relative_to(PACKAGE)))
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        catalog = merged(language, pot)
        found += [f"{language}: no translation of {m!r}" for m in missing(catalog)]
        po, mo = po_path(language), po_path(language).with_suffix(".mo")
        for path, reader in ((po, read_po), (mo, read_mo)):
            held = _read(path, reader)
            translated = {m for m in _messages(catalog) if not _empty(m[2])}
            if held is None or _messages(held) != translated:
                found.append(stale.format(path.relative_to(PACKAGE)))
    return found


def main(argv: list[str]) -> int:
    if "--check" in argv:
        found = problems()
        for problem in found:
            print(problem, file=sys.stderr)
        return 1 if found else 0
    for path, data in files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
