"""The Peewee tables and the database connection (the only module that defines tables).

One URL picks the database (`sqlite:///data/wordle.db`, `mysql://user:pass@host:3306/db`);
`connect()` builds it with peewee's URL support and binds the module's `DatabaseProxy`.

Both backends use peewee's connection pool, whose connections belong to one thread at a time;
under gevent's monkey-patching peewee's thread-locals are greenlet-locals, so two greenlets
never share a connection, let alone a transaction. Callers (models/store.py) hold a connection
only for one short transaction and hand it back to the pool.

SQLite runs in WAL mode with a busy timeout; the store's write transactions take the write lock
at BEGIN (IMMEDIATE), so a transaction never fails half-way on a lock upgrade. SQLite
calls block the gevent hub while they run: keep transactions short and never yield inside one.
MySQL/MariaDB goes through PyMySQL, which is pure Python and so cooperative under gevent.
"""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

import peewee
from peewee import (
    AutoField,
    BooleanField,
    CharField,
    Database,
    DatabaseProxy,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
    Model,
    SmallIntegerField,
)
from playhouse import db_url

database = DatabaseProxy()

SQLITE_BUSY_TIMEOUT_MS = 5000
# WAL mode with synchronous=NORMAL syncs at checkpoints, not at every commit: a power cut can
# lose the last commits (never corrupt the file; a crash of the server loses nothing), and the
# commits the game makes on the event loop stop waiting for the disk. `?synchronous=full` in
# the URL syncs every commit.
SQLITE_SYNCHRONOUS = "normal"
POOL_MAX_CONNECTIONS = 32
POOL_WAIT_SECONDS = 10  # a greenlet waits this long for a free pooled connection
MYSQL_STALE_SECONDS = 300  # recycle idle MySQL connections before the server drops them

STATUS_RUNNING = "running"
STATUS_FINISHED = "finished"
STATUS_ABORTED = "aborted"


def utcnow() -> dt.datetime:
    """Naive UTC, as stored: every datetime column holds UTC."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def from_unix(seconds: float) -> dt.datetime:
    """Unix seconds (the game's clock) to the stored naive-UTC datetime."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).replace(tzinfo=None)


class BaseModel(Model):
    class Meta:
        database = database
        legacy_table_names = False


class Player(BaseModel):
    id = AutoField()
    nickname = CharField(max_length=64)
    rating = IntegerField(default=1000)
    placements = IntegerField(default=0)  # fixed placements so far (the leaderboard's filter)
    created_at = DateTimeField(default=utcnow)
    last_seen = DateTimeField(default=utcnow)
    token_hash = CharField(max_length=64, unique=True)  # sha256 hex of the secret token
    is_bot = BooleanField(default=False)
    bot_level = CharField(max_length=16, null=True)

    class Meta:
        table_name = "player"
        indexes = ((("rating",), False),)


class Tournament(BaseModel):
    id = AutoField()
    language = CharField(max_length=16)
    status = CharField(max_length=16, default=STATUS_RUNNING, index=True)
    started_at = DateTimeField(default=utcnow)
    ended_at = DateTimeField(null=True)

    class Meta:
        table_name = "tournament"


class Entry(BaseModel):
    """A player's seat in a tournament; place and rating_after are set by one placement."""

    id = AutoField()
    tournament = ForeignKeyField(Tournament, on_delete="CASCADE", index=False)
    player = ForeignKeyField(Player, on_delete="CASCADE", index=False)
    seat = SmallIntegerField()
    rating_before = IntegerField()
    rating_after = IntegerField(null=True)
    place = SmallIntegerField(null=True)
    elimination_round = SmallIntegerField(null=True)
    left = BooleanField(default=False, column_name="left_game")  # left or lost the connection
    placed_at = DateTimeField(null=True)

    class Meta:
        table_name = "entry"
        indexes = (
            (("tournament", "player"), True),
            (("tournament", "seat"), True),
            (("player", "placed_at"), False),  # a player's rating history and recent games
        )


class DuelRecord(BaseModel):
    id = AutoField()
    tournament = ForeignKeyField(Tournament, on_delete="CASCADE", index=False)
    round = SmallIntegerField()
    player_a = ForeignKeyField(Player, on_delete="CASCADE")
    player_b = ForeignKeyField(Player, on_delete="CASCADE")
    secret = CharField(max_length=64)
    length = SmallIntegerField()
    starter = ForeignKeyField(Player, on_delete="CASCADE")
    result = CharField(max_length=16)
    winner = ForeignKeyField(Player, null=True, on_delete="CASCADE")
    started_at = DateTimeField()
    ended_at = DateTimeField()

    class Meta:
        table_name = "duel"
        indexes = ((("tournament", "round"), False),)


class GuessRecord(BaseModel):
    """One played row of a duel: a scored word, or a skip (word and marks NULL)."""

    id = AutoField()
    duel = ForeignKeyField(DuelRecord, on_delete="CASCADE", index=False)
    idx = SmallIntegerField()  # 0-based order within the duel
    player = ForeignKeyField(Player, on_delete="CASCADE")
    word = CharField(max_length=64, null=True)
    marks = CharField(max_length=32, null=True)
    at = DateTimeField()

    class Meta:
        table_name = "guess"
        indexes = ((("duel", "idx"), True),)


class SchemaMigration(BaseModel):
    """One row per applied migration version, so each runs once (see models/db_migrations.py)."""

    version = IntegerField(primary_key=True)
    name = CharField(max_length=200)
    applied_at = DateTimeField(default=utcnow)

    class Meta:
        table_name = "schema_migration"


TABLES: list[type[Model]] = [Player, Tournament, Entry, DuelRecord, GuessRecord, SchemaMigration]


# --- connection ---------------------------------------------------------------------------


def connect(url: str) -> Database:
    """Open the database named by `url` and bind the proxy to it.

    `sqlite:///relative/path.db` is relative to the working directory (`sqlite:////abs.db`
    is absolute; the folder is created); `mysql://user:pass@host:3306/db` (or `mysql+pool`)
    needs an existing database. Query-string parameters go to peewee (e.g. max_connections).
    """
    scheme = url.split("://", 1)[0] if "://" in url else ""
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
    rest, synchronous = _take_query(rest, "synchronous", SQLITE_SYNCHRONOUS)
    if synchronous not in {"normal", "full"}:
        raise ValueError(f"synchronous={synchronous!r} in {url!r}: use normal or full")
    pooled = "sqlite+pool://" + rest
    return db_url.connect(
        pooled,
        pragmas={
            "journal_mode": "wal",
            "busy_timeout": SQLITE_BUSY_TIMEOUT_MS,
            "foreign_keys": 1,
            "synchronous": synchronous,
        },
        timeout=POOL_WAIT_SECONDS,
        max_connections=POOL_MAX_CONNECTIONS,
        check_same_thread=False,  # the pool may hand a connection to another thread later
    )


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
        "connect_timeout": 10,
        "field_types": {"DATETIME": "DATETIME(6)"},  # keep sub-second guess times
    }
    return db_url.schemes["mysql+pool"](**{**defaults, **params})


def _make_state_greenlet_local(db: Database) -> None:
    """Give `db` per-greenlet connection state even if peewee was imported before gevent's
    monkey-patching (peewee's thread-local class is built at import time)."""
    if not db.thread_safe or isinstance(db._state, threading.local):
        return
    state_cls = type("_GreenletConnectionLocal", (peewee._ConnectionState, threading.local), {})
    db._state = state_cls()


def _close_all(db: Database) -> None:
    try:
        if hasattr(db, "close_all"):
            db.close_all()
        elif not db.is_closed():
            db.close()
    except peewee.PeeweeException:
        pass


def is_mysql() -> bool:
    return isinstance(database.obj, peewee.MySQLDatabase)


def is_sqlite() -> bool:
    return isinstance(database.obj, peewee.SqliteDatabase)


def create_tables() -> None:
    """Create the missing tables. On a new database, every known migration is recorded as
    applied (the models already include them), so scripts/migrate.py starts from there."""
    from models import db_migrations as migrations  # it imports this module

    if database.obj is None:
        raise RuntimeError("models.db.connect(url) must be called first")
    with database.connection_context():
        fresh = not database.table_exists(Player._meta.table_name)
        had_history = database.table_exists(SchemaMigration._meta.table_name)
        for model in TABLES:
            model._meta.table_settings = _table_settings()
        database.create_tables(TABLES, safe=True)
        if fresh or not had_history:
            migrations.record_baseline(include_all=fresh)


def _table_settings() -> list[str]:
    if is_mysql():
        return ["ENGINE=InnoDB", "DEFAULT CHARSET=utf8mb4", "COLLATE=utf8mb4_unicode_ci"]
    return []
