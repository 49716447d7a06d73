"""Process and socket tuning for thousands of connections in one process.

- The open-file budget: each websocket holds one descriptor (see web/ws.py); past the budget a
  handshake is refused with a 503 instead of failing inside the websocket layer.
"""

from __future__ import annotations

import resource

RESERVED_FILES = 200  # descriptors kept for REST requests, the database, logs and word lists
# (a fifth of the limit when that is smaller, e.g. under a test's low `ulimit -n`)


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
