"""web/ws.py writes a server's text frames itself (no extension negotiated): a client's
decoder (wsproto's) must read each one back whole, at every length encoding."""

from __future__ import annotations

import socket

import pytest
from flask_sock import ConnectionClosed
from wsproto.frame_protocol import FrameProtocol, Opcode

from web.transport import Socket, text_frame

LENGTHS = [0, 1, 125, 126, 127, 65535, 65536, 70000]


def decode(data: bytes) -> list[tuple[Opcode, str, bool]]:
    client = FrameProtocol(client=True, extensions=[])
    client.receive_bytes(data)
    return [(f.opcode, f.payload, f.frame_finished) for f in client.received_frames()]


@pytest.mark.parametrize("length", LENGTHS)
def test_a_text_frame_reads_back_whole(length):
    text = "a" * length
    assert decode(text_frame(text)) == [(Opcode.TEXT, text, True)]


def test_the_length_is_the_encoded_one():
    text = "é" * 100  # 200 bytes: a 16-bit length, though 100 characters
    assert text_frame(text)[1] == 126
    assert decode(text_frame(text)) == [(Opcode.TEXT, text, True)]


class FakeWs:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.connected = True
        self.close_reason, self.close_message = 1000, "bye"


def test_the_socket_writes_frames_in_order_and_refuses_once_closed():
    ours, theirs = socket.socketpair()
    ws = FakeWs(ours)
    out = Socket(ws)
    texts = ['{"type":"pong"}', "x" * 300, "ünïcödé"]
    out.send(texts[0])
    out.send_many(tuple(texts[1:]))  # one write, frames in order
    ours.shutdown(socket.SHUT_WR)
    received = b"".join(iter(lambda: theirs.recv(65536), b""))
    assert [p for _, p, _ in decode(received)] == texts
    ws.connected = False
    with pytest.raises(ConnectionClosed):
        out.send("late")
    ours.close()
    theirs.close()
