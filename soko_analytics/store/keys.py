"""Keys, hashes and labels of hands: what identifies a hand in the store and how it is named.

Positions (``seats.position``), for games whose later rounds start left of the
button (hold'em), are labels of the players dealt in, read as PokerTracker 4 reads
them: ``BTN``, ``SB``, ``BB``, and the others counted back from the button: the
seat right of the button is the cutoff ``CO``, the one before it ``MP`` (``HJ``,
with ``MP`` before it, from seven players on), and ``UTG`` names what is left at
the front:

====  ==================================================
 n    labels (in seat order from the button)
====  ==================================================
 2    BTN (also the small blind), BB
 3    BTN SB BB
 4    BTN SB BB CO
 5    BTN SB BB MP CO
 6    BTN SB BB UTG MP CO
 7    BTN SB BB UTG MP HJ CO
 8    BTN SB BB UTG UTG+1 MP HJ CO
 9    BTN SB BB UTG UTG+1 UTG+2 MP HJ CO
10    BTN SB BB UTG UTG+1 UTG+2 UTG+3 MP HJ CO
====  ==================================================

When the button seat is not dealt in (a dead button), the labels of n + 1
players are used with ``BTN`` left out, so the first player after the button
is ``SB``; when nobody posts a small blind and the first player after the
button posts the big blind, ``SB`` is left out the same way. Heads-up, the
button is the small blind unless the log says the button posted the big blind:
then the button is ``BB`` and the other player, who acts first before the flop,
is ``SB``. A player who posts a blind out of turn keeps the label of his seat.
Stud games, and hands whose log names no button, get None.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from ..model.canonical import compared_json
from ..model.hand import Hand, Stakes
from ..model.money import decimal_text

__all__ = ["content_hash", "hand_key", "position_labels", "positions", "stakes_label", "text_hash"]

# -- keys and hashes -----------------------------------------------------------------------

_MASK63 = (1 << 63) - 1


def hand_key(site: str, hand_id: str) -> int:
    """The hand's BIGINT key: the first 8 bytes of blake2b-512(UTF-8 ``site NUL hand_id``), read big-endian,
    masked to 63 bits.

    Stable across runs and machines, never negative; ``UNIQUE (site, hand_id)`` catches the
    (astronomically unlikely) collision of two different hands.
    """
    digest = hashlib.blake2b(f"{site}\x00{hand_id}".encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") & _MASK63


def text_hash(text: str) -> str:
    """blake2b-128 hex of a text (``quarantine.content_hash``, file hashes)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


HASH_VERSION = "hand-v2"
"""The tag of the canonical form :func:`content_hash` hashes: bump it when the form changes (hand-v1 hashed
Python ``repr`` texts; a store upgrade rehashes stored hands)."""


def content_hash(hand: Hand) -> str:
    """blake2b-128 hex of the hand's content: every field ``==`` compares, none of where it came from.

    Equal hands (the same hand read from two files, or written and read back) hash the same; a hand
    that differs in any compared field (one action amount) hashes differently. The text hashed is
    ``hand-v2``, a NUL and the compact JSON of the compared fields of the canonical form
    (:func:`~..model.canonical.compared_json`); the compiled core computes the same
    (``core/src/keys.rs``).
    """
    body = f"{HASH_VERSION}\x00{compared_json(hand)}"
    return hashlib.blake2b(body.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


# -- labels --------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def stakes_label(stakes: Stakes) -> str:
    """The stakes in one short text: the limits, then ``ante``, ``cap``, then the currency.

    The limits are the spread ``min-max`` when the game has one (``10-100``), else the fixed-limit
    bets ``small/big`` (``0.04/0.08``, also for limit hold'em), else the blinds ``SB/BB``
    (``0.01/0.02``). The ante and a no-limit cap are added when set; amounts are exact decimals
    (``0.50``, not ``0.5``). Examples: ``0.01/0.02 USD``, ``0.04/0.08 ante 0.01 USD``,
    ``10-100 ante 5``, ``0.25/0.50 cap 10.00 USD``, ``ante 5`` (antes only), ``-`` (nothing known).
    """
    d = stakes.decimals
    parts: list[str] = []
    if stakes.min_bet is not None or stakes.max_bet is not None:
        parts.append(f"{_amount(stakes.min_bet, d)}-{_amount(stakes.max_bet, d)}")
    elif stakes.small_bet is not None and stakes.big_bet is not None:
        parts.append(f"{decimal_text(stakes.small_bet, d)}/{decimal_text(stakes.big_bet, d)}")
    elif stakes.small_blind is not None or stakes.big_blind is not None:
        parts.append(f"{_amount(stakes.small_blind, d)}/{_amount(stakes.big_blind, d)}")
    if stakes.ante:
        parts.append(f"ante {decimal_text(stakes.ante, d)}")
    if stakes.cap:
        parts.append(f"cap {decimal_text(stakes.cap, d)}")
    if not parts:
        parts.append("-")
    if stakes.currency:
        parts.append(stakes.currency)
    return " ".join(parts)


def _amount(amount: int | None, decimals: int) -> str:
    return "?" if amount is None else decimal_text(amount, decimals)


def _rest_labels(k: int) -> tuple[str, ...]:
    """Labels of the ``k`` players after the big blind, first to act first. Counted back from the
    button: ``CO``, then ``MP`` (from four of them on ``HJ``, then ``MP``), then ``UTG+k`` ... ``UTG``."""
    if k <= 0:
        return ()
    tail = {1: ("CO",), 2: ("MP", "CO"), 3: ("MP", "CO")}.get(k, ("MP", "HJ", "CO"))
    head = tuple(f"UTG+{i}" if i else "UTG" for i in range(k - len(tail)))
    return (*head, *tail)


@lru_cache(maxsize=32)
def position_labels(n: int) -> tuple[str, ...]:
    """The position of each of ``n`` players dealt in, in seat order from the button (see the module doc)."""
    if n <= 0:
        return ()
    if n == 1:
        return ("BTN",)
    if n == 2:
        return ("BTN", "BB")
    return ("BTN", "SB", "BB", *_rest_labels(n - 3))


def positions(button: int, dealt_seats: list[int], big_blind_seat: int | None = None, *,
              small_blind_seat: int | None = None) -> dict[int, str]:
    """Seat number → position label; ``dealt_seats`` in seat order.

    ``big_blind_seat`` is the seat that posted the big blind, ``small_blind_seat`` the one that posted
    the small blind. A caller that passes only ``big_blind_seat`` says that no small blind was posted:
    if the first player after the button posts the big blind, the small blind's place is empty and
    ``SB`` is left out like a dead ``BTN``. Heads-up, a button that posted the big blind is ``BB`` and
    the other player ``SB`` (the log says so: ``Hero (button) (big blind)``).
    """
    n = len(dealt_seats)
    if n == 2 and big_blind_seat == button and button in dealt_seats:
        return {seat: "BB" if seat == button else "SB" for seat in dealt_seats}
    no_small_blind = small_blind_seat is None and big_blind_seat is not None
    if button in dealt_seats:
        at = dealt_seats.index(button)
        skip = {1} if n > 2 and no_small_blind and big_blind_seat == dealt_seats[(at + 1) % n] else set()
    else:
        at = next((i for i, s in enumerate(dealt_seats) if s > button), 0)
        skip = {0, 1} if n > 1 and no_small_blind and big_blind_seat == dealt_seats[at] else {0}
    labels = [x for i, x in enumerate(position_labels(n + len(skip))) if i not in skip]
    order = dealt_seats[at:] + dealt_seats[:at]
    return dict(zip(order, labels, strict=True))
