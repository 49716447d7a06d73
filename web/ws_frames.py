"""Client frames read by the route greenlet itself (RFC 6455 section 5), when no extension is
negotiated (permessage-deflate declined, the default).

Why: simple-websocket reads each connection in a greenlet of its own (sock.recv, wsproto's
pure-Python parser, then an Event to wake the route blocked in `ws.receive()`). At saturation
that was ~11 % of the server's samples, and a greenlet per player. Client frames are small
masked JSON texts: parsing them here, in the greenlet that handles them, takes one recv, a few
byte comparisons and one big-int XOR, with no second greenlet and no Event hop.

The reader never writes: a client's ping is handed to `on_ping` (the route has the connection
actor, the socket's only writer, answer it), a pong marks `ws.pong_received` (web/ws.py
keep_alive reads it), and whatever must end the connection (the client's close, a protocol
error, a message over the cap) is raised as `CloseWith(code, reason)` for the route to have
the actor close with. A peer that went away raises ConnectionClosed, as simple-websocket's
`receive()` did, after marking `ws.connected = False` so that writes are refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simple_websocket import ConnectionClosed

RECV_BYTES = 4096  # simple-websocket's receive_bytes: client frames are small
TEXT, BINARY, CLOSE, PING, PONG = 0x1, 0x2, 0x8, 0x9, 0xA
# Close codes a peer may send (RFC 6455 7.4.1 and IANA's registry; 1004-1006 and 1015 never).
VALID_CLOSE = frozenset(range(1000, 1004)) | frozenset(range(1007, 1015))


class CloseWith(Exception):
    """End the connection with this close frame: the client closed (its code is echoed) or
    broke the protocol (1002), sent text that is not UTF-8 (1007) or too much (1009)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(code, reason)
        self.code, self.reason = code, reason


def unmask(data: bytes | bytearray, key: bytes | bytearray) -> bytes:
    """XOR `data` with the 4-byte `key` repeated: one big-int XOR, ~0.9 µs for a 45-byte
    frame (wsproto's XorMaskerSimple, the same idea in more steps: ~2.4 µs)."""
    n = len(data)
    if not n:
        return b""
    keys = int.from_bytes(key * (n // 4 + 1), "little") & ((1 << (n << 3)) - 1)
    return (int.from_bytes(data, "little") ^ keys).to_bytes(n, "little")


class FrameReader:
    """The client's messages, read from `ws.sock` (a simple-websocket Server whose own reader
    never started): `receive()` returns each text message as str, each binary one as bytes.

    Bytes are kept in this object's buffer until a whole frame is there, so a greenlet thrown
    out of its `recv` (web/ws.py's QuietTimer) loses nothing of a frame half received.
    A message longer than `cap` bytes is refused (1009) from its header, before its payload
    is read; nothing beyond the cap is ever buffered."""

    __slots__ = ("_ws", "_sock", "_cap", "_on_ping", "_buf", "_want", "_kind", "_parts", "_size")

    def __init__(self, ws: Any, cap: int, on_ping: Callable[[bytes], None]) -> None:
        self._ws = ws
        self._sock = ws.sock
        self._cap = cap
        self._on_ping = on_ping
        self._buf: bytes | bytearray = b""  # what recv gave beyond the frames taken out
        self._want = RECV_BYTES  # the next recv's size: more when a long frame is under way
        self._kind = 0  # the opcode of a fragmented message under way (0: none)
        self._parts: list[bytes] = []
        self._size = 0  # its bytes so far

    def receive(self) -> str | bytes:
        """The next message; raises CloseWith or ConnectionClosed when the connection ends."""
        while True:
            frame = self._frame()
            if frame is None:
                self._fill()
                continue
            opcode, fin, payload = frame
            if opcode & 0x8:
                self._control(opcode, payload)
                continue
            if opcode:  # a message's first frame
                if fin:
                    return self._message(opcode, payload)
                self._kind, self._parts, self._size = opcode, [payload], len(payload)
                continue
            self._parts.append(payload)  # a continuation
            self._size += len(payload)
            if fin:
                kind, parts = self._kind, self._parts
                self._kind, self._parts, self._size = 0, [], 0
                return self._message(kind, b"".join(parts))

    def _fill(self) -> None:
        ws = self._ws
        if not ws.connected:  # closed by the server (its writer): stop reading, as before
            raise ConnectionClosed(ws.close_reason, ws.close_message)
        try:
            data = self._sock.recv(self._want)
        except OSError:
            data = b""
        if not data:
            ws.connected = False
            raise ConnectionClosed(ws.close_reason, ws.close_message)
        buf = self._buf
        if not buf:  # the usual case: nothing left over, the recv's bytes are the buffer
            self._buf = data
        elif isinstance(buf, bytearray):
            buf += data
        else:  # a frame in several recvs: gather in place (no quadratic copying on a trickle)
            self._buf = bytearray(buf) + data

    def _frame(self) -> tuple[int, int, bytes] | None:
        """(opcode, FIN, unmasked payload) of the first whole frame in the buffer, taken out
        of it; None while it is incomplete. Every check is made from the header alone."""
        buf = self._buf
        have = len(buf)
        if have < 2:
            return None
        head, second = buf[0], buf[1]
        if head & 0x70:
            raise CloseWith(1002, "reserved bits set")
        if not second & 0x80:
            raise CloseWith(1002, "client frames must be masked")
        opcode = head & 0x0F
        length = second & 0x7F
        start = 2
        if length == 126:
            if have < 4:
                return None
            length, start = int.from_bytes(buf[2:4], "big"), 4
        elif length == 127:
            if have < 10:
                return None
            length, start = int.from_bytes(buf[2:10], "big"), 10
            if length >> 63:
                raise CloseWith(1002, "bad length")
        if opcode & 0x8:
            if opcode > PONG:
                raise CloseWith(1002, "unknown opcode")
            if not head & 0x80 or length > 125:
                raise CloseWith(1002, "bad control frame")
        elif opcode > BINARY:
            raise CloseWith(1002, "unknown opcode")
        elif opcode:
            if self._kind:
                raise CloseWith(1002, "a new message inside a fragmented one")
            if length > self._cap:
                raise CloseWith(1009, "Message is too big")
        else:
            if not self._kind:
                raise CloseWith(1002, "continuation without a message")
            if self._size + length > self._cap:
                raise CloseWith(1009, "Message is too big")
        end = start + 4 + length
        if have < end:
            self._want = max(RECV_BYTES, end - have)
            return None
        self._want = RECV_BYTES
        payload = unmask(buf[start + 4 : end], buf[start : start + 4])
        self._buf = buf[end:]  # usually empty; never more than a recv's worth
        return opcode, head & 0x80, payload

    def _control(self, opcode: int, payload: bytes) -> None:
        if opcode == PING:
            self._on_ping(payload)
        elif opcode == PONG:
            self._ws.pong_received = True
        else:
            raise _client_close(payload)

    @staticmethod
    def _message(opcode: int, payload: bytes) -> str | bytes:
        if opcode == BINARY:
            return payload
        try:
            return payload.decode()
        except UnicodeDecodeError:
            raise CloseWith(1007, "invalid UTF-8") from None


def _client_close(payload: bytes) -> CloseWith:
    """The answer to a client's close frame: its code echoed (1000 when it gave none)."""
    if not payload:
        return CloseWith(1000, "")
    if len(payload) == 1:
        return CloseWith(1002, "bad close frame")
    code = int.from_bytes(payload[:2], "big")
    if code not in VALID_CLOSE and not 3000 <= code <= 4999:
        return CloseWith(1002, "bad close code")
    try:
        reason = payload[2:].decode()
    except UnicodeDecodeError:
        return CloseWith(1007, "invalid UTF-8")
    return CloseWith(code, reason)
