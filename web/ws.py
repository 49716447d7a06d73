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
permessage-deflate is declined unless WT_WS_COMPRESSION is on (docs/performance.md). Declined, this
greenlet reads the client's frames itself and the connection writes its own (web/transport.py),
and simple-websocket's reader greenlet is never started; on, simple-websocket reads and writes
them (inflating, deflating) as it always did.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from flask import Flask, current_app, g, request
from flask_sock import ConnectionClosed
from werkzeug.exceptions import TooManyRequests

from models.settings import Settings
from protocol.codes import BOT_HEADER, PROTOCOL_VERSION
from protocol.server import ErrorFrame
from web.auth import player_from_request
from web.limits import client_address, refusals
from web.protocol_schemas import FrameError, parse_client_frame
from web.security import same_origin
from web.transport import CloseWith, FrameReader, NoReaderThread, QuietTimer, Socket
from web.ws_route import WebSockets

sock = WebSockets()

STRIKES_BEFORE_CLOSE = 200  # refused frames in a row before we stop listening
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
    g.ws_server_bot = _server_bot()
    if not g.ws_server_bot and current_app.extensions["websockets"][client_address()] >= (
        settings.max_connections_per_address
    ):
        refusals.note("websockets per address")
        raise TooManyRequests("Too many connections from your address.", retry_after=10)
    if not settings.ws_compression:
        request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
    g.ws_player = player_from_request()


def _server_bot() -> bool:
    """Is this one of the server's own bots (it shows the server's bot credential)? Those
    are not counted against their (loopback) address: actors/bots.py caps what each address
    may take of them."""
    check = getattr(current_app.extensions["game"], "is_bot_credential", None)
    return check is not None and check(request.headers.get(BOT_HEADER))


def release_handshake_socket(ws: Any, environ: dict[str, Any]) -> None:
    """simple-websocket talks over a duplicate of the connection's socket; gevent's handler
    would keep the original open (a second descriptor per player) until the websocket ends.
    Close it now, and leave the duplicate where web/server.py finds it to end the TCP
    connection when the websocket is over."""
    environ[WS_SOCKET] = ws.sock
    rfile = environ.get("wsgi.input")
    original = getattr(getattr(rfile, "raw", None), "_sock", None)
    if rfile is None or original is None:
        return
    if not environ.get("SERVER_SOFTWARE", "").startswith("gevent"):
        return
    rfile.close()
    original.close()


def keep_alive(ws: Any, game: Any, conn: Any) -> bool:
    """The client was quiet for a ping interval: have it pinged; False (the end of this
    connection) when the previous ping is still unanswered (a dead peer goes within two
    intervals).

    simple-websocket can ping by itself, but then its reader waits on a selector with a
    timeout for every frame, and a second greenlet writes to the socket; pinging only after
    silence, through the connection's writer, keeps its reader a plain blocking read.
    `ws.pong_received` is set by whichever reads the frames (web/transport.py or
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
    counted = not g.get("ws_server_bot", False)
    if counted:
        open_sockets[address] += 1
    framed = not settings.ws_compression
    conn = game.open_connection(Socket(ws, framed=framed), player, address)
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
                received = time.monotonic()
                if not bucket.take(received):
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
            game.command(conn, command, player.id, received)
    except ConnectionClosed:
        pass
    except CloseWith as close:  # the client's close answered, or its protocol error
        if ws.connected:
            game.end_connection(conn, close.code, close.reason)
    finally:
        quiet.close()
        if counted:
            open_sockets[address] -= 1
            if not open_sockets[address]:
                del open_sockets[address]
        game.close_connection(player.id, conn)
