"""The websocket endpoint `/ws?v=1`: authenticate the handshake, then read frames, check size,
rate and shape, and hand each parsed command to the game for the player's connection actor.

This greenlet only reads; the connection actor is the only writer (see actors/connection.py).
A refused frame gets an error message and changes nothing. Two size limits apply: frames over
WT_MAX_FRAME_BYTES are refused with an error and the connection stays; frames over a hard cap
(16x that) are cut off by simple-websocket itself, which closes the socket (1009).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, request
from flask_sock import ConnectionClosed, Sock

from actors.frames import PROTOCOL_VERSION, Error
from models.settings import Settings
from web.auth import player_from_request
from web.protocol import FrameError, parse_client_frame

sock = Sock()

STRIKES_BEFORE_CLOSE = 200  # refused frames in a row before we stop listening


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


def init_app(app: Flask) -> None:
    settings: Settings = app.config["SETTINGS"]
    app.config["SOCK_SERVER_OPTIONS"] = {
        "ping_interval": settings.ping_seconds,
        "max_message_size": 16 * settings.max_frame_bytes,
    }
    sock.init_app(app)


@sock.route("/ws")
def websocket(ws: Any) -> None:
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
    conn = game.open_connection(ws, player)
    bucket = TokenBucket(
        settings.frames_per_second, 2 * settings.frames_per_second, time.monotonic()
    )
    strikes = 0
    try:
        while conn.alive:
            data = ws.receive(timeout=settings.ping_seconds)
            if data is None:
                continue
            try:
                if not bucket.take(time.monotonic()):
                    raise FrameError("rate_limited")
                command = parse_client_frame(data, settings.max_frame_bytes)
            except FrameError as refused:
                strikes += 1
                game.refuse(conn, refused.frame)
                if strikes >= STRIKES_BEFORE_CLOSE:
                    break
                continue
            strikes = 0
            game.command(conn, command)
    except ConnectionClosed:
        pass
    finally:
        game.close_connection(player.id, conn)
