"""``--help`` in the language spoken: the language known before any help text is made, and typer's and click's own
words around the help.

The help texts of the options are made when the cli modules are imported (each ``help=`` marked with ``_``);
typer builds the click commands from them when ``app()`` runs, and prints a command's ``--help`` (an eager option)
before it reads a ``--lang`` after it. So the package resolves the language first of all
(:func:`speak_from_the_start`): from ``--lang`` anywhere on the command line (``--lang X`` or ``--lang=X``, the last
one: :func:`language_asked`), else ``SOKO_LANG``, else the locale, as the commands' own ``--lang`` will (they say it
again when they run, and report an unknown language). A command's docstring is its help, said in the language
spoken when it is registered (:func:`said_doc`; the catalogues read the docstrings of the functions registered as
commands, ``catalogues.command_docs``).

typer's own words are the constants of ``typer.rich_utils`` (:func:`say_typer_words`); click's (the usage line, the
help option) are written in its code, so the commands' classes say them (:class:`HelpCommand`,
:class:`HelpGroup`). English is the words as typer and click write them: an English help is unchanged.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from typer import rich_utils
from typer.core import TyperCommand, TyperGroup

from .. import i18n
from ..i18n import _, pgettext
from .usage_errors import UsageError, said_usage_error


def language_asked(argv: Sequence[str]) -> str | None:
    """The language a command line asks for: its last ``--lang X`` or ``--lang=X`` before a ``--`` (None: none)."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def speak_from_the_start(argv: Sequence[str]) -> str:
    """Speak the command line's language before any help text is made (:func:`language_asked`, else SOKO_LANG's or
    the locale's); one soko does not speak is left to the command, which reports it when it runs (English until
    then). The language spoken."""
    for choice in (language_asked(argv), None, i18n.ENGLISH):
        try:
            language = i18n.use(choice)
        except i18n.LanguageError:
            continue
        say_typer_words()
        return language
    raise AssertionError("English is always spoken")


def say_typer_words() -> None:
    """typer's own words around the help and a usage error in the language spoken: the constants of
    ``typer.rich_utils``, read when a help or an error is printed."""
    words = {
        "ARGUMENTS_PANEL_TITLE": pgettext("help", "Arguments"),
        "OPTIONS_PANEL_TITLE": pgettext("help", "Options"),
        "COMMANDS_PANEL_TITLE": pgettext("help", "Commands"),
        "ERRORS_PANEL_TITLE": pgettext("help", "Error"),
        "DEFAULT_STRING": pgettext("help", "[default: {}]"),
        "ENVVAR_STRING": pgettext("help", "[env var: {}]"),
        "REQUIRED_LONG_STRING": pgettext("help", "[required]"),
        "DEPRECATED_STRING": pgettext("help", "(deprecated) "),
        "ABORTED_TEXT": pgettext("help", "Aborted."),
        "RICH_HELP": pgettext("help", "Try [blue]'{command_path} {help_option}'[/] for help."),
    }
    for name, text in words.items():
        setattr(rich_utils, name, text)


def said_doc(command: Callable[..., Any]) -> str | None:
    """A command's docstring (its help, as typer reads it: ``inspect.getdoc``) in the language spoken."""
    doc = inspect.getdoc(command)
    return _(doc) if doc else doc


M = TypeVar("M", str, str | None)
"""A metavar of click's: a command's options' (may be None) or a group's commands'."""


def _usage_prefix() -> str:
    return pgettext("help", "Usage: ")


def _said_metavar(metavar: M, clicks: str, said: str) -> M | str:
    """click's own metavar (``clicks``: ``[OPTIONS]``) as ``said`` in the language spoken; one a command names
    itself stays."""
    return said if metavar == clicks else metavar


def _write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    """click's usage line, its ``Usage:`` said in the language spoken."""
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), prefix=_usage_prefix())


def _said_help_option(option: Any) -> Any:
    """click's help option, its help said in the language spoken."""
    if option is not None:
        option.help = pgettext("help", "Show this message and exit.")
    return option


class _Said:
    """What a command and a group say alike: the usage line, the help option and a usage error in the language
    spoken (a mixin before typer's class)."""

    options_metavar: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.options_metavar = _said_metavar(self.options_metavar, "[OPTIONS]", pgettext("help", "[OPTIONS]"))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> Any:
        return _said_help_option(super().get_help_option(ctx))  # type: ignore[misc]

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)  # type: ignore[misc]
        except UsageError as err:
            raise said_usage_error(err) from err


class HelpCommand(_Said, TyperCommand):
    """A command whose usage line, help option and usage errors are said in the language spoken."""


class HelpGroup(_Said, TyperGroup):
    """A group whose usage line, help option and usage errors (an unknown command too) are said in the language
    spoken."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.subcommand_metavar = _said_metavar(self.subcommand_metavar, "COMMAND [ARGS]...",
                                                pgettext("help", "COMMAND [ARGS]..."))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as err:
            raise said_usage_error(err) from err
