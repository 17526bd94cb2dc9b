"""The WSOP final-table hands in PHH replay to the finishing stacks their files claim."""

from __future__ import annotations

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.replay.audit import audit


def test_wsop_hands_replay_to_their_finishing_stacks(corpus):
    replayed = 0
    for path in sorted((corpus / "phh" / "wsop").rglob("*.phh")):
        for hand in read_path(path):
            if not isinstance(hand, Hand):
                continue  # variants we do not replay (none in this event)
            result = audit(hand)
            assert result.ok, (path.name, [f.message for f in result.findings])
            assert [result.stacks[s.name] for s in hand.seats] == list(hand.finishing_stacks), path.name
            replayed += 1
    assert replayed == 83  # the NT, FT, F7S, PO, FO/8, F7S/8, FR, N2L1D and F2L3D hands of the event


def test_a_wrong_finishing_stack_is_flagged(corpus):
    path = corpus / "phh" / "wsop" / "2023" / "43" / "5" / "1.phh"
    text = path.read_text(encoding="utf-8")
    claimed = text.split("finishing_stacks = [")[1].split("]")[0]
    first = claimed.split(",")[0]
    bad = text.replace(f"finishing_stacks = [{claimed}]",
                       f"finishing_stacks = [{int(first) + 5000},{claimed[len(first) + 1:]}]")
    from soko_analytics.parsers import read_text

    (hand,) = read_text(bad, "bad.phh", "phh")
    codes = {f.code.value for f in audit(hand).findings if f.severity.value == "error"}
    assert codes == {"payout"}
