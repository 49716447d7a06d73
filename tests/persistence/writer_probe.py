"""Worker for test_writer_thread: the writer thread in a monkey-patched process, as in the
server, on a SQLite file.

    python -m tests.persistence.writer_probe DATABASE_URL

A ticker greenlet notes the longest gap between its ticks (every 5 ms) while each case runs;
prints one JSON line with each case's figures.
"""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import gevent  # noqa: E402

from models.store import migrations  # noqa: E402
from models.store.connection import write  # noqa: E402
from models.store.errors import Unavailable  # noqa: E402
from models.store.sql import SqlStore, connect  # noqa: E402
from models.store.tables import database  # noqa: E402
from models.store.writer_thread import WriterThread  # noqa: E402

native_sleep = monkey.get_original("time", "sleep")
native_ident = monkey.get_original("_thread", "get_ident")
store = SqlStore()
HOLD = 0.3  # seconds a native call holds its thread (and, inside a transaction, the lock)


class Ticker:
    def __init__(self) -> None:
        self.gap = 0.0
        self.last = time.perf_counter()
        self.job = gevent.spawn(self._run)

    def _run(self) -> None:
        while True:
            gevent.sleep(0.005)
            now = time.perf_counter()
            self.gap = max(self.gap, now - self.last)
            self.last = now

    def measure(self, job) -> tuple[float, object]:
        gevent.sleep(0.02)
        self.gap, self.last = 0.0, time.perf_counter()
        value = job()
        gevent.sleep(0.02)
        return self.gap, value


def blocking_write(player_id: int, nickname: str) -> int:
    """A transaction that holds SQLite's write lock for HOLD seconds of native blocking (a
    slow sync), then renames: returns the OS thread it ran on."""
    with write():
        database.execute_sql("UPDATE player SET nickname = ? WHERE id = ?", (nickname, player_id))
        native_sleep(HOLD)
    return native_ident()


def fail() -> None:
    raise Unavailable("the database went away")


def main(url: str) -> dict:
    connect(url)
    migrations.create_tables()
    a, _ = store.create_player("Alpha")
    b, _ = store.create_player("Bravo")
    writer = WriterThread()
    ticker = Ticker()
    out: dict = {"hub_thread": native_ident()}

    # the same slow transaction on the hub, then on the writer thread
    out["hub_gap"], _ = ticker.measure(lambda: blocking_write(a.id, "OnHub"))
    out["thread_gap"], out["thread"] = ticker.measure(lambda: writer(blocking_write, a.id, "Off"))

    # a hub write asked while the thread holds the lock: it waits for its turn, cooperatively
    order: list[str] = []

    def thread_side() -> None:
        writer(blocking_write, b.id, "ThreadFirst")
        order.append("thread")

    def hub_side() -> None:
        gevent.sleep(0.05)  # the thread is inside its transaction by now
        store.set_nickname(b.id, "HubSecond")
        order.append("hub")

    def both() -> None:
        gevent.joinall([gevent.spawn(thread_side), gevent.spawn(hub_side)], raise_error=True)

    out["turn_gap"], _ = ticker.measure(both)
    out["order"] = order
    out["names"] = [store.get_player(a.id).nickname, store.get_player(b.id).nickname]

    try:
        writer(fail)
        out["raised"] = None
    except Unavailable as exc:
        out["raised"] = str(exc)
    out["closed"] = writer.close(2.0)
    out["after_close_thread"] = writer(native_ident)  # a straggler runs on its caller
    ticker.job.kill()
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
