"""The people of one lobby, inside a step: who is here and connected, and how frames reach
them.

`Room` is the base of the step (models/lobby/step.py): it holds the state value being made
(`s`, rebound to a new frozen value at each change, never mutated), the effects so far
(`out`), the time and the context. Each frame is one `Send` effect for all its recipients:
the actor writes it once and the same text goes to each. `release` is the one way a player
leaves: they stop getting frames, their connection goes back home, and the matchmaker hears
that they are free.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Generic, TypeVar, cast

from models.lobby.effects import (
    After,
    Attach,
    Cancel,
    Detach,
    Effect,
    Log,
    Released,
    SeatsChanged,
    Send,
    Settled,
    Stop,
    StopDuel,
)
from models.lobby.inputs import GraceOver, SeatsView
from models.lobby.state import FINISHED, WAITING, Context, Lobby, Presence
from models.matchmaking import LobbyView, average
from models.player import Player
from models.rules import SEATS
from protocol import server as frames
from protocol import views, wire

C = TypeVar("C")


def grace_key(player_id: int) -> str:
    return f"grace-{player_id}"


class Room(Generic[C]):
    __slots__ = ("s", "now", "ctx", "out")

    def __init__(self, state: Lobby[C], now: float, ctx: Context) -> None:
        self.s = state
        self.now = now
        self.ctx = ctx
        self.out: list[Effect[C]] = []

    # --- who is here ------------------------------------------------------------------

    def get(self, player_id: int) -> Presence[C] | None:
        for pr in self.s.people:
            if pr.player.id == player_id:
                return pr
        return None

    def put(self, pr: Presence[C]) -> None:
        """Replace the presence of `pr.player` (or add it as a new seat)."""
        pid = pr.player.id
        people = self.s.people
        for i, old in enumerate(people):
            if old.player.id == pid:
                self.s = self.s._replace(people=people[:i] + (pr,) + people[i + 1 :])
                return
        self.s = self.s._replace(people=people + (pr,))

    def ids(self) -> tuple[int, ...]:
        return tuple(pr.player.id for pr in self.s.people)

    def attached(self) -> list[int]:
        return [pr.player.id for pr in self.s.people if pr.attached]

    def average(self) -> float:
        return average([pr.player.rating for pr in self.s.people])

    def addresses(self) -> tuple[str, ...]:
        """The addresses the lobby's people connect from (bots are not people)."""
        found = {pr.player.address for pr in self.s.people if not pr.player.is_bot}
        return tuple(sorted(a for a in found if a))

    def has_people(self) -> bool:
        """Is anyone seated who is not a bot?"""
        return any(not pr.player.is_bot for pr in self.s.people)

    def seat(self, player: Player, conn: C | None) -> None:
        """A new seat; a player seated without a connection (a party member whose socket is
        not open yet) starts away, with the grace running."""
        self.put(Presence(player, conn))
        if conn is None:
            self.away(player.id)
        else:
            self.out.append(Attach(conn))

    def away(self, player_id: int) -> None:
        pr = self.get(player_id)
        assert pr is not None
        self.put(pr._replace(away_since=self.now))
        grace = self.ctx.settings.reconnect_grace_seconds
        self.out.append(After(grace, GraceOver(player_id, self.now), grace_key(player_id)))

    def cancel_grace(self, pr: Presence[C]) -> Presence[C]:
        if pr.away_since is None:
            return pr
        self.out.append(Cancel(grace_key(pr.player.id)))
        return pr._replace(away_since=None)

    def status(self, player_id: int) -> frames.PlayerStatusFrame:
        """Whether a player is connected, and when they count as gone if not."""
        pr = self.get(player_id)
        assert pr is not None
        grace = self.ctx.settings.reconnect_grace_seconds
        gone_at = None if pr.away_since is None else pr.away_since + grace
        return frames.PlayerStatusFrame(player_id, pr.conn is not None, wire.ms(gone_at))

    # --- fan-out ----------------------------------------------------------------------

    def broadcast(
        self, frame: wire.Frame, only: Iterable[int] | None = None, skip: int | None = None
    ) -> None:
        """Everyone attached and connected (or only those in `only`)."""
        if only is None:
            to = tuple(
                pr.conn
                for pr in self.s.people
                if pr.attached and pr.conn is not None and pr.player.id != skip
            )
        else:
            found = []
            for pid in only:
                pr = self.get(pid)
                if pr is not None and pr.attached and pr.conn is not None and pid != skip:
                    found.append(pr.conn)
            to = tuple(found)
        if to:
            self.out.append(Send(frame, to))

    def send(self, player_id: int, frame: wire.Frame) -> None:
        pr = self.get(player_id)
        if pr is not None and pr.attached and pr.conn is not None:
            self.out.append(Send(frame, (pr.conn,)))

    def reply(self, conn: C, frame: wire.Frame) -> None:
        """To a connection, whoever's it is (a command's answer, a refusal)."""
        self.out.append(Send(frame, (conn,)))

    # --- leaving ----------------------------------------------------------------------

    def release(
        self,
        player_ids: Iterable[int],
        last: wire.Frame | None = None,
        home: bool = True,
        reason: str | None = None,
        unplaced: Iterable[int] = (),
    ) -> None:
        """These players leave the room: each connection gets `last` (if any), is detached,
        and shows home (unless the client asks for it itself after a final table); the
        matchmaker frees them, remembering `reason` for whoever is away, and holds those
        `unplaced` until their place is fixed (`settled`)."""
        gone: list[int] = []
        conns: list[C] = []
        for pid in player_ids:
            pr = self.get(pid)
            if pr is None or not pr.attached:
                continue
            self.put(self.cancel_grace(pr)._replace(attached=False))
            gone.append(pid)
            if pr.conn is not None:
                conns.append(pr.conn)
        if last is not None and conns:
            self.out.append(Send(last, tuple(conns)))
        for conn in conns:
            self.out.append(Detach(conn, home))
        if gone:
            held = tuple(p for p in unplaced if p in gone)
            self.out.append(Released(tuple(gone), reason, held))

    def settled(self, player_id: int) -> None:
        """A player's place is fixed; if they already left, the matchmaker lets them play."""
        pr = self.get(player_id)
        if pr is not None and not pr.attached:
            self.out.append(Settled(player_id))

    # --- views ------------------------------------------------------------------------

    def view(self) -> views.LobbyView:
        s = self.s
        waiting = s.status == WAITING
        return views.LobbyView(
            id=s.id,
            language=s.language,
            status=cast(views.LobbyStatus, s.status),
            capacity=SEATS,
            average=round(self.average(), 1),
            bot_fill_at=wire.ms(s.fill_at) if waiting else None,
            party=s.party_id,
            seats=[
                views.SeatView(
                    p.id, p.nickname, p.tag, p.rating, p.is_bot, connected=pr.conn is not None
                )
                for pr in s.people
                for p in (pr.player,)
            ],
        )

    def matchmaking_view(self) -> LobbyView:
        s = self.s
        return LobbyView(
            s.id, s.language, len(s.people), self.average(), s.created_at, s.status == WAITING
        )

    # --- what the matchmaker knows ----------------------------------------------------

    def seats_view(self) -> SeatsView:
        """The matchmaker's view of this lobby, versioned so a late report cannot undo a
        newer one."""
        self.s = self.s._replace(version=self.s.version + 1)
        return SeatsView(self.ids(), self.average(), self.s.status == WAITING, self.s.version)

    def lobby_changed(self) -> None:
        self.out.append(SeatsChanged(self.seats_view()))

    def closed(self) -> None:
        self.s = self.s._replace(version=self.s.version + 1)
        self.out.append(SeatsChanged(SeatsView((), 0.0, False, self.s.version)))

    def stop_duels(self) -> None:
        run = self.s.run
        if run is not None:
            for slot in run.duels:
                if not slot.over:
                    self.out.append(StopDuel(slot.id))

    def log(self, text: str, level: int = logging.INFO) -> None:
        self.out.append(Log(level, text))

    def finish(self) -> None:
        """The lobby is done (its tournament ended, or everyone left): release whoever is
        still here and stop. After a final table the clients ask for home themselves."""
        self.s = self.s._replace(status=FINISHED)
        self.release(self.attached(), home=False)
        self.out.append(Cancel("fill"))
        self.closed()
        self.stop_duels()
        self.out.append(Stop())
