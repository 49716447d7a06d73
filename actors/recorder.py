"""The one writer to the database.

Concurrent writers only fight over SQLite's lock, so every game write goes through this actor,
one short transaction at a time. With SQLite each call runs on the writer thread
(models/store/writer_thread.py) while this actor's greenlet waits, so a synced commit does not
stop the hub; its mailbox fills meanwhile, and the next batch is the larger. Reads (REST
routes) go straight to the store.

Writes that arrive together share a transaction: a write joins the batch, and the first one
of a batch tells the actor `FlushBatch`, which the mailbox delivers after every write already
queued; then the whole batch (at most `BATCH_MAX`, so one commit never holds the hub long) is
one `record_results` transaction. Under load, when results queue up, a transaction's fixed
costs (BEGIN, the commit and its sync, the store's call) are paid once per batch instead of
once per result. A batch the store refuses as wrong (a bug, not an outage) was rolled back
whole; its writes are then tried one by one, so one bad write cannot drop the others.

A result must never be lost to a database outage: when the store reports the database
`Unavailable`, the write waits in order with every later write, and they are all retried every
few seconds until the database is back. Each waiting write is also appended to the journal
(models/store/journal.py), so a stop (or a crash) during the outage loses nothing: the next
start writes them. Every write is idempotent (a duel, a placement or a tournament's end already
written is left as it is), so a retry after an unclear failure cannot count twice. A write the
store refuses as wrong (a bug, not an outage) is logged with everything needed to replay it and
dropped, so it cannot block the rest.

A new tournament starts only after every result before it is written: a player's rating at its
start is then the rating after their last placement, and their history rows chain. A start
asked by a lobby that has stopped waiting for the answer (its `deadline` passed: the recorder
was too busy) is refused with `RecorderBusy`, writing nothing, so no tournament is left
running that no lobby plays (one whose lobby stopped waiting while it was being written, which
MySQL allows, is closed as aborted at once).
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, assert_never

import gevent

from actors import metrics
from actors.clock import Clock
from actors.runtime import Actor, ActorRef, ChildFailed, Reply
from models.results import GameResult, TournamentClosed, describe
from models.store.errors import Unavailable
from models.store.interfaces import GameStore
from models.store.journal import Journal

log = logging.getLogger("wordle.recorder")
R = TypeVar("R")


class Writer(Protocol):
    """`writer(fn, *args)` is `fn(*args)`, wherever it runs."""

    def __call__(self, fn: Callable[..., R], /, *args: Any) -> R: ...


RETRY_SECONDS = 3.0
# Results per transaction at most. On the hub, SQLite holds it while a batch is written (~0.5-1
# ms a result measured here: 200 held it 165 ms), and the recorder lets the other greenlets run
# between two batches, so this bounds the pause; 25 is about one tournament's results.
BATCH_MAX = 25
PURGE_FIRST_SECONDS = 60.0  # after start, once things have settled
PURGE_EVERY_SECONDS = 24 * 3600.0


class RecorderBusy(Exception):
    """A tournament start reached the recorder after its asker had stopped waiting."""


@dataclass(frozen=True)
class StartTournament(Reply[tuple[int, dict[int, int]]]):
    """Ask: returns (tournament_id, {player_id: rating at the start}). `deadline`: the
    asker's clock time when it stops waiting (None: it waits for ever); a start the recorder
    reaches later is refused (`RecorderBusy`) and writes nothing."""

    language: str
    seats: tuple[int, ...]
    deadline: float | None = None


@dataclass(frozen=True)
class Record:
    """Write a result (a played duel, a fixed placement, a tournament's end)."""

    result: GameResult


@dataclass(frozen=True)
class RetryPending:
    pass


@dataclass(frozen=True)
class FlushBatch:
    """Sent to itself by a batch's first write: write the batch now."""


@dataclass(frozen=True)
class PurgeUnplayed:
    """Delete accounts that never played and were not seen for a while (then again daily)."""


@dataclass(frozen=True)
class PendingWrites(Reply["Unwritten"]):
    """Ask: the writes still waiting for the database (`Unwritten`)."""


@dataclass(frozen=True)
class Unwritten:
    results: tuple[GameResult, ...]
    journaled: bool  # all of them are in the journal (else: kept in memory only)


RecorderMsg = StartTournament | Record | RetryPending | FlushBatch | PurgeUnplayed | PendingWrites


class Recorder(Actor[RecorderMsg]):
    resilient = True

    def __init__(
        self,
        store: GameStore,
        clock: Clock | None = None,
        supervisor: ActorRef[ChildFailed] | None = None,
        journal: Journal | None = None,
        purge_days: float = 0.0,
        writer: Writer | None = None,
    ) -> None:
        """`purge_days`: accounts unseen this long that never played are deleted (0: never).
        `writer(fn, *args)` runs each store call (models/store/writer_thread.py: on a thread
        of its own, for SQLite); without it, calls run in this actor's greenlet."""
        super().__init__(clock, supervisor)
        self.store = store
        self.call: Writer = writer or _here
        self.journal = journal
        self.purge_days = purge_days
        self.pending: list[GameResult] = []  # writes waiting for the database, in order
        self.journaled = True  # every pending write is in the journal too
        self.batch: list[GameResult] = []  # writes not tried yet (only while nothing is pending)
        self.flush_told = False  # a FlushBatch is in the mailbox
        self.outage = False
        self.retrying = False

    def on_start(self) -> None:
        if self.purge_days:
            self.after(PURGE_FIRST_SECONDS, PurgeUnplayed())

    def receive(self, message: RecorderMsg) -> Any:
        match message:
            case StartTournament():
                return self._start_tournament(message)
            case Record():
                self._write(message.result)
            case PendingWrites():
                self._flush_batch()  # what is only queued is not unwritten yet: write it first
                return Unwritten(tuple(self.pending), self.journal is not None and self.journaled)
            case RetryPending():
                self.retrying = False
                self._flush()
            case FlushBatch():
                self.flush_told = False
                self._flush_batch()
            case PurgeUnplayed():
                self._purge_unplayed()
            case _:
                assert_never(message)
        return None

    def _purge_unplayed(self) -> None:
        self.after(PURGE_EVERY_SECONDS, PurgeUnplayed())
        now = dt.datetime.fromtimestamp(self.clock.time(), dt.UTC).replace(tzinfo=None)
        try:
            gone = self.call(self.store.purge_unplayed, now - dt.timedelta(days=self.purge_days))
        except Unavailable:
            return  # tomorrow, then
        if gone:
            log.info("deleted %d account(s) that never played", gone)

    def _start_tournament(self, msg: StartTournament) -> tuple[int, dict[int, int]]:
        """Asked by a lobby; if the database is down (or earlier results still wait for it),
        or the lobby has stopped waiting, the lobby hears it and aborts cleanly."""
        self._check_deadline(msg)
        if not self._flush():
            raise Unavailable("earlier results are still waiting for the database")
        self._check_deadline(msg)  # writing the earlier results took time too
        began = time.perf_counter()
        try:
            started = self.call(self.store.start_tournament, msg.language, list(msg.seats))
        finally:
            metrics.RECORDER_WRITE.observe(time.perf_counter() - began)
        metrics.TOURNAMENTS_STARTED.inc()
        if self._late(msg) is not None:  # (MySQL yields while it writes) nobody will play it
            self._write(TournamentClosed(started[0], "aborted"))
            raise RecorderBusy(f"too busy: tournament {started[0]} started too late; aborted")
        return started

    def _check_deadline(self, msg: StartTournament) -> None:
        late = self._late(msg)
        if late is not None:
            raise RecorderBusy(
                f"too busy: the start of a tournament reached the recorder {late:.1f}s after "
                "its lobby stopped waiting; not started"
            )

    def _late(self, msg: StartTournament) -> float | None:
        """How long ago the asker stopped waiting (None: it still waits)."""
        late = None if msg.deadline is None else self.clock.time() - msg.deadline
        return late if late is not None and late >= 0 else None

    def _flush(self) -> bool:
        """Try the writes waiting for the database, then the batch, in order; True when none
        is left."""
        if self.pending:
            done = self._write_all(self.pending)
            if done < len(self.pending):
                del self.pending[:done]  # (the journal keeps them: written again, idempotent)
                metrics.RECORDER_WAITING.set(len(self.pending))
                self._retry_later()
                return False
            delayed, self.pending = len(self.pending), []
            metrics.RECORDER_WAITING.set(0)
            self.outage = False
            if self.journal is not None:
                self.journal.clear()
                metrics.JOURNAL_ENTRIES.set(0)
            self.journaled = True
            log.info("database back: %d delayed write(s) done", delayed)
        return self._flush_batch()

    def _flush_batch(self) -> bool:
        """Write the batch now (unless older writes still wait for the database: then it
        waits after them); True when nothing is left."""
        batch, self.batch = self.batch, []
        if self.pending:
            self._wait(batch)
            return False
        done = self._write_all(batch)
        if done < len(batch):
            self._wait(batch[done:])
            self._retry_later()
            return False
        return True

    def _write(self, result: GameResult) -> None:
        if isinstance(result, TournamentClosed):
            metrics.tournament_closed(result.status)
        if self.pending:  # keep the order: after the writes already waiting
            self._wait([result])
            return
        self.batch.append(result)
        if len(self.batch) >= BATCH_MAX:
            self._flush_batch()
            _breathe()
        elif not self.flush_told:
            self.flush_told = True
            self.ref.tell(FlushBatch())  # after every write already queued

    def _wait(self, results: list[GameResult]) -> None:
        """Keep writes for later, in memory and in the journal."""
        if not results:
            return
        self.pending.extend(results)
        metrics.RECORDER_WAITING.set(len(self.pending))
        if self.journal is None:
            return
        try:
            self.journal.add(results)
            metrics.JOURNAL_ENTRIES.inc(len(results))
            metrics.JOURNAL_APPENDED.inc(len(results))
        except OSError:
            self.journaled = False
            for result in results:
                log.error("cannot keep %s in the journal %s", describe(result), self.journal.path)

    def _retry_later(self) -> None:
        if not self.retrying:
            self.retrying = True
            self.after(RETRY_SECONDS, RetryPending())

    def _write_all(self, results: list[GameResult]) -> int:
        """Write in order, `BATCH_MAX` to a transaction; returns how many are done (written or
        refused for good): fewer than all when the database became unavailable."""
        done = 0
        while done < len(results):
            if done:
                _breathe()
            chunk = results[done : done + BATCH_MAX]
            if len(chunk) > 1:
                try:
                    self._timed_write(chunk)
                except Unavailable:
                    self._unavailable(f"{len(chunk)} writes from {describe(chunk[0])} on")
                    return done
                except Exception as error:  # rolled back whole: nothing of it is written
                    log.warning(
                        "a batch of %d writes was refused (%r): one by one", len(chunk), error
                    )
                else:
                    done += len(chunk)
                    continue
            for result in chunk:  # one by one: a refused write cannot drop the others
                if not self._try(result):
                    return done
                done += 1
        return done

    def _try(self, result: GameResult) -> bool:
        """True when done (or refused for good); False when the database is unavailable."""
        try:
            self._timed_write([result])
        except Unavailable:
            self._unavailable(describe(result))
            return False
        except Exception:
            log.exception("database refused %r; not retried", result)
        return True

    def _timed_write(self, results: list[GameResult]) -> None:
        """One transaction, timed into wordle_recorder_write_seconds (a failed one too: an
        outage shows as slow writes before it shows as waiting results)."""
        began = time.perf_counter()
        try:
            self.call(self.store.record_results, results)
        finally:
            metrics.RECORDER_WRITE.observe(time.perf_counter() - began)

    def _unavailable(self, what: str) -> None:
        log.warning(
            "%s waits for the database (retry every %gs)",
            what,
            RETRY_SECONDS,
            exc_info=not self.outage,  # one traceback per outage, not one per retry
        )
        self.outage = True


def _here(fn: Callable[..., R], *args: Any) -> R:
    return fn(*args)


def _breathe() -> None:
    """Let the other greenlets run between two batches: a SQLite write never yields, and an
    actor goes from one queued message to the next without yielding either."""
    gevent.sleep(0)
