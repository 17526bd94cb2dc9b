"""Checks shared by the ranking tests that compare every hand with an oracle's hand objects."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from soko_analytics.model.cards import Card


def text(codes) -> str:
    """Card codes as pokerkit reads them: ``AsKd7h``."""
    return "".join(str(Card(int(c))) for c in codes)


def assert_ordered_as(ours: np.ndarray, theirs: Sequence, hands: np.ndarray) -> None:
    """Our values order the hands as the oracle's comparable hands do: equal values equal, larger values larger."""
    previous = None
    for i in np.argsort(ours, kind="stable"):
        if previous is not None:
            if ours[i] == ours[previous]:
                assert theirs[i] == theirs[previous], (text(hands[i]), text(hands[previous]))
            else:
                assert theirs[i] > theirs[previous], (text(hands[i]), text(hands[previous]))
        previous = i
