"""The recorder's writer thread (models/store/writer_thread.py), in a monkey-patched process
on a SQLite file as in the server: a slow synced commit there does not stop the event loop,
a write of the hub asked meanwhile waits for its turn without stopping it either, and the
store's errors reach the caller."""

from __future__ import annotations

from tests.persistence.workers import run_worker

HOLD = 0.3  # the probe's slow transaction (writer_probe.HOLD)


def test_slow_writes_on_the_thread_leave_the_event_loop_running(tmp_path):
    seen = run_worker("tests.persistence.writer_probe", f"sqlite:///{tmp_path}/w.db")
    # on the hub the slow transaction stops every greenlet for its whole length...
    assert seen["hub_gap"] >= HOLD * 0.9
    # ...on the writer thread (another OS thread) the other greenlets keep their 5 ms pace
    assert seen["thread"] != seen["hub_thread"]
    assert seen["thread_gap"] < HOLD / 3
    # a hub write asked while the thread holds SQLite's lock waits its turn cooperatively
    # (not in SQLite's busy handler, which would sleep with the whole hub), then is written
    assert seen["turn_gap"] < HOLD / 3
    assert seen["order"] == ["thread", "hub"]
    assert seen["names"] == ["Off", "HubSecond"]
    # the store's errors are raised in the caller; after the stop, a straggler runs there
    assert seen["raised"] == "the database went away"
    assert seen["closed"] is True
    assert seen["after_close_thread"] == seen["hub_thread"]
