"""Random pairing of a round's survivors.

Hard rule: nobody gets the bye in two consecutive rounds. Soft rule: avoid a rematch of the
previous round. A lobby has at most 8 players, so we enumerate every arrangement (105 for 7 or
8 players), keep those that obey the hard rule with the fewest rematches, and draw one
uniformly. That is exactly "break the soft rule only when no pairing avoids it", with no
search heuristics to get wrong.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass

MAX_ENUMERATED = 12  # 10,395 matchings for 12 players; lobbies have 8


@dataclass(frozen=True)
class Pairing:
    pairs: tuple[tuple[Hashable, Hashable], ...]
    bye: Hashable | None = None

    def opponent_sets(self) -> set[frozenset]:
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
        for tail in matchings(rest[:i] + rest[i + 1 :]):
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


def rematches(pairing: Pairing, previous: Pairing | None) -> int:
    if previous is None:
        return 0
    return len(pairing.opponent_sets() & previous.opponent_sets())


def allowed(pairing: Pairing, previous: Pairing | None) -> bool:
    """The hard rule: the previous round's bye does not get the bye again."""
    return pairing.bye is None or previous is None or pairing.bye != previous.bye


def pair_round(
    players: Sequence[Hashable], rng: random.Random, previous: Pairing | None = None
) -> Pairing:
    """Draw a pairing of `players` (in seat order) obeying the hard rule, fewest rematches."""
    if len(players) < 2:
        raise ValueError("pairing needs at least two players")
    if len(players) > MAX_ENUMERATED:
        raise ValueError(f"pairing enumerates arrangements; at most {MAX_ENUMERATED} players")
    pool = [a for a in arrangements(players) if allowed(a, previous)]
    fewest = min(rematches(a, previous) for a in pool)
    best = [a for a in pool if rematches(a, previous) == fewest]
    return rng.choice(best)
