"""The command line's own usage errors (an option soko has not, an argument missing, a value that is not a
number) said in the language spoken.

typer reads the command line with the click it bundles, whose errors are English f-strings, and pydantic checks the
values, in English too; neither has a catalogue. So each error they can give is written here once as a template of
its English (:data:`USAGE_ERRORS`, in the catalogues like every other message), and a usage error whose message
is one of them is said again in the language spoken, its parts as they were (an option's name, the words given); a
part that is itself a reason (``Invalid value for '--hands': {reason}``) is said the same way. This is the one
place the package reads English back into a message, because that English is all typer gives; a message no template
fits stays as typer wrote it. English is never touched.

The commands' classes (:mod:`.helptext`) raise the said error in place of typer's (:func:`said_usage_error`), with
the same context, so typer prints it as its own: the usage line, the hint and the error's box.
"""

from __future__ import annotations

import re
from functools import cache

try:
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
except ImportError:  # a typer that reads the command line with click itself
    from click.exceptions import NoArgsIsHelpError, UsageError  # type: ignore[assignment]

from .. import i18n
from ..i18n import N_, _

USAGE_ERRORS = (
    N_("No such option: {name} (Possible options: {names})"),
    N_("No such option: {name}"),
    N_("No such command {name}. Did you mean {names}?"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Got unexpected extra argument(s) ({words})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {n} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {n} values."),
    N_("Invalid value for {name}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("Value error, {reason}"),
    N_("{value} is not one of {choices}."),
    N_("Value {value} is not a valid {kind}."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be greater than or equal to {n}"),
    N_("Input should be less than or equal to {n}"),
    N_("Input should be greater than {n}"),
    N_("Input should be less than {n}"),
)
"""The English of every usage error typer and pydantic give soko's commands, most specific first; ``{reason}`` is
a reason said in its turn, every other part is kept as written."""

REASON = "reason"


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each template as a pattern of its English, a named group per part."""
    def pattern(template: str) -> re.Pattern[str]:
        pieces = re.split(r"\{(\w+)\}", template)
        return re.compile("".join(re.escape(p) if k % 2 == 0 else f"(?P<{p}>.+?)" for k, p in enumerate(pieces)),
                          re.DOTALL)

    return tuple((pattern(t), t) for t in USAGE_ERRORS)


def said_message(english: str) -> str:
    """typer's English message of a usage error in the language spoken (as it is where no template fits)."""
    for pattern, template in _patterns():
        found = pattern.fullmatch(english)
        if found:
            parts = {name: said_message(text) if name == REASON else text for name, text in found.groupdict().items()}
            return _(template).format(**parts)
    return english


def said_usage_error(err: UsageError) -> UsageError:
    """``err`` said in the language spoken: a usage error of the same context, or ``err`` itself in English, for
    a message no template fits, and for the help typer shows in place of an error."""
    if i18n.current() == i18n.ENGLISH or isinstance(err, NoArgsIsHelpError):
        return err
    english = err.format_message()
    said = said_message(english)
    return err if said == english else UsageError(said, ctx=err.ctx)
