"""The rule vocabulary and the registry of every option of RULES.md, read from the core.

Each rule that differs between games or houses is an option with a default
(RULES.md, preamble). The core defines them once (``core/src/rules/options.rs``,
their words in ``core/src/rules/vocab.rs``): :data:`OPTIONS` reads its table
(``_core.RULE_OPTIONS``), one :class:`Option` per name, spelled as RULES.md
spells it, with its type, default, allowed values and a one-line description
with the RULES.md section. The enums of the vocabulary are written from the core
into ``soko_analytics/_vocab.py`` and re-exported here; the core parses an
override's text (``true``/``false``, integers, enum values, ``none``,
``unlimited``) and says what is wrong with it.

An option whose default is ``profile`` has no house-independent default: every
profile sets it (the rows of the RULES.md §1 table). A ``derived`` default
follows from other options (for example ``max_bets_per_round`` is 4 under
``fixed_limit`` and unlimited otherwise).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .. import _core, _vocab
from .._vocab import BetSize as BetSize
from .._vocab import BettingStructure as BettingStructure
from .._vocab import BringInCard as BringInCard
from .._vocab import CardsLayout as CardsLayout
from .._vocab import Deck as Deck
from .._vocab import FirstToAct as FirstToAct
from .._vocab import ForcedBet as ForcedBet
from .._vocab import LastCardMode as LastCardMode
from .._vocab import LimitRaiseBase as LimitRaiseBase
from .._vocab import OddChipRule as OddChipRule
from .._vocab import StakesRef as StakesRef
from .._vocab import TieBreak as TieBreak


@dataclass(frozen=True)
class Option:
    """One option of the core's table: its name, type, default, allowed values and meaning."""

    name: str
    type: str
    """``bool``, ``int``, ``amount`` (an int in minor units or ``stakes``) or ``enum``."""
    default_kind: str
    """``profile`` (every profile sets it), ``derived`` (from the other options) or ``fixed``."""
    default_text: str
    """The default as it reads in docs and ``soko rules``."""
    allowed: str
    """The allowed values in words."""
    choices: tuple[str, ...]
    """The allowed values as text (empty for integers and amounts)."""
    null_word: str | None
    """How None is written where the option may be None: ``none``, ``unlimited`` (no cap) or ``any``."""
    vocabulary: str | None
    """The enum of the option's words (``StakesRef`` for an amount)."""
    description: str
    section: str

    def allowed_text(self) -> str:
        """The allowed values in words."""
        return self.allowed

    def value(self, plain: Any) -> Any:
        """A value as the core gives it (bool, int, word or None) as Python holds it: a word as its enum member."""
        if isinstance(plain, str) and self.vocabulary is not None:
            enum: type[StrEnum] = getattr(_vocab, self.vocabulary)
            return enum(plain)
        return plain

    def parse(self, text: str) -> Any:
        """Turn the text of an override (``raise_after_pass=false``) into a value; the core says what is wrong."""
        return self.value(_core.parse_option(self.name, text))


OPTIONS: Mapping[str, Option] = {row[0]: Option(*row) for row in _core.RULE_OPTIONS}
"""Every option, by name, in display order (the core's)."""


def format_value(name: str, value: Any) -> str:
    """A value of option ``name`` as override text (``true``, ``4``, ``unlimited``, ``suit``)."""
    if value is None:
        known = OPTIONS.get(name)
        return (known.null_word if known else None) or "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
