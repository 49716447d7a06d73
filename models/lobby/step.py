"""The lobby as a pure step: `step(state, message, now, ctx) -> (state, effects)`.

While waiting the lobby owns its seats (the matchmaker only proposes players; the lobby
decides), so a leave and the eighth seat can never race, and it calls bots to empty seats
after a while. Once full it asks the recorder to start the tournament (`OpenTournament`; the
answer comes back as the next input) and plays it (models/lobby/run.py). A crash of the actor
or a shutdown stops the tournament from its last consistent state: the state value from
before the message that failed.

Nothing here does I/O or keeps time: `now` is passed in, chance and duel ids come with the
context, and everything that must happen outside is returned as effects
(models/lobby/effects.py) for the lobby actor to apply, in order.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from dataclasses import replace
from typing import TypeVar, assert_never, cast

from models.lobby import views
from models.lobby.effects import (
    After,
    Answer,
    Attach,
    Cancel,
    Detach,
    Effect,
    OpenTournament,
    Stop,
    Then,
    WantBots,
)
from models.lobby.inputs import (
    Abort,
    BeginTournament,
    DuelChanged,
    DuelCrashed,
    FillWithBots,
    GraceOver,
    Input,
    IntroOver,
    NextRound,
    PlayerCommand,
    PlayerConnected,
    PlayerDisconnected,
    Seat,
    ShowNames,
    TournamentNotOpened,
    TournamentOpened,
)
from models.lobby.run import TournamentSteps
from models.lobby.state import FINISHED, PLAYING, WAITING, Context, Lobby, Run
from models.matchmaking import average, fits
from models.player import PlayerChanged
from models.rules import SEATS
from models.tournament import Tournament
from protocol import server as frames
from protocol import texts, wire
from protocol.client import Leave, LobbyCommand, Resync, Spectate, StopSpectating, SubmitGuess
from protocol.views import lives_map

C = TypeVar("C")


def step(
    state: Lobby[C], message: Input[C], now: float, ctx: Context
) -> tuple[Lobby[C], list[Effect[C]]]:
    """The lobby's next state and what must happen for `message` at time `now`."""
    s = _Step(state, now, ctx)
    s.handle(message)
    return s.s, s.out


class _Step(TournamentSteps[C]):
    __slots__ = ()

    def handle(self, message: Input[C]) -> None:
        match message:
            case PlayerCommand():
                self.player_command(message)
            case DuelChanged():
                if self.s.run is not None:
                    self.duel_changed(message)
            case Seat():
                self.seat_players(message)
            case PlayerConnected():
                self.connected(message)
            case PlayerDisconnected():
                self.disconnected(message)
            case PlayerChanged():
                self.player_changed(message)
            case GraceOver():
                self.grace_over(message)
            case FillWithBots():
                self.fill_with_bots()
            case ShowNames():
                self.s = self.s._replace(names_due=False)
                self.show_names()
            case BeginTournament():
                if self.s.status == WAITING and len(self.s.people) == SEATS:
                    self.start_tournament()
            case TournamentOpened():
                self.opened(message)
            case TournamentNotOpened():
                self.log(
                    f"lobby {self.s.id}: tournament not started ({message.why}); players sent home",
                    logging.WARNING,
                )
                self.abort("tournament_not_started")
                self.out.append(Stop())
            case IntroOver():
                if self.s.run is not None:
                    self.intro_over(message)
            case NextRound():
                if self.s.run is not None:
                    self.next_round(message)
            case DuelCrashed():
                if self.s.run is not None:
                    self.duel_crashed(message.duel_id)
            case Abort():
                self.abort(message.code)
                self.out.append(Stop())
            case _:
                assert_never(message)

    # --- seats (waiting) --------------------------------------------------------------

    def seat_players(self, msg: Seat[C]) -> None:
        if any(self.get(p.id) is not None for p in msg.players):
            self.out.append(Answer(None))
            return
        joining = average([p.rating for p in msg.players])
        if not fits(self.matchmaking_view(), self.s.language, joining, len(msg.players)):
            self.out.append(Answer(None))
            return
        for p in msg.players:
            self.seat(p, msg.conns.get(p.id))
        self.arm_bot_fill()
        self.broadcast(frames.LobbyFrame(self.view()))
        if len(self.s.people) == SEATS:
            self.out.append(Then(BeginTournament()))  # after this ask has been answered
        self.out.append(Answer(self.seats_view()))

    def fill_with_bots(self) -> None:
        self.s = self.s._replace(fill_armed=False)
        if self.s.status != WAITING or not self.ctx.bots or not self.has_people():
            return
        free = SEATS - len(self.s.people)
        if free > 0:
            self.out.append(WantBots(free, self.average(), self.addresses()))
            delay = max(1.0, self.ctx.settings.bot_fill_seconds)
            self.out.append(After(delay, FillWithBots(), "fill"))
            self.s = self.s._replace(fill_armed=True)

    def arm_bot_fill(self) -> None:
        settings = self.ctx.settings
        if not settings.bot_fill or not self.ctx.bots or self.s.fill_armed:
            return
        if not self.has_people():
            return
        fill_at = self.s.created_at + settings.bot_fill_seconds
        self.s = self.s._replace(fill_at=fill_at, fill_armed=True)
        self.out.append(After(fill_at - self.now, FillWithBots(), "fill"))

    # --- connections ------------------------------------------------------------------

    def connected(self, msg: PlayerConnected[C]) -> None:
        pr = self.get(msg.player_id)
        if pr is None or not pr.attached:
            self.out.append(Detach(msg.conn, home=True))
            return
        self.put(self.cancel_grace(pr)._replace(conn=msg.conn))
        self.out.append(Attach(msg.conn))
        self.reply(msg.conn, self.snapshot(msg.player_id))
        self.broadcast(self.status(msg.player_id), skip=msg.player_id)

    def disconnected(self, msg: PlayerDisconnected[C]) -> None:
        pr = self.get(msg.player_id)
        if pr is None or pr.conn is not msg.conn or not pr.attached:
            return  # not their current connection
        self.put(pr._replace(conn=None))
        self.away(msg.player_id)
        self.broadcast(self.status(msg.player_id))

    def player_changed(self, msg: PlayerChanged) -> None:
        """A new nickname shows at once; the rating stays the one the tournament started with."""
        pr = self.get(msg.player.id)
        if pr is None:
            return
        player = replace(pr.player, nickname=msg.player.nickname, tag=msg.player.tag)
        self.put(pr._replace(player=player))
        if not self.s.names_due:  # else the pending ShowNames brings this name too
            self.show_names()

    def show_names(self) -> None:
        """Renames reach a waiting lobby at most once per WT_RENAME_SHOW_SECONDS (a flood of
        renames would otherwise be a flood of lobby frames): the first at once, later ones
        together when the interval is over, with the latest names."""
        if self.s.status != WAITING:
            return
        last, every = self.s.names_shown_at, self.ctx.settings.rename_show_seconds
        if last is not None and self.now - last < every:
            self.out.append(After(last + every - self.now, ShowNames(), "names"))
            self.s = self.s._replace(names_due=True)
            return
        self.s = self.s._replace(names_shown_at=self.now)
        self.broadcast(frames.LobbyFrame(self.view()))

    def grace_over(self, msg: GraceOver) -> None:
        """Is this grace timer still the one that counts (the player never came back)?"""
        pr = self.get(msg.player_id)
        if pr is not None and pr.attached and pr.away_since == msg.since:
            self.log(f"lobby {self.s.id}: player {msg.player_id} gone past the grace")
            self.leave(msg.player_id, "grace_expired")

    # --- client commands --------------------------------------------------------------

    def player_command(self, msg: PlayerCommand[C]) -> None:
        pid, command = msg.player_id, msg.command
        pr = self.get(pid)
        if pr is None or not pr.attached or pr.conn is not msg.conn:
            self.reply(msg.conn, frames.ErrorFrame.of("not_in_lobby"))
            return
        match command:
            case Leave():
                self.leave(pid, "left")
            case Resync():
                self.send(pid, self.snapshot(pid))
            case _ if self.s.run is not None:
                self.command(pid, command)
            case _:
                self.send(pid, _before_start(command))

    def leave(self, player_id: int, reason: str) -> None:
        if self.s.run is not None:
            self.leave_run(player_id, reason)
            return
        code = "left_lobby" if reason == "left" else reason
        self.release([player_id], frames.LeftFrame.of(code), reason=code)
        self.s = self.s._replace(people=tuple(p for p in self.s.people if p.player.id != player_id))
        if not self.has_people():  # bots only ever wait for people
            self.release(self.attached(), frames.LeftFrame.of("left_lobby"))
            self.s = self.s._replace(people=())
        self.lobby_changed()
        if not self.s.people:
            self.finish()
        else:
            self.broadcast(frames.LobbyFrame(self.view()))

    # --- the tournament ---------------------------------------------------------------

    def start_tournament(self) -> None:
        self.s = self.s._replace(status=PLAYING, fill_armed=False)
        self.out.append(Cancel("fill"))
        self.lobby_changed()
        if self.ctx.recording:
            self.out.append(OpenTournament(self.s.language, self.ids()))
        else:
            self.opened(TournamentOpened(None, None))

    def opened(self, msg: TournamentOpened) -> None:
        if self.s.status != PLAYING or self.s.run is not None:
            return
        if msg.ratings is not None:
            for pr in self.s.people:
                rating = msg.ratings[pr.player.id]
                self.put(pr._replace(player=replace(pr.player, rating=rating)))
        seats = self.ids()
        ratings: dict[Hashable, int] = {pr.player.id: pr.player.rating for pr in self.s.people}
        run = Run(msg.tournament_id, Tournament.create(seats, ratings))
        self.s = self.s._replace(run=run)
        tid = msg.tournament_id
        self.log(
            f"tournament {tid} started in lobby {self.s.id} ({self.s.language}): {list(seats)}"
        )
        lives = lives_map(run.t.lives)
        self.broadcast(frames.TournamentStartedFrame(tid, self.view(), lives))
        self.begin()

    def abort(self, code: str) -> None:
        status = self.s.status
        if status == FINISHED:
            return
        if self.s.run is not None:
            self.abort_run(code)
        elif status == PLAYING:  # the start itself failed
            aborted = frames.TournamentAbortedFrame(
                None, cast(frames.AbortCode, code), texts.text(code)
            )
            self.release(self.attached(), aborted)
        else:
            self.release(self.attached(), frames.ErrorFrame.of(code))
        self.s = self.s._replace(status=FINISHED)
        self.closed()

    # --- views ------------------------------------------------------------------------

    def snapshot(self, player_id: int) -> frames.SnapshotFrame:
        """Everything a client needs to draw the screen, in one frame."""
        if self.s.run is None:
            return frames.SnapshotFrame(player_id, self.view(), None, None, None)
        run = self.s.run
        own, watched = views.duel_views(run, player_id, self.now)
        tournament = views.tournament_view(run, self.status, self.now)
        return frames.SnapshotFrame(player_id, self.view(), tournament, own, watched)


def _before_start(command: LobbyCommand) -> wire.Frame:
    """What a game command gets while the lobby still waits: there is nothing to play yet."""
    if isinstance(command, SubmitGuess):
        return frames.ErrorFrame.of("no_duel")
    if isinstance(command, Spectate):
        return frames.ErrorFrame.of("no_such_duel")
    assert isinstance(command, StopSpectating)
    return frames.DuelViewFrame(None)
