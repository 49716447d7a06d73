"""web/ws.py's QuietTimer: one re-armed loop timer per connection tells a quiet client from a
talking one (the route then pings or closes, see keep_alive)."""

from __future__ import annotations

import gevent
import pytest
from gevent.event import Event

from web.transport import QuietTimer


class FakeWs:
    """Just simple-websocket's blocking `receive()`: frames arrive through `deliver`."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.event = Event()

    def deliver(self, frame: str) -> None:
        self.frames.append(frame)
        self.event.set()

    def receive(self) -> str:
        while not self.frames:
            self.event.wait()
            self.event.clear()
        return self.frames.pop(0)


def read_all(ws: FakeWs, seconds: float, count: int) -> list[str | None]:
    quiet = QuietTimer(seconds)
    try:
        return [quiet.receive(ws) for _ in range(count)]
    finally:
        quiet.close()


@pytest.mark.slow
def test_frames_more_often_than_the_interval_never_count_as_quiet():
    """Each frame re-arms the interval: 30 frames 0.05 s apart span longer than the 1 s
    interval and none of them is taken for silence; then silence is reported as None."""
    ws = FakeWs()
    reader = gevent.spawn(read_all, ws, 1.0, 31)
    for n in range(30):
        gevent.sleep(0.05)
        ws.deliver(f"f{n}")
    got = reader.get(timeout=10)
    assert got == [f"f{n}" for n in range(30)] + [None]


def test_silence_is_reported_once_per_interval_and_a_late_frame_still_arrives():
    ws = FakeWs()

    def until_a_frame() -> list[str | None]:
        quiet = QuietTimer(0.05)
        try:
            got = [quiet.receive(ws)]
            while got[-1] is None:
                got.append(quiet.receive(ws))
            return got
        finally:
            quiet.close()

    reader = gevent.spawn(until_a_frame)
    gevent.sleep(0.3)  # several quiet intervals
    ws.deliver("late")
    got = reader.get(timeout=10)
    assert got[-1] == "late" and len(got) >= 3 and set(got[:-1]) == {None}
