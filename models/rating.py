"""Rating changes: each finished tournament counts as one game against each other player.

change(i) = round_half_away((50 / 7) * sum_j (S(i, j) - E(i, j))), with E the Elo expectation
on the ratings everyone had when the tournament started.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

P = TypeVar("P", bound=Hashable)

K_PER_OPPONENT = 50 / 7


def expected(rating: float, opponent: float) -> float:
    """Elo expected score of a player rated `rating` against `opponent`."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def round_half_away(x: float) -> int:
    """Round to the nearest integer, halves away from zero (Python's round() goes to even)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def placement_score(place: int, other_place: int) -> float:
    """1 for placing above, 0 for below, 1/2 for the same place (lower place number is better)."""
    if place < other_place:
        return 1.0
    if place > other_place:
        return 0.0
    return 0.5


def rating_change(rating: float, games: Iterable[tuple[float, float]]) -> int:
    """Change for one player from (opponent's start rating, score against them) pairs."""
    total = sum(s - expected(rating, r) for r, s in games)
    return round_half_away(K_PER_OPPONENT * total)


def rating_changes(
    ratings: Mapping[P, float], places: Mapping[P, int], left: Iterable[P] = ()
) -> dict[P, int]:
    """Changes for every player of a finished tournament from start ratings and final places.

    A seat its player `left` gives nobody points: the others' changes are computed among the
    seats that were played out, while each leaver still takes their loss against everyone.
    Otherwise a party of alt accounts that leaves at once hands its leader a win over seven
    players without a single guess (see the README's "Fair play")."""
    gone = frozenset(left)
    return {
        i: rating_change(
            ratings[i],
            (
                (ratings[j], placement_score(places[i], places[j]))
                for j in ratings
                if j != i and (j not in gone or i in gone)
            ),
        )
        for i in ratings
    }
