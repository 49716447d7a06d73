"""Worker for test_writer_thread: the store's writes through the writer thread, monkey-patched
first as the server is, on a real SQLite file.

    python -m tests.persistence.writer_probe DATABASE_URL

Prints one JSON line: where the writes ran, the writer's connection and pragmas, how far a hub
greenlet got while a write was held open inside its transaction (and what a sign-in and a
token lookup did meanwhile), and what a locked database and a missing tournament raised in
the caller.
"""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import sqlite3  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

import gevent  # noqa: E402

from models import store  # noqa: E402
from models.store import connection, migrations, tables, tournaments  # noqa: E402
from models.store.writer_thread import ThreadedStore, writes_off_hub  # noqa: E402

NativeEvent = monkey.get_original("threading", "Event")
PRAGMAS = ("journal_mode", "busy_timeout", "synchronous", "foreign_keys", "mmap_size")


def pragmas() -> dict:
    db = tables.database
    return {p: db.execute_sql(f"PRAGMA {p}").fetchone()[0] for p in PRAGMAS}


def main(url: str) -> dict:
    connection.SQLITE_BUSY_TIMEOUT_MS = 200  # a locked database is reported quickly
    store.connect(url)
    migrations.create_tables()
    writes = writes_off_hub(store)
    assert isinstance(writes, ThreadedStore)
    players = [store.create_player()[0].id for _ in range(8)]
    _, token = store.create_player()
    with tables.database.connection_context():  # this token's last_seen is due for a refresh
        stale = tables.utcnow() - store.players.LAST_SEEN_EVERY * 2
        tables.Player.update(last_seen=stale).where(
            tables.Player.token_hash.is_null(False)
        ).execute()
    tid, _ = writes.start_tournament("en", players)
    out: dict = {"hub_thread": threading.get_ident(), "hub_pragmas": {}}
    with tables.database.connection_context():
        out["hub_pragmas"] = pragmas()

    # 1. a placement held open inside its transaction on the writer thread
    release, entered = NativeEvent(), NativeEvent()
    seen: dict = {}
    real_credit = tournaments._credit_player

    def held_credit(pid: int, change: int) -> None:
        seen["thread"] = threading.get_ident()
        seen["connection"] = id(tables.database.connection())
        seen["pragmas"] = pragmas()
        entered.set()
        release.wait(10)
        real_credit(pid, change)

    tournaments._credit_player = held_credit
    ticks = [0]
    during: dict = {}

    def hub_work() -> None:
        while not entered.is_set():
            gevent.sleep(0.001)
        signing_in = gevent.spawn(writes.create_player)  # queued behind the held write
        looking_up = gevent.spawn(writes.player_by_token, token)  # its refresh, too
        for _ in range(20):  # the hub runs greenlets while the write is still open
            ticks[0] += 1
            gevent.sleep(0.001)
        with tables.database.connection_context():
            during["connection"] = id(tables.database.connection())
            during["rating"] = store.get_players([players[0]])[players[0]].rating
        during["write_done"] = placed.ready()
        during["queued_done"] = signing_in.ready() or looking_up.ready()
        release.set()
        gevent.joinall([signing_in, looking_up], raise_error=True)
        during["signed_in"] = signing_in.value[0].id
        during["looked_up"] = looking_up.value.id

    placed = gevent.spawn(writes.apply_placement, tid, players[0], 8, 1, False, -10)
    worker = gevent.spawn(hub_work)
    gevent.joinall([placed, worker], raise_error=True)
    tournaments._credit_player = real_credit
    out["held"] = {
        **seen,
        "ticks_while_held": ticks[0],
        "hub_connection": during["connection"],
        "rating_read_while_held": during["rating"],
        "write_done_before_release": during["write_done"],
        "queued_done_before_release": during["queued_done"],
        "signed_in": during["signed_in"],
        "looked_up": during["looked_up"],
        "token_player": store.player_by_token(token).id,
        "still_due": store.last_seen_due(store.player_by_token(token, refresh=False)),
        "result": placed.value,
        "rating_after": store.get_players([players[0]])[players[0]].rating,
    }

    # 2. errors reach the caller as the store raised them
    try:
        writes.apply_placement(tid + 100, players[1], 7, 1, False, -5)
    except Exception as exc:
        out["missing"] = type(exc).__module__ + "." + type(exc).__qualname__
    locker = sqlite3.connect(urlsplit(url).path[1:], isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")  # another process holding SQLite's write lock
    try:
        writes.apply_placement(tid, players[1], 7, 1, False, -5)
    except Exception as exc:
        out["locked"] = type(exc).__module__ + "." + type(exc).__qualname__
    locker.rollback()
    locker.close()
    out["after_lock"] = writes.apply_placement(tid, players[1], 7, 1, False, -5)
    out["connections_in_use"] = connection.connections_in_use()
    out["closed"] = writes.close(5)
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
