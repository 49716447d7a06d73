"""A tournament's lives, rounds, eliminations and placements, as an immutable value.

The tournament is the source of truth for results: duels report to it, and a duel result for
a pair it already settled (for instance by a leave) is ignored, so nothing counts twice.

Round life cycle: `begin_round` (the intro shows the pairing) -> `start_play` (duels run)
-> `record_duel` / `leave` until every pair of the round is settled -> the round ends by
itself: placements of the round's eliminated players (and of the winner) are fixed at that
moment, with their rating changes -> `begin_round` again, or the tournament is finished.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from models.pairing import Pairing, pair_round
from models.rating import placement_score, rating_change
from models.rules import START_LIVES


class Phase(StrEnum):
    INTRO = "intro"  # pairing shown, duels not started yet
    PLAYING = "playing"  # duels running
    BETWEEN = "between"  # round over; next round not begun
    FINISHED = "finished"


class Result(StrEnum):
    WIN = "win"  # loser loses a life
    DRAW = "draw"  # both lose a life
    FORFEIT = "forfeit"  # the leaver is out; the winner loses nothing
    VOID = "void"  # cancelled by the server (crashed duel): nobody loses a life


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundIntro:
    round: int
    pairs: tuple[tuple[Hashable, Hashable], ...]
    bye: Hashable | None
    lives: Mapping[Hashable, int]


@dataclass(frozen=True)
class LifeLost:
    player: Hashable
    lives: int


@dataclass(frozen=True)
class PlayerEliminated:
    """The player is out; their place is pending until the round ends."""

    player: Hashable
    round: int
    left: bool


@dataclass(frozen=True)
class PlacementFixed:
    player: Hashable
    place: int
    round: int  # elimination round (the last round, for the winner)
    left: bool
    rating_before: int
    rating_change: int


@dataclass(frozen=True)
class RoundEnded:
    round: int


@dataclass(frozen=True)
class TournamentEnded:
    places: Mapping[Hashable, int]
    winner: Hashable | None  # None when everyone left was eliminated in the same round


Event = RoundIntro | LifeLost | PlayerEliminated | PlacementFixed | RoundEnded | TournamentEnded


@dataclass(frozen=True)
class Settled:
    """How one pair of a round was settled."""

    pair: tuple[Hashable, Hashable]
    result: Result
    winner: Hashable | None


def _frozen(d: Mapping[Hashable, int]) -> Mapping[Hashable, int]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Tournament:
    seats: tuple[Hashable, ...]
    ratings: Mapping[Hashable, int]  # at the start of the tournament
    lives: Mapping[Hashable, int]
    round: int = 0
    phase: Phase = Phase.BETWEEN
    pairing: Pairing | None = None
    previous: Pairing | None = None
    settled: tuple[Settled, ...] = ()  # this round's settled pairs
    out_round: Mapping[Hashable, int] = field(default_factory=lambda: _frozen({}))
    left: frozenset[Hashable] = frozenset()
    places: Mapping[Hashable, int] = field(default_factory=lambda: _frozen({}))
    changes: Mapping[Hashable, int] = field(default_factory=lambda: _frozen({}))
    history: tuple[tuple[Pairing, tuple[Settled, ...]], ...] = ()

    @classmethod
    def create(
        cls, seats: Sequence[Hashable], ratings: Mapping[Hashable, int], lives: int = START_LIVES
    ) -> Tournament:
        if len(set(seats)) != len(seats) or len(seats) < 2:
            raise ValueError("a tournament needs at least two distinct players")
        return cls(
            seats=tuple(seats),
            ratings=_frozen({p: ratings[p] for p in seats}),
            lives=_frozen({p: lives for p in seats}),
        )

    # --- queries ----------------------------------------------------------------------

    @property
    def alive(self) -> list[Hashable]:
        """Players not (yet) eliminated, in seat order."""
        return [p for p in self.seats if p not in self.out_round]

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    def pair_of(self, player: Hashable) -> tuple[Hashable, Hashable] | None:
        if self.pairing is None:
            return None
        return next((pr for pr in self.pairing.pairs if player in pr), None)

    def is_settled(self, pair: tuple[Hashable, Hashable]) -> bool:
        return any(set(s.pair) == set(pair) for s in self.settled)

    def unsettled_pairs(self) -> list[tuple[Hashable, Hashable]]:
        if self.pairing is None:
            return []
        return [p for p in self.pairing.pairs if not self.is_settled(p)]

    def standings(self) -> list[dict[str, Any]]:
        """Everyone's lives and status in seat order (what the standings screen shows)."""
        return [
            {
                "player": p,
                "lives": self.lives[p],
                "out": p in self.out_round,
                "left": p in self.left,
                "place": self.places.get(p),
                "rating_change": self.changes.get(p),
            }
            for p in self.seats
        ]

    # --- transitions ------------------------------------------------------------------

    def begin_round(self, rng: random.Random) -> tuple[Tournament, list[Event]]:
        """Pair the survivors for the next round and show the intro."""
        if self.phase is not Phase.BETWEEN:
            raise RuntimeError(f"cannot begin a round while {self.phase}")
        t = replace(self, round=self.round + 1, settled=(), previous=self.pairing, pairing=None)
        if len(t.alive) < 2:  # players left between rounds
            return t._end_round()
        pairing = pair_round(t.alive, rng, t.previous)
        t = replace(t, pairing=pairing, phase=Phase.INTRO)
        return t, [RoundIntro(t.round, pairing.pairs, pairing.bye, t.lives)]

    def start_play(self) -> tuple[Tournament, list[Event]]:
        """The intro is over: the duels start (pairs already settled by leaves are skipped)."""
        if self.phase is not Phase.INTRO:
            raise RuntimeError(f"cannot start play while {self.phase}")
        t = replace(self, phase=Phase.PLAYING)
        if not t.unsettled_pairs():
            return t._end_round()
        return t, []

    def record_duel(
        self,
        pair: tuple[Hashable, Hashable],
        result: Result,
        winner: Hashable | None = None,
    ) -> tuple[Tournament, list[Event]]:
        """A duel of this round ended. Results for settled or unknown pairs change nothing."""
        if self.phase is not Phase.PLAYING or self.is_settled(pair):
            return self, []
        if self.pairing is None or frozenset(pair) not in self.pairing.opponent_sets():
            return self, []
        if result is Result.FORFEIT:
            raise ValueError("forfeits come from leave(), which knows who left")
        if (result is Result.WIN) != (winner in pair):
            raise ValueError(f"{result} needs a winner from the pair only on a win: {winner!r}")
        losers: list[Hashable] = []
        if result is Result.WIN:
            losers = [p for p in pair if p != winner]
        elif result is Result.DRAW:
            losers = list(pair)
        t = replace(self, settled=(*self.settled, Settled((pair[0], pair[1]), result, winner)))
        events: list[Event] = []
        lives = dict(t.lives)
        out = dict(t.out_round)
        for p in losers:
            if p in t.out_round:  # a leaver already counted out
                continue
            lives[p] -= 1
            events.append(LifeLost(p, lives[p]))
            if lives[p] == 0:
                out[p] = t.round
                events.append(PlayerEliminated(p, t.round, left=False))
        t = replace(t, lives=_frozen(lives), out_round=_frozen(out))
        if not t.unsettled_pairs():
            t, more = t._end_round()
            events += more
        return t, events

    def leave(self, player: Hashable) -> tuple[Tournament, list[Event]]:
        """A player left (or their reconnect grace ran out): automatic defeat.

        They are eliminated in the current round (the next one, between rounds), ranked below
        that round's other eliminated players, and their opponent wins by forfeit. A player
        already out, or a finished tournament, is not affected."""
        if self.finished or player not in self.seats or player in self.out_round:
            return self, []
        rnd = self.round + 1 if self.phase is Phase.BETWEEN else self.round
        t = replace(
            self,
            left=self.left | {player},
            out_round=_frozen({**self.out_round, player: rnd}),
        )
        events: list[Event] = [PlayerEliminated(player, rnd, left=True)]
        if t.phase is Phase.BETWEEN:
            return t, events
        t, more = t._settle_leave(player)
        events += more
        if t.phase is Phase.PLAYING and not t.unsettled_pairs():
            t, end = t._end_round()
            events += end
        return t, events

    # --- internals --------------------------------------------------------------------

    def _settle_leave(self, player: Hashable) -> tuple[Tournament, list[Event]]:
        pair = self.pair_of(player)
        if pair is None or self.is_settled(pair):
            return self, []
        other = pair[1] if pair[0] == player else pair[0]
        winner = None if other in self.left else other
        settled = Settled(pair, Result.FORFEIT, winner)
        return replace(self, settled=(*self.settled, settled)), []

    def abandon(self) -> tuple[Tournament, list[Event]]:
        """Stop with the players still in the game unplaced (nobody is left to play against
        them). Those already out and waiting for their round's end get their places now, as
        at that end: below everyone still in, so leaving never escapes a placement."""
        if self.finished:
            return self, []
        pending = self.round + 1 if self.phase is Phase.BETWEEN else self.round
        places = self._places_of_round(pending, finished=False)
        t, fixed = self._fix(places)
        return replace(t, phase=Phase.FINISHED), list(fixed)

    def _end_round(self) -> tuple[Tournament, list[Event]]:
        """Fix the places of this round's eliminated players (and the winner's, at the end)."""
        rnd = self.round
        alive = self.alive
        finished = len(alive) <= 1
        t, fixed = self._fix(self._places_of_round(rnd, finished))
        history = t.history
        if t.pairing is not None:
            history = (*history, (t.pairing, t.settled))
        t = replace(t, history=history, phase=Phase.FINISHED if finished else Phase.BETWEEN)
        events: list[Event] = [RoundEnded(rnd), *fixed]
        if finished:
            events.append(TournamentEnded(t.places, alive[0] if alive else None))
        return t, events

    def _places_of_round(self, rnd: int, finished: bool) -> dict[Hashable, int]:
        """Every place fixed once round `rnd`'s eliminated players (and, at the end, the
        winner) are placed: those who stayed share the place below the survivors, those who
        left share the place below them."""
        alive = self.alive
        newly = [p for p in self.seats if self.out_round.get(p) == rnd]
        stayed = [p for p in newly if p not in self.left]
        leavers = [p for p in newly if p in self.left]
        places = dict(self.places)
        for p in stayed:
            places[p] = 1 + len(alive)
        for p in leavers:
            places[p] = 1 + len(alive) + len(stayed)
        if finished and alive:
            places[alive[0]] = 1
        return places

    def _fix(self, places: dict[Hashable, int]) -> tuple[Tournament, list[PlacementFixed]]:
        """Apply newly fixed places with their rating changes; the events in place order."""
        fixed = [p for p in self.seats if p in places and p not in self.places]
        changes = dict(self.changes)
        for p in fixed:
            changes[p] = self._change(p, places)
        t = replace(self, places=_frozen(places), changes=_frozen(changes))
        events = []
        for p in sorted(fixed, key=lambda q: (places[q], self.seats.index(q))):
            last_round = self.out_round.get(p, self.round)
            events.append(
                PlacementFixed(
                    p, places[p], last_round, p in self.left, self.ratings[p], changes[p]
                )
            )
        return t, events

    def _change(self, player: Hashable, places: Mapping[Hashable, int]) -> int:
        """Rating change once `player`'s place is fixed: anyone not yet placed is above them.
        A seat that was left counts only for its leaver (models.rating.rating_changes)."""
        mine = places[player]
        games = []
        for other in self.seats:
            if other == player or (other in self.left and player not in self.left):
                continue
            score = placement_score(mine, places[other]) if other in places else 0.0
            games.append((self.ratings[other], score))
        return rating_change(self.ratings[player], games)
