"""A minimal websocket client on asyncio protocols, for the load generator.

Thousands of clients share one process and one core, so every received frame must cost a few
microseconds, not the hundred or so of a general-purpose client library (measured with the
`websockets` package: ~130 us per received frame, which made the generator the bottleneck).
It speaks what a browser speaks to this server: RFC 6455 text frames (masked from the client),
ping/pong and close, and permessage-deflate (RFC 7692) offered exactly as Chromium offers it
(`permessage-deflate; client_max_window_bits`), with whatever parameters the server accepts.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct
import zlib
from collections.abc import Callable
from typing import Any

BROWSER_OFFER = "permessage-deflate; client_max_window_bits"
DEFLATE_TAIL = b"\x00\x00\xff\xff"


def parse_extension(header: str) -> dict[str, str | None] | None:
    """The server's permessage-deflate parameters, or None when it declined the offer."""
    for ext in header.split(","):
        name, *params = [p.strip() for p in ext.split(";")]
        if name == "permessage-deflate":
            out: dict[str, str | None] = {}
            for p in params:
                key, _, value = p.partition("=")
                out[key.strip()] = value.strip().strip('"') or None
            return out
    return None


class WebSocketClient(asyncio.Protocol):
    """One connection. `on_text(payload: bytes)` gets each text message (UTF-8 bytes: json.loads
    takes them as they are); `on_close()` runs once when the connection is gone."""

    def __init__(
        self,
        host: str,
        port: int,
        path: str,
        headers: dict[str, str],
        deflate: bool,
        on_text: Callable[[bytes], None],
        on_close: Callable[[], None],
    ) -> None:
        self.request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
            "Sec-WebSocket-Version: 13\r\n"
            + (f"Sec-WebSocket-Extensions: {BROWSER_OFFER}\r\n" if deflate else "")
            + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
            + "\r\n"
        ).encode()
        self.on_text, self.on_close = on_text, on_close
        self.opened: asyncio.Future = asyncio.get_running_loop().create_future()
        self.transport: Any = None
        self.buffer = b""
        self.open = False
        self.closed = False
        self.key = os.urandom(4)
        self.extension: dict[str, str | None] | None = None
        self.inflater: Any = None
        self.deflater: Any = None
        self.fragments: list[bytes] = []
        self.compressed_message = False

    # --- connection -------------------------------------------------------------------

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        if not self.closed:
            self.closed = True
            self.on_close()

    def close(self) -> None:
        if self.transport is not None and not self.closed:
            try:
                self._write(0x8, struct.pack("!H", 1000))
            finally:
                self.transport.close()

    # --- sending ----------------------------------------------------------------------

    def send_text(self, text: str) -> None:
        if not self.open or self.closed:
            return
        payload = text.encode()
        if self.extension is not None:
            if self.deflater is None:
                bits = int(self.extension.get("client_max_window_bits") or 15)
                self.deflater = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -bits)
            payload = self.deflater.compress(payload) + self.deflater.flush(zlib.Z_SYNC_FLUSH)
            payload = payload[:-4] if payload.endswith(DEFLATE_TAIL) else payload
            if "client_no_context_takeover" in self.extension:
                self.deflater = None
            self._write(0x1, payload, rsv1=True)
        else:
            self._write(0x1, payload)

    def _write(self, opcode: int, payload: bytes, rsv1: bool = False) -> None:
        n = len(payload)
        first = 0x80 | (0x40 if rsv1 else 0) | opcode
        if n < 126:
            head = struct.pack("!BB", first, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", first, 0xFE, n)
        else:
            head = struct.pack("!BBQ", first, 0xFF, n)
        mask = (self.key * (n // 4 + 1))[:n]
        masked = (int.from_bytes(payload, "little") ^ int.from_bytes(mask, "little")).to_bytes(
            n, "little"
        )
        self.transport.write(head + self.key + masked)

    # --- receiving --------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        buf = self.buffer + data if self.buffer else data
        if not self.open:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                self.buffer = buf
                return
            if not self._handshake(buf[:end].decode("latin-1")):
                return
            buf = buf[end + 4 :]
        pos, size = 0, len(buf)
        while size - pos >= 2:
            b0, b1 = buf[pos], buf[pos + 1]
            n, head = b1 & 0x7F, 2
            if n == 126:
                if size - pos < 4:
                    break
                n, head = struct.unpack_from("!H", buf, pos + 2)[0], 4
            elif n == 127:
                if size - pos < 10:
                    break
                n, head = struct.unpack_from("!Q", buf, pos + 2)[0], 10
            end = pos + head + n
            if end > size:
                break
            self._frame(b0, buf[pos + head : end])
            pos = end
        self.buffer = buf[pos:]

    def _handshake(self, head: str) -> bool:
        status, *lines = head.split("\r\n")
        if " 101 " not in status + " ":
            self.opened.set_exception(ConnectionError(f"handshake refused: {status}"))
            self.transport.close()
            return False
        for line in lines:
            name, _, value = line.partition(":")
            if name.strip().lower() == "sec-websocket-extensions":
                self.extension = parse_extension(value)
        self.open = True
        self.opened.set_result(True)
        return True

    def _frame(self, b0: int, payload: bytes) -> None:
        opcode = b0 & 0x0F
        if opcode in (0x1, 0x2, 0x0):
            if opcode:
                self.compressed_message = bool(b0 & 0x40)
            if not b0 & 0x80:  # a fragment: wait for the rest
                self.fragments.append(payload)
                return
            if self.fragments:
                payload = b"".join(self.fragments) + payload
                self.fragments = []
            if self.compressed_message:
                payload = self._inflate(payload)
            self.on_text(payload)
        elif opcode == 0x9:
            self._write(0xA, payload)
        elif opcode == 0x8:
            if not self.closed:
                self._write(0x8, payload[:2])
                self.transport.close()

    def _inflate(self, payload: bytes) -> bytes:
        if self.inflater is None:
            bits = int(self.extension.get("server_max_window_bits") or 15)
            self.inflater = zlib.decompressobj(-bits)
        text = self.inflater.decompress(payload + DEFLATE_TAIL)
        if "server_no_context_takeover" in self.extension:
            self.inflater = None
        return text


async def connect(
    host: str,
    port: int,
    path: str,
    headers: dict[str, str],
    deflate: bool,
    on_text: Callable[[bytes], None],
    on_close: Callable[[], None],
    timeout: float = 60.0,
) -> WebSocketClient:
    loop = asyncio.get_running_loop()
    _transport, client = await asyncio.wait_for(
        loop.create_connection(
            lambda: WebSocketClient(host, port, path, headers, deflate, on_text, on_close),
            host,
            port,
        ),
        timeout,
    )
    await asyncio.wait_for(client.opened, timeout)
    return client
