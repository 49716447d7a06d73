"""The database connection: one URL picks SQLite or MySQL, and every store call is one short
transaction on a connection of the calling greenlet's own.

Both backends use peewee's connection pool, whose connections belong to one thread at a time;
under gevent's monkey-patching peewee's thread-locals are greenlet-locals, so two greenlets
never share a connection, let alone a transaction. SQLite runs in WAL mode with a busy timeout;
write transactions take the write lock at BEGIN (IMMEDIATE), so a transaction never fails
half-way on a lock upgrade. SQLite calls block the gevent hub while they run: keep
transactions short and never yield inside one. MySQL/MariaDB goes through PyMySQL, which is
pure Python and so cooperative under gevent, with connect, read and write timeouts.

`store_call` wraps every public store function: MySQL deadlock victims are run again, and
driver errors become the store's own (`Unavailable` for an outage or a lock).

A SQLite file deleted, replaced or made unwritable under a running server would go on taking
writes silently (into the unlinked file, lost at the stop). So every write transaction first
checks that the path still names the file the server opened, and `health()` says what is
wrong for /healthz; the first failure and the recovery are each logged once.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar
from urllib.parse import unquote, urlsplit

import peewee
from peewee import (
    Database,
    DatabaseError,
    DataError,
    IntegrityError,
    InterfaceError,
    InternalError,
    NotSupportedError,
    OperationalError,
    ProgrammingError,
)
from playhouse import db_url
from playhouse.pool import MaxConnectionsExceeded

from models.store.errors import Unavailable
from models.store.tables import database

log = logging.getLogger("wordle.store")
P = ParamSpec("P")
R = TypeVar("R")

SQLITE_BUSY_TIMEOUT_MS = 5000
# WAL mode with synchronous=FULL syncs every commit, so a committed rating survives a power cut
# too. `?synchronous=normal` in the URL syncs only at checkpoints: faster commits, but a power
# cut (never a crash of the server) can lose the last ones.
SQLITE_SYNCHRONOUS = "full"
POOL_MAX_CONNECTIONS = 32
POOL_WAIT_SECONDS = 10  # a greenlet waits this long for a free pooled connection
MYSQL_STALE_SECONDS = 300  # recycle idle MySQL connections before the server drops them
MYSQL_IO_TIMEOUT_SECONDS = 10  # a query that hangs (a dead server) fails instead of waiting
RETRYABLE_MYSQL_ERRORS = {1205, 1213}  # lock wait timeout, deadlock: the server rolled back
RETRIES = 3
TRANSIENT = (
    OperationalError,
    InterfaceError,
    InternalError,
    MaxConnectionsExceeded,
    ConnectionError,
    TimeoutError,
)
# What is left of a driver's DatabaseError is the storage itself failing ("database disk
# image is malformed", "file is not a database"): unavailable too. Integrity, programming and
# data errors are bugs and propagate as they are.
BUGS = (IntegrityError, ProgrammingError, DataError, NotSupportedError)


class _SqliteFile:
    """The database file as the server opened it: its path and (device, inode)."""

    path: Path | None = None
    identity: tuple[int, int] | None = None
    problem: str | None = None  # what the last check found wrong (None: all well)
    mysql_checked: float = 0.0


_file = _SqliteFile()
HEALTH_CACHE_SECONDS = 5.0  # /healthz asks MySQL at most this often


def connect(url: str) -> Database:
    """Open the database named by `url` and bind the proxy to it.

    `sqlite:///relative/path.db` is relative to the working directory (`sqlite:////abs.db`
    is absolute; the folder is created); `mysql://user:pass@host:3306/db` (or `mysql+pool`)
    needs an existing database. Query-string parameters go to peewee (e.g. max_connections).
    """
    scheme = url.split("://", 1)[0] if "://" in url else ""
    _file.path, _file.identity, _file.problem, _file.mysql_checked = None, None, None, 0.0
    if scheme in {"sqlite", "sqlite+pool"}:
        db = _sqlite(url)
    elif scheme in {"mysql", "mysql+pool"}:
        db = _mysql(url)
    else:
        raise ValueError(f"unsupported database URL {url!r}: use sqlite:/// or mysql://")
    _make_state_greenlet_local(db)
    old = database.obj
    database.initialize(db)
    if old is not None and old is not db:
        _close_all(old)
    return db


def _sqlite(url: str) -> Database:
    rest = url.split("://", 1)[1]
    path = urlsplit(url).path[1:] if rest.startswith("/") else ""
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        _file.path = Path(path).resolve()
    rest, synchronous = _take_query(rest, "synchronous", SQLITE_SYNCHRONOUS)
    if synchronous not in {"normal", "full"}:
        raise ValueError(f"synchronous={synchronous!r} in {url!r}: use normal or full")
    pooled = "sqlite+pool://" + rest
    db: Database = db_url.connect(
        pooled,
        pragmas={
            "journal_mode": "wal",
            "busy_timeout": SQLITE_BUSY_TIMEOUT_MS,
            "foreign_keys": 1,
            "synchronous": synchronous,
            "mmap_size": 0,  # read with read(): a file gone bad is an error, not a SIGBUS
        },
        timeout=POOL_WAIT_SECONDS,
        max_connections=POOL_MAX_CONNECTIONS,
        check_same_thread=False,  # the pool may hand a connection to another thread later
    )
    return db


def _take_query(rest: str, name: str, default: str) -> tuple[str, str]:
    """Remove `name=value` from a URL's query string: (the URL without it, the value)."""
    path, _, query = rest.partition("?")
    kept, value = [], default
    for part in query.split("&") if query else []:
        key, _, v = part.partition("=")
        if key == name:
            value = unquote(v).lower()
        else:
            kept.append(part)
    return path + ("?" + "&".join(kept) if kept else ""), value


def _mysql(url: str) -> Database:
    pooled = "mysql+pool://" + url.split("://", 1)[1]
    params = db_url.parse(pooled, unquote_password=True)
    if not params.get("database"):
        raise ValueError(f"{url!r} names no database: mysql://user:pass@host:3306/dbname")
    if "user" in params:
        params["user"] = unquote(params["user"])
    defaults = {
        "max_connections": POOL_MAX_CONNECTIONS,
        "stale_timeout": MYSQL_STALE_SECONDS,
        "timeout": POOL_WAIT_SECONDS,
        "charset": "utf8mb4",
        "connect_timeout": MYSQL_IO_TIMEOUT_SECONDS,
        "read_timeout": MYSQL_IO_TIMEOUT_SECONDS,
        "write_timeout": MYSQL_IO_TIMEOUT_SECONDS,
        "field_types": {"DATETIME": "DATETIME(6)"},  # keep sub-second guess times
    }
    db: Database = db_url.schemes["mysql+pool"](**{**defaults, **params})
    return db


def _make_state_greenlet_local(db: Database) -> None:
    """Give `db` per-greenlet connection state even if peewee was imported before gevent's
    monkey-patching (peewee's thread-local class is built at import time)."""
    state: Any = getattr(db, "_state", None)  # peewee's private connection state
    if not db.thread_safe or isinstance(state, threading.local):
        return
    state_cls = type("_GreenletConnectionLocal", (peewee._ConnectionState, threading.local), {})
    db._state = state_cls()  # type: ignore[attr-defined]  # private, not in the stubs


def _close_all(db: Database) -> None:
    try:
        if hasattr(db, "close_all"):
            db.close_all()
        elif not db.is_closed():
            db.close()
    except peewee.PeeweeException:
        pass


def connections_in_use() -> int:
    """Pooled connections checked out right now (a leak shows here at a quiet moment)."""
    return len(getattr(database.obj, "_in_use", ()))


def is_mysql() -> bool:
    return isinstance(database.obj, peewee.MySQLDatabase)


def is_sqlite() -> bool:
    return isinstance(database.obj, peewee.SqliteDatabase)


# --- transactions -------------------------------------------------------------------------


def store_call(fn: Callable[P, R]) -> Callable[P, R]:
    """One store call: run it again if MySQL chose it as a deadlock victim (the whole
    transaction was rolled back, so running it again is safe), and report an unreachable or
    busy database as `Unavailable`."""

    @functools.wraps(fn)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(RETRIES + 1):
            try:
                return fn(*args, **kwargs)
            except OperationalError as exc:
                code = exc.args[0] if exc.args else None
                retry = code in RETRYABLE_MYSQL_ERRORS and attempt < RETRIES
                if not retry or database.in_transaction():  # nested in a caller's transaction
                    raise Unavailable(f"{fn.__name__}: {exc}") from exc
                log.info("retrying %s after MySQL error %s", fn.__name__, code)
                time.sleep(0.01 * (attempt + 1))  # cooperative under gevent
            except TRANSIENT as exc:
                raise Unavailable(f"{fn.__name__}: {exc!r}") from exc
            except DatabaseError as exc:
                if isinstance(exc, BUGS):
                    raise
                raise Unavailable(f"{fn.__name__}: storage failed: {exc!r}") from exc
        raise AssertionError("unreachable")

    return call


def file_problem() -> str | None:
    """What is wrong with the SQLite file under the server's feet, or None (also for MySQL)."""
    path = _file.path
    if path is None or not is_sqlite():
        return None
    try:
        seen = os.stat(path)
    except FileNotFoundError:
        return f"the database file {path} is gone"
    except OSError as exc:
        return f"the database file {path} cannot be read: {exc.strerror}"
    if _file.identity is None:
        _file.identity = (seen.st_dev, seen.st_ino)
    elif (seen.st_dev, seen.st_ino) != _file.identity:
        return f"the database file {path} was replaced by another file"
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        return f"the database file {path} or its folder is not writable"
    return None


def _note(problem: str | None) -> None:
    """Log a change of health once: the first failure loudly, then the recovery."""
    if problem == _file.problem:
        return
    if problem is not None:
        log.error("DATABASE UNUSABLE: %s; no new tournament starts, results wait in the "
                  "journal until it is back", problem)  # fmt: skip
    else:
        log.warning("the database file is usable again: %s", _file.path)
        _close_all(database.obj)  # connections still point at the old file
    _file.problem = problem


def health() -> str | None:
    """What keeps the database from being used, or None: the SQLite file checked now, MySQL
    asked with SELECT 1 at most every HEALTH_CACHE_SECONDS."""
    if is_mysql():
        now = time.monotonic()
        if now - _file.mysql_checked >= HEALTH_CACHE_SECONDS or _file.problem:
            _file.mysql_checked = now
            try:
                with database.connection_context():
                    database.execute_sql("SELECT 1")
                problem = None
            except (DatabaseError, *TRANSIENT) as exc:
                problem = f"MySQL does not answer: {exc!r}"
            _note(problem)
        return _file.problem
    problem = file_problem()
    _note(problem)
    return problem


def check_writable() -> None:
    """At start: refuse a database the server cannot write (SQLite opens a read-only file
    without a word and fails at the first result)."""
    problem = file_problem()
    if problem is None and is_sqlite():
        try:  # a write statement that changes nothing: SQLite refuses it on a read-only file
            with database.connection_context(), database.atomic(lock_type="IMMEDIATE"):
                database.execute_sql("DELETE FROM schema_migration WHERE 0 = 1")
        except DatabaseError as exc:
            problem = f"the database cannot be written: {exc}"
    if problem is not None:
        raise Unavailable(problem)


# The writes of this process take turns (a gevent lock once the server has patched threading):
# a greenlet waits for its turn cooperatively instead of in SQLite's busy handler, which
# sleeps with the whole hub. The writer thread (writer_thread.py) writes in the turn its
# calling greenlet holds, so the hub's own writes can neither starve it nor block on it.
_turn = threading.RLock()
_thread_of = threading.local()  # .writer is True on the writer thread


@contextmanager
def write_turn() -> Iterator[None]:
    """Hold this process's turn to write SQLite (already held on the writer thread; MySQL
    takes its own row locks, and its writes wait cooperatively anyway)."""
    if getattr(_thread_of, "writer", False) or not is_sqlite():
        yield
        return
    with _turn:
        yield


def mark_writer_thread() -> None:
    """Called on the writer thread: its writes run in the turn of the greenlet that asked."""
    _thread_of.writer = True


@contextmanager
def write() -> Iterator[None]:
    """A connection of this greenlet's own, one transaction, in this process's turn. SQLite
    takes the write lock at BEGIN (IMMEDIATE), so the busy timeout applies there and never
    half-way through; a file gone or replaced is refused before anything is written into the
    lost one."""
    problem = file_problem()
    _note(problem)
    if problem is not None:
        raise Unavailable(problem)
    with write_turn(), database.connection_context():
        txn = database.atomic(lock_type="IMMEDIATE") if is_sqlite() else database.atomic()
        with txn:
            yield


@contextmanager
def read() -> Iterator[None]:
    """A consistent snapshot for multi-query reads, without SQLite's write lock."""
    with database.connection_context():
        txn = database.atomic(lock_type="DEFERRED") if is_sqlite() else database.atomic()
        with txn:
            yield
