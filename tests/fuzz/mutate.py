"""Seeded, reproducible mutations of hand-history files, and an oracle that does not use the reader.

Issue 12: line and byte mutations of the corpus and the sample hands
(truncation, a line moved or duplicated, bytes flipped, a header glued to the
previous line, cp1252 and UTF-16 text, hostile names...); for each file,
every hand header in it must end as exactly one stored or quarantined hand,
and no run may raise.

A *hand header* is any occurrence, anywhere in the decoded text (also in the
middle of a line), of :data:`HEADER`; its line is the 1-based physical line
where the match starts (a line ends at ``"\\n"``, ``"\\r\\n"`` or a lone ``"\\r"``, as the
format's lines do: docs/formats.md). :func:`headers` computes that multiset from the bytes of a mutated
file and the encoding the mutator wrote it in, never from the reader.
For the 8-bit encodings (UTF-8, cp1252, a mix of the two after byte flips) the
header text is ASCII, so the bytes are read as Latin-1: every byte is one
character and ASCII stays ASCII, whatever decoder the reader picks for the
other bytes. UTF-16 files are decoded as UTF-16 (an odd trailing byte or a lone
surrogate becomes U+FFFD, as any decoder would).

A case is a pure function of its seed, its profile and the source files (the
sorted ``*.txt`` of the corpus and of ``sample_data``), so a failure is
reproduced with::

    .venv/bin/python -m tests.fuzz.mutate --seed SEED --profile PROFILE --out /tmp/case.txt --minimize

This module does not import soko_analytics at import time; only the checks
(:func:`check_read`) and the command line use the reader.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

HEADER = re.compile(r"(?:Hand|Game|HAND|GAME) #([0-9A-Za-z-]+):")
"""The oracle's hand header (issue 12); anywhere in the text."""

PROJECT = Path(__file__).resolve().parents[2]
SAMPLE_DATA = next((p for p in (PROJECT / "sample_data", PROJECT / "soko_analytics" / "sample_data") if p.is_dir()),
                   PROJECT / "sample_data")
"""The bundled sample data (Sökö text and PokerStars format, simulated)."""
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"

UTF16_BOMS = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}
ENCODINGS = ("cp1252", "utf-8+bom", "utf-16-le", "utf-16-le+bom", "utf-16-be", "utf-16-be+bom")
"""What the ``encode`` mutation may write (a case is UTF-8 without a BOM otherwise)."""

HOSTILE_NAMES = (
    "\x1b]0;x\x07", "\x1b[2J", "\x1b[31mred\x1b[0m", "<script>alert('x')</script>", "\u202eevil\u202c",
    "Mr: Pink", "a: b: c", "Bob [Ah Kd]", "x [", "[", "O'Brien", '"quoted"', "'\"'", "L" * 300, "W" * 3000,
    "cr\rname", "ls\u2028name", "nel\x85name", "ff\x0cname", "vt\x0bname", "nul\x00name", "\ufeffbom",
    "tab\tname", "  spaced  ", "Seat 1", "Dealt to", "Uncalled bet", "collected 1 from pot", "\U0001f4a3 bomb",
    "%s%n{0}", "..\\..\\etc", "Robert'); DROP TABLE hands;--", "é\u0301\u0301\u0301", "a\u200bb",
)
"""Replacement player names: terminal escapes, markup, bidi overrides, separators of the log's own syntax,
very long names, quotes, characters that str.splitlines() (but not the format) treats as line breaks."""

HUGE_AMOUNT = "99999999999999999999"

_WORDS = (
    "lorem", "ipsum", "dolor", "Seat", "chips", "***", "*** FLOP ***", "[Ah Kd]", "folds", "calls", "Total pot",
    "Rake", "€", "£", "$", "¥", "ä", "ö", "Ω", "\U0001f0a1", "Table", "'", '"', "\t", "\x00", "\x07", "\x1b[31m",
    "\u202e", "\ufeff", "\r", ":", ": ", "::", "Note:", "Rules:", "Hand", "Game", "HAND #", "Hand #12",
    "Hand # 5:", "Hand#7:", "Game #:", "GAME #x-1", "#", "Seat 1: Nobody (100 in chips)", "Dealt to",
    "*** SUMMARY ***", "Uncalled bet (5) returned to", "collected", "0", "-1", "1e309", HUGE_AMOUNT,
)
"""Junk text: words, poker-looking fragments and near-miss headers (none of them matches :data:`HEADER`)."""


# -- the oracle -------------------------------------------------------------------------------------------


def oracle_text(data: bytes, encoding: str) -> str:
    """The decoded text of a mutated file as far as headers and line numbers go (see the module text)."""
    text = data.decode("latin-1")
    for codec in UTF16_BOMS:
        if encoding.startswith(codec):
            text = data.decode(codec, errors="replace")
            break
    return text.replace("\r\n", "\n").replace("\r", "\n")


@dataclass(frozen=True)
class Header:
    line: int
    hand_id: str
    prefix: str
    """The text before the header on its line."""


def header_list(text: str) -> list[Header]:
    """Every hand header of a decoded text, in order."""
    found = []
    line, at = 1, 0
    for m in HEADER.finditer(text):
        line += text.count("\n", at, m.start())
        at = m.start()
        start = text.rfind("\n", 0, m.start()) + 1
        found.append(Header(line, m.group(1), text[start : m.start()]))
    return found


def headers(data: bytes, encoding: str) -> Counter:
    """The multiset of (line, hand id) of a file's hand headers."""
    return Counter((h.line, h.hand_id) for h in header_list(oracle_text(data, encoding)))


# -- the source hands -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    name: str
    family: str
    """``soko`` (a file with ``Rules:`` lines) or ``stars``."""
    hands: tuple[str, ...]


def decode_source(data: bytes) -> str:
    """A source file's text: UTF-8 (BOM dropped), or cp1252 line by line where it is not UTF-8."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        lines = []
        for raw in data.split(b"\n"):
            try:
                lines.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                lines.append(raw.decode("cp1252", errors="replace"))
        text = "\n".join(lines)
    return text.lstrip("\ufeff")


def _header_line_starts(text: str) -> list[int]:
    """Offsets of the lines that start with a header (an optional site name, no ':' before ``Hand #``)."""
    starts = []
    for m in HEADER.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        if ":" not in text[start : m.start()]:
            starts.append(start)
    return starts


def split_source(text: str) -> list[str]:
    """The hands of a clean source text, each ending with a blank line."""
    starts = _header_line_starts(text)
    hands = []
    for a, b in zip(starts, starts[1:] + [len(text)]):
        hand = text[a:b]
        hand += "\n" * max(0, 2 - (len(hand) - len(hand.rstrip("\n"))))
        hands.append(hand)
    return hands


@lru_cache(maxsize=4)
def load_sources(corpus: str | None, sample_data: str = str(SAMPLE_DATA)) -> tuple[Source, ...]:
    """The hands of the corpus's PokerStars-format ``*.txt`` files and of the sample data, read in place."""
    files: list[tuple[str, Path]] = []
    if corpus is not None:
        root = Path(corpus) / "pokerstars"
        files += [(f"corpus:{p.relative_to(root)}", p) for p in sorted(root.rglob("*.txt"))]
    sample = Path(sample_data)
    files += [(f"sample:{p.relative_to(sample)}", p) for p in sorted(sample.rglob("*.txt"))]
    sources = []
    for name, path in files:
        text = decode_source(path.read_bytes())
        hands = split_source(text)
        if hands:
            family = "soko" if re.search(r"(?m)^Rules:", text) else "stars"
            sources.append(Source(name, family, tuple(hands)))
    return tuple(sources)


# -- the mutations ----------------------------------------------------------------------------------------


def _show(text: str, width: int = 40) -> str:
    return repr(text[:width]) + ("..." if len(text) > width else "")


def junk(rng: random.Random, size: int, words: Iterable[str] = _WORDS) -> str:
    """About ``size`` characters of junk lines (a random block of ~64 KB repeated)."""
    words = tuple(words)
    lines, total = [], 0
    while total < min(size, 1 << 16):
        line = " ".join(rng.choice(words) for _ in range(rng.randrange(0, 14)))
        lines.append(line)
        total += len(line) + 1
    block = "\n".join(lines) + "\n"
    return (block * (size // len(block) + 1))[:size]


def _lines_op(fn: Callable[[random.Random, list[str]], str]) -> Callable[[random.Random, str], tuple[str, str]]:
    def op(rng: random.Random, text: str) -> tuple[str, str]:
        lines = text.split("\n")
        desc = fn(rng, lines)
        return "\n".join(lines), desc

    op.__name__ = fn.__name__
    return op


def _header_indexes(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if (m := HEADER.search(line)) and ":" not in line[: m.start()]]


def _pick_line(rng: random.Random, lines: list[str], header_bias: float = 0.3) -> int:
    heads = _header_indexes(lines)
    if heads and rng.random() < header_bias:
        return rng.choice(heads)
    return rng.randrange(len(lines))


@_lines_op
def delete_line(rng, lines):
    done = []
    for _ in range(rng.randint(1, 3)):
        if len(lines) < 2:
            break
        i = _pick_line(rng, lines)
        done.append(f"{i + 1}: {_show(lines.pop(i))}")
    return f"delete_line({'; '.join(done)})"


@_lines_op
def duplicate_line(rng, lines):
    done = []
    for _ in range(rng.randint(1, 3)):
        i = _pick_line(rng, lines)
        lines.insert(i + 1, lines[i])
        done.append(f"{i + 1}: {_show(lines[i])}")
    return f"duplicate_line({'; '.join(done)})"


@_lines_op
def move_line(rng, lines):
    done = []
    for _ in range(rng.randint(1, 3)):
        i = _pick_line(rng, lines)
        line = lines.pop(i)
        j = rng.randrange(len(lines) + 1)
        lines.insert(j, line)
        done.append(f"{i + 1} -> {j + 1}: {_show(line)}")
    return f"move_line({'; '.join(done)})"


GLUES = ("previous_line", "player", "after_summary", "note")


@_lines_op
def glue_header(rng, lines):
    """A header line glued onto other text: the previous line, ``Player25: ``, the last summary line, ``Note: ``."""
    done = []
    for _ in range(rng.randint(1, 3)):
        heads = [i for i in _header_indexes(lines) if i > 0]
        if not heads:
            break
        i = rng.choice(heads)
        how = rng.choice(GLUES)
        head = lines[i]
        if how == "previous_line":
            lines[i - 1 : i + 1] = [lines[i - 1] + lines[i]]
        elif how == "player":
            lines[i] = "Player25: " + lines[i]
        elif how == "note":
            lines[i] = "Note: " + lines[i]
        else:  # onto the last non-blank line before it (the previous hand's last summary line)
            j = i - 1
            while j > 0 and not lines[j].strip():
                j -= 1
            lines[j : i + 1] = [lines[j] + lines[i]]
        done.append(f"{how}: the header of line {i + 1} {_show(head)}")
    return f"glue_header({'; '.join(done) or 'no header after line 1'})"


SEAT_NAME = re.compile(r"(?m)^Seat \d+: (.+?) \([^()\n]*in chips")


def hostile_name(rng, text):
    names = sorted({n for n in SEAT_NAME.findall(text) if len(n) >= 3})
    if not names:
        return text, "hostile_name(no seat line)"
    done = []
    for _ in range(rng.randint(1, 2)):
        name, new = rng.choice(names), rng.choice(HOSTILE_NAMES)
        text = text.replace(name, new)
        done.append(f"{name!r} -> {_show(new)}")
    return text, f"hostile_name({'; '.join(done)})"


AMOUNT = re.compile(r"(?<=[$€£ (])\d+(?:\.\d+)?(?=[ )\r\n]|$)")


def _replace_some(rng, text: str, pattern: re.Pattern, group: int, new: str, name: str, count: int):
    found = list(pattern.finditer(text))
    if not found:
        return text, f"{name}(nothing to replace)"
    picked = sorted(rng.sample(found, min(count, len(found))), key=lambda m: m.start(), reverse=True)
    done = []
    for m in picked:
        a, b = m.span(group)
        done.append(f"line {text.count(chr(10), 0, a) + 1}: {text[a:b]!r}")
        text = text[:a] + new + text[b:]
    return text, f"{name}({'; '.join(reversed(done))} -> {new!r})"


def huge_amount(rng, text):
    return _replace_some(rng, text, AMOUNT, 0, HUGE_AMOUNT, "huge_amount", rng.randint(1, 3))


def seat_40000(rng, text):
    return _replace_some(rng, text, re.compile(r"Seat #?(\d+)(?::| is the button)"), 1, "40000", "seat_40000",
                         rng.randint(1, 2))


def max_99999(rng, text):
    return _replace_some(rng, text, re.compile(r"(\d+)-max"), 1, "99999", "max_99999", rng.randint(1, 2))


def month_13(rng, text):
    return _replace_some(rng, text, re.compile(r"\d{4}[/-](\d{2})[/-]\d{2}"), 1, "13", "month_13", rng.randint(1, 2))


@_lines_op
def junk_between(rng, lines):
    done = []
    for _ in range(rng.randint(1, 3)):
        heads = _header_indexes(lines)
        i = rng.choice(heads) if heads else rng.randrange(len(lines) + 1)
        block = junk(rng, rng.randrange(1, 2000)).split("\n")
        lines[i:i] = block
        done.append(f"{len(block)} lines before line {i + 1}")
    return f"junk_between({'; '.join(done)})"


def append_junk(rng, text):
    return text + junk(rng, 1 << 20), "append_junk(1 MB after the last hand)"


TEXT_MUTATIONS = {f.__name__: f for f in (
    delete_line, duplicate_line, move_line, glue_header, hostile_name, huge_amount, seat_40000, max_99999,
    month_13, junk_between, append_junk,
)}


def encode(text: str, encoding: str) -> bytes:
    if encoding == "utf-8":
        return text.encode("utf-8", errors="surrogatepass")
    if encoding == "utf-8+bom":
        return b"\xef\xbb\xbf" + text.encode("utf-8", errors="surrogatepass")
    if encoding == "cp1252":
        return text.encode("cp1252", errors="replace")
    codec = encoding.removesuffix("+bom")
    return (UTF16_BOMS[codec] if encoding.endswith("+bom") else b"") + text.encode(codec, errors="surrogatepass")


def _unit(encoding: str) -> int:
    return 2 if encoding.startswith("utf-16") else 1


def truncate(rng, data: bytes, encoding: str):
    at = rng.randrange(len(data)) if data else 0
    return data[:at], f"truncate(at byte {at} of {len(data)})"


def flip_bytes(rng, data: bytes, encoding: str):
    buf = bytearray(data)
    done = []
    for _ in range(rng.randint(1, 8)):
        if not buf:
            break
        i = rng.randrange(len(buf))
        x = rng.randrange(1, 256)
        done.append(f"{i}: {buf[i]:#04x}^{x:#04x}")
        buf[i] ^= x
    return bytes(buf), f"flip_bytes({', '.join(done)})"


_INSERTS = (b"\r", b"\n", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\x1b[2J", b"\x85", b"\xe2\x80\xa8", b"\xc3")


def insert_bytes(rng, data: bytes, encoding: str):
    unit = _unit(encoding)
    done = []
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) // unit + 1) * unit
        if rng.random() < 0.5:
            new = rng.choice(_INSERTS)
        else:
            new = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        if len(new) % unit:
            new += b"\x00"
        data = data[:at] + new + data[at:]
        done.append(f"{at}: {new!r}")
    return data, f"insert_bytes({', '.join(done)})"


def delete_bytes(rng, data: bytes, encoding: str):
    unit = _unit(encoding)
    done = []
    for _ in range(rng.randint(1, 4)):
        if len(data) < 2 * unit:
            break
        at = rng.randrange(len(data) // unit) * unit
        n = rng.randint(1, 8) * unit
        done.append(f"{at}: {data[at:at + n]!r}")
        data = data[:at] + data[at + n :]
    return data, f"delete_bytes({', '.join(done)})"


BYTE_MUTATIONS = {f.__name__: f for f in (truncate, flip_bytes, insert_bytes, delete_bytes)}
KINDS = (*TEXT_MUTATIONS, "encode", *BYTE_MUTATIONS)


# -- cases ------------------------------------------------------------------------------------------------


PROFILES = {
    "read": {"hands": (45, 90)},
    "import": {"hands": (30, 60)},
    "slow": {"hands": (60, 150)},
}
"""How many hands a case's file starts with, per test."""


@dataclass
class Case:
    seed: int
    profile: str
    name: str
    data: bytes
    encoding: str
    mutations: list[str]
    origins: list[str] = field(default_factory=list)
    command: str = ""
    """Extra options of the reproduce command (kinds or encoding forced)."""

    def text(self) -> str:
        return oracle_text(self.data, self.encoding)

    def headers(self) -> Counter:
        return headers(self.data, self.encoding)

    def write(self, folder: Path) -> Path:
        path = folder / self.name
        path.write_bytes(self.data)
        return path

    def describe(self) -> str:
        origins = ", ".join(self.origins[:12]) + (f", ... ({len(self.origins)} runs)" if len(self.origins) > 12 else "")
        return (f"seed {self.seed} (profile {self.profile!r}), file {self.name}, {len(self.data)} bytes, "
                f"encoding {self.encoding}\n  mutations: {' + '.join(self.mutations)}\n  hands from: {origins}\n"
                f"  reproduce: .venv/bin/python -m tests.fuzz.mutate --seed {self.seed} --profile {self.profile} "
                f"{self.command + ' ' if self.command else ''}--out /tmp/{self.name} --minimize")


def base_text(rng: random.Random, sources: tuple[Source, ...], count: int) -> tuple[str, list[str]]:
    """Runs of hands from several source files, ``count`` hands in all."""
    family = rng.choices(("stars", "soko", "mixed"), weights=(5, 4, 1))[0]
    pool = [s for s in sources if family == "mixed" or s.family == family] or list(sources)
    pieces: list[str] = []
    origins = []
    while len(pieces) < count:
        src = rng.choice(pool)
        k = min(len(src.hands), rng.randint(1, 30), count - len(pieces))
        start = rng.randrange(len(src.hands) - k + 1)
        pieces.extend(src.hands[start : start + k])
        origins.append(f"{src.name}[{start}:{start + k}]")
    return "".join(pieces), origins


def make_case(seed: int, sources: tuple[Source, ...], profile: str = "read", kinds: tuple[str, ...] | None = None,
              encoding: str | None = None) -> Case:
    """The mutated file of a seed: a base of runs of hands, then one to three kinds of mutation (or the
    ``kinds`` given; ``encoding`` forces the ``encode`` mutation's choice)."""
    forced = kinds is not None or encoding is not None
    rng = random.Random(seed)
    lo, hi = PROFILES[profile]["hands"]
    text, origins = base_text(rng, sources, rng.randint(lo, hi))
    if kinds is None:
        kinds = tuple(rng.sample(KINDS, rng.randint(1, 3)))
    if encoding is not None and "encode" not in kinds:
        kinds = (*kinds, "encode")
    mutations = []
    for kind in (k for k in kinds if k in TEXT_MUTATIONS):
        text, desc = TEXT_MUTATIONS[kind](rng, text)
        mutations.append(desc)
    drawn = rng.choice(ENCODINGS)
    chosen = encoding or drawn
    encoding = "utf-8"
    if "encode" in kinds:
        encoding = chosen
        mutations.append(f"encode({encoding})")
    data = encode(text, encoding)
    for kind in (k for k in kinds if k in BYTE_MUTATIONS):
        data, desc = BYTE_MUTATIONS[kind](rng, data, encoding)
        mutations.append(desc)
    if _unit(encoding) == 1 and data[:2] in UTF16_BOMS.values():  # keep an 8-bit file from looking like UTF-16
        data = b"\n" + data
        mutations.append("guard(a newline before a UTF-16 BOM made by the byte mutations)")
    name = f"fuzz-{profile}-{seed}" + (f"-{'-'.join(kinds)}" if forced else "") + (
        f"-{encoding.replace('+', '-')}" if forced and "encode" in kinds else "") + ".txt"
    case = Case(seed, profile, name, data, encoding, mutations, origins)
    if forced:
        case.command = f"--kinds {','.join(kinds)}" + (f" --encoding {encoding}" if "encode" in kinds else "")
    return case


# -- checking what the reader yields ----------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    signature: str
    """What kind of failure, without line numbers or ids: failures with one signature share a cause."""
    detail: str


@dataclass
class Record:
    line: int | None
    hand_id: str | None
    label: str
    reason: str


def _ours(tb_frames) -> str:
    ours = [f for f in tb_frames if "soko_analytics" in f.filename.replace("\\", "/")]
    f = (ours or tb_frames or [None])[-1]
    if f is None:
        return "unknown"
    name = f.filename.replace("\\", "/")
    name = name[name.rfind("soko_analytics/"):] if "soko_analytics/" in name else Path(name).name
    return f"{name}:{f.lineno} in {f.name}"


_INTERNAL = re.compile(r"internal error: ([\w.]+): .*\(at ([^)]*)\)", re.S)


def _prefix_class(prefix: str) -> str:
    bare = prefix.strip(" \t\r\ufeff")
    if not bare:
        return "at the start of its line"
    if re.fullmatch(r"[\w .'&!-]{1,40}", bare):
        return "after a site name"
    if ":" in prefix:
        return "after text with ':' on its line"
    return "after other text on its line"


def read_records(path: Path) -> tuple[list[Record], list[Problem]]:
    """What ``read_path`` yields for a file, and the problems that are not about the count."""
    from soko_analytics.model.hand import Hand
    from soko_analytics.parsers import Quarantined, read_path

    records: list[Record] = []
    problems: list[Problem] = []
    try:
        for item in read_path(path):
            if isinstance(item, Hand):
                records.append(Record(item.source.line, item.hand_id, "Hand", ""))
            elif isinstance(item, Quarantined):
                kind = item.kind
                reason = item.reason
                records.append(Record(item.first_line, item.hand_id, f"Quarantined[{kind}]", str(reason)))
                where = f"line {item.first_line}, hand {item.hand_id!r}"
                if not isinstance(reason, str) or not reason.strip():
                    problems.append(Problem(f"a Quarantined record with an empty reason (kind {kind})",
                                            f"{where}: reason {reason!r}, raw {_show(item.raw, 200)}"))
                if kind == "internal":
                    m = _INTERNAL.search(str(reason))
                    at = f"{m.group(1)} at {m.group(2)}" if m else _show(str(reason), 100)
                    problems.append(Problem(f"kind internal (a bug): {at}",
                                            f"{where}: {reason}\n      raw: {_show(item.raw, 300)}"))
            else:
                problems.append(Problem(f"read_path yields a {type(item).__name__}", _show(repr(item), 200)))
    except Exception as err:  # noqa: BLE001 - any exception is the finding
        frames = traceback.extract_tb(err.__traceback__)
        tail = "".join(traceback.format_exception(type(err), err, err.__traceback__)[-8:])
        problems.append(Problem(
            f"read_path raises {type(err).__name__} at {_ours(frames)}",
            f"after {len(records)} records: {type(err).__name__}: {str(err)[:500]}\n{tail}"))
    return records, problems


def check_read(path: Path, expected_headers: list[Header]) -> list[Problem]:
    """Invariant A for one file: records with a hand id = the headers (as (line, id) multisets), reasons, no
    internal kind, no exception."""
    records, problems = read_records(path)
    if any(p.signature.startswith("read_path raises") for p in problems):
        sig = problems[-1].signature
        if expected_headers:
            problems[-1] = Problem(sig + f" on a file with headers ({_prefix_class(expected_headers[0].prefix)})",
                                   problems[-1].detail)
        else:
            problems[-1] = Problem(sig + " on a file without headers", problems[-1].detail)
        return problems
    expected = Counter((h.line, h.hand_id) for h in expected_headers)
    got = Counter((r.line, r.hand_id) for r in records if r.hand_id is not None)
    if got == expected:
        return problems
    by_key: dict[tuple, list[Record]] = defaultdict(list)
    for r in records:
        if r.hand_id is not None:
            by_key[(r.line, r.hand_id)].append(r)
    ids = Counter(h.hand_id for h in expected_headers)
    prefix = {(h.line, h.hand_id): h.prefix for h in expected_headers}
    extra = list((got - expected).elements())
    extra_by_id: dict[str, list[int]] = defaultdict(list)
    for line, hid in extra:
        extra_by_id[hid].append(line)
    for line, hid in sorted((expected - got).elements()):
        repeated = " (its id is on several headers)" if ids[hid] > 1 else ""
        if extra_by_id[hid]:
            other = min(extra_by_id[hid], key=lambda x: abs(x - line))
            extra_by_id[hid].remove(other)
            r = by_key[(other, hid)][0]
            sig = f"a {r.label} record has the wrong line ({'after' if other > line else 'before'} its header)"
            problems.append(Problem(sig, f"header {hid!r} at line {line}{repeated}: {r.label} says line {other}"
                                    f" ({_show(r.reason, 120)})"))
            continue
        unreadable = [r for r in records if r.hand_id is None and r.label == "Quarantined[unreadable]"]
        if unreadable:
            problems.append(Problem(f"a header with no record: the file is quarantined as unreadable "
                                    f"({_show(unreadable[0].reason, 60)})",
                                    f"header {hid!r} at line {line}, text before it {_show(prefix[(line, hid)], 60)}"))
            continue
        near = [r for r in records if r.line is not None and r.line <= line]
        holder = (f"; the record before it: {near[-1].label} line {near[-1].line} hand {near[-1].hand_id!r} "
                  f"({_show(near[-1].reason, 100)})") if near else ""
        p = prefix[(line, hid)]
        problems.append(Problem(f"a header with no record ({_prefix_class(p)}){repeated}",
                                f"header {hid!r} at line {line}, text before it {_show(p, 60)}{holder}"))
    for hid, lines in extra_by_id.items():
        for line in lines:
            r = by_key[(line, hid)][0]
            if (line, hid) in expected:
                sig = f"two records for one header ({r.label})"
            elif hid in ids:
                sig = f"more {r.label} records than headers for one id"
            else:
                sig = f"a {r.label} record for an id that is no header"
            problems.append(Problem(sig, f"line {line}, hand {hid!r}: {_show(r.reason, 120)}"))
    return problems


# -- minimising a failing input ---------------------------------------------------------------------------


def _reencode(text: str, encoding: str, bom: bool) -> bytes:
    if _unit(encoding) == 1:
        return text.encode("latin-1")
    codec = encoding.removesuffix("+bom")
    return (UTF16_BOMS[codec] if bom else b"") + text.encode(codec, errors="surrogatepass")


def _ddmin(units: list[str], test: Callable[[list[str]], bool], deadline: float) -> list[str]:
    n = 2
    while len(units) >= 2 and time.monotonic() < deadline:
        chunk = -(-len(units) // n)
        for i in range(0, len(units), chunk):
            candidate = units[:i] + units[i + chunk :]
            if candidate and test(candidate):
                units = candidate
                n = max(n - 1, 2)
                break
            if time.monotonic() >= deadline:
                return units
        else:
            if n >= len(units):
                break
            n = min(len(units), 2 * n)
    return units


def minimize(data: bytes, encoding: str, signature: str, seconds: float = 10.0,
             folder: Path | None = None) -> tuple[bytes, bool]:
    """A smaller input (lines, then characters of long lines, removed) that still shows ``signature``;
    and whether it finished within ``seconds``."""
    deadline = time.monotonic() + seconds
    bom = _unit(encoding) == 2 and data[:2] in UTF16_BOMS.values()
    own = folder is None
    folder = Path(tempfile.mkdtemp(prefix="fuzz-min-")) if own else folder
    path = folder / "minimize.txt"
    text = oracle_text(data, encoding)
    if bom:
        text = text[1:]

    def fails(candidate_text: str) -> bool:
        blob = _reencode(candidate_text, encoding, bom)
        path.write_bytes(blob)
        found = header_list(oracle_text(blob, encoding))
        return any(p.signature == signature for p in check_read(path, found))

    try:
        if not fails(text):
            return data, False
        lines = _ddmin(text.split("\n"), lambda ls: fails("\n".join(ls)), deadline)
        for i in range(len(lines)):
            if len(lines[i]) > 60 and time.monotonic() < deadline:
                chars = _ddmin(list(lines[i]), lambda cs: fails("\n".join(lines[:i] + ["".join(cs)] + lines[i + 1 :])),
                               deadline)
                lines[i] = "".join(chars)
        return _reencode("\n".join(lines), encoding, bom), time.monotonic() < deadline
    finally:
        path.unlink(missing_ok=True)
        if own:
            folder.rmdir()


def show_input(data: bytes, encoding: str, limit: int = 3000) -> str:
    """A small input, line by line, with escapes for what is not printable."""
    text = oracle_text(data, encoding)
    if _unit(encoding) == 1:
        try:
            text = data.decode("utf-8")
            encoding = f"{encoding} (valid UTF-8)"
        except UnicodeDecodeError:
            encoding = f"{encoding} (not valid UTF-8: bytes shown as Latin-1)"
    lines = text.split("\n")
    body = "\n".join(f"    {i:>4}| {repr(line)[1:-1]}" for i, line in enumerate(lines, 1))
    if len(body) > limit:
        body = body[:limit] + f"\n    ... ({len(body) - limit} more characters)"
    return f"  {len(data)} bytes, {encoding}, {len(lines)} lines:\n{body}"


# -- summarising failures ---------------------------------------------------------------------------------


MINIMIZED: dict[str, str] = {}
"""Signature -> the minimised input shown for it (shared by the tests of one session)."""
_BUDGET = [float(os.environ.get("SOKO_FUZZ_MINIMIZE_SECONDS", "40"))]
"""Seconds the minimiser may still spend in this session (0 turns it off)."""


def report(failures: list[tuple[Case, list[Problem]]], folder: Path, per_signature: int = 3) -> str:
    """The distinct failures of some cases: per signature, how many files, the first cases and a minimal input."""
    by_sig: dict[str, list[tuple[Case, list[Problem]]]] = defaultdict(list)
    for case, problems in failures:
        for sig in dict.fromkeys(p.signature for p in problems):
            by_sig[sig].append((case, [p for p in problems if p.signature == sig]))
    out = [f"{len(failures)} mutated file(s) break issue 12's invariant; {len(by_sig)} distinct failure(s):"]
    for n, (sig, cases) in enumerate(sorted(by_sig.items(), key=lambda kv: -len(kv[1])), 1):
        out.append(f"\n[{n}] {sig}: {len(cases)} file(s)")
        for case, problems in cases[:per_signature]:
            out.append("  " + case.describe().replace("\n", "\n  "))
            for p in problems[:4]:
                out.append("    - " + p.detail.replace("\n", "\n      "))
            if len(problems) > 4:
                out.append(f"    - ... {len(problems) - 4} more of this kind in this file")
        if sig not in MINIMIZED and _BUDGET[0] > 0:
            case = min(cases, key=lambda c: len(c[0].data))[0]
            started = time.monotonic()
            small, done = minimize(case.data, case.encoding, sig, min(15.0, _BUDGET[0]), folder)
            _BUDGET[0] -= time.monotonic() - started
            MINIMIZED[sig] = (f"  minimal input found{'' if done else ' (minimiser out of time)'} "
                              f"from seed {case.seed}:\n" + show_input(small, case.encoding))
        out.append(MINIMIZED.get(sig, "  (not minimised: out of minimiser time; use the reproduce command)"))
    return "\n".join(out)


# -- command line -----------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write one fuzz case and check the reader on it.")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--profile", default="read", choices=sorted(PROFILES))
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="the shared corpus folder")
    parser.add_argument("--kinds", help="the mutation kinds, comma-separated (default: a random one to three)")
    parser.add_argument("--encoding", choices=ENCODINGS, help="force the encode mutation to this encoding")
    parser.add_argument("--out", type=Path, help="where to write the mutated file")
    parser.add_argument("--minimize", action="store_true", help="shrink the input of each failure")
    parser.add_argument("--seconds", type=float, default=60.0, help="minimiser time per failure")
    args = parser.parse_args(argv)
    corpus = args.corpus if Path(args.corpus).is_dir() else None
    if corpus is None:
        print(f"warning: no corpus at {args.corpus}: the case will differ from CI's", file=sys.stderr)
    kinds = tuple(args.kinds.split(",")) if args.kinds else None
    case = make_case(args.seed, load_sources(corpus), args.profile, kinds, args.encoding)
    out = args.out or Path(tempfile.gettempdir()) / case.name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(case.data)
    found = header_list(case.text())
    print(case.describe())
    print(f"written to {out}; {len(found)} hand headers")
    problems = check_read(out, found)
    if not problems:
        print("read_path: every header is one record; nothing raised")
        return 0
    for sig in dict.fromkeys(p.signature for p in problems):
        same = [p for p in problems if p.signature == sig]
        print(f"\n{sig}: {len(same)}")
        for p in same[:5]:
            print("  - " + p.detail.replace("\n", "\n    "))
        if args.minimize:
            small, done = minimize(case.data, case.encoding, sig, args.seconds)
            print(f"  minimal input{'' if done else ' (out of time)'}:\n" + show_input(small, case.encoding))
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
