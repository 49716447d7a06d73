"""What the game counts for `/metrics` (Prometheus' text format, docs/operations.md "Metrics").

Two kinds of figure. Counts the actors already keep (players connected, lobbies waiting and
playing) are not copied here: `CensusCollector` asks the matchmaker for them when a scraper
reads the page (actors/system.py `GameServer.take_census`). What happens at a moment (a write
to the database, a turn timer firing, a guess reaching the opponent) is observed where it
happens, into the counters and histograms below, one process-wide set (one server per
process). An observation costs about a microsecond and allocates nothing.

`guesses` follows a guess from the frame's arrival (web/ws.py) through its scoring (the duel
knows the opponent) to the opponent's socket write (actors/connection.py): the game's actors
pass frames, not time stamps, from one to the next, so the stamp waits here, keyed by player.
Nothing in the game reads it; a stamp whose guess never scores is dropped by the next one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily

REGISTRY = CollectorRegistry()

FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
WAIT = (1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 300, 600)

TOURNAMENTS_STARTED = Counter(
    "wordle_tournaments_started", "Tournaments the recorder started", registry=REGISTRY
)
_closed = {
    status: Counter(
        f"wordle_tournaments_{status}", f"Tournaments recorded as {status}", registry=REGISTRY
    )
    for status in ("finished", "aborted", "abandoned")
}
GUESS_TO_OPPONENT = Histogram(
    "wordle_guess_to_opponent_seconds",
    "From a guess frame read off the socket to its scored row written to the opponent's socket",
    buckets=FAST,
    registry=REGISTRY,
)
TURN_TIMER_LATENESS = Histogram(
    "wordle_turn_timer_lateness_seconds",
    "How long after a turn's deadline its duel handled the timer",
    buckets=FAST,
    registry=REGISTRY,
)
QUEUE_WAIT = Histogram(
    "wordle_queue_wait_seconds",
    "A person's wait from their seat in a lobby to its tournament's start",
    ["language"],
    buckets=WAIT,
    registry=REGISTRY,
)
RECORDER_WRITE = Histogram(
    "wordle_recorder_write_seconds",
    "One database transaction of the recorder (a batch of results, or a tournament's start)",
    buckets=FAST,
    registry=REGISTRY,
)
RECORDER_WAITING = Gauge(
    "wordle_recorder_waiting_results",
    "Results waiting for the database to be back (an outage)",
    registry=REGISTRY,
)
JOURNAL_ENTRIES = Gauge(
    "wordle_journal_entries",
    "Results in the journal file now (waiting for the database)",
    registry=REGISTRY,
)
JOURNAL_APPENDED = Counter(
    "wordle_journal_appended",
    "Results ever appended to the journal (each one a write the database could not take)",
    registry=REGISTRY,
)


def turn_timer_fired(deadline: float | None, now: float) -> None:
    """A duel handles its turn timer at `now` (its clock) for the turn due at `deadline`; a
    stale tick (the turn already moved on: not due yet) is not a late one."""
    if deadline is not None and now >= deadline:
        TURN_TIMER_LATENESS.observe(now - deadline)


def tournament_closed(status: str) -> None:
    """A tournament's end reached the recorder: finished, aborted or abandoned."""
    counter = _closed.get(status)
    if counter is not None:
        counter.inc()


class GuessClock:
    """Time stamps of guesses on their way to the opponent's screen (see the module's doc)."""

    __slots__ = ("sent", "scored", "observe")
    LIMIT = 100_000  # players with a stamp at most: beyond, the oldest half is dropped

    def __init__(self, observe: Callable[[float], None]) -> None:
        self.sent: dict[int, float] = {}  # guesser -> when the frame was read
        self.scored: dict[int, float] = {}  # opponent -> when the guess they will see was read
        self.observe = observe

    def received(self, player_id: int, at: float) -> None:
        """web/ws.py read a guess frame of `player_id` at `at` (time.monotonic())."""
        sent = self.sent
        sent[player_id] = at
        if len(sent) > self.LIMIT:
            _halve(sent)

    def played(self, player_id: int, duel: Any, scored: bool) -> None:
        """`duel` (a models.duel.Duel) handled `player_id`'s guess: `scored` (its row goes to
        the opponent) or refused."""
        at = self.sent.pop(player_id, None)
        if at is not None and scored:
            a, b = duel.players
            opponent = b if player_id == a else a
            stamps = self.scored
            stamps[opponent] = at
            if len(stamps) > self.LIMIT:
                _halve(stamps)

    def forget(self, player_ids: tuple[Any, ...]) -> None:
        """A duel of these players begins: a stamp left from before (an opponent who was away
        when a row came, a guess that never reached a duel) would time the wrong guess."""
        for player_id in player_ids:
            self.sent.pop(player_id, None)
            self.scored.pop(player_id, None)

    def delivered(self, player_id: int) -> None:
        """A scored row was written to `player_id`'s socket: if it is the opponent's, the
        guess has arrived."""
        at = self.scored.pop(player_id, None)
        if at is not None:
            self.observe(time.monotonic() - at)


def _halve(stamps: dict[int, float]) -> None:
    for key in list(stamps)[: len(stamps) // 2]:
        del stamps[key]


guesses = GuessClock(GUESS_TO_OPPONENT.observe)
SCORED_ROW = '{"type":"guess_scored"'  # how a scored row's frame starts (protocol/server.py)


@dataclass(frozen=True)
class Census:
    """What the matchmaker counts at a scrape: connected players, lobbies by language."""

    people: int
    bots: int
    waiting: dict[str, int] = field(default_factory=dict)  # language -> lobbies waiting
    playing: dict[str, int] = field(default_factory=dict)  # language -> tournaments playing


class CensusCollector:
    """Gauges read when /metrics is scraped: `take()` gives the census (None: the matchmaker
    did not answer in time, and the page goes without those gauges), `recorder_backlog()` the
    recorder's mailbox length (None: no recorder)."""

    def __init__(
        self, take: Callable[[], Census | None], recorder_backlog: Callable[[], int | None]
    ) -> None:
        self.take = take
        self.recorder_backlog = recorder_backlog

    def collect(self) -> Iterator[Any]:
        census = self.take()
        if census is not None:
            players = GaugeMetricFamily(
                "wordle_players_connected", "Players with an open websocket", labels=["kind"]
            )
            players.add_metric(["people"], census.people)
            players.add_metric(["bots"], census.bots)
            yield players
            lobbies = GaugeMetricFamily(
                "wordle_lobbies",
                "Lobbies waiting for players, and tournaments playing, per language",
                labels=["language", "state"],
            )
            for state, counts in (("waiting", census.waiting), ("playing", census.playing)):
                for language, n in sorted(counts.items()):
                    lobbies.add_metric([language, state], n)
            yield lobbies
        backlog = self.recorder_backlog()
        if backlog is not None:
            yield GaugeMetricFamily(
                "wordle_recorder_queue_length",
                "Messages (results to write, starts to make) waiting in the recorder's mailbox",
                value=backlog,
            )
