"""The canonical hand form is the same on both sides: every sample hand goes to the core and back unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from soko_analytics import _core as core
from soko_analytics.model.canonical import hand_dict, hand_from_dict
from soko_analytics.native import hand_json
from soko_analytics.parsers import read_path
from soko_analytics.parsers.source import decode
from soko_analytics.parsers.split import split_pieces

from ..conftest import CORPUS

SAMPLES = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"


def test_every_sample_hand_survives_the_core_unchanged():
    count = 0
    for path in sorted(SAMPLES.rglob("*.txt")):
        for hand in read_path(path):
            if not hasattr(hand, "hand_id") or not hasattr(hand, "seats"):
                continue
            assert json.loads(core.hand_json_roundtrip(hand_json(hand))) == hand_dict(hand)
            count += 1
    assert count > 100


def test_the_core_readers_hands_become_hand_records_field_for_field():
    """What the core's reader gives (its canonical JSON) is the ``Hand`` record ``read_path`` yields, every field
    kept, those ``==`` leaves out (source, lines, raw text) included."""
    count = 0
    for path in [*sorted(SAMPLES.rglob("*.txt")), *sorted((CORPUS / "pokerstars").rglob("*.txt"))]:
        for piece in split_pieces(decode(path.read_bytes())):
            found = json.loads(core.read_pieces([(piece.text, piece.line, piece.kind, piece.size, piece.lines)],
                                                str(path), "soko" if "Sökö Hand" in piece.text[:80] else "pokerstars")[0])
            if "hand" in found:
                hand = hand_from_dict(found["hand"])
                assert hand_dict(hand) == found["hand"]
                assert hand.raw and hand.source is not None and len(hand.action_lines) == len(hand.actions)
                count += 1
    assert count > 1_000


def test_every_profile_and_option_value_reads_as_a_core_spec():
    from soko_analytics.rules.options import OPTIONS
    from soko_analytics.rules.profiles import PROFILES, resolve

    count = 0
    for name in PROFILES:
        spec = resolve(name)
        assert core.spec_streets(json.dumps(spec.to_dict())) == [s.name for s in spec.streets]
        count += 1
    for rules in ["holdem; structure=fixed_limit", "stud7; structure=no_limit; open_pair_big_bet=false", "soko-finnish; last_card_mode=pihina",
                  "soko-casino; structure=pot_limit; open_pair_big_bet=false", "stud5"]:
        spec = resolve(rules)
        assert core.spec_streets(json.dumps(spec.to_dict())) == [s.name for s in spec.streets]
        count += 1
    assert count >= len(PROFILES) + 5 and OPTIONS
