"""Process and socket tuning for thousands of connections in one process.

- TCP_NODELAY on every accepted socket: a REST reply or a websocket frame is written in more
  than one send, and without it the second waits for the client's delayed ACK (40 ms).
- The open-file budget: each websocket holds one descriptor (see web/ws.py); past the budget a
  handshake is refused with a 503 instead of failing inside the websocket layer.
"""

from __future__ import annotations

import resource
import socket
from typing import Any

from gevent.pywsgi import WSGIServer

RESERVED_FILES = 200  # descriptors kept for REST requests, the database, logs and word lists
# (a fifth of the limit when that is smaller, e.g. under a test's low `ulimit -n`)


class Server(WSGIServer):
    """gevent's WSGI server with TCP_NODELAY on every accepted connection."""

    def handle(self, sock: Any, address: Any) -> None:
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:  # not TCP (a unix socket): nothing to tune
            pass
        super().handle(sock, address)


def websocket_budget(configured: int = 0) -> int:
    """How many websockets may be open at once: the configured number, else what the
    open-file limit leaves after RESERVED_FILES. Raises the soft limit to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    fitting = max(1, soft - min(RESERVED_FILES, soft // 5))
    return min(configured, fitting) if configured else fitting
