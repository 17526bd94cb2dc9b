"""The profiles of RULES.md §1 and the rules-text grammar, read from the core (``core/src/rules/``).

A profile is a named set of option values (:data:`PROFILES`). :func:`resolve`
turns ``"soko-finnish; raise_after_pass=false"`` (the ``Rules:`` line of the
Sökö text format) into a :class:`~.spec.GameSpec`: the profile's values, then
the overrides, then the defaults of :data:`~.options.OPTIONS` for the rest.
The profiles, the grammar and the resolving are the core's (``_core.rule_profiles``,
``_core.parse_rules``, ``_core.resolve_spec``): this module reads them.

Options with a derived default are left out of the profiles on purpose:
``max_bets_per_round`` (4 under fixed_limit, unlimited otherwise) and
``max_bet_or_raise`` (``stakes`` under spread) follow a ``structure`` override.
What a hand history's header states (limits, ante, bring-in, cap) overrides
the profile for that hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from .. import _core
from .options import OPTIONS, format_value
from .spec import GameSpec


@dataclass(frozen=True)
class Profile:
    """A named set of option values, with the document it comes from."""

    name: str
    source: str
    values: Mapping[str, Any]
    game: str
    """The game whatever the house rules (``hands.game``: both Sökö profiles are ``soko``)."""
    odd_chip_stated: bool = False
    """Whether the rules this profile's logs follow state who gets the odd chip (then one paid elsewhere breaks
    them), rather than a site's undocumented convention (RULES.md §1, last paragraph)."""


def _profile(data: Mapping[str, Any]) -> Profile:
    """A profile of ``_core.rule_profiles()``: its values, given as override text, parsed, in option order."""
    values = {name: opt.parse(data["values"][name]) for name, opt in OPTIONS.items() if name in data["values"]}
    return Profile(data["name"], data["source"], MappingProxyType(values), data["game"], data["odd_chip_stated"])


PROFILES: Mapping[str, Profile] = MappingProxyType(
    {p.name: p for p in map(_profile, json.loads(_core.rule_profiles()))})
"""The profiles of RULES.md §1, by name, in the order ``soko rules`` lists them (the core's)."""

GAMES: Mapping[str, str] = MappingProxyType({name: p.game for name, p in PROFILES.items()})
"""Profile → ``hands.game``: the game whatever the house rules (both Sökö profiles are ``soko``)."""

DEFAULT_PROFILE: str = _core.DEFAULT_PROFILE
"""The profile of a Sökö text log without a ``Rules:`` line (formats/soko-text.md)."""


def parse_rules(text: str) -> tuple[str, dict[str, Any]]:
    """Split ``"profile; option=value; ..."`` into the profile name and parsed overrides."""
    name, overrides = _core.parse_rules(text)
    return name, {key: OPTIONS[key].parse(value) for key, value in overrides}


@cache
def spec_of(rules: str) -> GameSpec:
    """:func:`resolve` of a rules text, once per text (a hand's ``rules``)."""
    return resolve(rules)


def resolve(text_or_name: str = DEFAULT_PROFILE, **overrides: Any) -> GameSpec:
    """The spec of ``"profile[; option=value]..."``, then keyword ``overrides`` on top.

    >>> resolve("soko-finnish; raise_after_pass=false").raise_after_pass
    False
    """
    text = text_or_name
    if overrides:
        name, given = _core.parse_rules(text_or_name)
        values = {**dict(given), **{key: format_value(key, value) for key, value in overrides.items()}}
        text = "; ".join([name, *(f"{key}={value}" for key, value in values.items())])
    return GameSpec.of(text)


def rules_text(spec: GameSpec) -> str:
    """The shortest ``Rules:`` text for ``spec``: its profile and the options that differ (the core's).

    Options with a derived default are written only when they differ from what
    the other overrides imply. Options come in the order of OPTIONS.
    """
    values = [f"{name}={format_value(name, value)}" for name, value in spec.options().items()]
    return _core.rules_text("; ".join([spec.profile, *values]))
