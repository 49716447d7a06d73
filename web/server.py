"""The HTTP server: gevent's WSGI server with the limits a server on the open internet needs.

- A client has WT_HEADER_TIMEOUT_SECONDS to send a request line and its headers (then 408),
  and a connection that sends nothing for WT_IDLE_TIMEOUT_SECONDS is closed, so trickled
  headers (slowloris) and idle sockets cannot pile up. A websocket has no idle limit: its
  pings tell a dead peer (WT_PING_SECONDS).
- At most WT_MAX_CONNECTIONS connections are open (by default as many as the open-file limit
  allows: a connection holds one descriptor, a websocket too, see web/ws.py), and at most
  WT_MAX_CONNECTIONS_PER_ADDRESS from one address. A connection over a limit is answered at
  once (503 or 429, with Retry-After) and closed; the connections already open go on.
- When a websocket ends, its TCP connection is closed: nothing sent after it on the same
  connection is ever read as a new HTTP request.
- A body refused as too large (413) is not drained: the connection is closed instead.
- The server's own bots connect to a second listener, on loopback only and on a port of its
  own (`make_bot_server`), that has no per-address cap: the TCP cap is counted when a
  connection is accepted, before any header could say who it is, and the bots all come from
  127.0.0.1, so on the public listener they would share one address's cap with every other
  local client (and fill it). Only processes on this machine can reach that listener; its
  websockets are still counted per address unless they show the server's bot credential
  (web/ws.py), and actors/bots.py caps the bots one address can take.
"""

from __future__ import annotations

import logging
import resource
import socket
from collections import Counter
from dataclasses import dataclass
from typing import Any

import gevent
from gevent.pywsgi import WSGIHandler, WSGIServer

from models.settings import Settings
from web.limits import address_key, refusals
from web.ws import WS_SOCKET

log = logging.getLogger("wordle.server")

FDS_PER_CONNECTION = 1  # a websocket's dup() replaces the accepted socket (web/ws.py)
RESERVED_FDS = 128  # database connections, log files, the listening socket, bots' own sockets
MAX_REFUSING = 64  # refusals being answered at once; beyond that, a refusal is a bare close


@dataclass(frozen=True)
class Limits:
    header_timeout: float
    idle_timeout: float
    max_connections: int
    per_address: int | None  # None behind reverse proxies: every connection is theirs


class HeaderTimeout(TimeoutError):
    """The request line and headers did not arrive in time."""


def raise_open_file_limit() -> int:
    """Raise this process's soft open-file limit to its hard limit; returns the soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def connections_for(open_files: int) -> int:
    """How many connections fit in `open_files` descriptors."""
    return max(16, (open_files - RESERVED_FDS) // FDS_PER_CONNECTION)


def limits_from(settings: Settings, open_files: int) -> Limits:
    return Limits(
        header_timeout=settings.header_timeout_seconds,
        idle_timeout=settings.idle_timeout_seconds,
        max_connections=settings.max_connections or connections_for(open_files),
        per_address=None if settings.trusted_proxies else settings.max_connections_per_address,
    )


def _plain(status: str, message: str, retry_after: int | None = None) -> bytes:
    body = (message + "\n").encode()
    head = [
        f"HTTP/1.1 {status}",
        "Content-Type: text/plain; charset=utf-8",
        f"Content-Length: {len(body)}",
        "Connection: close",
        "X-Content-Type-Options: nosniff",
    ]
    if retry_after is not None:
        head.append(f"Retry-After: {retry_after}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


BUSY = _plain("503 Service Unavailable", "The server is full right now; try again soon.", 10)
CROWDED = _plain("429 Too Many Requests", "Too many connections from your address.", 10)
SLOW = _plain("408 Request Timeout", "The request did not arrive in time.")


class Handler(WSGIHandler):
    """One connection: timeouts while reading requests, and a clean end after a websocket."""

    server: Server
    _deadline: gevent.Timeout | None = None

    def read_requestline(self) -> str:
        limits = self.server.limits
        self.socket.settimeout(limits.idle_timeout)
        self.rfile.peek(1)  # wait for the request's first byte, at most the idle timeout
        self._deadline = gevent.Timeout.start_new(limits.header_timeout, HeaderTimeout)
        return super().read_requestline()

    def read_request(self, raw_requestline: str) -> bool:
        try:
            return super().read_request(raw_requestline)
        finally:
            self._cancel_deadline()
            # a websocket has no idle limit (its pings decide); a request body may not stall
            upgrade = self._connection_upgrade_requested()
            self.socket.settimeout(None if upgrade else self.server.limits.idle_timeout)

    def handle_one_request(self) -> Any:
        try:
            return super().handle_one_request()
        finally:
            self._cancel_deadline()

    def _handle_client_error(self, ex: BaseException) -> Any:
        if isinstance(ex, HeaderTimeout):
            return ("408", SLOW)
        return super()._handle_client_error(ex)

    def run_application(self) -> None:
        try:
            super().run_application()
        finally:
            if self.status is None:  # the application took the socket over: a websocket
                self.close_connection = True
                taken = self.environ.get(WS_SOCKET, self.socket)  # the websocket's own dup
                try:
                    taken.shutdown(socket.SHUT_RDWR)  # ends the TCP connection, dups and all
                except OSError:
                    pass
                if taken is not self.socket:  # the dup: no reader greenlet closes it now
                    taken.close()
            elif self.code == 413:  # a body refused as too large is not read: close instead
                self.close_connection = True
                self.wsgi_input.content_length = self.wsgi_input.position
                self.wsgi_input.chunked_input = False

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.close()
            self._deadline = None


class Server(WSGIServer):
    """Counts open connections and refuses the ones over a limit, at once and clearly."""

    handler_class = Handler

    def __init__(self, listener: Any, application: Any, limits: Limits, **kwargs: Any) -> None:
        super().__init__(listener, application, **kwargs)
        self.limits = limits
        self.open = 0
        self.by_address: Counter[str] = Counter()
        self.refusing = 0
        self.refused = 0

    def handle(self, sock: socket.socket, address: Any) -> None:
        ip = address_key(address[0]) if isinstance(address, tuple) else ""
        per_address = self.limits.per_address
        if self.open >= self.limits.max_connections:
            self._refuse(sock, BUSY)
            return
        if per_address is not None and self.by_address[ip] >= per_address:
            self._refuse(sock, CROWDED)
            return
        self.open += 1
        self.by_address[ip] += 1
        try:
            if sock.family != socket.AF_UNIX:  # small frames go out at once (no Nagle wait)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().handle(sock, address)
        finally:
            self.open -= 1
            self.by_address[ip] -= 1
            if not self.by_address[ip]:
                del self.by_address[ip]

    def _refuse(self, sock: socket.socket, answer: bytes) -> None:
        """Answer before reading the request, then close without a reset that would lose the
        answer (read what the client already sent, briefly)."""
        self.refused += 1
        refusals.note("connections (" + answer.split(b"\r")[0].decode()[9:] + ")")
        if self.refusing >= MAX_REFUSING:
            sock.close()
            return
        self.refusing += 1
        try:
            sock.settimeout(1.0)
            sock.sendall(answer)
            sock.shutdown(socket.SHUT_WR)
            with gevent.Timeout(0.5, False):
                while sock.recv(65536):
                    pass
        except OSError:
            pass
        finally:
            self.refusing -= 1
            sock.close()


def make_server(settings: Settings, app: Any) -> Server:
    """The server for `settings` (the open-file limit raised as far as allowed)."""
    open_files = raise_open_file_limit()
    limits = limits_from(settings, open_files)
    log.info(
        "open-file limit %d: at most %d connections (%s per address)",
        open_files,
        limits.max_connections,
        limits.per_address or "no limit",
    )
    return Server((settings.host, settings.port), app, limits, log=None)


BOT_HOST = "127.0.0.1"


def make_bot_server(settings: Settings, app: Any) -> Server:
    """The bots' listener: the same application on loopback, a free port, no per-address
    cap (see the module docstring); at most WT_MAX_CONNECTIONS connections all the same."""
    limits = limits_from(settings, raise_open_file_limit())
    bots = Limits(limits.header_timeout, limits.idle_timeout, limits.max_connections, None)
    return Server((BOT_HOST, 0), app, bots, log=None)
