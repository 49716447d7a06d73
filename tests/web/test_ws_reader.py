"""web/transport.py: the route greenlet's own reader of client frames (RFC 6455 section 5),
fed byte streams as a client's (wsproto's) encoder or a broken client would write them."""

from __future__ import annotations

import os

import gevent
import pytest
from gevent import socket
from simple_websocket import ConnectionClosed
from wsproto.frame_protocol import FrameProtocol

from web.transport import CloseWith, FrameReader, QuietTimer, unmask

CAP = 1 << 20
LENGTHS = [0, 1, 125, 126, 127, 65535, 65536, 70000]


def frame(opcode: int, payload: bytes, fin: bool = True, mask: bool = True, rsv: int = 0) -> bytes:
    """One client frame, built by hand (for the frames wsproto's encoder would never write)."""
    n = len(payload)
    head = bytes(((0x80 if fin else 0) | rsv | opcode,))
    flag = 0x80 if mask else 0
    if n < 126:
        head += bytes((flag | n,))
    elif n < 65536:
        head += bytes((flag | 126,)) + n.to_bytes(2, "big")
    else:
        head += bytes((flag | 127,)) + n.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + unmask(payload, key)


class FakeWs:
    """What the reader uses of simple-websocket's Server."""

    def __init__(self, sock) -> None:
        self.sock = sock
        self.connected = True
        self.pong_received = False
        self.close_reason, self.close_message = 1005, None


class Chunks:
    """A socket that hands out the given byte strings one recv at a time (never more than
    asked for), then fails the test: a read the reader should not have made."""

    def __init__(self, *chunks: bytes) -> None:
        self.chunks = [c for c in chunks if c]
        self.recvs = 0

    def recv(self, n: int) -> bytes:
        assert self.chunks, "the reader read past what it needed"
        self.recvs += 1
        chunk = self.chunks.pop(0)
        if len(chunk) > n:
            self.chunks.insert(0, chunk[n:])
        return chunk[:n]


def reader_of(*chunks: bytes, cap: int = CAP) -> tuple[FrameReader, FakeWs, list[bytes]]:
    pings: list[bytes] = []
    ws = FakeWs(Chunks(*chunks))
    return FrameReader(ws, cap, pings.append), ws, pings


def closes_with(code: int, *chunks: bytes, cap: int = CAP) -> CloseWith:
    reader, _, _ = reader_of(*chunks, cap=cap)
    with pytest.raises(CloseWith) as raised:
        reader.receive()
    assert raised.value.code == code, raised.value
    return raised.value


@pytest.mark.parametrize("length", LENGTHS)
def test_a_masked_text_frame_reads_back_at_every_length_encoding(length):
    text = ("é" * length)[: length // 2] + "a" * (length - 2 * (length // 2))
    data = FrameProtocol(client=True, extensions=[]).send_data(text, fin=True)
    reader, _, _ = reader_of(data)
    assert reader.receive() == text


@pytest.mark.parametrize("length", LENGTHS)
def test_a_binary_frame_is_bytes(length):
    payload = os.urandom(length)
    reader, _, _ = reader_of(frame(0x2, payload))
    assert reader.receive() == payload


def test_frames_in_one_recv_come_out_one_message_at_a_time():
    reader, ws, _ = reader_of(b"".join(frame(0x1, f"m{n}".encode()) for n in range(50)))
    assert [reader.receive() for _ in range(50)] == [f"m{n}" for n in range(50)]
    assert ws.sock.recvs == 1


def test_a_fragmented_message_with_a_ping_and_a_pong_in_between():
    reader, ws, pings = reader_of(
        frame(0x1, b'{"type":', fin=False)
        + frame(0x9, b"p1")
        + frame(0x0, b'"ping",', fin=False)
        + frame(0xA, b"")
        + frame(0x0, b'"t":1}')
        + frame(0x1, b"next")
    )
    assert reader.receive() == '{"type":"ping","t":1}'
    assert pings == [b"p1"] and ws.pong_received
    assert reader.receive() == "next"


def test_a_multibyte_character_split_across_fragments_is_one_character():
    data = "é".encode()
    reader, _, _ = reader_of(frame(0x1, data[:1], fin=False) + frame(0x0, data[1:]))
    assert reader.receive() == "é"


def test_a_frame_split_across_many_recvs_byte_by_byte():
    text = '{"type":"guess","word":"crane"}' * 5  # 155 bytes: a 16-bit length
    data = frame(0x1, text.encode()) + frame(0x9, b"x") + frame(0x1, b"after")
    reader, ws, pings = reader_of(*(data[i : i + 1] for i in range(len(data))))
    assert reader.receive() == text
    assert reader.receive() == "after" and pings == [b"x"]
    assert ws.sock.recvs == len(data)


def test_a_long_frame_is_read_in_as_few_recvs_as_its_length_needs():
    payload = os.urandom(70000)
    reader, ws, _ = reader_of(frame(0x2, payload))
    assert reader.receive() == payload
    assert ws.sock.recvs == 2  # the first 4096 bytes, then all the rest at once


def test_a_quiet_interval_in_the_middle_of_a_frame_loses_nothing():
    """QuietTimer throws into the greenlet blocked in recv: the half frame already read stays
    in the reader's buffer and the message arrives whole with the rest."""
    ours, theirs = socket.socketpair()
    try:
        reader = FrameReader(FakeWs(ours), CAP, lambda p: None)
        data = frame(0x1, b"x" * 300)
        theirs.sendall(data[:150])
        quiet = QuietTimer(0.05)
        try:
            assert quiet.receive(reader) is None  # quiet: the half frame is all there is
            gevent.spawn_later(0.02, theirs.sendall, data[150:])
            assert quiet.receive(reader) == "x" * 300
        finally:
            quiet.close()
    finally:
        ours.close()
        theirs.close()


def test_an_unmasked_client_frame_is_a_protocol_error():
    closes_with(1002, frame(0x1, b"hello", mask=False))


@pytest.mark.parametrize("rsv", [0x40, 0x20, 0x10])
def test_reserved_bits_are_a_protocol_error(rsv):
    closes_with(1002, frame(0x1, b"hello", rsv=rsv))


@pytest.mark.parametrize("opcode", [0x3, 0x7, 0xB, 0xF])
def test_unknown_opcodes_are_a_protocol_error(opcode):
    closes_with(1002, frame(opcode, b""))


def test_control_frames_must_be_whole_and_short():
    closes_with(1002, frame(0x9, b"p", fin=False))
    closes_with(1002, frame(0x9, b"p" * 126))


def test_fragments_out_of_order_are_a_protocol_error():
    closes_with(1002, frame(0x0, b"orphan"))
    closes_with(1002, frame(0x1, b"a", fin=False) + frame(0x1, b"b"))


def test_a_message_over_the_cap_is_refused_from_its_header_unread():
    head = frame(0x1, b"x" * 70000)[:14]  # the header and key: no payload follows
    assert "too big" in closes_with(1009, head, cap=65536).reason
    closes_with(1009, frame(0x1, b"x" * 200)[:8], cap=100)  # 16-bit length
    closes_with(1009, frame(0x1, b"x" * 101)[:6], cap=100)  # 7-bit length


def test_a_fragmented_message_over_the_cap_is_refused_at_the_fragment_that_passes_it():
    closes_with(1009, frame(0x1, b"x" * 60, fin=False) + frame(0x0, b"x" * 60)[:6], cap=100)


def test_a_message_at_the_cap_is_read():
    reader, _, _ = reader_of(frame(0x1, b"x" * 50, fin=False) + frame(0x0, b"y" * 50), cap=100)
    assert reader.receive() == "x" * 50 + "y" * 50


def test_text_that_is_not_utf8_closes_with_1007():
    closes_with(1007, frame(0x1, b"\xff\xfe"))
    closes_with(1007, frame(0x1, "é".encode()[:1]))  # cut in the middle of a character


def test_a_client_close_is_answered_with_its_code():
    close = closes_with(1001, frame(0x8, (1001).to_bytes(2, "big") + b"going"))
    assert close.reason == "going"
    closes_with(4000, frame(0x8, (4000).to_bytes(2, "big")))
    closes_with(1000, frame(0x8, b""))  # no code: a normal closure


def test_a_malformed_client_close_is_a_protocol_error():
    closes_with(1002, frame(0x8, b"\x03"))  # one byte: no code
    closes_with(1002, frame(0x8, (1005).to_bytes(2, "big")))  # a code never sent
    closes_with(1002, frame(0x8, (999).to_bytes(2, "big")))
    closes_with(1007, frame(0x8, (1000).to_bytes(2, "big") + b"\xff"))


def test_a_peer_gone_ends_the_reading_and_marks_the_socket_closed():
    ours, theirs = socket.socketpair()
    ws = FakeWs(ours)
    reader = FrameReader(ws, CAP, lambda p: None)
    theirs.sendall(frame(0x1, b"last") + frame(0x1, b"half")[:5])
    theirs.close()
    assert reader.receive() == "last"
    with pytest.raises(ConnectionClosed):
        reader.receive()
    assert not ws.connected
    ours.close()


def test_once_the_server_closed_the_reader_stops_reading():
    reader, ws, _ = reader_of(frame(0x1, b"read"), frame(0x1, b"never read"))
    assert reader.receive() == "read"
    ws.connected = False  # the connection actor closed the websocket
    with pytest.raises(ConnectionClosed):
        reader.receive()
    assert ws.sock.recvs == 1
