"""The facade of soko_analytics: plain-data functions for the CLI and for scripts.

Each function returns dicts, lists, strings, numbers and booleans only, so the
result can be printed as JSON as it is; :func:`player_stats` alone returns a
Polars DataFrame. Errors are :class:`~.errors.SokoError` s.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import polars as pl

from . import i18n
from .errors import EvaluationError, RulesError, SokoError, phrase, phrases
from .i18n import N_, _
from .model.cards import RANKS, Card, format_cards, parse_cards
from .model.hand import Hand, Source
from .model.money import decimal_text
from .parsers import (
    FORMATS,
    Audited,
    Quarantined,
    check_format,
    check_paths,
    iter_files,
    read_path,
    read_path_audited,
    read_stored,
    read_stored_audited,
    write_hands,
)
from .parsers.base import InternalError, code_location, quarantine
from .replay.audit import Audit, AuditFault, audit, audit_each, from_core
from .rules.evaluate import evaluator
from .rules.options import OPTIONS, format_value
from .rules.profiles import GAMES, PROFILES, resolve, rules_text
from .rules.spec import GameSpec, Share
from .stats import BY, CATALOGUE, Filters, stat
from .stats import player_stats as player_stats_of
from .stats.hud import Feed, Hud
from .stats.known import check_filters
from .store.db import ImportSummary, Interrupted, NoStore, Store, interrupted, open_for_reading
from .store.drift import GROUPINGS as QUARANTINE_GROUPINGS
from .store.facts import ROLLUP
from .store.parts import FOLDER
from .store.repair import RepairReport
from .store.repair import repair as repair_store
from .store.watch import SETTLE, WatchSummary
from .store.watch_loop import INTERVAL
from .store.watch_loop import watch as watch_folders

__all__ = [
    "AuditSummary", "ConvertResult", "Filters", "Interrupted", "NoStore", "Quarantined", "SokoError", "code_location",
    "interrupted", "audit_hands", "audit_record",
    "audit_store", "convert", "demo", "describe_options", "evaluate_hands", "explain_stat", "export",
    "QUARANTINE_GROUPINGS", "find_hand", "game_spec", "hand_page", "import_paths", "iter_files", "player_stats",
    "profiles",
    "quarantine_groups", "quarantine_records",
    "read_hands", "report_dashboard", "report_hand", "report_hands", "resolve_profile", "simulate_text",
    "stat_catalogue", "stored_hands", "decimal_text",
]


REPORTS = Path("reports")
"""Where reports are written unless told otherwise (relative to the working folder)."""


def game_spec(text: str) -> GameSpec:
    """The :class:`GameSpec` of ``"profile[; option=value]..."`` (a log's ``Rules:`` line)."""
    return resolve(text)


def resolve_profile(text: str) -> dict[str, Any]:
    """A resolved profile as plain data: options, streets, forced bets, who acts first.

    ``text`` is a profile name with optional overrides, e.g.
    ``"soko-finnish; raise_after_pass=false"``.
    """
    spec = resolve(text)
    return {
        "rules": rules_text(spec),
        **spec.to_dict(),
        "option_text": {n: _text(n, v) for n, v in spec.options().items()},
        "summary": _summary(spec),
    }


def profiles() -> list[dict[str, Any]]:
    """Every profile with its source, its own option values and its RULES.md §1 row values."""
    out = []
    for profile in PROFILES.values():
        spec = resolve(profile.name)
        out.append({
            "name": profile.name,
            "source": profile.source,
            "values": {n: _text(n, v) for n, v in profile.values.items()},
            "summary": _summary(spec),
        })
    return out


def describe_options() -> list[dict[str, Any]]:
    """Every option: name, type, default, allowed values, description, RULES.md section."""
    return [
        {
            "name": opt.name,
            "type": opt.type,
            "default": opt.default_text,
            "allowed": opt.allowed_text(),
            "description": opt.description,
            "section": opt.section,
        }
        for opt in OPTIONS.values()
    ]


def evaluate_hands(hands: list[str], rules: str = "holdem") -> dict[str, Any]:
    """Value hands of 5 to 7 cards under a profile's ranking and say which win.

    ``hands`` are card texts like ``"As Kd 7h 7c 2s"``; ``rules`` a profile
    with optional overrides. Each result has the best five cards, the class,
    the description as the logs print it, the value (larger is better; equal
    values split) and whether the hand wins or shares the best value.
    """
    spec = resolve(rules)
    if len(spec.shares) > 1 or spec.hole_cards_used is not None:
        raise RulesError(phrase("{profile} values a hand from its own cards and the board (exactly two own cards, "
                                "or a low half): soko eval values one hand of 5 to 7 cards by its best five",
                                profile=spec.profile),
                         expected=phrase("a profile of one share and any five cards, e.g. holdem"), actual=rules)
    ev = evaluator(spec.ranking)
    for text in hands:
        outside = [c for c in parse_cards(text) if c < spec.lowest_card]  # a short deck has no deuces to fives
        if outside:
            lowest = RANKS[Card(spec.lowest_card).rank]
            raise EvaluationError(phrases("{cards} is not in the {deck} deck of {profile}, whose lowest rank is "
                                          "{lowest}", "{cards} are not in the {deck} deck of {profile}, whose "
                                          "lowest rank is {lowest}", len(outside),
                                          cards=format_cards(outside, brackets=False), deck=spec.deck,
                                          profile=spec.profile, lowest=lowest),
                                  expected=phrase("cards {lowest} to A", lowest=lowest), actual=text)
    results = [ev.evaluate(text) for text in hands]
    best = max((r.value for r in results), default=0)
    winners = sum(r.value == best for r in results)
    return {
        "rules": rules_text(spec),
        "ranking": spec.ranking.name,
        "hands": [
            {
                "hand": text,
                "best_five": format_cards(r.best_five, brackets=False),
                "class": r.hand_class.name.lower(),
                "description": r.description,
                "value": r.value,
                "result": ("wins" if winners == 1 else "splits") if r.value == best else "loses",
            }
            for text, r in zip(hands, results)
        ],
    }


def _text(name: str, value: Any) -> str:
    return format_value(name, value)


def _summary(spec: GameSpec) -> dict[str, str]:
    """The rows of the RULES.md §1 table for one resolved spec, as text (its keys are data; those in words are
    marked for the catalogues, said in the language spoken where a table shows them)."""
    def opt(name: str) -> str:
        return _text(name, getattr(spec, name))

    return {
        N_("max players"): str(spec.max_players),
        N_("cards"): spec.deal_text,
        N_("betting rounds"): str(spec.betting_rounds),
        N_("forced bets"): spec.forced_bets.text,
        N_("round 1 first to act"): str(spec.first_round_first_to_act),
        "bring_in_card": opt("bring_in_card"),
        "bring_in_forced": opt("bring_in_forced"),
        "bring_in_tie_break": opt("bring_in_tie_break"),
        N_("later rounds first to act"): opt("later_rounds_first_to_act"),
        "structure": (f"{opt('first_round_structure')} first round, then {opt('structure')}"
                      if spec.first_round_structure is not None else opt("structure")),
        "max_bets_per_round": opt("max_bets_per_round"),
        "raise_after_pass": opt("raise_after_pass"),
        "hand_ranking": opt("hand_ranking"),
        "high_card_rule": opt("high_card_rule"),
        "showdown": " / ".join(_share_text(share) for share in spec.shares),
        "odd_chip_rule": opt("odd_chip_rule"),
    }


def _share_text(share: Share) -> str:
    """A share of the pot in words: ``high, 2 hole cards`` or ``ace_to_five_low, 8 or better``."""
    words = [str(share.ranking.kind)]
    if share.hole_cards is not None:
        words.append(f"{share.hole_cards} hole cards")
    if share.qualifier is not None:
        words.append(f"{share.qualifier} or better")
    return ", ".join(words)


# -- reading and converting hand histories -------------------------------------

_T = TypeVar("_T")


def read_hands(paths: Iterable[str | Path], format: str = "auto", strict: bool = False,
               names: dict[Path, str] | None = None) -> Iterator[Hand | Quarantined]:
    """Every hand of the files and folders given, each a Hand or a Quarantined record (nothing is dropped).

    ``format`` is ``auto`` (detected per file) or a name of :data:`~.parsers.FORMATS`. A missing path or
    an unknown format is a SokoError before anything is read; a file that cannot be read, or a folder
    entry that cannot be walked, is a Quarantined record (kind ``unreadable``) and the rest goes on.
    ``strict`` raises a bug of ours instead of quarantining the hand. ``names`` gives the name records
    use for a path (``<stdin>`` for standard input spooled to a file).
    """
    return _each_file(paths, format, names, lambda path, name: read_path(path, format, strict, name))


@dataclass
class ConvertResult:
    """What :func:`convert` wrote and what it could not."""

    text: str
    written: int
    quarantined: list[Quarantined] = field(default_factory=list)
    """Hands that did not parse."""
    unwritable: list[tuple[Hand, str]] = field(default_factory=list)
    """Hands that parsed but that the output format cannot express, with why."""


def convert(paths: Iterable[str | Path], to: str, format: str = "auto", strict: bool = False,
            names: dict[Path, str] | None = None) -> ConvertResult:
    """Read hand histories and write the hands that parse in format ``to`` (``soko``, ``phh``, ``pokerstars``).

    Hands that do not parse are returned as quarantined, with their reasons; hands the format cannot
    express (or that meet a bug of ours, unless ``strict``) as unwritable.
    """
    if to not in FORMATS:
        raise SokoError(phrase("unknown output format {to!r}", to=to), expected=" or ".join(FORMATS), actual=to)
    hands: list[Hand] = []
    quarantined: list[Quarantined] = []
    unwritable: list[tuple[Hand, str]] = []
    for item in read_hands(paths, format, strict, names):
        if isinstance(item, Quarantined):
            quarantined.append(item)
            continue
        try:
            write_hands([item], to)
        except SokoError as err:
            unwritable.append((item, err.reason))
            continue
        except Exception as err:  # noqa: BLE001 - the per-hand boundary: a bug of ours skips the hand, not the run
            if strict:
                raise
            unwritable.append((item, InternalError.of(err).reason))
            continue
        hands.append(item)
    return ConvertResult(write_hands(hands, to) if hands else "", len(hands), quarantined, unwritable)


# -- auditing ---------------------------------------------------------------------------

"""The game of each profile, as audit records name it."""


AUDIT_BATCH = 1_000
"""Hands handed to the core's auditor at a time."""


def audit_hands(paths: Iterable[str | Path], format: str = "auto", strict: bool = False,
                names: dict[Path, str] | None = None) -> Iterator[Audit | Quarantined]:
    """Replay and check every hand of the files and folders given, in order; hands that do not parse come back
    quarantined, and so does a hand the replayer fails on (kind ``internal``: a bug of ours; ``strict`` raises it)."""
    return _audited(_read_audited(paths, format, strict, names), strict)


def _read_audited(paths: Iterable[str | Path], format: str = "auto", strict: bool = False,
                  names: dict[Path, str] | None = None, ledger: bool = False) -> Iterator[Hand | Audited | Quarantined]:
    """:func:`read_hands`, each hand the core reads audited in the same call (:func:`.parsers.read_path_audited`)."""
    return _each_file(paths, format, names,
                      lambda path, name: read_path_audited(path, format, strict, name, ledger))


def _each_file(paths: Iterable[str | Path], format: str, names: dict[Path, str] | None,
               read: Callable[[Path, str | None], Iterable[_T]]) -> Iterator[_T | Quarantined]:
    """What ``read`` gives of each file of ``paths`` (folders walked, ``names`` naming them) in order, and a record
    for each that cannot be walked; a SokoError for an unknown format before anything is read."""
    check_format(format)
    names = names or {}
    for item in iter_files(paths):
        if isinstance(item, Quarantined):
            yield item
        else:
            yield from read(item, names.get(item))


def _audited(items: Iterable[Hand | Audited | Quarantined], strict: bool,
             ledger: bool = False) -> Iterator[Audit | Quarantined]:
    """Each hand's audit in its place: the verdict of a hand the core read and audited at once, and the others (read
    in Python) audited by the core :data:`AUDIT_BATCH` at a time; records pass through in their place."""
    waiting: list[Hand | Audited | Quarantined] = []

    def flush() -> Iterator[Audit | Quarantined]:
        hands = [h for h in waiting if isinstance(h, Hand)]
        verdicts = iter(audit_each(hands, ledger))
        for item in waiting:
            if isinstance(item, Quarantined):
                yield item
            elif isinstance(item, Audited):
                yield _checked(item.hand, from_core(item.hand, item.verdict), strict)
            else:
                yield _checked(item, next(verdicts), strict)
        waiting.clear()

    for item in items:
        waiting.append(item)
        if len(waiting) >= AUDIT_BATCH:
            yield from flush()
    yield from flush()


def _checked(hand: Hand, verdict: Audit | AuditFault, strict: bool) -> Audit | Quarantined:
    """The verdict, or the ``internal`` record of a hand the replayer failed on (raised under ``strict``)."""
    if isinstance(verdict, Audit):
        return verdict
    where = hand.source or Source("<hand>", 0)
    if strict:
        raise InternalError.of(verdict, path=where.path, line=where.line, hand_id=hand.hand_id)
    return quarantine(InternalError.of(verdict), hand.raw, where.path, where.line, hand.hand_id)


def audit_record(result: Audit) -> dict[str, Any]:
    """One hand's verdict as plain data (the JSON Lines record of ``soko audit --json``).

    Money comes in both forms (docs/cli.md): the decimal strings of the first version (``rake``, ``payouts``,
    ``collected``, a pot's ``amount`` and ``winners``), and integer minor units of ``decimals`` digits, as in
    every other JSON of soko (``rake_minor``, ``payouts_minor``, ``collected_minor``, ``amount_minor``,
    ``winners_minor``), with ``currency`` (None: chips)."""
    hand, money = result.hand, result.money
    return {
        "site": hand.site,
        "hand_id": hand.hand_id,
        "game": GAMES.get(hand.profile, hand.profile),
        "profile": hand.profile,
        "rules": hand.rules,
        "ok": result.ok,
        "findings": [
            {k: v for k, v in f.to_dict().items() if k != "line"} | {"line": f.line} for f in result.findings
        ],
        "payouts": {player: money(amount) for player, amount in result.payouts.items()},
        "collected": {player: money(amount) for player, amount in result.collected.items()},
        "rake": money(result.rake),
        "currency": hand.stakes.currency,
        "decimals": hand.stakes.decimals,
        "payouts_minor": dict(result.payouts),
        "collected_minor": dict(result.collected),
        "rake_minor": result.rake,
        "pots": [
            {"amount": money(p.amount), "eligible": list(p.eligible),
             "winners": {w: money(a) for w, a in p.winners.items()},
             "amount_minor": p.amount, "winners_minor": dict(p.winners)}
            | ({"board": p.board} if p.board else {})
            | ({"halves": [{"label": h.label, "winners": list(h.winners), "hand": h.value.english if h.value else None}
                          for h in p.halves]}
               if p.halves else {})
            for p in result.pots
        ],
        "source": {"path": hand.source.path, "line": hand.source.line} if hand.source else None,
    }


@dataclass
class AuditSummary:
    """Counts over an audit run."""

    hands: int = 0
    ok: int = 0
    with_errors: int = 0
    findings: dict[str, int] = field(default_factory=dict)
    """``code/severity`` → count."""
    quarantined: int = 0
    unsupported: int = 0
    incomplete: int = 0
    internal: int = 0
    """Hands that met a bug of ours."""
    unreadable: int = 0
    """Files (or folder entries) that could not be read."""

    @property
    def nothing_read(self) -> bool:
        """Nothing could be read: no hand audited, and something quarantined (every hand, or every file)."""
        return self.hands == 0 and self.quarantined > 0

    def add(self, item: Audit | Quarantined) -> None:
        if isinstance(item, Quarantined):
            self.quarantined += 1
            self.unsupported += item.unsupported
            self.incomplete += item.incomplete
            self.internal += item.kind == "internal"
            self.unreadable += item.kind == "unreadable"
            return
        self.hands += 1
        if item.ok:
            self.ok += 1
        else:
            self.with_errors += 1
        for f in item.findings:
            key = f"{f.code}/{f.severity}"
            self.findings[key] = self.findings.get(key, 0) + 1


def find_hand(paths: Iterable[str | Path], hand_id: str, format: str = "auto",
              names: dict[Path, str] | None = None) -> Audit:
    """The audit of one hand, by id, from the files given; SokoError if it is not there or does not parse."""
    for item in _read_audited(paths, format, names=names, ledger=True):
        if isinstance(item, Quarantined):
            if item.hand_id == hand_id:
                raise _unread(hand_id, item)
        elif isinstance(item, Audited):
            if item.hand.hand_id == hand_id:
                return _found(item.hand, from_core(item.hand, item.verdict))
        elif item.hand_id == hand_id:
            return audit(item)
    raise SokoError(phrase("no hand {hand} in the files given", hand=hand_id), hand_id=hand_id)


def _unread(hand_id: str, item: Quarantined) -> SokoError:
    """The error of a hand asked for by id that was quarantined."""
    return SokoError(phrase("hand {hand} could not be read: {reason}", hand=hand_id, reason=item.reason),
                     path=item.path, line=item.line, hand_id=hand_id)


def _found(hand: Hand, verdict: Audit | AuditFault) -> Audit:
    """The audit of a hand asked for by id; the :class:`AuditFault` that stopped its replay raised, as :func:`audit`
    raises it."""
    if isinstance(verdict, AuditFault):
        raise verdict
    return verdict


# -- the store ---------------------------------------------------------------------------

def import_paths(db: str | Path, paths: Iterable[str | Path], format: str = "auto", jobs: int = 1,
                 with_audit: bool = True, progress=None, strict: bool = False, force: bool = False,
                 on_chunk=None, names: dict[Path, str] | None = None, heroes: Iterable[str] = (),
                 on_total=None) -> ImportSummary:
    """Import hand histories into the store at ``db`` (created if missing); ``heroes``: the names of the store's
    owner (each hand's ``hands.hero`` is the first of them seated in it, NULL where none is); ``on_total`` is told
    the files found and their bytes before any is read.

    A missing path or an unknown format is a SokoError before the store is touched; Ctrl-C is an
    :class:`Interrupted` error whose ``summary`` says what was committed. See :meth:`Store.import_paths`.
    """
    check_format(format)
    paths = check_paths(paths)
    passed: list[tuple[str, str]] = []
    found = iter_files(paths, passed)  # a folder with nothing to read fails here, before the store is made
    with Store(db) as store:
        return store.import_paths(paths, format, jobs, with_audit, progress, strict, force, on_chunk, names,
                                  heroes, on_total, (found, passed))


def watch(db: str | Path, folders: Iterable[str | Path], heroes: Iterable[str] = (), interval: float = INTERVAL,
          settle: float = SETTLE, on_event: Callable[[dict[str, Any]], None] | None = None,
          stop: threading.Event | None = None, polling: bool = False,
          hud: Callable[[Hud], None] | None = None) -> WatchSummary:
    """Import the hands written into ``folders`` (or files) as they are written, into the store at ``db``, until
    ``stop`` is set or Ctrl-C (issue 36; see :mod:`.store.watch`). ``on_event`` is told of each hand stored or
    quarantined (``{"event", "hand_id", "site", "file", "at"}``); ``polling`` looks every ``interval`` seconds
    instead of asking the file system (which it does when ``watchfiles`` is installed); ``hud`` is shown the
    :class:`~.stats.hud.Hud` at the start and after each import (:class:`~.stats.hud.Feed`). A missing folder is
    a SokoError before the store is touched."""
    folders = check_paths(folders)
    with Store(db) as store:
        if hud is not None:
            heroes = tuple(heroes)
            on_event = feed = Feed(store, heroes, hud, on_event)
            feed.refresh()
        return watch_folders(store, folders, heroes, interval, settle, on_event, stop, polling)


def stored_hands(db: str | Path, hand_id: str | None = None) -> Iterator[Hand | Quarantined]:
    """The hands of a store, read back from their raw text (one hand id, or all)."""
    for raw, fmt, source, line in _raw_hands(db, hand_id):
        yield from read_stored(raw, fmt, source, line)


def _raw_hands(db: str | Path, hand_id: str | None) -> list[tuple[str, str, str, int]]:
    with open_for_reading(db) as store:
        return store.raw_hands(hand_id)


def audit_store(db: str | Path, hand_id: str | None = None) -> Iterator[Audit | Quarantined]:
    """Replay and check the hands of a store (all, or one hand id, with its ledger)."""
    return _audited(_stored_audited(db, hand_id, ledger=hand_id is not None), False, ledger=hand_id is not None)


def _stored_audited(db: str | Path, hand_id: str | None, ledger: bool) -> Iterator[Hand | Audited | Quarantined]:
    """:func:`stored_hands`, each hand the core reads audited in the same call
    (:func:`.parsers.read_stored_audited`)."""
    for raw, fmt, source, line in _raw_hands(db, hand_id):
        yield from read_stored_audited(raw, fmt, source, line, ledger)


def repair(db: str | Path, check_only: bool = False) -> RepairReport:
    """Check every Parquet part of the store at ``db`` in full and, unless ``check_only``, rebuild the rows of the
    damaged or missing ones from the stored hands' raw text (a hand whose text no longer reads is quarantined as
    ``damaged``); see :mod:`soko_analytics.store.repair`."""
    if not Path(db).is_file():
        raise SokoError(phrase("no store here"), path=str(db))
    with Store(db, read_only=check_only, check_parts=False) as store:
        return repair_store(store, check_only)


def quarantine_records(db: str | Path, resolved: bool = False) -> list[dict[str, Any]]:
    """What the store could not store, and why: the open records (and the resolved ones, with ``resolved``)."""
    with open_for_reading(db) as store:
        frame = store.query("SELECT source_file, source_line, hand_id, kind, reason, resolved_by FROM quarantine "
                            + ("" if resolved else "WHERE resolved_by IS NULL ") + "ORDER BY source_file, source_line")
    return frame.to_dicts()


def quarantine_groups(db: str | Path, by: str = "reason", resolved: bool = False) -> list[dict[str, Any]]:
    """The format-drift report: the open quarantine records (every one with ``resolved``) counted per format,
    client version, kind and shape of the line not understood (``by="reason"``), per format, client version and
    kind (``"site"``) or per file and kind (``"file"``), most first, each group with one example (``file``,
    ``line``, ``reason``, ``text``). See :mod:`soko_analytics.store.drift`."""
    with open_for_reading(db) as store:
        return store.quarantine_groups(by, resolved)


def export(db: str | Path, to: str, out: str | Path, force: bool = False) -> dict[str, Any]:
    """Export the store at ``db``: ``to`` is ``parquet`` (``out`` a folder) or a text format (``out`` a file).

    Returns ``{"to", "out", "rows": {table: rows written}}`` for Parquet, and
    ``{"to", "out", "written", "skipped"}`` for text, where skipped hands are
    those the format cannot express. An existing text file is overwritten only with ``force``.
    """
    from .store.export import export_parquet, export_text

    if to == "parquet":
        with open_for_reading(db) as store:
            return {"to": to, "out": str(out), "rows": export_parquet(store, Path(out))}
    if to not in FORMATS:
        raise SokoError(phrase("unknown export format {to!r}", to=to),
                        expected="parquet, " + ", ".join(FORMATS), actual=to)
    if Path(out).exists() and not force:
        raise SokoError(phrase("the file exists; give --force to overwrite it"), path=str(out))
    open_for_reading(db).close()
    written, skipped = export_text(db, Path(out), to)
    return {"to": to, "out": str(out), "written": written, "skipped": skipped}


def lake_build(paths: Iterable[str | Path], out: str | Path, workers: int | None = None,
               scheduler: str | None = None, heroes: Iterable[str] = ()) -> Any:
    """Build hand-history files into the lake at ``out`` on a Dask cluster: a local one of ``workers`` processes
    (default: the cores, up to 8), or the existing one at ``scheduler``; returns a
    :class:`~soko_analytics.lake.LakeSummary`. Every command that reads a store reads the lake by ``--db out``.
    A LakeError (a SokoError) says what to install where Dask is missing. See docs/lake.md."""
    from .lake import build
    from .store.db import default_jobs

    if workers is not None and scheduler is not None:
        raise SokoError(phrase("give --workers (a local cluster) or --scheduler (an existing one), not both"))
    return build(paths, out, workers or default_jobs(), scheduler, heroes)


# -- simulation and the demo -------------------------------------------------------------

SAMPLE_DATA = Path(str(resources.files("soko_analytics") / "sample_data"))
"""The bundled sample hands (package data)."""


def simulate_text(profile: str, hands: int = 200, players: int = 6, seed: int = 1, format: str | None = None) -> str:
    """Simulated hands of a profile (with overrides), written in a format (default: soko for Sökö, else pokerstars)."""
    from .sim.session import simulate

    spec = resolve(profile)
    if hands < 1:
        raise SokoError(phrase("cannot simulate {hands} hands", hands=hands), expected=phrase("1 or more"),
                        actual=str(hands))
    if not 2 <= players <= spec.max_players:
        raise SokoError(phrases("{n} player cannot sit at a {profile} table",
                                "{n} players cannot sit at a {profile} table", players, profile=spec.profile),
                        expected=phrase("2 to {most}", most=spec.max_players), actual=str(players))
    fmt = format or ("soko" if spec.profile.startswith("soko") else "pokerstars")
    return write_hands(simulate(profile, hands, players, seed), fmt)


def demo(out: str | Path = "soko-demo", jobs: int = 1, reports: str | Path = REPORTS,
         say: Callable[[str], None] = lambda step: None) -> dict[str, Any]:
    """Import the sample data into a fresh store in ``out``, audit it, summarise the findings and the hero's stats
    (every player's written to ``out/stats.csv``), and write the dashboard and the first disputed hand's report
    into ``reports``. ``say`` is told each step as it starts."""
    if not SAMPLE_DATA.is_dir():
        raise SokoError(phrase("the sample data is missing from the installed package (looked in {folder})",
                               folder=str(SAMPLE_DATA)))
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "demo.duckdb"
    for stale in (db, db.with_suffix(".duckdb.wal")):
        stale.unlink(missing_ok=True)
    files = [p for p in iter_files([SAMPLE_DATA]) if isinstance(p, Path)]
    say(_("importing and auditing the {n} sample files into {store}").format(n=len(files), store=db))
    with Store(db) as store:
        summary = store.import_paths([SAMPLE_DATA], jobs=jobs)
        say(_("computing the findings and the player stats"))
        findings = store.query(
            "SELECT code, severity, count(*) AS n FROM findings GROUP BY ALL ORDER BY n DESC").to_dicts()
        disputed = store.query("""
            SELECT h.hand_id, h.source_file, f.code, f.message FROM findings f JOIN hands h USING (hand_key)
            WHERE f.severity = 'error' ORDER BY h.source_file, h.hand_id, f.seq""").to_dicts()
        stats = player_stats_of(store, by="game").sort(["game", "net_won"], descending=[False, True])
        hero = _hero_summary(player_stats_of(store, Filters(hero=True), by="game"))
    stats_file = folder / "stats.csv"
    stats.write_csv(stats_file)
    say(_("writing the dashboard and a disputed hand's report into {folder}").format(folder=reports))
    board = report_dashboard(db, out=Path(reports) / "dashboard.html", title=_("soko_analytics demo: the sample data"))
    hand_report = None
    if disputed:
        disputed = _said_findings(db, disputed)
        first = disputed[0]["hand_id"]
        hand_report = report_hand(db, first, Path(reports) / f"hand-{_file_safe(first)}.html")["path"]
    return {"store": str(db), "import": summary.line(), "stored": summary.stored,
            "quarantined": summary.quarantined, "findings": findings, "disputed": disputed, "hero": hero,
            "stats": str(stats_file), "dashboard": board["path"], "hand_report": hand_report,
            "parts": str(Path(db).parent / FOLDER)}


def _said_findings(db: str | Path, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Finding rows (``hand_id``, ``code``, ``message``) of the store at ``db`` with their messages in the language
    spoken: the store keeps the core's English message, so each hand is audited again from its stored text and each
    finding said from its template (:meth:`.replay.findings.Finding.text`, the hand's currency with its amounts)."""
    said: dict[tuple[str, str, str], str] = {}
    for hand_id in dict.fromkeys(r["hand_id"] for r in rows):
        result = _stored_audit(db, hand_id)
        for f in result.findings:
            said[(hand_id, str(f.code), f.message)] = f.text(result.hand.stakes.symbol)
    return [{**r, "message": said.get((r["hand_id"], r["code"], r["message"]), r["message"])} for r in rows]


HERO_GAMES = 3
"""How many of the hero's games (the most played, by hands) the demo's summary shows."""


def _hero_summary(rows: pl.DataFrame) -> dict[str, Any]:
    """The hero's hands, games, net per currency and most played games, from ``player_stats`` rows (a row per
    player, currency, game and unit) of the log owners' own hands."""
    if rows.is_empty():
        return {"names": [], "hands": 0, "games": 0, "net": [], "top": []}
    nets = rows.group_by("currency", "decimals").agg(pl.col("net_won").sum()).sort("currency")
    top = rows.sort(["hands", "game", "unit"], descending=[True, False, False]).head(HERO_GAMES)
    return {
        "names": sorted(set(rows["player"])), "hands": int(rows["hands"].sum()), "games": rows["game"].n_unique(),
        "net": [f"{i18n.money(r['net_won'], r['decimals'])} {r['currency']}" for r in nets.to_dicts()],
        "top": [{"game": r["game"], "unit": r["unit"], "hands": r["hands"],
                 "net": f"{i18n.money(r['net_won'], r['decimals'])} {r['currency']}",
                 **{k: r[k] for k in ("won_per_100", "vpip", "pfr", "af", "wtsd", "wsd")}} for r in top.to_dicts()],
    }


# -- player stats ----------------------------------------------------------------------------


def player_stats(db: str | Path, filters: Filters = Filters(), by: str | None = None) -> pl.DataFrame:
    """The stat catalogue per player (and ``by`` group) as a Polars DataFrame (see :mod:`.stats.query`).

    The one api function that returns a frame: stats are tables, and scripts want them as such.
    """
    with open_for_reading(db) as store:
        check_filters(store, filters)
        return player_stats_of(store, filters, by)


STATS_BY = (*BY, "street")
"""What ``player_stats`` can group by."""


def stat_catalogue() -> list[dict[str, Any]]:
    """Every stat: name, label, kind, games, source, definition, its formula and the sums it reads
    (each as SQL over one ``player_hands`` row)."""
    out = []
    for s in CATALOGUE:
        words = re.findall(r"[a-z_][a-z0-9_]*", f"{s.numerator} {s.denominator or ''}")
        out.append({"name": s.name, "label": s.label, "kind": str(s.kind), "games": s.games, "source": s.source,
                    "definition": s.definition, "numerator": s.numerator, "denominator": s.denominator,
                    "sums": {w: ROLLUP[w] for w in dict.fromkeys(words) if w in ROLLUP}})
    return out


def explain_stat(name: str) -> dict[str, Any]:
    """One stat of :func:`stat_catalogue` by name or label, in any case (``VPIP``, ``w$sd``); a SokoError
    naming the stats if there is none."""
    wanted = name.strip().casefold()
    for entry in stat_catalogue():
        if wanted in (entry["name"].casefold(), entry["label"].casefold()):
            return entry
    stat(name)  # raises, naming the stats
    raise AssertionError("unreachable")


# -- reports ---------------------------------------------------------------------------------

def report_dashboard(db: str | Path, filters: Filters = Filters(), out: str | Path | None = None,
                     title: str | None = None, replayers: bool = True) -> dict[str, Any]:
    """Write the player-stat dashboard of the store at ``db`` (default ``reports/dashboard.html``) and, unless
    ``replayers`` is false, the replayer page of each hand its hand list and audit table link to, in the folder
    ``<name>-hands`` beside it. ``title``: by default "soko_analytics dashboard" in the language spoken."""
    from .reports.dashboard import dashboard

    target = Path(out) if out else REPORTS / "dashboard.html"
    folder = f"{target.stem}-hands" if replayers else None
    with open_for_reading(db) as store:
        check_filters(store, filters)
        text, keys = dashboard(store, filters, title, folder)
        raws = store.raw_hands(keys=keys) if keys else []
    back = (f"../{target.name}#hands", _("the dashboard's hand list"))
    written = _write_replayers(raws, target.parent / folder, back) if folder else 0
    return {**_write_report(target, text), "replayers": written}


def report_hand(db: str | Path | None, hand_id: str, out: str | Path | None = None,
                paths: Iterable[str | Path] = (), format: str = "auto",
                names: dict[Path, str] | None = None) -> dict[str, Any]:
    """Write the replayer page of one hand (default ``reports/hand-<id>.html``): from the store ``db``,
    or, when ``paths`` are given, from those hand-history files directly (as ``audit --explain`` reads)."""
    paths = list(paths)
    if paths and db is not None:
        raise SokoError(phrase("give the hand's files or --db FILE, not both"))
    result = find_hand(paths, hand_id, format, names) if paths else _stored_audit(db or "soko.duckdb", hand_id)
    target = Path(out) if out else REPORTS / f"hand-{_file_safe(hand_id)}.html"
    return {**_write_report(target, hand_page(result)), "ok": result.ok}


def report_hands(db: str | Path, filters: Filters = Filters(), out: str | Path | None = None,
                 limit: int | None = None, replayers: bool = True) -> dict[str, Any]:
    """Write the hand list of the store at ``db`` (``hands.html`` in the folder ``out``, default ``reports/``):
    the hands ``filters`` select, the hero's by default, and beside it (unless ``replayers`` is false: then
    the ids link nowhere) the replayer page of each hand listed."""
    from .reports.hand_list import LIMIT, hand_list_section, hand_rows
    from .reports.page import esc, page

    folder = Path(out) if out else REPORTS
    limit = LIMIT if limit is None else limit
    with open_for_reading(db) as store:
        check_filters(store, filters)
        rows = hand_rows(store, filters, limit)
        raws = store.raw_hands(keys=[r["hand_key"] for r in rows]) if rows and replayers else []
    written = _write_replayers(raws, folder, ("hands.html", _("the hand list")))
    section = hand_list_section(rows, folder="" if replayers else None, limit=limit)
    whose = ", ".join(filters.players) or _("the log owners")
    said = filters.text()
    title = (_("Hands of {players} ({filters})") if said else _("Hands of {players}"))
    title = title.format(players=whose, filters=said)
    listed = _write_report(folder / "hands.html", page(title, f"<h1>{esc(title)}</h1>\n{section}", charts=False,
                                                       lang=i18n.current()))
    return {**listed, "hands": len(rows), "replayers": written}


def _write_replayers(raws: list[tuple[str, str, str, int]], folder: Path, back: tuple[str, str]) -> int:
    """The replayer page of each stored hand (raw text, format, source, line) in ``folder``, named by
    :func:`~soko_analytics.reports.hand_list.replayer_file`; how many were written."""
    from .reports.hand_list import replayer_file

    hands = (item for raw, fmt, source, line in raws if raw
             for item in read_stored_audited(raw, fmt, source, line, ledger=True))
    written = 0
    for item in _audited(hands, False, ledger=True):
        if isinstance(item, Audit):
            _write_report(folder / replayer_file(item.hand.site, item.hand.hand_id), hand_page(item, back))
            written += 1
    return written


def hand_page(result: Audit, back: tuple[str, str] | None = None) -> str:
    """The replayer page of one audited hand as HTML text (what :func:`report_hand` writes); ``back``, the link
    (address, words) to the list it is opened from."""
    from .reports.hand import hand_report

    return hand_report(result, back)


def _stored_audit(db: str | Path, hand_id: str) -> Audit:
    for item in audit_store(db, hand_id):
        if isinstance(item, Quarantined):
            raise _unread(hand_id, item)
        return item
    raise SokoError(phrase("no hand {hand} in the store", hand=hand_id), path=str(db), hand_id=hand_id)


def _file_safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)[:100]


def _write_report(target: Path, text: str) -> dict[str, Any]:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        raise SokoError(phrase("cannot write the report: {error}", error=err.strerror), path=str(target)) from None
    return {"path": str(target), "bytes": len(text.encode("utf-8"))}
