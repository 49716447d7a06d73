"""A small actor runtime on gevent: one greenlet and one mailbox per actor.

The shape follows pykka: `start() -> ActorRef`, `tell` / `ask`, `on_start`, `on_stop`,
`on_failure`; timers are messages (`self.after(t, msg)`); pending asks fail when an actor dies.
`receive` is separate from the loop, so a handler can be tested without a greenlet.

Mailboxes are typed: an actor is an `Actor[Msg]` for the union `Msg` of the messages it
takes, its `receive` is a `match` over that union (exhaustive, ending in `assert_never`), and
its `ActorRef[Msg]` accepts only those messages (mypy refuses a tell of anything else). An ask
whose message subclasses `Reply[R]` is typed to return `R`.

An actor's state changes only inside its own loop. When a handler raises, the actor dies
(unless it is `resilient`, in which case the message is logged and dropped) and its
supervisor is told; nothing else in the process is affected.
"""

from __future__ import annotations

import itertools
import logging
import traceback
import weakref
from collections import deque
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, overload

import gevent
from gevent import get_hub, getcurrent
from gevent.event import AsyncResult
from greenlet import greenlet

from actors.clock import Clock, RealClock, Timer

log = logging.getLogger("wordle.actors")

_ids = itertools.count(1)
_live: weakref.WeakSet[Actor[Any]] = weakref.WeakSet()

M = TypeVar("M")  # the messages an actor takes
M_contra = TypeVar("M_contra", contravariant=True)  # a ref that takes more is a ref to fewer
R = TypeVar("R")  # what an ask answers


class ActorDead(Exception):
    """The actor is not running (stopped or crashed); an ask to it cannot be answered."""


@dataclass(frozen=True)
class Stop:
    """Stop after the messages already queued."""


class Reply(Generic[R]):
    """Base of a message that is asked: its handler answers an `R` (`ActorRef.ask` returns it)."""

    __slots__ = ()


@dataclass(frozen=True)
class _Ask:
    message: object
    result: AsyncResult


@dataclass(frozen=True)
class ChildFailed:
    """Sent to the supervisor when an actor's handler raised; `parent` is the actor that
    started it and contains the damage (None: nobody needs to know)."""

    ref: ActorRef[Any]
    parent: ActorRef[ChildFailed] | None
    error: BaseException
    traceback: str


@dataclass(frozen=True)
class Crash:
    """Tests and chaos runs: the actor fails on this message as if a handler had raised."""


class InjectedCrash(RuntimeError):
    """The failure a `Crash` message causes."""


STOP = Stop()


class Mailbox:
    """An actor's queue: a deque, and the actor's greenlet parked in the hub while it is empty.

    Why not gevent.queue.Queue: every blocking `get` of a Queue allocates a Waiter and bound
    methods that live as long as the actor stays idle, i.e. seconds. With thousands of actors
    (one per connection) those survive every young collection and were a large share of what
    the middle generation walks (docs/performance.md, "What the young collections walk"). Here an
    idle actor holds nothing per wait: the parked greenlet is remembered, and a `put` schedules
    one short-lived loop callback that switches back to it. One reader (the actor's loop),
    any number of writers, all greenlets of the hub's thread, as with the Queue it replaces.
    """

    __slots__ = ("_items", "_parked", "_waking")

    def __init__(self) -> None:
        self._items: deque[object] = deque()
        self._parked: greenlet | None = None  # the greenlet waiting in get(), if any
        self._waking = False  # a wake-up callback is scheduled

    def put(self, item: object) -> None:
        self._items.append(item)
        if self._parked is not None and not self._waking:
            self._waking = True
            get_hub().loop.run_callback(self._wake)

    def _wake(self) -> None:
        self._waking = False
        parked = self._parked
        if parked is not None and self._items:
            parked.switch()

    def get(self) -> object:
        """The next message, waiting for one (only the owning actor's greenlet calls this)."""
        items = self._items
        while not items:
            self._parked = getcurrent()
            try:
                get_hub().switch()
            finally:
                self._parked = None
        return items.popleft()

    def get_nowait(self) -> object:
        return self._items.popleft()

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)


class _Ended:
    """What an ActorRef points to once its actor's loop has ended: the actor holds its ref and
    the ref held the actor, a cycle that only a full collection frees (with the actor's
    greenlet, timers and state: ~25 objects a duel, a whole tournament a lobby). Pointing the
    ref here instead lets reference counting free the actor the moment nothing else holds it."""

    __slots__ = ()
    alive = False


_ENDED = _Ended()


class ActorRef(Generic[M_contra]):
    """The only handle others get on an actor: they can post to it, nothing else."""

    __slots__ = ("_actor", "name", "kind", "__weakref__")

    def __init__(self, actor: Actor[Any]) -> None:
        self._actor: Actor[Any] | _Ended = actor
        self.name = actor.name
        self.kind = type(actor).__name__

    def tell(self, message: M_contra | Stop | Crash) -> None:
        actor = self._actor
        if isinstance(actor, Actor) and actor.alive:
            actor._mailbox.put(message)

    @overload
    def ask(self, message: Reply[R], timeout: float = 5.0) -> R: ...

    @overload
    def ask(self, message: M_contra, timeout: float = 5.0) -> object: ...

    def ask(self, message: object, timeout: float = 5.0) -> object:
        """Send and wait for the handler's return value (or its exception)."""
        actor = self._actor
        if not isinstance(actor, Actor) or not actor.alive:
            raise ActorDead(self.name)
        result = AsyncResult()
        actor._mailbox.put(_Ask(message, result))
        return result.get(timeout=timeout)

    @property
    def alive(self) -> bool:
        return self._actor.alive

    @property
    def backlog(self) -> int:
        actor = self._actor
        return actor._mailbox.qsize() if isinstance(actor, Actor) else 0

    def _end(self) -> None:
        self._actor = _ENDED

    def __repr__(self) -> str:
        return f"<ActorRef {self.name}>"


class Actor(Generic[M]):
    resilient: ClassVar[bool] = False  # True: a failing message is logged and dropped

    def __init__(
        self, clock: Clock | None = None, supervisor: ActorRef[ChildFailed] | None = None
    ) -> None:
        self.clock: Clock = clock or RealClock()
        self.supervisor = supervisor
        # told (via the supervisor) when this actor crashes
        self.parent: ActorRef[ChildFailed] | None = None
        self.name = f"{type(self).__name__.lower()}-{next(_ids)}"
        self._mailbox = Mailbox()
        self._greenlet: gevent.Greenlet | None = None
        self._running = False
        self.ref: ActorRef[M] = ActorRef(self)

    # --- lifecycle --------------------------------------------------------------------

    def start(self) -> ActorRef[M]:
        self._running = True
        _live.add(self)
        self._greenlet = gevent.spawn(self._loop)
        self._greenlet.name = self.name
        return self.ref

    @property
    def alive(self) -> bool:
        return self._running

    def stop(self) -> None:
        """Stop from inside the actor: no further messages are handled."""
        self._running = False

    def on_start(self) -> None:
        pass

    def on_stop(self) -> None:
        pass

    def on_failure(self, error: BaseException) -> None:
        """Called inside the dying actor, before its supervisor hears of it."""

    # --- messages ---------------------------------------------------------------------

    def receive(self, message: M) -> object:
        """Handle one message (and answer it, when it was asked): a `match` over `M`, ending
        in `assert_never`. Every actor overrides it."""
        raise NotImplementedError(f"{self.name} has no receive for {type(message).__name__}")

    def after(self, delay: float, message: M) -> Timer:
        """Deliver `message` to this actor after `delay` seconds."""
        return self.clock.call_later(delay, self.ref.tell, message)

    # --- the loop ---------------------------------------------------------------------

    def _loop(self) -> None:
        try:
            self.on_start()
            while self._running:
                message = self._mailbox.get()
                if isinstance(message, Stop):
                    break
                self._handle(message)
                message = None  # an idle actor keeps nothing alive (a closed connection...)
        except gevent.GreenletExit:
            pass
        except BaseException as error:  # noqa: BLE001 - the supervisor decides what it means
            self._running = False
            self._fail_pending()
            tb = traceback.format_exc()
            log.error("%s crashed:\n%s", self.name, tb)
            try:
                self.on_failure(error)
            except Exception:
                log.exception("%s on_failure raised", self.name)
            if self.supervisor is not None:
                self.supervisor.tell(ChildFailed(self.ref, self.parent, error, tb))
            self.ref._end()
            return
        self._running = False
        self._fail_pending()
        try:
            self.on_stop()
        except Exception:
            log.exception("%s on_stop raised", self.name)
        self.ref._end()

    def _handle(self, message: Any) -> None:  # an M, an _Ask of one, or a Crash
        if isinstance(message, Crash):
            raise InjectedCrash(f"{self.name}: injected crash")
        if isinstance(message, _Ask):
            try:
                message.result.set(self.receive(message.message))  # type: ignore[arg-type]
            except Exception as error:
                message.result.set_exception(error)  # the asker decides what it means
                if not self.resilient:
                    raise
            return
        if not self.resilient:
            self.receive(message)
            return
        try:
            self.receive(message)
        except Exception:
            log.exception("%s failed on %r", self.name, type(message).__name__)

    def _fail_pending(self) -> None:
        while not self._mailbox.empty():
            message = self._mailbox.get_nowait()
            if isinstance(message, _Ask):
                message.result.set_exception(ActorDead(self.name))
        _live.discard(self)


def live_refs() -> list[ActorRef[Any]]:
    """Every running actor (the chaos injector picks from these; tests count them)."""
    return [a.ref for a in list(_live) if a.alive]


def settle(max_rounds: int = 10_000) -> None:
    """Run greenlets until every live actor's mailbox is empty (tests with a ManualClock)."""
    for _ in range(max_rounds):
        gevent.sleep(0)
        if all(a._mailbox.empty() for a in list(_live)):
            gevent.sleep(0)
            if all(a._mailbox.empty() for a in list(_live)):
                return
    raise RuntimeError("actors did not settle")
