"""The lobby actor: eight seats, then the tournament played in them.

While waiting it owns its seats (the matchmaker only proposes players; the lobby decides), so
a leave and the eighth seat can never race, and it calls bots to empty seats after a while.
Once full it hands the game to a `TournamentRun` (actors/tournament_run.py) and routes the
tournament's messages to it. Its `Room` (actors/room.py) knows who is here and connected and
sends them frames. A crash or a shutdown stops the tournament from its last consistent state.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, replace
from typing import Any

import gevent

from actors.clock import Clock, Timer
from actors.messages import (
    Abort,
    Attach,
    BotsWanted,
    DuelChanged,
    LobbyChanged,
    PlayerChanged,
    PlayerCommand,
    PlayerConnected,
    PlayerDisconnected,
    Seat,
    ShowHome,
)
from actors.recorder import RecorderBusy, StartTournament
from actors.room import GraceOver, Room
from actors.runtime import Actor, ActorDead, ActorRef, ChildFailed
from actors.tournament_run import IntroOver, NextRound, TournamentRun
from models.matchmaking import LobbyView, average, fits
from models.rules import SEATS
from models.settings import Settings
from models.store.errors import Unavailable
from protocol import server as frames
from protocol import texts, views, wire
from protocol.client import Leave, LobbyCommand, Resync, Spectate, StopSpectating, SubmitGuess

log = logging.getLogger("wordle.lobby")

START_TIMEOUT_SECONDS = 10.0  # how long a full lobby waits for the recorder to start it
# Why a tournament may not start: the recorder did not answer in time, refused a start that
# came too late, or the database is down (or the recorder is gone, at a stop). Expected under
# overload or an outage, so the lobby says so in one line and dissolves; nothing was written.
NOT_STARTED = (gevent.Timeout, RecorderBusy, Unavailable, ActorDead)


@dataclass(frozen=True)
class BeginTournament:
    """Sent to itself when the eighth seat is taken."""


@dataclass(frozen=True)
class FillWithBots:
    pass


@dataclass
class Services:
    """What a lobby needs from the rest of the server."""

    matchmaker: ActorRef
    recorder: ActorRef | None
    bots: ActorRef | None
    supervisor: ActorRef | None
    settings: Settings
    words: dict[str, Any]  # language code -> wordlists.WordList


class LobbyActor(Actor):
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
        self.language = language
        self.services = services
        self.settings = services.settings
        self.rng = rng or random.Random()
        self.party_id = party_id
        self.created_at = clock.time()
        self.status = "waiting"  # then "playing", then "finished"
        self.room = Room(
            lobby_id,
            self.ref,
            services.matchmaker,
            self.settings.reconnect_grace_seconds,
            self.after,
        )
        self.run: TournamentRun | None = None
        self.fill_at: float | None = None
        self._fill_timer: Timer | None = None
        self._version = 0

    # --- seats (waiting) --------------------------------------------------------------

    def receive(self, message: Any) -> Any:
        """A message's frames leave together when it is handled (Room.flush: one mailbox
        message and one socket write per recipient)."""
        room = self.room
        room.collecting = True
        try:
            return super().receive(message)
        finally:
            room.collecting = False
            room.flush()

    def on_Seat(self, msg: Seat) -> LobbyChanged | None:
        if any(p.id in self.room for p in msg.players):
            return None
        joining = average([p.rating for p in msg.players])
        if not fits(self._matchmaking_view(), self.language, joining, len(msg.players)):
            return None
        now = self.clock.time()
        for p in msg.players:
            self.room.seat(p, msg.conns.get(p.id), now)
        self._arm_bot_fill()
        self.room.broadcast(frames.LobbyFrame(self._view()))
        if len(self.room) == SEATS:
            self.ref.tell(BeginTournament())  # after this ask has been answered
        return self._lobby_changed(tell=False)

    def on_BeginTournament(self, _msg: BeginTournament) -> None:
        if self.status == "waiting" and len(self.room) == SEATS:
            self._start_tournament()

    def on_FillWithBots(self, _msg: FillWithBots) -> None:
        self._fill_timer = None
        if self.status != "waiting" or self.services.bots is None or not self.room.has_people():
            return
        free = SEATS - len(self.room)
        if free > 0:
            wanted = BotsWanted(self.lobby_id, self.language, free, self.room.average())
            self.services.bots.tell(wanted)
            self._fill_timer = self.after(max(1.0, self.settings.bot_fill_seconds), FillWithBots())

    def _arm_bot_fill(self) -> None:
        if not self.settings.bot_fill or self.services.bots is None or self._fill_timer:
            return
        if not self.room.has_people():
            return
        self.fill_at = self.created_at + self.settings.bot_fill_seconds
        self._fill_timer = self.after(self.fill_at - self.clock.time(), FillWithBots())

    # --- connections ------------------------------------------------------------------

    def on_PlayerConnected(self, msg: PlayerConnected) -> None:
        if not self.room.came_back(msg.player_id, msg.conn):
            self.room.tell(msg.conn, Attach(None))
            self.room.tell(msg.conn, ShowHome())
            return
        self.room.tell(msg.conn, self._snapshot(msg.player_id).write())
        self.room.broadcast(self.room.status(msg.player_id), skip=msg.player_id)

    def on_PlayerDisconnected(self, msg: PlayerDisconnected) -> None:
        if self.room.went_away(msg.player_id, msg.conn, self.clock.time()):
            self.room.broadcast(self.room.status(msg.player_id))

    def on_PlayerChanged(self, msg: PlayerChanged) -> None:
        """A new nickname shows at once; the rating stays the one the tournament started with."""
        pr = self.room.get(msg.player.id)
        if pr is None:
            return
        pr.player = replace(pr.player, nickname=msg.player.nickname, tag=msg.player.tag)
        if self.status == "waiting":
            self.room.broadcast(frames.LobbyFrame(self._view()))

    def on_GraceOver(self, msg: GraceOver) -> None:
        if self.room.gone(msg):
            log.info("lobby %s: player %s gone past the grace", self.lobby_id, msg.player_id)
            self._leave(msg.player_id, "grace_expired")

    # --- client commands --------------------------------------------------------------

    def on_PlayerCommand(self, msg: PlayerCommand) -> None:
        pid, command = msg.player_id, msg.command
        pr = self.room.get(pid)
        if pr is None or not pr.attached or pr.conn is not msg.conn:
            self.room.tell(msg.conn, frames.ErrorFrame.of("not_in_lobby").write())
            return
        match command:
            case Leave():
                self._leave(pid, "left")
            case Resync():
                self.room.send(pid, self._snapshot(pid))
            case _ if self.run is not None:
                self.run.command(pid, command)
            case _:
                self.room.send(pid, _before_start(command))

    def _leave(self, player_id: int, reason: str) -> None:
        if self.run is not None:
            self.run.leave(player_id, reason)
            return
        code = "left_lobby" if reason == "left" else reason
        self.room.release([player_id], frames.LeftFrame.of(code), reason=code)
        self.room.unseat(player_id)
        if not self.room.has_people():  # bots only ever wait for people
            self.room.release(self.room.attached(), frames.LeftFrame.of("left_lobby"))
            self.room.people.clear()
        self._lobby_changed()
        if not len(self.room):
            self._close()
        else:
            self.room.broadcast(frames.LobbyFrame(self._view()))

    # --- the tournament ---------------------------------------------------------------

    def _start_tournament(self) -> None:
        self.status = "playing"
        if self._fill_timer is not None:
            self._fill_timer.cancel()
            self._fill_timer = None
        self._lobby_changed()
        seats = tuple(self.room.people)
        ratings = {p: pr.player.rating for p, pr in self.room.people.items()}
        tournament_id = None
        if self.services.recorder is not None:
            deadline = self.clock.time() + START_TIMEOUT_SECONDS
            try:
                tournament_id, ratings = self.services.recorder.ask(
                    StartTournament(self.language, seats, deadline), timeout=START_TIMEOUT_SECONDS
                )
            except NOT_STARTED as error:
                log.warning(
                    "lobby %s: tournament not started (%s: %s); players sent home",
                    self.lobby_id,
                    type(error).__name__,
                    error,
                )
                self._abort("tournament_not_started")
                self.stop()
                return
            for p, r in ratings.items():
                pr = self.room.people[p]
                pr.player = replace(pr.player, rating=r)
        self.run = TournamentRun(
            tournament_id,
            self.room,
            ratings,
            self.services.words[self.language],
            self.settings,
            self.clock,
            self.rng,
            self.ref,
            self.after,
            self.services.recorder,
            self.services.supervisor,
            ended=self._close,
        )
        log.info(
            "tournament %s started in lobby %s (%s): %s",
            tournament_id,
            self.lobby_id,
            self.language,
            list(seats),
        )
        lives = views.lives_map(self.run.t.lives)
        self.room.broadcast(frames.TournamentStartedFrame(tournament_id, self._view(), lives))
        self.run.begin()

    def on_IntroOver(self, msg: IntroOver) -> None:
        if self.run is not None:
            self.run.intro_over(msg)

    def on_NextRound(self, msg: NextRound) -> None:
        if self.run is not None:
            self.run.next_round(msg)

    def on_DuelChanged(self, msg: DuelChanged) -> None:
        if self.run is not None:
            self.run.duel_changed(msg)

    def on_ChildFailed(self, msg: ChildFailed) -> None:
        if self.run is not None:
            self.run.duel_crashed(msg.ref)

    # --- the end ----------------------------------------------------------------------

    def _close(self) -> None:
        """Release everyone still here and stop: a finished lobby keeps no state. After a
        final table the clients ask for home themselves."""
        self.status = "finished"
        self.room.release(self.room.attached(), home=False)
        if self._fill_timer is not None:
            self._fill_timer.cancel()
        self._closed()
        if self.run is not None:
            self.run.stop_duels()
        self.stop()

    def on_failure(self, error: BaseException) -> None:
        """Contain a crash from the last consistent state (the tournament value)."""
        self._abort("tournament_aborted")

    def on_Abort(self, msg: Abort) -> None:
        """The server is shutting down: waiting lobbies dissolve, tournaments stop."""
        self._abort(msg.code)
        self.stop()

    def _abort(self, code: str) -> None:
        if self.status == "finished":
            return
        if self.run is not None:
            self.run.abort(code)
        elif self.status == "playing":  # the start itself failed
            aborted = frames.TournamentAbortedFrame(None, code, texts.text(code))
            self.room.release(self.room.attached(), aborted)
        else:
            self.room.release(self.room.attached(), frames.ErrorFrame.of(code))
        self.status = "finished"
        self._closed()

    # --- views ------------------------------------------------------------------------

    def _view(self) -> views.LobbyView:
        waiting = self.status == "waiting"
        return views.LobbyView(
            id=self.lobby_id,
            language=self.language,
            status=self.status,
            capacity=SEATS,
            average=round(self.room.average(), 1),
            bot_fill_at=wire.ms(self.fill_at) if waiting else None,
            party=self.party_id,
            seats=self.room.seats(),
        )

    def _snapshot(self, player_id: int) -> frames.SnapshotFrame:
        """Everything a client needs to draw the screen, in one frame."""
        now = self.clock.time()
        if self.run is None:
            return frames.SnapshotFrame(player_id, self._view(), None, None, None)
        own, watched = self.run.duel_views(player_id, now)
        return frames.SnapshotFrame(player_id, self._view(), self.run.view(now), own, watched)

    def _matchmaking_view(self) -> LobbyView:
        return LobbyView(
            self.lobby_id,
            self.language,
            len(self.room),
            self.room.average(),
            self.created_at,
            self.status == "waiting",
        )

    def _closed(self) -> None:
        self._version += 1
        self.services.matchmaker.tell(LobbyChanged(self.lobby_id, (), 0.0, False, self._version))

    def _lobby_changed(self, tell: bool = True) -> LobbyChanged:
        """The matchmaker's view of this lobby, versioned so a late message cannot undo a
        newer one."""
        self._version += 1
        changed = LobbyChanged(
            self.lobby_id,
            tuple(self.room.people),
            self.room.average(),
            self.status == "waiting",
            self._version,
        )
        if tell:
            self.services.matchmaker.tell(changed)
        return changed


def _before_start(command: LobbyCommand) -> wire.Frame:
    """What a game command gets while the lobby still waits: there is nothing to play yet."""
    if isinstance(command, SubmitGuess):
        return frames.ErrorFrame.of("no_duel")
    if isinstance(command, Spectate):
        return frames.ErrorFrame.of("no_such_duel")
    assert isinstance(command, StopSpectating)
    return frames.DuelViewFrame(None)
