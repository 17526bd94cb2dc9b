"""The evaluator's API: scalar and batch agree, best of n, errors, descriptions."""

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soko_analytics.errors import EvaluationError, SokoError
from soko_analytics.model.cards import parse_cards
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HIGH, SOKO, HandRanking, Ranking
from soko_analytics.rules.tables import HandClass as C

RANKINGS = [
    HIGH,
    SOKO,
    Ranking(HandRanking.SOKO, four_straight_ace_low=False),
    Ranking(HandRanking.SOKO, four_card_straight_flush_class=True),
    Ranking(HandRanking.SOKO, high_card_rule="top_card_then_suit"),
]
hands = st.integers(5, 7).flatmap(lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))


@settings(max_examples=300, deadline=None)
@given(hand=hands, ranking=st.sampled_from(RANKINGS), data=st.data())
def test_value_is_the_best_five_and_ignores_order(hand, ranking, data):
    ev = evaluator(ranking)
    value = ev.value(hand)
    assert value == max(ev.value5(five) for five in combinations(hand, 5))
    assert ev.value(data.draw(st.permutations(hand))) == value
    assert ev.values(np.array([hand]))[0] == value


@pytest.mark.parametrize("ranking", RANKINGS, ids=lambda r: r.name)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_scalar(ranking, k):
    rng = np.random.default_rng(k)
    batch = np.argsort(rng.random((3_000, 52)), axis=1)[:, :k]
    ev = evaluator(ranking)
    assert ev.values(batch).tolist() == [ev.value(row) for row in batch.tolist()]


def test_batch_spans_chunks():
    rng = np.random.default_rng(3)
    batch = np.argsort(rng.random((200_000, 52)), axis=1)[:, :5]
    ev = evaluator(HIGH)
    values = ev.values(batch)
    sample = rng.integers(0, len(batch), 500)
    assert [values[i] for i in sample] == [ev.value(batch[i].tolist()) for i in sample]


@pytest.mark.parametrize(
    "cards, description, hand_class",
    [
        ("Ks Kd 7c 4h 2s", "a pair of Kings", C.PAIR),
        ("8s 8d 7c 7h 2s", "two pair, Eights and Sevens", C.TWO_PAIR),
        ("5s 5d 5c Ah As", "a full house, Fives full of Aces", C.FULL_HOUSE),
        ("As Ad Ac Ah 2s", "four of a kind, Aces", C.FOUR_OF_A_KIND),
        ("Ah 2h 3h 4h 5h", "a straight flush, Ace to Five", C.STRAIGHT_FLUSH),
        ("Th Jh Qh Kh Ah", "a Royal Flush", C.STRAIGHT_FLUSH),
        ("5c 6d 7h 8s 9s", "a straight, Five to Nine", C.STRAIGHT),
        ("Ah 9h 7h 4h 2h", "a flush, Ace high", C.FLUSH),
        ("Ah 9d 7h 4h 2h", "high card Ace", C.HIGH_CARD),
    ],
)
def test_pokerstars_descriptions(cards, description, hand_class):
    hv = evaluator(HIGH).evaluate(cards)
    assert (hv.description, hv.hand_class) == (description, hand_class)


@pytest.mark.parametrize(
    "cards, description",
    [
        ("7d Ad 5c 5d 6d", "a four-flush, Ace high"),  # the soko-text.md example
        ("Kh 9s 9d 2c 9h", "three of a kind, Nines"),
        ("Qd Qc Qs 7h Js", "three of a kind, Queens"),
        ("5c 6d 7h 8s Ks", "a four-straight, Eight high"),
        ("Ac 2d 3h 4s Ks", "a four-straight, Four high"),
        ("Ah Kd 9c 4s 2s", "high card Ace"),
    ],
)
def test_soko_descriptions(cards, description):
    assert evaluator(SOKO).evaluate(cards).description == description


def test_four_card_straight_flush_description():
    ev = evaluator(Ranking(HandRanking.SOKO, four_card_straight_flush_class=True))
    assert ev.evaluate("9h Th Jh Qh 2c").description == "a four-card straight flush, Queen high"


def test_best_five_of_seven():
    hv = evaluator(HIGH).evaluate("As Ks Qs 2d 2c Js Ts")
    assert sorted(map(str, hv.best_five)) == sorted(["As", "Ks", "Qs", "Js", "Ts"])


@pytest.mark.parametrize("bad", [[0, 1, 2, 3], [0, 0, 1, 2, 3], [0, 1, 2, 3, 52], [0, 0, 1, 2, 3, 4, 5], [0] * 8])
def test_bad_hands_raise(bad):
    with pytest.raises(EvaluationError):
        evaluator(HIGH).value(bad)


@pytest.mark.parametrize(
    "batch",
    [np.zeros((3, 4), dtype=np.uint8), np.array([[0, 1, 2, 3, 52]]), np.array([[0, 1, 2, 3, 3]]), np.array([[0, 1, 2, 3, 4, 5, 5]])],
)
def test_bad_batches_raise(batch):
    with pytest.raises(SokoError):
        evaluator(HIGH).values(batch)


def test_duplicate_in_batch_names_the_row():
    batch = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 8]])
    with pytest.raises(EvaluationError, match="row 1"):
        evaluator(SOKO).values(batch)


def test_text_input():
    ev = evaluator(HIGH)
    assert ev.value("[As Kd Qh Jc Ts]") == ev.value(parse_cards("As Kd Qh Jc Ts"))
