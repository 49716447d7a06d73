"""One player's websocket connection: the only greenlet that writes to that socket.

The web endpoint reads frames, parses them into commands (actors/commands.py) and tells this
actor; everything else (lobbies, duels, the matchmaker) tells it `Send(text)`. Two greenlets
writing to one gevent socket would raise ConcurrentObjectUseError, hence exactly one writer. A
client that cannot keep up (its backlog grows past a limit) is disconnected rather than
allowed to eat the server's memory.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol, assert_never

from actors.clock import Clock
from actors.messages import (
    AnswerPing,
    Attach,
    ConnectionMsg,
    EndConnection,
    Enqueue,
    KeepAlive,
    LobbyRef,
    MatchmakerRef,
    Player,
    PlayerChanged,
    Send,
    SendFrames,
    ShowHome,
    SocketClosed,
    Superseded,
    SupervisorRef,
)
from actors.metrics import SCORED_ROW, guesses
from actors.runtime import Actor
from models.lobby.inputs import PlayerCommand
from protocol import codes, texts, views
from protocol import server as frames
from protocol.client import (
    Leave,
    LobbyCommand,
    Ping,
    Queue,
    Resync,
    Spectate,
    StopSpectating,
    SubmitGuess,
)

log = logging.getLogger("wordle.connection")

MAX_BACKLOG = 2000  # frames waiting to be written before we give up on a client


class Socket(Protocol):
    """What the connection needs of its websocket (web/ws.py's, or a test's fake)."""

    def send(self, text: str) -> None: ...

    def send_many(self, texts: tuple[str, ...]) -> None: ...

    def ping(self) -> None: ...

    def pong(self, payload: bytes) -> None: ...

    def close(self, reason: int | None = ..., message: str | None = ...) -> None: ...


class Connection(Actor[ConnectionMsg]):
    def __init__(
        self,
        socket: Socket,
        player: Player,
        matchmaker: MatchmakerRef,
        clock: Clock,
        supervisor: SupervisorRef | None = None,
        home: Callable[[int], frames.HomeFrame] | None = None,  # the home frame (party state)
        in_party: Callable[[int], bool] | None = None,  # party members queue as a party
        current: Callable[[int], Player | None] | None = None,  # the store's player, now
    ) -> None:
        super().__init__(clock, supervisor)
        self.socket = socket
        self.player = player
        self.matchmaker = matchmaker
        self.lobby: LobbyRef | None = None
        self.home = home
        self.in_party = in_party
        self.current = current

    def on_start(self) -> None:
        welcome = frames.WelcomeFrame(
            codes.PROTOCOL_VERSION, views.PlayerView.of(self.player), self._now_ms()
        )
        self._write(welcome.write())

    def receive(self, message: ConnectionMsg) -> None:
        match message:
            case Send():  # the hot cases first, and without captures (each is a getattr)
                if self._keeping_up():
                    self._write(message.text)
            case SendFrames():
                if self._keeping_up():
                    self._write(*message.texts)
            case SubmitGuess() | Leave() | Spectate() | StopSpectating() | Resync():
                self._to_lobby(message)
            case Ping(t):
                self._write(frames.PongFrame(t, self._now_ms()).write())
            case Queue():
                self._queue(message)
            case Attach(lobby):
                self.lobby = lobby
            case ShowHome():
                self._show_home()
            case PlayerChanged(player):
                self.player = replace(player, address=self.player.address)
            case SocketClosed():
                self.stop()
            case KeepAlive():
                self._socket_call(self.socket.ping)
            case AnswerPing(payload):
                self._socket_call(self.socket.pong, payload)
            case EndConnection(code, reason):
                try:
                    self.socket.close(reason=code, message=reason)
                except Exception:  # already closed
                    pass
                self.stop()
            case Superseded():
                self._close(frames.ReplacedFrame("replaced", texts.text("replaced")))
            case _:
                assert_never(message)

    # --- commands from the socket reader ----------------------------------------------

    def _queue(self, msg: Queue) -> None:
        if self.in_party is not None and self.in_party(self.player.id):
            self._write(frames.ErrorFrame.of("in_party").write())
            return
        hint = msg.lobby if self.player.is_bot else None
        self._refresh()
        self.matchmaker.tell(Enqueue(self.player, msg.language, self.ref, hint))

    def _refresh(self) -> None:
        """Queue at the rating the player has now, not the one this socket opened with (a
        socket stays open over many tournaments): one read by id, once per queueing. When
        the store cannot answer, the last known copy does."""
        if self.current is None:
            return
        try:
            fresh = self.current(self.player.id)
        except Exception as exc:  # a database outage: the copy we have is the best we know
            log.info("%s: player %s not re-read (%s)", self.name, self.player.id, exc)
            return
        if fresh is not None:
            self.player = replace(fresh, address=self.player.address)

    def _to_lobby(self, command: LobbyCommand) -> None:
        if self.lobby is not None:
            self.lobby.tell(PlayerCommand(self.player.id, self.ref, command))
        elif isinstance(command, Resync):
            self._show_home()
        else:
            self._write(frames.ErrorFrame.of("not_in_lobby").write())

    # --- from the server --------------------------------------------------------------

    def _show_home(self) -> None:
        home = self.home(self.player.id) if self.home else frames.HomeFrame(None)
        self._write(home.write())

    def _socket_call(self, call: Callable[..., None], *args: bytes) -> None:
        try:
            call(*args)
        except Exception:  # closed or broken: the reader will tell the matchmaker
            self.stop()

    def on_failure(self, error: BaseException) -> None:
        """A crash: close the socket, so the client reconnects at once instead of waiting on
        a connection that nobody writes to any more."""
        try:
            self.socket.close(reason=1011, message="server_error")
        except Exception:
            pass

    # --- socket -----------------------------------------------------------------------

    def _now_ms(self) -> int:
        return int(self.clock.time() * 1000)  # wire.ms of a time that is never None

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
