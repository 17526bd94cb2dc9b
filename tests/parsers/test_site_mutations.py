"""The site readers the core turns into the PokerStars family's (Bovada, 888poker, Winamax, Winning, partypoker,
iPoker; GGPoker's header) on
damaged logs: each real hand with a line dropped, repeated, cut short, an amount or a card spoilt, junk or odd
characters put in. Every damaged hand comes back as one record, a hand or a quarantine with a reason and its line
(and any text the damage left after its summary as a record of its own), and never as a bug of ours (an
``internal`` record, which ``strict`` raises)."""

from __future__ import annotations

import random
import re

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import Quarantined, get_format
from tests.parsers.sites import read_files, site_files, stored

SITES = {"GGPoker": ("ggpoker", 10), "Bovada": ("bovada", 29), "PacificPoker": ("888poker", 27),
         "Winamax": ("winamax", 31), "Winning": ("winning", 38), "PartyPoker": ("partypoker", 43),
         "iPoker": ("ipoker", 22)}
"""Corpus folder → (format, files)."""
SUFFIXES = {"iPoker": (".txt", ".xml")}
"""The sites whose logs are not all ``.txt`` files."""
MUTATIONS_PER_SITE = 1500
ODD = ["\u00a0", "\u2028", "€", "ä", "\t", "[", "]", "(", ")", ":", " : ", "#", "$", "-", "0", "99999999999999999999"]


def _mutate(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    body = range(1, max(2, len(lines)))  # the header line is kept: a hand without one is another test's
    i = rng.choice(body)
    kind = rng.randrange(6)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    elif kind == 3:
        lines[i] = re.sub(r"[0-9][0-9.,]*", lambda _: rng.choice(["abc", "-5", "1e9", "", "0,5"]), lines[i], count=1)
    elif kind == 4:
        lines[i] = re.sub(r"\b[2-9TJQKA][cdhs]\b", lambda _: rng.choice(["Xx", "1c", "Ahh", "??", ""]), lines[i],
                          count=1)
    else:
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(ODD) + lines[i][at:]
    return "\n".join(lines)


@pytest.mark.parametrize("site", sorted(SITES))
def test_damaged_hands_are_one_record_each_never_a_bug(site, corpus):
    fmt, count = SITES[site]
    hands = stored(read_files(site_files(corpus, site, count, SUFFIXES.get(site, (".txt",)))))
    module = get_format(fmt)
    rng = random.Random(f"{site}-16")
    kinds = {"hand": 0, "quarantined": 0}
    for n in range(MUTATIONS_PER_SITE):
        text = _mutate(rng, rng.choice(hands).raw) + "\n\n"
        records = list(module.parse(text, f"mutant-{n}.txt", strict=True))  # an internal record raises
        # text the damage put after the hand's summary is kept as a record of its own (not a hand)
        rest = [r for r in records[1:] if isinstance(r, Quarantined) and "not a hand" in r.reason]
        assert len(records) == 1 + len(rest), (n, text[:300], records)
        record = records[0]
        if isinstance(record, Quarantined):
            assert record.reason and record.line is not None, (n, record)
            kinds["quarantined"] += 1
        else:
            assert isinstance(record, Hand)
            kinds["hand"] += 1
    assert kinds["hand"] > 0 and kinds["quarantined"] > 0, kinds
