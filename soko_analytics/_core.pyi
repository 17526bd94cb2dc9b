"""Type stub of the compiled core (the Rust crate in core/, its bindings in core/src/py/): every member the module
has, each parameter named, ordered and defaulted as the runtime's ``__text_signature__`` (tests/core/test_stub.py
holds the two together), each type read from the Rust signature.

How the Rust types read: ``&str``/``String`` is ``str``; ``&[u8]`` is ``bytes`` (only ``bytes`` extracts to it);
integers are ``int``, ``f64`` is ``float``; ``Option<T>`` is ``T | None``; a returned ``Vec<T>`` is ``list[T]``, a
``Vec<T>`` parameter is ``Sequence[T]`` (PyO3 extracts a ``Vec`` from any sequence but ``str``); a tuple is a
``tuple`` both ways (PyO3 extracts one from a tuple only). Players in ``pots`` are ``int`` indices
(``replay/pots.py`` maps names to them). A default the runtime shows as ``...`` is a Rust constant: its value is in
the comment beside it. Every class but ``PotError`` is ``@final`` (no pyclass of the core lets Python subclass
it) and ``__all__`` is the module's own list (PyO3 writes it).
"""

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias, final

__all__ = [
    "__version__", "ADDED_MONEY", "IN_POT_FROM_START", "hand_json_roundtrip", "spec_streets", "Member", "TextStream",
    "members", "decode", "head", "Splitter", "format_scores", "detect_format", "complete_end",
    "FORMATS", "read_pieces", "PhhStream", "PHH_VARIANTS", "read_count", "quarantine_drift",
    "utc_offsets", "ZONES",
    "audit", "ReplayBatch", "audit_hands", "read_audited", "share_values", "ranking_table",
    "describe", "describe_words", "has_ranking",
    "evaluate",
    "hand_class", "evaluate_batch", "evaluate_split_batch", "hand_facts", "money_flow", "allin_adjusted", "equity",
    "tournament_finishes", "buy_ins", "content_hashes", "FileReader", "FilesReader", "read_rows", "hand_batch",
    "text_rows", "piece_rows", "parse_count", "PlayTable", "PotError", "returned_uncalled", "build_pots", "split",
    "award", "rake_pots",
    "payouts", "VOCABULARIES", "FORCED_KINDS", "BETTING_KINDS", "RANKS", "SUITS", "POSITIONS",
    "POSITION_GROUPS", "CURRENCY_SYMBOLS", "STREET_SHOWDOWN", "DESCRIPTION_TEMPLATES", "RANK_WORDS", "TABLES",
    "format_amount",
    "DEFAULT_PROFILE", "RULE_OPTIONS", "parse_option", "rules_text", "parse_rules", "rule_profiles", "resolve_spec",
    "combine_rules",
]

__version__: str
ADDED_MONEY: tuple[str, ...]
IN_POT_FROM_START: tuple[str, ...]

# An Arrow C-data PyCapsule (``types.CapsuleType`` only from Python 3.13): opaque, for pyarrow to import.
_Capsule: TypeAlias = object
# A table's Arrow batch: its (schema, array) capsules.
_Batch: TypeAlias = tuple[_Capsule, _Capsule]
# One chunk of rows: (hands stored, records quarantined, {table: batch}).
_Chunk: TypeAlias = tuple[int, int, dict[str, _Batch]]
# A file's share of a FilesReader chunk: (import id, stored, quarantined, ended, {table: rows}).
_FileShare: TypeAlias = tuple[int, int, int, bool, dict[str, int]]
# A piece of a split text, as Python's ``Piece``: (line, text, kind, size, lines).
_Piece: TypeAlias = tuple[int, str, str, int, int]
# A problem of a source: (quarantine kind, reason).
_Problem: TypeAlias = tuple[str, str]
# The legal actions of the player to act: (player, to call, can check, bet (low, high), raise to (low, high),
# complete to, fixed-limit sizes).
_Legal: TypeAlias = tuple[str, int, bool, tuple[int, int] | None, tuple[int, int] | None, int | None, list[int]]

# mod.rs

def hand_json_roundtrip(text: str) -> str: ...
def spec_streets(text: str) -> list[str]: ...

# source.rs

@final
class Member:
    """One file to read: a plain file, a gzip body or a zip member (made by ``members`` only)."""

    @property
    def name(self) -> str:
        """The path, or ``path:member`` for a member of a zip (``path:inner.zip:member`` for one of a zip in it)."""
    @property
    def problem(self) -> str | None:
        """Why it must not be read (a zip member whose name leaves the archive, an archive nested too deep, the
        damage of a zip cut short)."""
    @property
    def problem_kind(self) -> str:
        """The quarantine kind of ``problem``: ``unreadable``, or ``too_large`` for a nested archive that inflates
        past its bound."""
    @property
    def compressed(self) -> int | None:
        """Its compressed size, for the inflation bound (None for a plain file)."""

@final
class TextStream:
    """One member read as text blocks of whole lines."""

    def __new__(cls, member: Member, block: int = ...) -> TextStream: ...  # block: 1 << 20 (source::BLOCK)
    def head(self) -> str: ...
    def __iter__(self) -> TextStream: ...
    def __next__(self) -> str: ...
    @property
    def error(self) -> _Problem | None: ...
    @property
    def bytes_read(self) -> int: ...

def members(path: str, name: str | None = None) -> tuple[list[Member], _Problem | None]: ...
def decode(data: bytes) -> str: ...
def head(data: bytes) -> str: ...

# split.rs

@final
class Splitter:
    def __new__(cls) -> Splitter: ...
    def feed(self, block: str) -> list[_Piece]: ...
    def finish(self) -> list[_Piece]: ...

def format_scores(head: str) -> list[float]: ...
def detect_format(head: str) -> str | None: ...
def complete_end(data: bytes, format: str) -> int | None: ...

FORMATS: tuple[dict[str, Any], ...]
"""Each format's ``name``, ``site``, ``extensions``, ``core``, ``whole``, ``anonymous``, ``tail`` and ``ends``."""

# read.rs

def read_pieces(
    pieces: Sequence[tuple[str, int, str, int, int]], path: str, format: str, fault_hand: str | None = None
) -> list[str]: ...

PHH_VARIANTS: tuple[tuple[str, str | None, tuple[str, ...]], ...]
"""The PHH variant codes the core reads: each code, our rules text for it (None: the hand's ``_rules``) and the
fields PHH requires of it."""

def read_count(pieces: Sequence[tuple[str, int]], path: str, format: str) -> tuple[int, int]: ...
def quarantine_drift(format: str | None, raw: str, offset: int, reason: str) -> tuple[str | None, str]: ...
def utc_offsets(zone: str, locals: Sequence[tuple[int, int, int, int, int, int]]) -> list[int | None]: ...

ZONES: tuple[tuple[str, str], ...]

# replay.rs

def audit(hand_json: str, spec_json: str, ledger: bool = False) -> str: ...

@final
class ReplayBatch:
    def __new__(cls, hands_json: Sequence[str]) -> ReplayBatch: ...
    def __len__(self) -> int: ...
    def audit(self, ledger: bool = False) -> list[str]: ...
    def count(self) -> tuple[int, int, int]: ...

def audit_hands(hands_json: Sequence[str], ledger: bool = False) -> list[str]: ...
def read_audited(
    pieces: Sequence[tuple[str, int, str, int, int]],
    path: str,
    format: str,
    ledger: bool = False,
    fault_hand: str | None = None,
) -> list[tuple[str, str | None]]: ...

@final
class PhhStream:
    """A PHH text read as its blocks come: each hand completed as ``(outcome, verdict)``, the verdict (its audit's
    JSON) only with ``audit``."""

    def __new__(cls, path: str, audit: bool = False, ledger: bool = False) -> PhhStream: ...
    def feed(self, block: str) -> list[tuple[str, str | None]]: ...
    def finish(self) -> list[tuple[str, str | None]]: ...

def share_values(rules: str, own: Sequence[int], board: Sequence[int]) -> tuple[list[int | None], str]: ...

# rules.rs

DEFAULT_PROFILE: str
# Each option of RULES.md in display order: (name, kind: "bool" | "int" | "amount" | "enum", default: "profile" |
# "derived" | "fixed", the default in words, the allowed values in words, choices, the word of None (or None),
# the enum of its words in _vocab.py (or None), meaning, RULES.md section).
RULE_OPTIONS: tuple[
    tuple[str, str, str, str, str, tuple[str, ...], str | None, str | None, str, str], ...
]

def parse_option(name: str, text: str) -> bool | int | str | None: ...
def rules_text(text: str) -> str: ...
def parse_rules(text: str) -> tuple[str, list[tuple[str, str]]]: ...
def rule_profiles() -> str: ...
def resolve_spec(text: str) -> str: ...
def combine_rules(rules_line: str, structure: str) -> str: ...

# eval.rs

def ranking_table(name: str) -> tuple[bytes, bytes, bytes]: ...
def describe(name: str, value: int) -> str: ...
def describe_words(name: str, value: int) -> tuple[str, list[tuple[str, str]]]: ...
def has_ranking(name: str) -> bool: ...
def evaluate(name: str, cards: Sequence[int]) -> int: ...
def hand_class(name: str, value: int) -> str | None: ...
def evaluate_batch(name: str, cards: bytes, n: int) -> bytes: ...
def evaluate_split_batch(name: str, cards: bytes, own_n: int, board_n: int, hole: int) -> bytes: ...

# facts.rs

def hand_facts(hand_json: str, spec_json: str) -> str: ...
def money_flow(hand_json: str) -> list[tuple[int, int, int]]: ...
def allin_adjusted(
    hand_json: str,
    spec_json: str,
    exact_limit: int = ...,  # 100_000 (facts::equity::EXACT_LIMIT)
    samples: int = ...,  # 5_000 (facts::allin::SAMPLES)
    seed: int | None = None,
) -> str: ...
def equity(
    ranking: str,
    hole: Sequence[Sequence[int]],
    need: Sequence[int],
    board: Sequence[int],
    board_need: int,
    dead: Sequence[int],
    pots: Sequence[tuple[float, Sequence[int]]],
    samples: int,
    seed: int,
    exact_limit: int,
) -> tuple[list[float], list[float], bool, int]: ...

# rows.rs

def tournament_finishes(raws: Sequence[str], format: str) -> _Batch: ...
def buy_ins(texts: Sequence[str | None]) -> list[tuple[int, int, int, str | None, int] | None]: ...
def content_hashes(raws: Sequence[str], format: str) -> list[str | None]: ...

# pipeline.rs

@final
class FileReader:
    def __new__(
        cls,
        path: str,
        format: str,
        import_id: int = 0,
        name: str | None = None,
        rows: int = 5000,
        audit: bool = True,
        fault_hand: str | None = None,
    ) -> FileReader: ...
    def __iter__(self) -> FileReader: ...
    def __next__(self) -> _Chunk: ...

@final
class FilesReader:
    def __new__(
        cls,
        next_file: Callable[[], tuple[str, str, str, int] | None],
        rows: int = 5000,
        audit: bool = True,
        fault_hand: str | None = None,
    ) -> FilesReader: ...
    def __iter__(self) -> FilesReader: ...
    def __next__(self) -> tuple[int, int, dict[str, _Batch], list[_FileShare]]: ...

def read_rows(path: str, format: str, import_id: int, name: str | None = None, audit: bool = True) -> _Chunk: ...
def hand_batch(
    hands: Sequence[str], format: str, import_id: int = 0, audit: bool = True, fault_hand: str | None = None
) -> _Chunk: ...
def text_rows(
    texts: Sequence[tuple[str, str, str, int]], import_id: int = 0, audit: bool = True, fault_hand: str | None = None
) -> _Chunk: ...
def piece_rows(
    pieces: Sequence[tuple[str, int, str, int, int]],
    path: str,
    format: str,
    import_id: int = 0,
    audit: bool = True,
    fault_hand: str | None = None,
) -> _Chunk: ...
def parse_count(path: str, format: str) -> tuple[int, int]: ...

# table.rs

@final
class PlayTable:
    def __new__(
        cls, rules: str, stakes_json: str, seats: Sequence[tuple[str, int, int]], button: int | None
    ) -> PlayTable: ...
    def names(self) -> list[str]: ...
    def dealer_left_order(self) -> list[str]: ...
    def live(self) -> list[str]: ...
    def folded(self) -> list[str]: ...
    def totals(self) -> list[tuple[str, int]]: ...
    def stack(self, player: str) -> int: ...
    @property
    def street(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def opened(self) -> bool: ...
    def deal_up(self, player: str, cards: Sequence[int]) -> None: ...
    def start_street(self, street: int) -> None: ...
    def open_round(self, first: int | None = None) -> None: ...
    def opener(self, street: int) -> int: ...
    def legal(self) -> _Legal | None: ...
    def post(self, player: str, kind: str, amount: int) -> None: ...
    def apply(self, player: str, kind: str, amount: int = 0, to: int | None = None) -> None: ...
    def return_uncalled(self) -> tuple[str, int] | None: ...

# pots.rs

class PotError(ValueError):
    """Pots that cannot be built or split: args (reason, expected, actual, player indices)."""

def returned_uncalled(contributions: Sequence[tuple[int, int]]) -> tuple[int, int] | None: ...
def build_pots(
    contributions: Sequence[tuple[int, int]], folded: Sequence[int], order: Sequence[int]
) -> list[tuple[int, list[int], list[int], int]]: ...
def split(
    amount: int, winners: Sequence[int], odd_chip_order: Sequence[int], chip_unit: int
) -> list[tuple[int, int]]: ...
def award(
    pots: Sequence[tuple[int, Sequence[int]]],
    values: Sequence[Sequence[tuple[int, int]]],
    odd_chip_order: Sequence[int],
    chip_unit: int,
) -> list[tuple[int, list[int], list[tuple[int, int]], int | None, list[list[int]]]]: ...
def rake_pots(amounts: Sequence[int], rake: int, convention: str) -> list[int]: ...
def payouts(
    parts: Sequence[Sequence[Sequence[int]]], net_amounts: Sequence[int], odd_chip_order: Sequence[int], chip_unit: int
) -> list[tuple[int, int]]: ...

# vocab.rs

# name -> (kind: "StrEnum" or "IntEnum", doc comment, ((text, doc comment), ...)), read by _vocab_write.py.
VOCABULARIES: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]]
FORCED_KINDS: tuple[str, ...]
BETTING_KINDS: tuple[str, ...]
RANKS: str
SUITS: str
POSITIONS: tuple[tuple[str, str], ...]
"""The hold'em seat labels in the order they act from the blinds, each with its ``position_group``."""
POSITION_GROUPS: tuple[str, ...]
CURRENCY_SYMBOLS: tuple[tuple[str, str], ...]
"""The currency symbols the logs use, each with its ISO code."""
STREET_SHOWDOWN: str
"""The street of findings about the end of the hand: ``showdown``."""
DESCRIPTION_TEMPLATES: list[str]
"""Every hand description's template (``two pair, {0} and {1}``), the messages a translation gives."""
RANK_WORDS: list[tuple[str, str]]
"""The ranks' English names, Deuce to Ace, alone and as a set (``("King", "Kings")``)."""
# table -> ((column, DuckDB type), ...) in the columns' order.
TABLES: dict[str, tuple[tuple[str, str], ...]]

def format_amount(minor: int, decimals: int, symbol: str = "", trim: bool = True, grouped: bool = False) -> str: ...
