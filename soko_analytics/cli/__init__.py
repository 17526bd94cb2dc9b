"""The ``soko`` command line: thin commands over :mod:`soko_analytics.api`.

The only package that imports typer and rich. This module holds the app, the
exit statuses and the shared options; the commands live beside it by subject:
``rules.py`` (rules, eval), ``hands.py`` (import, audit, convert, quarantine,
export), ``play.py`` (simulate, demo), ``stats.py`` and ``reports.py``. Each
command parses its options, calls one api function inside
:func:`reporting_errors`, and renders the plain data it gets back through
:mod:`.output` (one output contract: ``--format table|json|jsonl|csv``). Data
goes to stdout, diagnostics to stderr.
"""

from __future__ import annotations

import functools
import inspect
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum, IntEnum
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated, Any

import typer

# OpenBLAS (NumPy's, for the ranking tables) would start a thread per core that spins after its
# start-up, a tenth of a second of CPU per command; the CLI makes no BLAS call. Set before NumPy
# is imported by the api, and only where the user has not chosen.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


MIN_ADDRESS_SPACE = 1 << 30
"""The address space (``ulimit -v``) soko needs: NumPy, Polars, DuckDB and the core reserve about 700 MiB of it
before a file is read (measured: an import of a folder of logs under a limit of 976 MiB works, under 781 MiB a
library aborts)."""


def _bounded_address_space() -> None:
    """Under an address-space limit (``ulimit -v``): below :data:`MIN_ADDRESS_SPACE`, one line and exit 2 before
    any library is loaded (one of them would otherwise abort the process, SIGABRT, or print a traceback); above
    it, glibc's malloc keeps 2 arenas instead of 8 a core. Each thread's arena reserves 64 MiB of address space
    up front (not memory): with the threads of DuckDB, Polars and the core's readers, a limit of 1 GB was gone
    before a file was read, and the first allocation that failed aborted the process inside Rust or Arrow. Set
    before those libraries start their threads; the arenas are left alone where the C library is not glibc."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        return
    if soft == resource.RLIM_INFINITY:
        return
    if soft < MIN_ADDRESS_SPACE:
        sys.stderr.write(f"soko: error: the address space is limited to {soft >> 20:,} MiB (ulimit -v {soft >> 10}); "
                         f"soko needs at least {MIN_ADDRESS_SPACE >> 20:,} MiB of it: raise the limit "
                         "(ulimit -v unlimited)\n")
        raise SystemExit(2)
    try:
        import ctypes

        ctypes.CDLL(None).mallopt(-8, 2)  # M_ARENA_MAX
    except (OSError, AttributeError):
        pass


_bounded_address_space()

from .. import api, i18n  # noqa: E402 - after the environment above
from ..errors import SokoError, phrase
from ..i18n import _  # noqa: E402
from .helptext import HelpCommand, HelpGroup, language_asked, said_doc, say_typer_words, speak_from_the_start

speak_from_the_start(sys.argv[1:])  # before any help text is made: in .output, below and in the commands' modules
ASKED = language_asked(sys.argv[1:])
"""The command line's last ``--lang``, wherever it stands (None: none; the one that wins): the root speaks it from
the start, so that a command's ``--help`` before its ``--lang`` (eager both, taken in their order) is said in it."""

from .output import echo  # noqa: E402


class ExitCode(IntEnum):
    """Exit status of ``soko``."""

    OK = 0
    """Success."""
    FINDINGS = 1
    """``soko audit``: some hand has an error finding."""
    USAGE = 2
    """Bad input: an unknown name, a bad value, a missing file, an impossible combination of options."""
    INTERNAL = 3
    """A bug of soko_analytics stopped the command (the message says where; ``--strict`` or SOKO_DEBUG=1
    show the traceback)."""
    NOTHING_READ = 4
    """``soko audit`` and ``soko import``: nothing could be read (every hand quarantined, every file unreadable or
    not of the ``--format`` asked for); 0 and 1 mean the input was read."""
    INTERRUPTED = 130
    """Ctrl-C."""


class InputFormat(str, Enum):
    """``--format`` / ``--from`` of the commands that read hand histories."""

    auto = "auto"
    pokerstars = "pokerstars"
    ggpoker = "ggpoker"
    bovada = "bovada"
    poker888 = "888poker"
    winamax = "winamax"
    winning = "winning"
    partypoker = "partypoker"
    ipoker = "ipoker"
    soko = "soko"
    phh = "phh"


class OutputFormat(str, Enum):
    """``--to`` of ``soko convert``, ``--format`` of ``soko simulate``."""

    pokerstars = "pokerstars"
    soko = "soko"
    phh = "phh"


Strict = Annotated[bool, typer.Option("--strict", help=_("Stop with a traceback at a bug of soko_analytics instead "
                                        "of quarantining the hand as internal (for debugging)."))]
STDIN = "-"
"""The path that means standard input, where a command reads hand histories."""


LANG_HELP = _("The language of what soko says: fi (suomi), sv (svenska) or en (English); default SOKO_LANG, then "
              "the locale (LC_ALL, LC_MESSAGES, LANG), then English. Data (codes, field and column names) never "
              "changes.")


def _speak(value: str | None) -> None:
    """``soko --lang``: the language from now on (not given: SOKO_LANG's, the locale's or English)."""
    try:
        i18n.use(value)
    except SokoError as err:
        usage(i18n.say_error(err))
    say_typer_words()


def _speak_here(value: str | None) -> None:
    """A command's ``--lang``, where given (``soko eval --lang fi``): after the root's, so it wins. An unknown
    language is one line on stderr, exit 2."""
    if value is not None:
        _speak(value)


LangOption = Annotated[str | None, typer.Option("--lang", metavar="fi|sv|en", is_eager=True, callback=_speak_here,
                                                help=LANG_HELP)]


def _with_lang(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` taking ``--lang`` too (handled by its callback before the command runs), its docstring (its
    help) in the language spoken."""
    signature = inspect.signature(command, eval_str=True)

    @functools.wraps(command)
    def run(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        return command(*args, **kwargs)

    run.__doc__ = said_doc(command)
    lang = inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LangOption)
    run.__signature__ = signature.replace(parameters=[*signature.parameters.values(), lang])  # type: ignore[attr-defined]
    run.__annotations__ = {**{n: p.annotation for n, p in signature.parameters.items()}, "lang": LangOption}
    return run


def _said(callback: Callable[..., Any]) -> Callable[..., Any]:
    """A group's callback, its docstring (the group's help) in the language spoken."""
    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        return callback(*args, **kwargs)

    run.__doc__ = said_doc(callback)
    return run


class Commands(typer.Typer):
    """soko's command groups: every command takes ``--lang``; the help is in the language spoken
    (:mod:`.helptext`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{"cls": HelpGroup, **kwargs})

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:  # type: ignore[override]
        register = super().command(*args, **{"cls": HelpCommand, **kwargs})

        def decorator(command: Callable[..., Any]) -> Callable[..., Any]:
            register(_with_lang(command))
            return command

        return decorator

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:  # type: ignore[override]
        register = super().callback(*args, **kwargs)

        def decorator(callback: Callable[..., Any]) -> Callable[..., Any]:
            register(_said(callback))
            return callback

        return decorator


app = Commands(
    name="soko",
    help=_("Hand-history analysis for Sökö, Texas Hold'em and Seven Card Stud."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)


def _version(value: bool) -> None:
    if value:
        try:
            number = version("soko_analytics")
        except PackageNotFoundError:
            number = "unknown (not installed)"
        typer.echo(f"soko_analytics {number}")
        raise typer.Exit()


@app.callback()
def _soko(
    _: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                    help=_("Print the version and exit."))] = False,
    language: Annotated[str | None, typer.Option("--lang", metavar="fi|sv|en", is_eager=True, help=LANG_HELP)] = None,
) -> None:
    """Hand-history analysis for Sökö, Texas Hold'em and Seven Card Stud.

    Example: soko rules soko-casino
    """
    _speak(ASKED if ASKED is not None else language)


@contextmanager
def reporting_errors(code: ExitCode = ExitCode.USAGE) -> Iterator[None]:
    """Turn a SokoError into ``soko: error: <message>`` on stderr and exit ``code``; Ctrl-C into exit 130."""
    try:
        yield
    except api.Interrupted as err:
        echo(f"soko: {i18n.say(err.reason)}", err=True)
        raise typer.Exit(int(ExitCode.INTERRUPTED)) from None
    except SokoError as err:
        echo(_("soko: error: {message}").format(message=i18n.say_error(err) + _way_forward(err)), err=True)
        raise typer.Exit(int(code)) from None
    except KeyboardInterrupt:
        echo(_("soko: interrupted"), err=True)
        raise typer.Exit(int(ExitCode.INTERRUPTED)) from None


DEMO_OUT = Path("soko-demo")
"""Where ``soko demo`` writes its store (``demo.duckdb``) unless told otherwise."""


def _way_forward(err: SokoError) -> str:
    """What to do next, for the errors that have one: where there is no store, how to make one or name one."""
    if not isinstance(err, api.NoStore):
        return ""
    demo = next((p for p in (DEMO_OUT / "demo.duckdb", Path("demo.duckdb")) if p.is_file()), None)
    made = _("; soko demo's store is {demo}: --db {demo}").format(demo=demo) if demo else ""
    if err.path and Path(err.path).is_dir():
        return _(" ({path} is a folder: --db names a store's file (soko import FILES --db {store} makes one there) "
                 "or a lake's folder (soko lake build FILES --out {path}){made})").format(
            path=err.path, store=Path(err.path) / "soko.duckdb", made=made)
    return _(" (soko import FILES --db {path} makes one, or --db names another{made})").format(path=err.path,
                                                                                                made=made)


def usage(message: str) -> None:
    """A usage error: the message on stderr, exit 2."""
    echo(_("soko: error: {message}").format(message=message), err=True)
    raise typer.Exit(int(ExitCode.USAGE))


def write_text(out: Path, text: str) -> None:
    """Write an output file; a SokoError (not a traceback) when its folder is missing or it cannot be written."""
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as err:
        reason = phrase("cannot write the file: {error}", error=err.strerror or str(err))
        raise SokoError(reason, path=str(out)) from None


def main() -> None:
    """Entry point of the ``soko`` script: a bug of ours is one line on stderr and exit status 3
    (``SOKO_DEBUG=1`` or ``--strict`` shows the traceback)."""
    debug = os.environ.get("SOKO_DEBUG") == "1" or "--strict" in sys.argv
    try:
        app()
    except KeyboardInterrupt:
        echo(_("soko: interrupted"), err=True)
        sys.exit(int(ExitCode.INTERRUPTED))
    except Exception as err:  # noqa: BLE001 - the last boundary: a bug of ours never prints a bare traceback
        if api.interrupted(err):
            echo(_("soko: interrupted"), err=True)
            sys.exit(int(ExitCode.INTERRUPTED))
        if debug:
            raise
        bug = _("soko: internal error: {error} (at {where}); this is a bug in soko_analytics: run again with "
                "SOKO_DEBUG=1 for the traceback, and please report it")
        echo(bug.format(error=f"{type(err).__name__}: {err}", where=api.code_location(err)), err=True)
        sys.exit(int(ExitCode.INTERNAL))


# The commands of the other modules of this package register themselves on app.
# (In this order: it is the order of `soko --help`.)
from . import rules as _rules  # noqa: E402,F401,I001
from . import hands as _hands  # noqa: E402,F401
from . import play as _play  # noqa: E402,F401
from . import stats as _stats  # noqa: E402,F401
from . import reports as _reports  # noqa: E402,F401
from . import watch as _watch  # noqa: E402,F401
from . import lake as _lake  # noqa: E402,F401
