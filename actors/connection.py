"""One player's websocket connection: the only greenlet that writes to that socket.

The web endpoint reads frames, parses them into commands (protocol/client.py) and tells this
actor; everything else (lobbies, duels, the matchmaker) tells it `Send(text)`. Two greenlets
writing to one gevent socket would raise ConcurrentObjectUseError, hence exactly one writer. A
client that cannot keep up (its backlog grows past a limit) is disconnected rather than
allowed to eat the server's memory.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from actors.clock import Clock
from actors.messages import (
    AnswerPing,
    Attach,
    EndConnection,
    Enqueue,
    KeepAlive,
    Player,
    PlayerChanged,
    PlayerCommand,
    Send,
    SendFrames,
    ShowHome,
    SocketClosed,
    Superseded,
)
from actors.metrics import SCORED_ROW, guesses
from actors.runtime import Actor, ActorRef
from protocol import codes, texts, views, wire
from protocol import server as frames
from protocol.client import LobbyCommand, Ping, Queue, Resync

log = logging.getLogger("wordle.connection")

MAX_BACKLOG = 2000  # frames waiting to be written before we give up on a client


class Connection(Actor):
    def __init__(
        self,
        socket: Any,  # with send(text), send_many(texts), ping(), pong(payload), close(...)
        player: Player,
        matchmaker: ActorRef,
        clock: Clock,
        supervisor: ActorRef | None = None,
        home: Callable[[int], frames.HomeFrame] | None = None,  # the home frame (party state)
        in_party: Callable[[int], bool] | None = None,  # party members queue as a party
    ) -> None:
        super().__init__(clock, supervisor)
        self.socket = socket
        self.player = player
        self.matchmaker = matchmaker
        self.lobby: ActorRef | None = None
        self.home = home
        self.in_party = in_party

    def on_start(self) -> None:
        welcome = frames.WelcomeFrame(
            codes.PROTOCOL_VERSION, views.PlayerView.of(self.player), self._now_ms()
        )
        self._write(welcome.write())

    def receive(self, message: Any) -> Any:
        if isinstance(message, LobbyCommand):
            return self._to_lobby(message)
        return super().receive(message)

    # --- commands from the socket reader ----------------------------------------------

    def on_Ping(self, msg: Ping) -> None:
        self._write(frames.PongFrame(msg.t, self._now_ms()).write())

    def on_Queue(self, msg: Queue) -> None:
        if self.in_party is not None and self.in_party(self.player.id):
            self._write(frames.ErrorFrame.of("in_party").write())
            return
        hint = msg.lobby if self.player.is_bot else None
        self.matchmaker.tell(Enqueue(self.player, msg.language, self.ref, hint))

    def _to_lobby(self, command: LobbyCommand) -> None:
        if self.lobby is not None:
            self.lobby.tell(PlayerCommand(self.player.id, self.ref, command))
        elif isinstance(command, Resync):
            self.on_ShowHome(ShowHome())
        else:
            self._write(frames.ErrorFrame.of("not_in_lobby").write())

    def on_SocketClosed(self, _msg: SocketClosed) -> None:
        self.stop()

    # --- from the server --------------------------------------------------------------

    def on_Send(self, msg: Send) -> None:
        if self._keeping_up():
            self._write(msg.text)

    def on_SendFrames(self, msg: SendFrames) -> None:
        if self._keeping_up():
            self._write(*msg.texts)

    def on_PlayerChanged(self, msg: PlayerChanged) -> None:
        self.player = msg.player

    def on_Attach(self, msg: Attach) -> None:
        self.lobby = msg.lobby

    def on_ShowHome(self, _msg: ShowHome) -> None:
        home = self.home(self.player.id) if self.home else frames.HomeFrame(None)
        self._write(home.write())

    def on_KeepAlive(self, _msg: KeepAlive) -> None:
        try:
            self.socket.ping()
        except Exception:  # closed or broken: the reader will tell the matchmaker
            self.stop()

    def on_AnswerPing(self, msg: AnswerPing) -> None:
        try:
            self.socket.pong(msg.payload)
        except Exception:  # closed or broken: the reader will tell the matchmaker
            self.stop()

    def on_EndConnection(self, msg: EndConnection) -> None:
        try:
            self.socket.close(reason=msg.code, message=msg.reason)
        except Exception:  # already closed
            pass
        self.stop()

    def on_Superseded(self, _msg: Superseded) -> None:
        self._close(frames.ReplacedFrame("replaced", texts.text("replaced")))

    def on_failure(self, error: BaseException) -> None:
        """A crash: close the socket, so the client reconnects at once instead of waiting on
        a connection that nobody writes to any more."""
        try:
            self.socket.close(reason=1011, message="server_error")
        except Exception:
            pass

    # --- socket -----------------------------------------------------------------------

    def _now_ms(self) -> int:
        return wire.ms(self.clock.time())

    def _keeping_up(self) -> bool:
        if self.ref.backlog <= MAX_BACKLOG:
            return True
        log.warning("%s: player %s cannot keep up; closing", self.name, self.player.id)
        self._close(frames.ErrorFrame.of("slow_consumer"))
        return False

    def _write(self, *texts: str) -> None:
        """Frames in order: several in one socket write. A scored row written to the player
        whose opponent guessed ends that guess's trip (actors/metrics.py `guesses`)."""
        try:
            if len(texts) == 1:
                self.socket.send(texts[0])
            else:
                self.socket.send_many(texts)
        except Exception:  # closed or broken: the reader will tell the matchmaker
            log.debug("%s: send failed", self.name, exc_info=True)
            self.stop()
            return
        if self.player.id in guesses.scored and any(t.startswith(SCORED_ROW) for t in texts):
            guesses.delivered(self.player.id)

    def _close(self, last: frames.ErrorFrame | frames.ReplacedFrame) -> None:
        self._write(last.write())
        try:
            self.socket.close(reason=1000, message=last.code)
        except Exception:
            pass
        self.stop()
