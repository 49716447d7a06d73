"""The real server against hostile connections: a websocket's TCP connection reused after the
server ended it, a body too large, trickled headers, idle sockets, and connection floods."""

from __future__ import annotations

import base64
import json
import os
import select
import socket
import time

import pytest

from actors.bot_client import websocket_client as connect
from tests.e2e.server import sign_in, start_server
from web.protocol_schemas import check_server_frame


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(
        tmp_path_factory.mktemp("limits"), header_timeout_seconds="1", idle_timeout_seconds="2"
    )
    yield srv
    assert srv.stop() == 0, srv.log()


def port_of(srv) -> int:
    return int(srv.base.rsplit(":", 1)[1])


def raw(srv, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port_of(srv)), timeout=5, source_address=(source, 0))
    return s


def read_all(s: socket.socket, seconds: float) -> bytes:
    """Everything the server sends within `seconds` or until it closes."""
    out = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        s.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = s.recv(65536)
        except TimeoutError:
            break
        except ConnectionResetError:
            break
        if not chunk:
            break
        out += chunk
    return out


def hang_up_on_answers(sockets: list[socket.socket], quiet_seconds: float) -> list[socket.socket]:
    """Close, as a real client would, each socket the server answered or closed; stop when none
    has for `quiet_seconds` (so the server's refusals are over, not merely under way)."""
    answered: list[socket.socket] = []
    waiting = list(sockets)
    while waiting:
        readable, _, _ = select.select(waiting, [], [], quiet_seconds)
        if not readable:
            break
        for s in readable:
            read_all(s, 0.2)
            s.close()
            waiting.remove(s)
            answered.append(s)
    return answered


def closed(s: socket.socket, seconds: float) -> bool:
    """Does the server close this connection within `seconds` (EOF or reset)?"""
    s.settimeout(seconds)
    try:
        while s.recv(65536):
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def until(ws, kind: str) -> dict:
    """The next frame of `kind` on a websocket client (others are skipped)."""
    for _ in range(20):
        frame = check_server_frame(ws.receive(5))
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind}")


def websocket_handshake(srv, query: str, token: str) -> socket.socket:
    s = raw(srv)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET /ws?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Authorization: Bearer {token}\r\n\r\n"
        ).encode()
    )
    return s


@pytest.mark.parametrize("query", ["v=99", "v=1&bad-token"])
def test_a_websocket_the_server_ended_closes_its_tcp_connection(server, query):
    """Bytes sent after the server ended a websocket are never read as a new HTTP request."""
    _, token = sign_in(server.base)
    s = websocket_handshake(server, query, token if "bad" not in query else "x" * 43)
    answer = read_all(s, 3)
    assert answer.startswith(b"HTTP/1.1 101")
    assert b'"type":"error"' in answer and b"\x88" in answer  # the error frame, then close
    smuggled = f"GET /api/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\r\n"
    try:
        s.sendall(smuggled.encode() * 3)
        after = read_all(s, 3)
    except (BrokenPipeError, ConnectionResetError):
        after = b""
    assert b"HTTP/1.1" not in after, after
    s.close()
    assert "Invalid HTTP method" not in server.log()


def test_a_body_too_large_is_refused_unread_and_others_are_served_meanwhile(server):
    s = raw(server)
    s.sendall(
        b"POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 209715200\r\n\r\n" + b"{" + b" " * 65536
    )
    started = time.monotonic()
    answer = read_all(s, 5)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert time.monotonic() - started < 3
    assert b"too large" in answer
    sent = 0
    with pytest.raises(OSError):  # the server closed instead of reading 200 MB
        for _ in range(20_000):
            s.sendall(b" " * 65536)
            sent += 65536
    assert sent < 50 * 1024 * 1024
    s.close()
    _, token = sign_in(server.base)  # the server went on serving
    assert token


def test_trickled_headers_get_408_at_the_header_timeout(server):
    s = raw(server)
    started = time.monotonic()
    s.sendall(b"GET /api/leaderboard HTTP/1.1\r\nHost: x\r\n")
    answer = b""
    try:
        for i in range(40):  # one header line every 0.25 s: never finished
            s.sendall(f"X-Slow-{i}: y\r\n".encode())
            time.sleep(0.25)
    except OSError:
        pass
    answer = read_all(s, 3)
    assert answer.startswith(b"HTTP/1.1 408"), answer
    assert time.monotonic() - started < 4


def test_an_idle_connection_is_closed_at_the_idle_timeout(server):
    silent = raw(server)
    assert closed(silent, 5)
    kept = raw(server)  # keep-alive: one request, then silence
    kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert read_all(kept, 1).startswith(b"HTTP/1.1 200")
    assert closed(kept, 5)


def test_a_websocket_is_not_closed_for_being_quiet(server):
    _, token = sign_in(server.base)
    ws = connect(server.ws_url, headers={"Authorization": f"Bearer {token}"})
    assert check_server_frame(ws.receive(5))["type"] == "welcome"
    time.sleep(3)  # longer than the idle timeout
    ws.send(json.dumps({"type": "ping", "t": 5}))
    assert until(ws, "pong")["t"] == 5
    ws.close()


def test_connections_over_the_limits_are_refused_at_once(tmp_path):
    srv = start_server(
        tmp_path, max_connections="12", max_connections_per_address="6", idle_timeout_seconds="30"
    )
    try:
        _, token = sign_in(srv.base)
        ws = connect(srv.ws_url, headers={"Authorization": f"Bearer {token}"})
        assert check_server_frame(ws.receive(5))["type"] == "welcome"
        mine = [raw(srv) for _ in range(5)]  # with the websocket: 6 from 127.0.0.1
        time.sleep(0.3)
        extra = raw(srv)
        extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = read_all(extra, 3)
        assert answer.startswith(b"HTTP/1.1 429") and b"Retry-After: 10" in answer
        others = [raw(srv, "127.0.0.2") for _ in range(6)]  # another address: 12 in all
        time.sleep(0.3)
        full = raw(srv, "127.0.0.3")
        full.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert read_all(full, 3).startswith(b"HTTP/1.1 503")
        ws.send(json.dumps({"type": "ping", "t": 1}))  # the player already here plays on
        assert until(ws, "pong")["t"] == 1
        for s in mine + others:
            s.close()
        time.sleep(0.5)
        assert sign_in(srv.base)[1]
        ws.close()
    finally:
        assert srv.stop() == 0, srv.log()


def test_at_the_open_file_limit_new_clients_are_refused_not_left_hanging(tmp_path):
    srv = start_server(tmp_path, open_files=256, idle_timeout_seconds="60")
    try:
        _, token = sign_in(srv.base)
        ws = connect(srv.ws_url, headers={"Authorization": f"Bearer {token}"})
        assert check_server_frame(ws.receive(5))["type"] == "welcome"
        idle = [raw(srv, f"127.0.{i // 50}.{2 + i % 50}") for i in range(200)]
        refused = hang_up_on_answers(idle, quiet_seconds=1.0)
        assert 60 <= len(refused) <= 80  # 200 less the 127 that fit beside the websocket
        late = raw(srv, "127.9.9.9")
        late.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert read_all(late, 3).startswith(b"HTTP/1.1 503")  # an answer, not a hang
        ws.send(json.dumps({"type": "ping", "t": 2}))
        assert until(ws, "pong")["t"] == 2
        for s in idle:
            s.close()  # closing twice is harmless
        assert "at most 128 connections" in srv.log()  # one descriptor per connection
    finally:
        assert srv.stop() == 0, srv.log()


@pytest.mark.parametrize(
    "frame, code",
    [
        ('{"type":"guess","word":"\\ud800aaa"}', "bad_message"),  # a lone surrogate
        ('{"type":"ping","t":"soon"}', "bad_message"),
        ('{"type":"ping","t":NaN}', "bad_json"),
        ('{"type":"ping","t":1e999}', "bad_json"),
        ('{"type":"ping","t":-Infinity}', "bad_json"),
    ],
)
def test_frames_no_browser_could_read_back_are_refused_and_the_connection_lives(
    server, frame, code
):
    _, token = sign_in(server.base)
    ws = connect(server.ws_url, headers={"Authorization": f"Bearer {token}"})
    until(ws, "home")
    ws.send(frame)
    reply = until(ws, "error")
    assert reply["code"] == code
    ws.send(json.dumps({"type": "ping", "t": 3}))  # still answered: the writer is alive
    assert until(ws, "pong")["t"] == 3
    ws.close()
