"""The websocket transport of the real server: descriptors per socket, the connection budget,
permessage-deflate declined (or accepted when configured)."""

from __future__ import annotations

import base64
import os
import socket
import time
from pathlib import Path

import pytest

from tests.e2e.server import sign_in, start_server


def handshake(base: str, token: str, extensions: str | None = None) -> tuple[socket.socket, str]:
    """Open a websocket by hand; returns the socket and the server's response head."""
    host, port = base.split("//")[1].split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /ws?v=1 HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Authorization: Bearer {token}\r\n"
        + (f"Sec-WebSocket-Extensions: {extensions}\r\n" if extensions else "")
        + "\r\n"
    )
    sock.sendall(request.encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        byte = sock.recv(1)  # one at a time: the first frame may follow the head at once
        if not byte:
            break
        head += byte
    return sock, head[:-4].decode("latin-1")


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("transport"), max_connections=12)
    yield srv
    assert srv.stop() == 0, srv.log()


def test_a_websocket_holds_one_descriptor_and_past_the_budget_gets_a_clean_503(server):
    tokens = [sign_in(server.base)[1] for _ in range(13)]
    time.sleep(0.5)  # the sign-ins' sockets are closed
    before = open_files(server.process.pid)
    socks = []
    for token in tokens[:12]:
        sock, head = handshake(server.base, token)
        assert head.startswith("HTTP/1.1 101"), head
        socks.append(sock)
    assert sock.recv(4096)  # the welcome frame: the last socket is being served
    added = open_files(server.process.pid) - before
    assert 10 <= added <= 15, added  # one per socket, not two (24); give or take a pooled file

    refused, head = handshake(server.base, tokens[12])
    assert head.startswith("HTTP/1.1 503"), head
    assert "Retry-After: " in head
    refused.close()
    for sock in socks:
        sock.close()
    log = server.log()
    assert "Traceback" not in log and "Too many open files" not in log, log


def test_permessage_deflate_is_declined_by_default(server):
    _, token = sign_in(server.base)
    sock, head = handshake(server.base, token, "permessage-deflate; client_max_window_bits")
    sock.close()
    assert head.startswith("HTTP/1.1 101"), head
    assert "sec-websocket-extensions" not in head.lower()


def test_permessage_deflate_when_configured(tmp_path: Path):
    srv = start_server(tmp_path, ws_compression="on")
    try:
        _, token = sign_in(srv.base)
        sock, head = handshake(srv.base, token, "permessage-deflate; client_max_window_bits")
        sock.close()
        assert head.startswith("HTTP/1.1 101"), head
        assert "sec-websocket-extensions: permessage-deflate" in head.lower()
    finally:
        assert srv.stop() == 0, srv.log()


def frames(sock: socket.socket, seconds: float) -> list[tuple[int, bytes]]:
    """(opcode, payload) of the server's frames for `seconds` (small unmasked frames)."""
    sock.settimeout(0.2)
    out, buf, end = [], b"", time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue
        if not chunk:
            break
        buf += chunk
        while len(buf) >= 2 and len(buf) >= 2 + (buf[1] & 0x7F):
            n = buf[1] & 0x7F
            if n >= 126:  # a long text frame: skip it whole
                size = 4 + int.from_bytes(buf[2:4], "big")
                if len(buf) < size:
                    break
                out.append((buf[0] & 0x0F, buf[4:size]))
                buf = buf[size:]
                continue
            out.append((buf[0] & 0x0F, buf[2 : 2 + n]))
            buf = buf[2 + n :]
    return out


def test_a_quiet_client_is_pinged_and_closed_when_it_does_not_answer(tmp_path: Path):
    srv = start_server(tmp_path, ping_seconds=1)
    try:
        _, token = sign_in(srv.base)
        sock, head = handshake(srv.base, token)
        assert head.startswith("HTTP/1.1 101"), head
        got = frames(sock, 3.5)
        sock.close()
        opcodes = [op for op, _ in got]
        assert opcodes.count(0x9) == 1, got  # one ping after a quiet second, no answer
        assert opcodes[-1] == 0x8, got  # then closed: the ping went unanswered
        assert int.from_bytes(got[-1][1][:2], "big") == 1008
    finally:
        assert srv.stop() == 0, srv.log()


def client_frame(opcode: int, payload: bytes, mask: bool = True) -> bytes:
    """One client frame (small: a 7-bit length), masked as browsers do unless told not to."""
    if not mask:
        return bytes((0x80 | opcode, len(payload))) + payload
    key = os.urandom(4)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return bytes((0x80 | opcode, 0x80 | len(payload))) + key + masked


def welcomed(server) -> socket.socket:
    _, token = sign_in(server.base)
    sock, head = handshake(server.base, token)
    assert head.startswith("HTTP/1.1 101"), head
    return sock


def test_the_server_reads_client_frames_answers_pings_and_closes(server):
    """The route reads the frames itself: a command split over two TCP writes is answered,
    a websocket ping gets its pong (written by the connection), a close its close."""
    sock = welcomed(server)
    command = client_frame(0x1, b'{"type":"ping","t":7}')
    sock.sendall(command[:5])
    time.sleep(0.05)
    sock.sendall(command[5:] + client_frame(0x9, b"hello"))
    got = frames(sock, 1.0)
    texts = [p for op, p in got if op == 0x1]
    assert any(b'"pong"' in t and b'"t":7' in t for t in texts), got
    assert (0xA, b"hello") in got, got
    sock.sendall(client_frame(0x8, (1001).to_bytes(2, "big") + b"bye"))
    got = frames(sock, 1.0)
    sock.close()
    assert got and got[-1][0] == 0x8, got
    assert int.from_bytes(got[-1][1][:2], "big") == 1001


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (client_frame(0x1, b'{"type":"ping","t":1}', mask=False), 1002),  # unmasked
        (client_frame(0x1, b"\xff\xfe"), 1007),  # not UTF-8
        (bytes((0x81, 0xFF)) + (1 << 20).to_bytes(8, "big") + os.urandom(4), 1009),  # 1 MiB
    ],
)
def test_a_broken_client_frame_closes_with_its_code(server, frame, code):
    sock = welcomed(server)
    sock.sendall(frame)  # the 1 MiB message's header only: refused before its payload
    got = frames(sock, 1.0)
    sock.close()
    assert got and got[-1][0] == 0x8, got
    assert int.from_bytes(got[-1][1][:2], "big") == code
