"""The people of one lobby: who is seated, who is connected, and how frames reach them.

Owned by a lobby actor and used only inside its loop. Each frame is written once and the
same text goes to every recipient. A player who loses their connection keeps the seat for the
reconnect grace, timed by a `GraceOver` message to the lobby, which decides what it means.
`release` is the one way a player leaves the room: they stop getting frames, their connection
goes back home, and the matchmaker hears that they are free.

While the lobby handles a message (`collecting`), what it has for each connection waits in an
outbox, in order, and `flush` hands it over at the end: all the frames of one lobby message
for one player become one `SendFrames` (one mailbox message, one socket write). A duel's end
makes `duel_ended`, `lives`, `eliminated`, `placement` and `round_ended` for all eight: one
message each instead of five. Messages that are not frames (`Attach`, `ShowHome`) keep their
place in the order. The frames stay separate websocket frames: the protocol is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from actors.clock import Timer
from actors.messages import (
    Attach,
    PlacementSettled,
    Player,
    PlayersReleased,
    Send,
    SendFrames,
    ShowHome,
)
from actors.runtime import ActorRef
from models.matchmaking import average
from protocol import server as frames
from protocol import views, wire


@dataclass(frozen=True)
class GraceOver:
    """A player's reconnect grace ran out (`since` says which disconnection it was for)."""

    player_id: int
    since: float


@dataclass
class Presence:
    player: Player
    conn: ActorRef | None
    away_since: float | None = None
    grace: Timer | None = None
    attached: bool = True  # False once they left or were released: no more frames

    def cancel_grace(self) -> None:
        if self.grace is not None:
            self.grace.cancel()
        self.grace, self.away_since = None, None


class Room:
    def __init__(
        self,
        lobby_id: int,
        lobby: ActorRef,
        matchmaker: ActorRef,
        grace_seconds: float,
        after: Callable[[float, Any], Timer],
    ) -> None:
        """`after(delay, message)` delivers a message to the lobby later (its timers)."""
        self.lobby_id = lobby_id
        self.lobby = lobby
        self.matchmaker = matchmaker
        self.grace_seconds = grace_seconds
        self.after = after
        self.people: dict[int, Presence] = {}
        self.outbox: dict[ActorRef, list[Any]] = {}  # per connection: texts and messages
        self.collecting = False  # inside a lobby message: hold what goes out until flush()

    def __len__(self) -> int:
        return len(self.people)

    def __contains__(self, player_id: int) -> bool:
        return player_id in self.people

    def get(self, player_id: int) -> Presence | None:
        return self.people.get(player_id)

    def average(self) -> float:
        return average([pr.player.rating for pr in self.people.values()])

    def has_people(self) -> bool:
        """Is anyone seated who is not a bot?"""
        return any(not pr.player.is_bot for pr in self.people.values())

    # --- presence ---------------------------------------------------------------------

    def seat(self, player: Player, conn: ActorRef | None, now: float) -> None:
        """A new seat; a player seated without a connection (a party member whose socket is
        not open yet) starts away, with the grace running."""
        self.people[player.id] = Presence(player, conn)
        if conn is None:
            self._away(player.id, now)
        else:
            self.tell(conn, Attach(self.lobby))

    def unseat(self, player_id: int) -> Presence:
        """Forget a seat of a lobby still waiting (it costs nothing)."""
        return self.people.pop(player_id)

    def came_back(self, player_id: int, conn: ActorRef) -> bool:
        """The player connected again; False if they are not (any more) in this room."""
        pr = self.people.get(player_id)
        if pr is None or not pr.attached:
            return False
        pr.conn = conn
        pr.cancel_grace()
        self.tell(conn, Attach(self.lobby))
        return True

    def went_away(self, player_id: int, conn: ActorRef, now: float) -> bool:
        """The player's connection closed; False if that was not their current connection."""
        pr = self.people.get(player_id)
        if pr is None or pr.conn is not conn or not pr.attached:
            return False
        pr.conn = None
        self._away(player_id, now)
        return True

    def gone(self, msg: GraceOver) -> bool:
        """Is this grace timer still the one that counts (the player never came back)?"""
        pr = self.people.get(msg.player_id)
        return pr is not None and pr.attached and pr.away_since == msg.since

    def _away(self, player_id: int, now: float) -> None:
        pr = self.people[player_id]
        pr.away_since = now
        pr.grace = self.after(self.grace_seconds, GraceOver(player_id, now))

    def status(self, player_id: int) -> frames.PlayerStatusFrame:
        """Whether a player is connected, and when they count as gone if not."""
        pr = self.people[player_id]
        gone_at = None if pr.away_since is None else pr.away_since + self.grace_seconds
        return frames.PlayerStatusFrame(player_id, pr.conn is not None, wire.ms(gone_at))

    def seats(self) -> list[views.SeatView]:
        return [
            views.SeatView(
                p.id, p.nickname, p.tag, p.rating, p.is_bot, connected=pr.conn is not None
            )
            for pr in self.people.values()
            for p in (pr.player,)
        ]

    # --- fan-out ----------------------------------------------------------------------

    def broadcast(
        self,
        frame: wire.Frame,
        only: Iterable[int] | None = None,
        skip: int | None = None,
    ) -> None:
        """Everyone attached and connected (or only those in `only`), written once."""
        text = None
        people = self.people
        for pid in people if only is None else only:
            pr = people.get(pid)
            if pr is None or not pr.attached or pr.conn is None or pid == skip:
                continue
            if text is None:
                text = frame.write()
            self.tell(pr.conn, text)

    def send(self, player_id: int, frame: wire.Frame) -> None:
        pr = self.people.get(player_id)
        if pr is not None and pr.attached and pr.conn is not None:
            self.tell(pr.conn, frame.write())

    def tell(self, conn: ActorRef, message: Any) -> None:
        """A written frame (str) or a message for a connection, in order with the rest."""
        if not self.collecting:
            conn.tell(Send(message) if isinstance(message, str) else message)
            return
        waiting = self.outbox.get(conn)
        if waiting is None:
            self.outbox[conn] = [message]
        else:
            waiting.append(message)

    def flush(self) -> None:
        """Hand each connection what the message just handled made for it: consecutive
        frames as one message."""
        outbox, self.outbox = self.outbox, {}
        for conn, messages in outbox.items():
            texts: list[str] = []
            for m in messages:
                if isinstance(m, str):
                    texts.append(m)
                    continue
                _send(conn, texts)
                texts = []
                conn.tell(m)
            _send(conn, texts)

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
        text = last.write() if last is not None else None
        gone = []
        for pid in player_ids:
            pr = self.people.get(pid)
            if pr is None or not pr.attached:
                continue
            pr.attached = False
            pr.cancel_grace()
            gone.append(pid)
            if pr.conn is not None:
                if text is not None:
                    self.tell(pr.conn, text)
                self.tell(pr.conn, Attach(None))
                if home:
                    self.tell(pr.conn, ShowHome())
        if gone:
            held = tuple(p for p in unplaced if p in gone)
            self.matchmaker.tell(PlayersReleased(self.lobby_id, tuple(gone), reason, held))

    def settled(self, player_id: int) -> None:
        """A player's place is fixed; if they already left, the matchmaker lets them play."""
        pr = self.people.get(player_id)
        if pr is not None and not pr.attached:
            self.matchmaker.tell(PlacementSettled(self.lobby_id, player_id))

    def attached(self) -> list[int]:
        return [pid for pid, pr in self.people.items() if pr.attached]


def _send(conn: ActorRef, texts: list[str]) -> None:
    if len(texts) == 1:
        conn.tell(Send(texts[0]))
    elif texts:
        conn.tell(SendFrames(tuple(texts)))
