"""The lobby actor: one mailbox for a lobby and its tournament; the game is a pure step.

Each message goes through `models.lobby.step.step(state, message, now, ctx)`, which returns
the next state value and the effects; this actor keeps the state and applies the effects, in
order, and nothing else: frames to connections (collected in an `Outbox`, so all the frames
of one message reach a connection as one mailbox message and one socket write), reports to
the matchmaker, writes to the recorder, duel actors started, told and stopped, bots called,
timers armed. A duel runs in an actor of its own; its crash reaches this actor as
`ChildFailed` and becomes the step's `DuelCrashed`. A crash of this actor aborts the
tournament from the last state value (its `on_failure`), so a failed message changes nothing
that was not already consistent.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import assert_never

import gevent

from actors.clock import Clock, Timer
from actors.duel import DuelActor
from actors.messages import (
    Attach,
    BotsRef,
    BotsWanted,
    ConnRef,
    DuelRef,
    Guess,
    LobbyChanged,
    LobbyMsg,
    MatchmakerRef,
    PlacementSettled,
    PlayersReleased,
    RecorderRef,
    ShowHome,
    SupervisorRef,
)
from actors.outbox import Outbox
from actors.recorder import Record, RecorderBusy, StartTournament
from actors.runtime import STOP, Actor, ActorDead, ChildFailed
from models.lobby import effects as fx
from models.lobby.inputs import (
    Abort,
    DuelCrashed,
    Input,
    SeatsView,
    TournamentNotOpened,
    TournamentOpened,
)
from models.lobby.state import Context, Lobby, new_lobby
from models.lobby.step import step
from models.settings import Settings
from models.store.errors import Unavailable
from models.words import Words

log = logging.getLogger("wordle.lobby")

START_TIMEOUT_SECONDS = 10.0  # how long a full lobby waits for the recorder to start it
# Why a tournament may not start: the recorder did not answer in time, refused a start that
# came too late, or the database is down (or the recorder is gone, at a stop). Expected under
# overload or an outage, so the lobby says so in one line and dissolves; nothing was written.
NOT_STARTED = (gevent.Timeout, RecorderBusy, Unavailable, ActorDead)

_duel_ids = itertools.count(1)  # unique across lobbies: clients and tests key duels by id


@dataclass
class Services:
    """What a lobby needs from the rest of the server."""

    matchmaker: MatchmakerRef
    recorder: RecorderRef | None
    bots: BotsRef | None
    supervisor: SupervisorRef | None
    settings: Settings
    words: Mapping[str, Words]  # language code -> its word list


class LobbyActor(Actor[LobbyMsg]):
    def __init__(
        self,
        lobby_id: int,
        language: str,
        services: Services,
        clock: Clock,
        rng: random.Random | None = None,
        party_id: int | None = None,
    ) -> None:
        super().__init__(clock, services.supervisor)
        self.lobby_id = lobby_id
        self.services = services
        self.state: Lobby[ConnRef] = new_lobby(lobby_id, language, clock.time(), party_id)
        self.ctx = Context(
            services.settings,
            services.words[language],
            rng or random.Random(),
            _duel_ids,
            bots=services.bots is not None,
            recording=services.recorder is not None,
        )
        self.duels: dict[int, DuelRef] = {}  # the duel actors still running, by duel id
        self.timers: dict[str, Timer] = {}  # the timers a later one replaces, by key
        self.outbox = Outbox()
        self._answer: SeatsView | None = None  # a Seat's answer, while its step is applied

    def receive(self, message: LobbyMsg) -> SeatsView | None:
        """One message, one step; the frames it made leave together at the end."""
        try:
            if isinstance(message, ChildFailed):  # a duel crashed
                duel_id = next((i for i, r in self.duels.items() if r is message.ref), None)
                if duel_id is not None:
                    return self._step(DuelCrashed(duel_id))
                return None
            return self._step(message)
        finally:
            self.outbox.flush()

    def on_failure(self, error: BaseException) -> None:
        """Contain a crash from the last consistent state (the state value before the
        message that failed)."""
        self._step(Abort("tournament_aborted"))
        self.outbox.flush()

    def on_stop(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()

    # --- applying a step --------------------------------------------------------------

    def _step(self, message: Input[ConnRef]) -> SeatsView | None:
        self.state, effects = step(self.state, message, self.clock.time(), self.ctx)
        self._answer = None
        for effect in effects:
            self._apply(effect)
        return self._answer

    def _apply(self, effect: fx.Effect[ConnRef]) -> None:
        # the hot cases first, and without captures (a capture costs a getattr per field)
        match effect:
            case fx.Send():
                text = effect.frame.write()
                add = self.outbox.add
                for conn in effect.to:
                    add(conn, text)
            case fx.PassGuess():
                duel = self.duels.get(effect.duel_id)
                if duel is not None:
                    duel.tell(Guess(effect.player_id, effect.word))
            case fx.StopDuel(duel_id):
                ref = self.duels.pop(duel_id, None)
                if ref is not None:
                    ref.tell(STOP)
            case fx.StartDuel(duel_id, duel):
                actor = DuelActor(
                    duel_id, duel, self.ctx.words, self.ref, self.clock, self.supervisor
                )
                self.duels[duel_id] = actor.start()
            case fx.Attach(conn):
                self.outbox.add(conn, Attach(self.ref))
            case fx.Detach(conn, home):
                self.outbox.add(conn, Attach(None))
                if home:
                    self.outbox.add(conn, ShowHome())
            case fx.SeatsChanged(seats):
                self.services.matchmaker.tell(LobbyChanged(self.lobby_id, seats))
            case fx.Released(player_ids, reason, unplaced):
                released = PlayersReleased(self.lobby_id, player_ids, reason, unplaced)
                self.services.matchmaker.tell(released)
            case fx.Settled(player_id):
                self.services.matchmaker.tell(PlacementSettled(self.lobby_id, player_id))
            case fx.Save(result):
                self._record(Record(result))
            case fx.OpenTournament(language, seats):
                deadline = self.clock.time() + START_TIMEOUT_SECONDS
                self._open(StartTournament(language, seats, deadline))
            case fx.After(delay, message, key):
                timer = self.after(delay, message)
                if key is not None:
                    old = self.timers.pop(key, None)
                    if old is not None:
                        old.cancel()
                    self.timers[key] = timer
            case fx.Cancel(key):
                old = self.timers.pop(key, None)
                if old is not None:
                    old.cancel()
            case fx.Then(message):
                self.ref.tell(message)
            case fx.WantBots(count, average, addresses):
                if self.services.bots is not None:
                    language = self.state.language
                    wanted = BotsWanted(self.lobby_id, language, count, average, addresses)
                    self.services.bots.tell(wanted)
            case fx.Log(level, text):
                log.log(level, "%s", text)
            case fx.Stop():
                self.stop()
            case fx.Answer(seats):
                self._answer = seats  # what _step returns
            case _:
                assert_never(effect)

    def _open(self, start: StartTournament) -> None:
        """Ask the recorder to start the tournament (waiting, as the lobby has nothing else
        to do), and step on with its answer."""
        recorder = self.services.recorder
        try:
            if recorder is None:
                raise ActorDead("no recorder")
            tournament_id, ratings = recorder.ask(start, timeout=START_TIMEOUT_SECONDS)
        except NOT_STARTED as error:
            self._step(TournamentNotOpened(f"{type(error).__name__}: {error}"))
            return
        self._step(TournamentOpened(tournament_id, ratings))

    def _record(self, message: Record) -> None:
        """Hand a write to the recorder (tournaments without a database record nothing)."""
        if self.services.recorder is not None:
            self.services.recorder.tell(message)
