"""With SQLite every write runs on one writer thread (models/store/writer_thread.py): off the
hub, in order, on a connection of its own with the usual pragmas, and failing in the caller
exactly as the store failed."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import gevent
import pytest

from models import store
from models.store import Unavailable
from models.store.writer_thread import ThreadedStore, writes_off_hub

ROOT = Path(__file__).resolve().parents[2]


def test_sqlite_writes_leave_the_hub_which_keeps_running(tmp_path):
    """Under the server's monkey-patching, on a real file: a placement held open inside its
    transaction on the writer thread while hub greenlets go on (and read), then committed."""
    out = subprocess.run(
        [sys.executable, "-m", "tests.persistence.writer_probe", f"sqlite:///{tmp_path}/w.db"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    held = got["held"]
    assert held["thread"] != got["hub_thread"]
    assert held["connection"] != held["hub_connection"]  # its own, not a hub greenlet's
    assert held["pragmas"] == got["hub_pragmas"]
    assert got["hub_pragmas"]["journal_mode"] == "wal" and got["hub_pragmas"]["synchronous"] == 2
    assert got["hub_pragmas"]["foreign_keys"] == 1
    assert held["ticks_while_held"] == 20 and not held["write_done_before_release"]
    # a sign-in and a due last_seen refresh wait their turn (no second writer on the hub)
    assert not held["queued_done_before_release"]
    assert held["signed_in"] == 10 and held["looked_up"] == held["token_player"] == 9
    assert held["still_due"] is False  # the refresh was written
    assert held["rating_read_while_held"] == 1000  # WAL: the hub reads the last commit
    assert held["result"] is True and held["rating_after"] == 990
    assert got["missing"] == "models.store.errors.NotFound"
    assert got["locked"] == "models.store.errors.Unavailable"
    assert got["after_lock"] is True
    assert got["connections_in_use"] == 0 and got["closed"] is True


class Probe:
    """A stand-in store that notes which thread ran each write, and can fail."""

    def __init__(self) -> None:
        self.done: list[tuple[int, int]] = []
        self.fail_with: Exception | None = None

    def finish_tournament(self, tournament_id: int, status: str = "finished") -> None:
        if self.fail_with is not None:
            raise self.fail_with
        self.done.append((tournament_id, threading.get_ident()))

    def issue_bot_token(self, player_id: int) -> str:
        return f"token-{player_id}"

    def player_by_token(self, token: object, refresh: bool = True) -> tuple[str, bool, int]:
        return (str(token), refresh, threading.get_ident())

    def last_seen_due(self, info: tuple[str, bool, int]) -> bool:
        return info[0] == "due"

    def leaderboard(self) -> str:
        return "read on the caller"


def test_writes_run_in_the_order_asked_on_one_thread():
    probe = Probe()
    writes = ThreadedStore(probe)
    order: list[int] = []

    def writer(first: int) -> None:
        for i in range(first, first + 30, 3):
            order.append(i)
            writes.finish_tournament(i)

    gevent.joinall([gevent.spawn(writer, k) for k in range(3)], raise_error=True)
    assert [tid for tid, _ in probe.done] == order  # as asked, across greenlets
    assert sorted(order) == list(range(30))
    threads = {ident for _, ident in probe.done}
    assert len(threads) == 1 and threading.get_ident() not in threads
    assert writes.issue_bot_token(7) == "token-7"
    assert writes.close(5)


@pytest.mark.parametrize("error", [Unavailable("down"), ValueError("refused"), LookupError()])
def test_the_store_errors_reach_the_caller_as_raised(error):
    probe = Probe()
    probe.fail_with = error
    writes = ThreadedStore(probe)
    with pytest.raises(type(error)) as caught:
        gevent.spawn(writes.finish_tournament, 1).get()
    assert caught.value is error
    probe.fail_with = None
    writes.finish_tournament(2)  # the thread survives a failed write
    assert [tid for tid, _ in probe.done] == [2]
    writes.close(5)


def test_mysql_writes_stay_on_the_hub(tmp_path):
    store.connect("mysql://root@db.example:3306/wordle")  # not connected: pooled on first use
    try:
        assert writes_off_hub(store) is store
    finally:
        store.connect(f"sqlite:///{tmp_path}/x.db")
    writes = writes_off_hub(store)
    assert isinstance(writes, ThreadedStore)
    writes.close(5)


def test_a_write_after_the_stop_still_happens_on_the_caller():
    probe = Probe()
    writes = ThreadedStore(probe)
    writes.finish_tournament(1)
    assert writes.close(5)
    writes.finish_tournament(2)  # a straggler: written, on the hub as before
    assert [tid for tid, _ in probe.done] == [1, 2]
    assert probe.done[0][1] != threading.get_ident() == probe.done[1][1]


def test_token_lookups_read_on_the_hub_and_refresh_on_the_writer():
    writes = ThreadedStore(Probe())
    hub = threading.get_ident()
    assert writes.player_by_token("fresh") == ("fresh", False, hub)
    token, refresh, thread = writes.player_by_token("due")
    assert refresh is True and thread != hub
    assert writes.leaderboard() == "read on the caller"  # anything else: the store's own
    writes.close(5)
