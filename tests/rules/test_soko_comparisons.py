"""The Sökö comparisons of the foundation issue, each worked from RULES.md §2."""

import pytest

from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HandRanking, Ranking

SOKO = Ranking(HandRanking.SOKO)

CASES = [
    # (A, B, ">", "<" or "=", why)
    ("Ah Kh 7h 3h 3s", "Qs Qd 9c 5h 2d", ">", "four-flush beats a pair (§2 item 11, 14)"),
    ("5c 6d 7h 8s Ks", "Ah Ad Kc 9h 4s", ">", "four-straight beats a pair"),
    ("2h 5h 9h Jh 3c", "Ts Js Qd Kc 2h", ">", "four-flush beats four-straight"),
    ("Kh 8h 6h 4h 8s", "Qd Jd Td 9d Tc", ">", "four-flush by its suited cards; a four-card straight flush is a four-flush (§2 item 13)"),
    ("Ah Kh Qh Jh 2c", "Ad Kd Qd Jd 3s", "<", "equal suited cards: the fifth card decides"),
    ("Ah Kh Qh Jh 2c", "As Ks Qs Js 2d", "=", "suits never break ties outside high card"),
    ("5c 6d 7h 8s Ks", "5d 6c 7s 8h Qs", ">", "equal runs: the fifth card decides"),
    ("5c 6d 7h 8s 8d", "5d 6c 7s 8h 2s", ">", "the fifth card may pair the run"),
    ("Ac 2d 3h 4s 9c", "2c 3d 4h 5s 9d", "<", "A-2-3-4 is the lowest four-straight"),
    ("Ac 2d 3h 4s Kc", "Jc Qd Kh As 2d", "<", "four-straights by the top of the run"),
    ("Qc Kd Ah 2s 3c", "Qd Kc 7h 8s 3d", ">", "no wrap-around: Q-K-A-2-3 is ace high"),
    ("2c 2d 5h 5s 9c", "Ah Kh Qh Jh 2c", ">", "two pair beats a four-flush"),
    ("5h 6h 7h 8h 9s", "Ah Kh Qh Jh 2c", ">", "a four-flush and four-straight ranks as four-flush, by its suited cards"),
    ("Ac 2d 3h 4s 5c", "2c 2d 2h 9s Kc", ">", "A-2-3-4-5 is a straight"),
]


def _compare(ranking, a, b):
    ev = evaluator(ranking)
    va, vb = ev.value(a), ev.value(b)
    return ">" if va > vb else "<" if va < vb else "="


@pytest.mark.parametrize("a, b, expected, why", CASES, ids=[c[3] for c in CASES])
def test_soko_comparison(a, b, expected, why):
    assert _compare(SOKO, a, b) == expected


def test_four_straight_ace_low_false_makes_a_high_card():
    ranking = Ranking(HandRanking.SOKO, four_straight_ace_low=False)
    assert evaluator(ranking).describe(evaluator(ranking).value("Ac 2d 3h 4s 9c")) == "high card Ace"
    assert _compare(ranking, "Ac 2d 3h 4s 9c", "Kc 9d 7h 4s 2c") == ">"


def test_high_card_rule():
    top_card = Ranking(HandRanking.SOKO, high_card_rule="top_card_then_suit")
    assert _compare(top_card, "As 7d 5c 3h 2d", "Ah Kd Qc 9h 7s") == ">"
    assert _compare(SOKO, "As 7d 5c 3h 2d", "Ah Kd Qc 9h 7s") == "<"
    # Same top card and suit: a tie under the seed-000 rule.
    assert _compare(top_card, "As 7d 5c 3h 2d", "As Kd Qc 9h 7s") == "="


def test_four_card_straight_flush_class():
    option = Ranking(HandRanking.SOKO, four_card_straight_flush_class=True)
    # Above every four-flush, below two pair.
    assert _compare(option, "5h 6h 7h 8h Ks", "Ah Kh Qh Th 2c") == ">"
    assert _compare(option, "5h 6h 7h 8h Ks", "2c 2d 3h 3s 9c") == "<"
    # Ranked by the top of the run: A-2-3-4 suited is the lowest.
    assert _compare(option, "Ah 2h 3h 4h Ks", "2d 3d 4d 5d 9c") == "<"
    # Under the default it is a plain four-flush, Ace high.
    ev = evaluator(SOKO)
    assert ev.describe(ev.value("Ah 2h 3h 4h Ks")) == "a four-flush, Ace high"
