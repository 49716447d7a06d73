"""One server per database: a lock the database itself holds, taken before anything is changed.

A second server on the same database would mark the first one's running tournaments aborted
at its start (open_database does that for a crash's leftovers) and then fail on the port. So
the serve command takes this lock first and refuses, naming the holder, when it is taken.

- SQLite: an exclusive `flock` on `<database file>.lock`, which holds the holder's pid, host
  and start time for the message. The kernel drops the lock with the process, so a crash
  never leaves a stale lock behind.
- MySQL/MariaDB: the named lock `GET_LOCK('wordle-tournament:<db>')` on a connection of its
  own, held as long as that connection lives (the server drops it with a dead client), with
  the holder's connection shown from the process list.
"""

from __future__ import annotations

import fcntl
import os
import socket
import time
from contextlib import suppress
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

LOCK_PREFIX = "wordle-tournament:"


class ServerLockError(RuntimeError):
    """Another server holds the database; the message names it."""


class ServerLock(Protocol):
    def check(self) -> bool:
        """Is the lock still held (re-taken if it was lost and is free)?"""

    def release(self) -> None: ...


def acquire(database_url: str) -> ServerLock:
    """Take the database's server lock, or raise ServerLockError naming its holder."""
    scheme = database_url.split("://", 1)[0]
    if scheme.startswith("sqlite"):
        return FileLock.take(database_url)
    if scheme.startswith("mysql"):
        return MysqlLock.take(database_url)
    raise ServerLockError(f"no server lock for {database_url!r}")


def _holder() -> str:
    started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime())
    return f"pid {os.getpid()} on {socket.gethostname()}, started {started}"


class FileLock:
    def __init__(self, fd: int | None, path: Path | None) -> None:
        self.fd, self.path = fd, path

    @classmethod
    def take(cls, url: str) -> FileLock:
        rest = url.split("://", 1)[1]
        name = urlsplit(url).path[1:] if rest.startswith("/") else ""
        if not name or name == ":memory:":
            return cls(None, None)  # a memory database is this process's alone
        path = Path(name + ".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 512, 0).decode("utf-8", "replace").strip() or "unknown"
            os.close(fd)
            raise ServerLockError(
                f"another server is using {name} ({holder}); stop it first, or give this "
                "one another database (WT_DATABASE_URL)"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, _holder().encode(), 0)
        return cls(fd, path)

    def check(self) -> bool:
        return True  # a flock cannot be lost while the process holds its descriptor

    def release(self) -> None:
        if self.fd is not None:
            with suppress(OSError):
                os.ftruncate(self.fd, 0)
            os.close(self.fd)  # closing drops the flock
            self.fd = None


class MysqlLock:
    def __init__(self, connection: Any, name: str, params: dict[str, Any]) -> None:
        self.connection, self.name, self.params = connection, name, params

    @classmethod
    def take(cls, url: str) -> MysqlLock:
        parts = urlsplit(url)
        database = parts.path.lstrip("/")
        params = {
            "host": parts.hostname or "localhost",
            "port": parts.port or 3306,
            "user": unquote(parts.username or "root"),
            "password": unquote(parts.password or ""),
            "database": database,
            "connect_timeout": 10,
            "program_name": f"wordle-tournament {_holder()}"[:64],
        }
        lock = cls(None, (LOCK_PREFIX + database)[:64], params)
        if not lock._get():
            raise ServerLockError(
                f"another server is using the MySQL database {database!r} ({lock._who()}); "
                "stop it first, or give this one another database (WT_DATABASE_URL)"
            )
        return lock

    def _get(self) -> bool:
        import pymysql

        if self.connection is None:
            self.connection = pymysql.connect(**self.params)
            with self.connection.cursor() as cur:
                cur.execute("SET SESSION wait_timeout = 31536000")  # held for months
        with self.connection.cursor() as cur:
            cur.execute("SELECT GET_LOCK(%s, 0)", (self.name,))
            row = cur.fetchone()
        return bool(row and row[0] == 1)

    def _who(self) -> str:
        with self.connection.cursor() as cur:
            cur.execute("SELECT IS_USED_LOCK(%s)", (self.name,))
            row = cur.fetchone()
            holder = row[0] if row else None
            if holder is None:
                return "the holder just left"
            cur.execute(
                "SELECT HOST, TIME FROM information_schema.PROCESSLIST WHERE ID = %s", (holder,)
            )
            seen = cur.fetchone()
        if seen is None:
            return f"MySQL connection {holder}"
        return f"MySQL connection {holder} from {seen[0]}, connected {seen[1]} s ago"

    def check(self) -> bool:
        try:
            with self.connection.cursor() as cur:
                cur.execute("SELECT IS_USED_LOCK(%s) = CONNECTION_ID()", (self.name,))
                row = cur.fetchone()
            if row and row[0] == 1:
                return True
        except Exception:
            with suppress(Exception):
                self.connection.close()
            self.connection = None
        try:
            return self._get()
        except Exception:
            return False

    def release(self) -> None:
        if self.connection is not None:
            with suppress(Exception):
                self.connection.close()  # the server drops the named lock with it
            self.connection = None
