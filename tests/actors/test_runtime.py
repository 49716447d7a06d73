"""The actor runtime: tell/ask, timers as messages, failures reported, pending asks failed."""

from dataclasses import dataclass
from typing import assert_never

import gevent
import pytest

from actors.clock import ManualClock
from actors.runtime import STOP, Actor, ActorDead, ChildFailed, Reply, settle


@dataclass(frozen=True)
class Add:
    n: int


@dataclass(frozen=True)
class Total(Reply[int]):
    pass


@dataclass(frozen=True)
class Boom:
    pass


class Counter(Actor[Add | Total | Boom]):
    def __init__(self, clock=None, supervisor=None):
        super().__init__(clock, supervisor)
        self.total = 0

    def receive(self, message: Add | Total | Boom) -> int | None:
        match message:
            case Add(n):
                self.total += n
            case Total():
                return self.total
            case Boom():
                raise RuntimeError("boom")
            case _:
                assert_never(message)
        return None


class Recorder(Actor[ChildFailed]):
    resilient = True

    def __init__(self):
        super().__init__()
        self.seen = []

    def receive(self, message: ChildFailed) -> None:
        self.seen.append(message)


def test_messages_are_handled_in_order_and_asks_answer():
    c = Counter().start()
    for n in range(1, 5):
        c.tell(Add(n))
    assert c.ask(Total()) == 10


def test_timers_are_messages_on_the_clock():
    clock = ManualClock()
    actor = Counter(clock)
    ref = actor.start()
    actor.after(5.0, Add(7))
    clock.advance(4.9, settle)
    assert ref.ask(Total()) == 0
    clock.advance(0.1, settle)
    assert ref.ask(Total()) == 7


def test_a_crash_is_reported_to_the_supervisor_and_pending_asks_fail():
    sup = Recorder()
    sup_ref = sup.start()
    c = Counter(supervisor=sup_ref).start()
    c.tell(Boom())
    waiting = gevent.spawn(c.ask, Total())
    settle()
    assert not c.alive
    with pytest.raises(ActorDead):
        waiting.get()
    with pytest.raises(ActorDead):
        c.ask(Total())
    c.tell(Add(1))  # telling a dead actor is a no-op
    assert [type(f.error) for f in sup.seen] == [RuntimeError]
    assert "boom" in sup.seen[0].traceback


def test_an_ask_gets_the_handlers_exception_and_a_resilient_actor_lives_on():
    class Sturdy(Counter):
        resilient = True

    s = Sturdy().start()
    with pytest.raises(RuntimeError):
        s.ask(Boom())
    s.tell(Boom())
    s.tell(Add(2))
    assert s.ask(Total()) == 2 and s.alive


def test_stop_handles_what_was_queued_first():
    actor = Counter()
    c = actor.start()
    c.tell(Add(1))
    c.tell(STOP)
    c.tell(Add(10))  # after the stop: never handled
    settle()
    assert not c.alive and actor.total == 1


def test_a_crashed_connection_closes_its_socket():
    """The client then reconnects at once rather than waiting on a socket nobody writes to."""
    from actors.runtime import Crash, settle
    from tests.actors.harness import Harness

    h = Harness()
    client = h.connect()
    client.conn.tell(Crash())
    settle()
    assert client.socket.closed and not client.conn.alive


def test_an_idle_actor_wakes_for_each_burst_of_messages():
    """The mailbox parks an empty actor in the hub; tells from other greenlets wake it once
    per burst, and everything told is handled, in order."""
    actor = Counter()
    c = actor.start()
    settle()  # parked: its mailbox is empty

    def burst(first: int) -> None:
        for n in range(first, first + 3):
            c.tell(Add(n))

    gevent.joinall([gevent.spawn(burst, 1), gevent.spawn(burst, 10)])
    settle()
    assert actor.total == (1 + 2 + 3) + (10 + 11 + 12)
    c.tell(Add(100))  # parked again, woken again
    assert c.ask(Total()) == 139


def test_an_actor_killed_while_idle_ends_cleanly():
    actor = Counter()
    c = actor.start()
    settle()
    actor._greenlet.kill()
    c.tell(Add(1))  # after its greenlet ended: nothing to wake, nothing raised
    settle()
    assert actor.total == 0 and actor._greenlet.dead
