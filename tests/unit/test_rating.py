import pytest

from models.rating import expected, rating_change, rating_changes, round_half_away

SEATS = list("abcdefgh")


def test_equal_lobby_reproduces_the_table_exactly():
    ratings = dict.fromkeys(SEATS, 1000)
    places = {p: i + 1 for i, p in enumerate(SEATS)}
    changes = rating_changes(ratings, places)
    assert [changes[p] for p in SEATS] == [25, 18, 11, 4, -4, -11, -18, -25]


def test_equal_lobby_changes_sum_to_zero():
    ratings = dict.fromkeys(SEATS, 1000)
    places = {p: i + 1 for i, p in enumerate(SEATS)}
    assert sum(rating_changes(ratings, places).values()) == 0
    # with ties each change is rounded on its own, so the sum may be a point or two off zero
    tied = rating_changes(ratings, dict(zip(SEATS, [1, 2, 2, 4, 4, 4, 7, 8], strict=True)))
    assert [tied[p] for p in SEATS] == [25, 14, 14, -4, -4, -4, -18, -25]


def test_ties_score_one_half():
    ratings = dict.fromkeys(SEATS, 1000)
    # two players tied at the bottom: 6 above (0 each) and one draw (1/2 - 1/2 = 0):
    # 50/7 * (6 * -0.5) = -21.43 -> -21; sixth place: 2 below, 5 above -> 50/7 * -1.5 -> -11
    places = dict(zip(SEATS, [1, 2, 3, 4, 5, 6, 7, 7], strict=True))
    changes = rating_changes(ratings, places)
    assert changes["g"] == changes["h"] == -21
    assert changes["f"] == -11
    assert rating_changes(ratings, dict.fromkeys(SEATS, 1)) == dict.fromkeys(SEATS, 0)


def test_unequal_ratings_by_hand():
    ratings = dict.fromkeys(SEATS, 1000) | {"a": 1200}
    # E(1200 vs 1000) = 1 / (1 + 10**-0.5) = 0.7597469
    assert expected(1200, 1000) == pytest.approx(0.7597469, abs=1e-7)
    # a wins: 7 * (1 - 0.7597469) = 1.6817715 -> * 50/7 = 12.01 -> +12 (favourite gains less)
    places = {p: i + 1 for i, p in enumerate(SEATS)}
    assert rating_changes(ratings, places)["a"] == 12
    # b second: loses to a (0 - 0.2402531) and beats six 1000s (6 * 0.5) = 2.7597469 -> +20
    assert rating_changes(ratings, places)["b"] == 20
    # a last: 7 * (0 - 0.7597469) = -5.3182285 -> -37.99 -> -38 (upset costs more than -25)
    places_reversed = {p: 8 - i for i, p in enumerate(SEATS)}
    assert rating_changes(ratings, places_reversed)["a"] == -38


def test_rounding_goes_half_away_from_zero():
    assert [round_half_away(x) for x in (0.5, 1.5, 2.5, -0.5, -2.5, 2.49, -2.51)] == [
        1,
        2,
        3,
        -1,
        -3,
        2,
        -3,
    ]
    # 3.5 games above expectation is exactly +25, never 24 from float noise
    assert rating_change(1000, [(1000, 1.0)] * 7) == 25


def test_a_seat_that_was_left_counts_only_for_its_leaver():
    ratings = dict.fromkeys(SEATS, 1000)
    places = dict(zip(SEATS, range(1, 9), strict=True))
    full = rating_changes(ratings, places)
    gone = rating_changes(ratings, places, left={"h"})
    assert gone["h"] == full["h"] < 0  # the leaver takes the whole loss
    others = {q: places[q] for q in SEATS[:-1]}
    without = rating_changes(dict.fromkeys(others, 1000), others)
    # the others are rated as if the leaver's seat were not there: nobody beat it
    assert {p: gone[p] for p in others} == without
    assert all(gone[p] < full[p] for p in others)
