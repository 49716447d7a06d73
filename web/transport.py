"""The websocket transport the project does itself (RFC 6455), instead of simple-websocket's
per-frame machinery, when no extension is negotiated (permessage-deflate declined, the
default; with it on, simple-websocket reads and writes as it always did).

What it replaces, and why (figures in docs/transport.md):
- `FrameReader` reads client frames in the route's own greenlet, instead of simple-websocket's
  reader greenlet per socket (wsproto's parser, then an Event to wake the route): no second
  greenlet per player and no hop per frame.
- `Socket` writes server frames (`text_frame`, the ping, the pong) itself, instead of
  wsproto's frame builder; several frames go out in one socket write.
- `QuietTimer` wakes a quiet reader with one re-armed loop timer per connection, instead of a
  new gevent Timeout per frame.
- `NoReaderThread` keeps simple-websocket from starting its reader (the handshake still is
  simple-websocket's).

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

from gevent import get_hub, getcurrent
from simple_websocket import ConnectionClosed

# --- reading ----------------------------------------------------------------------------------

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
    """XOR `data` with the 4-byte `key` repeated, as one big-int XOR."""
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


# --- writing ----------------------------------------------------------------------------------

PING_FRAME = b"\x89\x00"  # RFC 6455 5.5.2: FIN, opcode 0x9 (ping), no payload, unmasked


class Socket:
    """What the connection actor writes to: text frames, a bare ping, a pong, and the close.

    With no extension negotiated (permessage-deflate declined, the default) a server's text
    frame is a 2-10 byte head and the payload, which this writes itself instead of going
    through wsproto's frame builder."""

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


# --- the handshake without a reader ------------------------------------------------------------


class NoReaderThread:
    """simple-websocket's `thread_class` when the route reads the frames itself: its reader
    is never started (the handshake, in `Server.__init__`, still happens)."""

    __slots__ = ("name",)

    def __init__(self, target: Any = None, **_: Any) -> None:
        self.name = "no reader"

    def start(self) -> None:
        pass


# --- waiting ----------------------------------------------------------------------------------


class _Quiet(BaseException):
    """Thrown into the reading greenlet when its client stayed quiet (a BaseException, like
    gevent's Timeout, so that no `except Exception` on the way swallows it)."""


class QuietTimer:
    """Wakes the greenlet that made it, blocked in `receive()` (simple-websocket's or
    this module's FrameReader, both blocking reads), after `seconds` of silence.

    Instead of `ws.receive(timeout=...)`, which makes a new gevent Timeout for every frame, this
    keeps one loop timer per connection and re-arms it (libev's `again`) for each frame,
    allocating nothing (docs/transport.md says why that matters). A gevent Timeout cannot be
    reused for this: restarted after a cancel, it still counts from its first start."""

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
