"""The websocket endpoint `/ws?v=1`: authenticate the handshake, then read frames, check size,
rate and shape, and hand each parsed command to the game for the player's connection actor.

The player is looked up before the upgrade: when the database cannot answer, the handshake
gets a plain 503 (with Retry-After) instead of a stream that breaks. A wrong version, a wrong
token or another site's page still get the upgrade and one `error` frame saying why (a browser
cannot read an HTTP status from a refused handshake); then the socket is closed, and
web/server.py closes its TCP connection.

This greenlet only reads; the connection actor is the only writer (see actors/connection.py),
keep-alive pings included: after a quiet interval this greenlet asks it to ping the client.
A refused frame gets an error message and changes nothing. Two size limits apply: frames over
WT_MAX_FRAME_BYTES are refused with an error and the connection stays; messages over a hard
cap (16x that) close the socket (1009).
permessage-deflate is declined unless WT_WS_COMPRESSION is on (README: Capacity). Declined, this
greenlet reads and parses the client's frames itself (web/ws_frames.py) and simple-websocket's
reader greenlet is never started; on, simple-websocket reads them (inflating) as it always did.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from flask import Flask, current_app, g, request
from flask_sock import ConnectionClosed, Sock
from gevent import get_hub, getcurrent
from werkzeug.exceptions import TooManyRequests

from models.settings import Settings
from protocol.codes import PROTOCOL_VERSION
from protocol.server import ErrorFrame
from web.auth import player_from_request
from web.limits import client_address
from web.protocol_schemas import FrameError, parse_client_frame
from web.security import same_origin
from web.ws_frames import CloseWith, FrameReader

sock = Sock()

STRIKES_BEFORE_CLOSE = 200  # refused frames in a row before we stop listening
PING_FRAME = b"\x89\x00"  # RFC 6455 5.5.2: FIN, opcode 0x9 (ping), no payload, unmasked
WS_SOCKET = "wordle.websocket_socket"  # environ key: the socket the websocket talks over
HARD_CAP_FRAMES = 16  # a message over this many WT_MAX_FRAME_BYTES closes the socket (1009)


class TokenBucket:
    """`rate` frames per second on average, bursts up to `burst`."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Socket:
    """What the connection actor writes to: text frames, a bare ping, and the close.

    With no extension negotiated (permessage-deflate declined, the default) a server's text
    frame is a 2-10 byte head and the payload, which this writes itself: wsproto's frame
    builder took 5 µs a frame, this 0.5. (The same goes for the ping below.)"""

    __slots__ = ("ws", "framed")

    def __init__(self, ws: Any, framed: bool = True) -> None:
        """`framed`: write frames here (False: through simple-websocket, for deflate)."""
        self.ws = ws
        self.framed = framed

    def send(self, text: str) -> None:
        self.send_many((text,))

    def send_many(self, texts: tuple[str, ...]) -> None:
        """Frames in order, in one write when framed here."""
        ws = self.ws
        if not self.framed:
            for text in texts:
                ws.send(text)
            return
        if not ws.connected:
            raise ConnectionClosed(ws.close_reason, ws.close_message)
        ws.sock.sendall(b"".join([text_frame(t) for t in texts]))

    def ping(self) -> None:
        self.ws.sock.send(PING_FRAME)

    def pong(self, payload: bytes) -> None:
        """Answer a client's ping (RFC 6455 5.5.3: the same payload, at most 125 bytes)."""
        self.ws.sock.sendall(bytes((0x8A, len(payload))) + payload)

    def close(self, reason: int | None = None, message: str | None = None) -> None:
        self.ws.close(reason=reason, message=message)


def text_frame(text: str) -> bytes:
    """RFC 6455 5.2: FIN + text opcode, the payload length in 7, 16 or 64 bits, unmasked."""
    data = text.encode()
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 65536:
        return b"\x81\x7e" + n.to_bytes(2, "big") + data
    return b"\x81\x7f" + n.to_bytes(8, "big") + data


class NoReaderThread:
    """simple-websocket's `thread_class` when the route reads the frames itself: its reader
    is never started (the handshake, in `Server.__init__`, still happens)."""

    __slots__ = ("name",)

    def __init__(self, target: Any = None, **_: Any) -> None:
        self.name = "no reader"

    def start(self) -> None:
        pass


def init_app(app: Flask) -> None:
    settings: Settings = app.config["SETTINGS"]
    app.config["SOCK_SERVER_OPTIONS"] = {
        "ping_interval": None,  # keep_alive() below has the connection ping after a silence
        "max_message_size": HARD_CAP_FRAMES * settings.max_frame_bytes,
    }
    if not settings.ws_compression:
        app.config["SOCK_SERVER_OPTIONS"]["thread_class"] = NoReaderThread
    app.extensions["websockets"] = Counter()  # open websockets per address
    sock.init_app(app)
    app.before_request(_before_upgrade)


def _before_upgrade() -> None:
    """For the websocket route: look the player up (a database outage answers 503 here, by
    the app's error handler), count the address's websockets (429 over the limit), and
    decline permessage-deflate unless it is on."""
    if request.endpoint != "__flask_sock.websocket":
        return
    settings: Settings = current_app.config["SETTINGS"]
    if current_app.extensions["websockets"][client_address()] >= (
        settings.max_connections_per_address
    ):
        raise TooManyRequests("Too many connections from your address.", retry_after=10)
    if not settings.ws_compression:
        request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
    g.ws_player = player_from_request()


def release_handshake_socket(ws: Any, environ: dict[str, Any]) -> None:
    """simple-websocket talks over a duplicate of the connection's socket; gevent's handler
    would keep the original open (a second descriptor per player) until the websocket ends.
    Close it now, and leave the duplicate where web/server.py finds it to end the TCP
    connection when the websocket is over."""
    environ[WS_SOCKET] = ws.sock
    rfile = environ.get("wsgi.input")
    original = getattr(getattr(rfile, "raw", None), "_sock", None)
    if original is None or not environ.get("SERVER_SOFTWARE", "").startswith("gevent"):
        return
    rfile.close()
    original.close()


class _Quiet(BaseException):
    """Thrown into the reading greenlet when its client stayed quiet (a BaseException, like
    gevent's Timeout, so that no `except Exception` on the way swallows it)."""


class QuietTimer:
    """Wakes the greenlet that made it, blocked in `receive()` (simple-websocket's or
    web/ws_frames.py's, both blocking reads), after `seconds` of silence.

    Why not `ws.receive(timeout=...)`: that makes a new gevent Timeout (with its loop timer,
    dict and bound methods) for every frame, and each lives until the client's next frame,
    seconds later, so thousands of them survive every young collection (BENCH-NOTES.md, "What
    the young collections walk"). This keeps one loop timer per connection and re-arms it
    (libev's `again`) for each frame, allocating nothing. (A gevent Timeout cannot be reused
    for this: restarted after a cancel, it still counts from its first start.)"""

    __slots__ = ("_greenlet", "_watcher", "_fire_cb")

    def __init__(self, seconds: float) -> None:
        self._greenlet = getcurrent()
        self._watcher = get_hub().loop.timer(seconds, seconds)
        self._fire_cb: Any = self._fire  # bound once, not per frame; close() drops it

    def _fire(self) -> None:
        self._watcher.stop()
        self._greenlet.throw(_Quiet())

    def receive(self, reader: Any) -> Any:
        """The next frame, or None when the client stayed quiet for the interval."""
        self._watcher.again(self._fire_cb)
        try:
            return reader.receive()
        except _Quiet:
            return None
        finally:
            self._watcher.stop()

    def close(self) -> None:
        self._watcher.stop()
        self._watcher.close()
        self._fire_cb = None


def keep_alive(ws: Any, game: Any, conn: Any) -> bool:
    """The client was quiet for a ping interval: have it pinged; False (the end of this
    connection) when the previous ping is still unanswered (a dead peer goes within two
    intervals).

    simple-websocket can ping by itself, but then its reader waits on a selector with a
    timeout for every frame, and a second greenlet writes to the socket; pinging only after
    silence, through the connection's writer, keeps its reader a plain blocking read.
    `ws.pong_received` is set by whichever reads the frames (web/ws_frames.py or
    simple-websocket's reader)."""
    if not ws.connected:
        return False
    if not ws.pong_received:
        game.end_connection(conn, 1008, "ping timeout")
        return False
    ws.pong_received = False
    game.keep_alive(conn)
    return True


@sock.route("/ws")
def websocket(ws: Any) -> None:
    release_handshake_socket(ws, request.environ)
    game = current_app.extensions["game"]
    settings: Settings = current_app.config["SETTINGS"]
    if request.args.get("v") != str(PROTOCOL_VERSION):
        ws.send(ErrorFrame.of("unsupported_version", version=PROTOCOL_VERSION).write())
        return
    player = g.ws_player
    if player is None or not same_origin(request.headers.get("Origin"), request.host):
        ws.send(ErrorFrame.of("unauthorized").write())
        return
    address = client_address()
    open_sockets = current_app.extensions["websockets"]
    open_sockets[address] += 1
    framed = not settings.ws_compression
    conn = game.open_connection(Socket(ws, framed=framed), player)
    bucket = TokenBucket(
        settings.frames_per_second, 2 * settings.frames_per_second, time.monotonic()
    )

    def answer_ping(payload: bytes) -> None:
        """Pings count against the frame rate: a flood of them is not answered."""
        if bucket.take(time.monotonic()):
            game.answer_ping(conn, payload)

    reader: Any = ws  # permessage-deflate: simple-websocket's reader inflates
    if framed:
        reader = FrameReader(ws, HARD_CAP_FRAMES * settings.max_frame_bytes, answer_ping)
    strikes = 0
    quiet = QuietTimer(settings.ping_seconds)
    try:
        while conn.alive:
            data = quiet.receive(reader)
            if data is None:
                if not keep_alive(ws, game, conn):
                    break
                continue
            try:
                if not bucket.take(time.monotonic()):
                    raise FrameError("rate_limited")
                command = parse_client_frame(data, settings.max_frame_bytes)
            except FrameError as refused:
                strikes += 1
                game.refuse(conn, refused.frame)
                if strikes >= STRIKES_BEFORE_CLOSE:
                    game.end_connection(conn, 1008, "too many refused frames")
                    break
                continue
            strikes = 0
            game.command(conn, command)
    except ConnectionClosed:
        pass
    except CloseWith as close:  # the client's close answered, or its protocol error
        if ws.connected:
            game.end_connection(conn, close.code, close.reason)
    finally:
        quiet.close()
        open_sockets[address] -= 1
        if not open_sockets[address]:
            del open_sockets[address]
        game.close_connection(player.id, conn)
