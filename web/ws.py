"""The websocket endpoint `/ws?v=1`: authenticate the handshake, then read frames, check size,
rate and shape, and hand each parsed command to the game for the player's connection actor.

This greenlet only reads; the connection actor is the only writer (see actors/connection.py),
keep-alive pings included: after a quiet interval this greenlet asks it to ping the client.
A refused frame gets an error message and changes nothing. Two size limits apply: frames over
WT_MAX_FRAME_BYTES are refused with an error and the connection stays; frames over a hard cap
(16x that) are cut off by simple-websocket itself, which closes the socket (1009).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, request
from flask_sock import ConnectionClosed, Sock

from actors.frames import PROTOCOL_VERSION, Error
from models.settings import Settings
from web import tuning
from web.auth import player_from_request
from web.protocol import FrameError, parse_client_frame

sock = Sock()

STRIKES_BEFORE_CLOSE = 200  # refused frames in a row before we stop listening
PING_FRAME = b"\x89\x00"  # RFC 6455 5.5.2: FIN, opcode 0x9 (ping), no payload, unmasked


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


def same_origin(origin: str | None, host: str) -> bool:
    """Browsers send Origin with a websocket handshake: only this server's own pages may use
    the login cookie here (another site's page must not play as our player). Non-browser
    clients send no Origin and authenticate with a Bearer token."""
    if not origin:
        return True
    return urlsplit(origin).netloc.lower() == host.lower()


class Capacity:
    """Open websockets against the open-file budget (web/tuning.py): past it a handshake gets
    a 503 before any descriptor is taken, rather than failing in the websocket layer."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.open = 0

    def refusal(self) -> Response | None:
        if self.open < self.budget:
            return None
        response = jsonify(error="the server is full; try again in a minute")
        response.status_code = 503
        response.headers["Retry-After"] = "60"
        return response


def init_app(app: Flask) -> None:
    settings: Settings = app.config["SETTINGS"]
    app.config["SOCK_SERVER_OPTIONS"] = {
        "ping_interval": None,  # keep_alive() below pings, from the loop that reads anyway
        "max_message_size": 16 * settings.max_frame_bytes,
    }
    capacity = Capacity(tuning.websocket_budget(settings.max_connections))
    app.extensions["ws_capacity"] = capacity

    sock.init_app(app)
    endpoint = f"{sock.bp.name}.websocket"  # flask-sock names it after the function below

    @app.before_request
    def before_handshake() -> Response | None:
        if request.endpoint != endpoint:
            return None
        if not settings.ws_compression:  # decline permessage-deflate (see README)
            request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
        return capacity.refusal()


def release_handshake_socket(environ: dict[str, Any]) -> None:
    """simple-websocket talks over a duplicate of the connection's socket; gevent's handler
    would keep the original open (a second descriptor per player) until the websocket ends.
    Close it now: the handler only reads and closes it afterwards, and copes with it closed."""
    rfile = environ.get("wsgi.input")
    original = getattr(getattr(rfile, "raw", None), "_sock", None)
    if original is None or not environ.get("SERVER_SOFTWARE", "").startswith("gevent"):
        return
    rfile.close()
    original.close()


@sock.route("/ws")
def websocket(ws: Any) -> None:
    release_handshake_socket(request.environ)
    capacity: Capacity = current_app.extensions["ws_capacity"]
    capacity.open += 1
    try:
        serve(ws)
    finally:
        capacity.open -= 1


class Socket:
    """What the connection actor writes to: text frames, a bare ping, and the close."""

    __slots__ = ("ws",)

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    def send(self, text: str) -> None:
        self.ws.send(text)

    def ping(self) -> None:
        self.ws.sock.send(PING_FRAME)

    def close(self, reason: int | None = None, message: str | None = None) -> None:
        self.ws.close(reason=reason, message=message)


def keep_alive(ws: Any, game: Any, conn: Any) -> bool:
    """The client was quiet for a ping interval: have it pinged; False (the end of this
    connection) when the previous ping is still unanswered (a dead peer goes within two
    intervals).

    simple-websocket can ping by itself, but then its reader waits on a selector with a
    timeout for every frame, and a second greenlet writes to the socket; pinging only after
    silence, through the connection's writer, keeps its reader a plain blocking read."""
    if not ws.connected:
        return False
    if not ws.pong_received:
        game.end_connection(conn, 1008, "ping timeout")
        return False
    ws.pong_received = False
    game.keep_alive(conn)
    return True


def serve(ws: Any) -> None:
    game = current_app.extensions["game"]
    settings: Settings = current_app.config["SETTINGS"]
    if request.args.get("v") != str(PROTOCOL_VERSION):
        ws.send(Error.of("unsupported_version", version=PROTOCOL_VERSION).write())
        return
    if not same_origin(request.headers.get("Origin"), request.host):
        ws.send(Error.of("unauthorized").write())
        return
    player = player_from_request()
    if player is None:
        ws.send(Error.of("unauthorized").write())
        return
    conn = game.open_connection(Socket(ws), player)
    bucket = TokenBucket(
        settings.frames_per_second, 2 * settings.frames_per_second, time.monotonic()
    )
    strikes = 0
    try:
        while conn.alive:
            data = ws.receive(timeout=settings.ping_seconds)
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
    finally:
        game.close_connection(player.id, conn)
