"""A lobby's state as one immutable value: its seats, and the tournament played in them.

Everything the lobby actor used to keep in three objects (the lobby, its room and its
tournament run) is here, in immutable named tuples (five times cheaper to make than frozen
dataclasses, and a guess makes three: its slot, the run, the lobby); the step
(models/lobby/step.py) makes a new value from the old one. The collections are small
(eight seats, at most four duels a round, a few spectators), so they are tuples searched in
order: a change copies a handful of references, never the whole state. Timers, actors and
sockets are not in it: a timer is an effect that brings a message back, a duel is known by
its id, a connection is an opaque `C` (see models/lobby/inputs.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from models.duel import Duel
from models.player import Player
from models.settings import Settings
from models.tournament import Tournament
from models.words import Words
from protocol.views import RecapView

C = TypeVar("C")

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


class Presence(NamedTuple, Generic[C]):
    """A seat: who sits in it, their connection (None: away), since when they are away (the
    reconnect grace runs), and whether they are still here (False once they left or were
    released: they get no more frames)."""

    player: Player
    conn: C | None
    away_since: float | None = None
    attached: bool = True


class DuelSlot(NamedTuple):
    """A duel of the tournament, as its actor last reported it."""

    id: int
    pair: tuple[int, int]
    round: int
    duel: Duel
    over: bool = False
    void: bool = False  # cancelled by a crash

    def reported(self, duel: Duel) -> DuelSlot:
        """The slot with its duel's new state (on every guess, hence spelt out)."""
        return DuelSlot(self.id, self.pair, self.round, duel, duel.over, self.void)


class Run(NamedTuple):
    """The tournament being played: the pure `Tournament` is the truth for results."""

    tournament_id: int | None
    t: Tournament
    duels: tuple[DuelSlot, ...] = ()  # this round's (and any earlier one still running)
    watching: tuple[tuple[int, int], ...] = ()  # (spectator, duel id)
    used_words: frozenset[str] = frozenset()
    intro_ends_at: float | None = None
    recap: tuple[RecapView, ...] = ()  # the last finished round, as the intro shows it
    over: bool = False

    def slot(self, duel_id: int) -> DuelSlot | None:
        for s in self.duels:
            if s.id == duel_id:
                return s
        return None

    def with_slot(self, slot: DuelSlot) -> Run:
        """This run with `slot` replacing the slot of its duel (on every guess, hence spelt
        out: `_replace` costs several times more)."""
        duels = tuple([slot if s.id == slot.id else s for s in self.duels])
        return Run(
            self.tournament_id,
            self.t,
            duels,
            self.watching,
            self.used_words,
            self.intro_ends_at,
            self.recap,
            self.over,
        )

    def own_duel(self, player_id: int) -> DuelSlot | None:
        """The player's duel of this round (over or not)."""
        rnd = self.t.round
        for s in self.duels:
            if s.round == rnd and player_id in s.pair:
                return s
        return None

    def live_duel_of(self, player_id: int) -> DuelSlot | None:
        slot = self.own_duel(player_id)
        return slot if slot is not None and not slot.over else None

    def watched_by(self, player_id: int) -> int | None:
        return next((d for v, d in self.watching if v == player_id), None)

    def audience(self, slot: DuelSlot) -> list[int]:
        """Who sees a duel's rows and turns: its players and its spectators."""
        watchers = [v for v, d in self.watching if d == slot.id and v not in slot.pair]
        return [*slot.pair, *watchers] if watchers else list(slot.pair)


class Lobby(NamedTuple, Generic[C]):
    id: int
    language: str
    created_at: float
    party_id: int | None = None
    status: str = WAITING  # then PLAYING, then FINISHED
    people: tuple[Presence[C], ...] = ()  # in seat order
    fill_at: float | None = None  # when bots are called to the empty seats
    fill_armed: bool = False  # a FillWithBots timer is pending
    version: int = 0  # of what the matchmaker was told (SeatsView)
    run: Run | None = None
    names_shown_at: float | None = None  # when a rename was last shown (waiting)
    names_due: bool = False  # a ShowNames timer is pending: renames wait for it

    def with_run(self, run: Run) -> Lobby[C]:
        """This lobby with `run` as its tournament (on every guess, hence spelt out)."""
        return Lobby(
            self.id,
            self.language,
            self.created_at,
            self.party_id,
            self.status,
            self.people,
            self.fill_at,
            self.fill_armed,
            self.version,
            run,
            self.names_shown_at,
            self.names_due,
        )


@dataclass(frozen=True)
class Context:
    """What a lobby's steps need from outside: settings, its language's words, and the
    injected sources of chance and of duel ids (unique across lobbies)."""

    settings: Settings
    words: Words
    rng: random.Random
    duel_ids: Iterator[int]
    bots: bool = False  # a bot launcher is there to fill empty seats
    recording: bool = False  # a recorder writes tournaments (else they start at once)


def new_lobby(
    lobby_id: int, language: str, created_at: float, party_id: int | None = None
) -> Lobby[C]:
    return Lobby(lobby_id, language, created_at, party_id)
