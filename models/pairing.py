"""Random pairing of a round's survivors.

Hard rule: nobody gets the bye in two consecutive rounds. Soft rule: avoid a rematch of the
previous round. A lobby has at most 8 players, so we enumerate every arrangement (105 for 7 or
8 players), keep those that obey the hard rule with the fewest rematches, and draw one
uniformly. That is exactly "break the soft rule only when no pairing avoids it", with no
search heuristics to get wrong.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

MAX_ENUMERATED = 12  # 10,395 matchings for 12 players; lobbies have 8


@dataclass(frozen=True)
class Pairing:
    pairs: tuple[tuple[Hashable, Hashable], ...]
    bye: Hashable | None = None

    def opponent_sets(self) -> set[frozenset[Hashable]]:
        return {frozenset(p) for p in self.pairs}

    def players(self) -> list[Hashable]:
        out = [p for pair in self.pairs for p in pair]
        return out + ([self.bye] if self.bye is not None else [])


def matchings(players: Sequence[Hashable]) -> Iterator[tuple[tuple[Hashable, Hashable], ...]]:
    """Every perfect matching of an even-sized sequence, in a deterministic order."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        for tail in matchings([*rest[:i], *rest[i + 1 :]]):
            yield ((first, partner), *tail)


def arrangements(players: Sequence[Hashable]) -> Iterator[Pairing]:
    """Every way to pair `players`, with one bye when their number is odd."""
    players = list(players)
    if len(players) % 2 == 0:
        for m in matchings(players):
            yield Pairing(m)
        return
    for i, bye in enumerate(players):
        for m in matchings(players[:i] + players[i + 1 :]):
            yield Pairing(m, bye)


def pair_round(
    players: Sequence[Hashable], rng: random.Random, previous: Pairing | None = None
) -> Pairing:
    """Draw a pairing of `players` (in seat order) obeying the hard rule, fewest rematches."""
    if len(players) < 2:
        raise ValueError("pairing needs at least two players")
    if len(players) > MAX_ENUMERATED:
        raise ValueError(f"pairing enumerates arrangements; at most {MAX_ENUMERATED} players")
    seat = {p: i for i, p in enumerate(players)}
    before: set[tuple[int, int]] = set()
    banned_bye = None
    if previous is not None:
        for a, b in previous.pairs:
            if a in seat and b in seat:
                before.add((min(seat[a], seat[b]), max(seat[a], seat[b])))
        banned_bye = seat.get(previous.bye) if previous.bye is not None else None
    pool = [
        (sum(pair in before for pair in pairs), pairs, bye)
        for pairs, bye in _shapes(len(players))
        if bye is None or bye != banned_bye
    ]
    fewest = min(count for count, _, _ in pool)
    _, pairs, bye = rng.choice([shape for shape in pool if shape[0] == fewest])
    return Pairing(
        tuple((players[a], players[b]) for a, b in pairs),
        players[bye] if bye is not None else None,
    )


@functools.cache
def _shapes(n: int) -> tuple[tuple[tuple[tuple[int, int], ...], int | None], ...]:
    """Every arrangement of n seats as seat numbers (pairs with the lower seat first, bye),
    in the order of `arrangements`: a round's draw scans these instead of building 105
    `Pairing`s (it ran for every round of every tournament)."""
    return tuple(
        (cast("tuple[tuple[int, int], ...]", m.pairs), cast("int | None", m.bye))
        for m in arrangements(range(n))
    )
