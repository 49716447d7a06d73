"""One player's websocket connection: the only greenlet that writes to that socket.

The web endpoint reads and validates frames and tells this actor; everything else (lobbies,
duels, the matchmaker) tells it `Send(text)`. Two greenlets writing to one gevent socket would
raise ConcurrentObjectUseError, hence exactly one writer. A client that cannot keep up (its
backlog grows past a limit) is disconnected rather than allowed to eat the server's memory.
"""

from __future__ import annotations

import logging
from typing import Any

from actors import wire
from actors.clock import Clock
from actors.messages import (
    Attach,
    Command,
    Enqueue,
    Incoming,
    Kick,
    Player,
    PlayerChanged,
    Replaced,
    Send,
    ShowHome,
    SocketClosed,
)
from actors.runtime import Actor, ActorRef

log = logging.getLogger("wordle.connection")

MAX_BACKLOG = 2000  # frames waiting to be written before we give up on a client

LOBBY_COMMANDS = {"leave", "guess", "spectate", "stop_spectating", "resync"}


class Connection(Actor):
    def __init__(
        self,
        socket: Any,  # anything with send(text) and close(reason, message)
        player: Player,
        matchmaker: ActorRef,
        clock: Clock,
        supervisor: ActorRef | None = None,
        home: Any = None,  # callable(player_id) -> the home message (party state)
        in_party: Any = None,  # callable(player_id) -> bool: party members queue as a party
    ) -> None:
        super().__init__(clock, supervisor)
        self.socket = socket
        self.player = player
        self.matchmaker = matchmaker
        self.lobby: ActorRef | None = None
        self.home = home
        self.in_party = in_party

    def on_start(self) -> None:
        self._write(wire.encode(wire.welcome(self.player.wire(), self.clock.time())))

    # --- from the socket reader -------------------------------------------------------

    def on_Incoming(self, msg: Incoming) -> None:
        m = msg.message
        kind = m["type"]
        if kind == "ping":
            self._write(wire.encode(wire.pong(m.get("t"), self.clock.time())))
        elif kind == "queue":
            if self.in_party is not None and self.in_party(self.player.id):
                self._write(wire.encode(wire.error("in_party")))
                return
            hint = m.get("lobby") if self.player.is_bot else None
            self.matchmaker.tell(Enqueue(self.player, m["language"], self.ref, hint))
        elif kind in LOBBY_COMMANDS:
            if self.lobby is not None:
                self.lobby.tell(Command(self.player.id, m, self.ref))
            elif kind == "resync":
                self.on_ShowHome(ShowHome())
            else:
                self._write(wire.encode(wire.error("not_in_lobby")))
        else:  # the reader validated the type; this is a programming error
            self._write(wire.encode(wire.error("unknown_type")))

    def on_SocketClosed(self, _msg: SocketClosed) -> None:
        self.stop()

    # --- from the server --------------------------------------------------------------

    def on_Send(self, msg: Send) -> None:
        if self.ref.backlog > MAX_BACKLOG:
            log.warning("%s: player %s cannot keep up; closing", self.name, self.player.id)
            self._close("slow_consumer")
            return
        self._write(msg.text)

    def on_PlayerChanged(self, msg: PlayerChanged) -> None:
        self.player = msg.player

    def on_Attach(self, msg: Attach) -> None:
        self.lobby = msg.lobby

    def on_ShowHome(self, _msg: ShowHome) -> None:
        home = self.home(self.player.id) if self.home else wire.home(None)
        self._write(wire.encode(home))

    def on_Replaced(self, _msg: Replaced) -> None:
        self._close("replaced", kind="replaced")

    def on_Kick(self, msg: Kick) -> None:
        self._close(msg.code)

    # --- socket -----------------------------------------------------------------------

    def _write(self, text: str) -> None:
        try:
            self.socket.send(text)
        except Exception:  # closed or broken: the reader will tell the matchmaker
            log.debug("%s: send failed", self.name, exc_info=True)
            self.stop()

    def _close(self, code: str, kind: str = "error") -> None:
        self._write(wire.encode(wire.closing(kind, code)))
        try:
            self.socket.close(reason=1000, message=code)
        except Exception:
            pass
        self.stop()
