"""A full lobby whose tournament cannot start (the recorder too busy to answer in time, or the
database down) sends its players home with a clear code, logs one line, and leaves no
tournament behind."""

from __future__ import annotations

import json
import logging

import gevent
from gevent.event import Event

from actors import lobby
from actors.recorder import Record
from actors.runtime import settle
from models.results import TournamentClosed
from models.store.errors import Unavailable
from tests.actors.harness import Harness
from web.protocol_schemas import parse_client_frame


class SlowStore:
    """A GameStore whose result writes wait for `release` (a commit that takes long), and
    whose starts fail with `start_error` if set."""

    def __init__(self) -> None:
        self.release = Event()
        self.release.set()
        self.started: list[tuple[int, ...]] = []
        self.finished: list[int] = []
        self.start_error: Exception | None = None

    def start_tournament(self, language, seats):
        if self.start_error is not None:
            raise self.start_error
        self.started.append(tuple(seats))
        return len(self.started), dict.fromkeys(seats, 1000)

    def record_results(self, results):
        """Only a tournament's end is kept (the others are refused, as a store without them
        would)."""
        for r in results:
            if not isinstance(r, TournamentClosed):
                raise ValueError(f"not kept here: {r!r}")
            self.release.wait()
            self.finished.append(r.tournament_id)

    def get_players(self, ids):
        return {}


def fill_but_one(h: Harness):
    clients = [h.connect() for _ in range(8)]
    for c in clients[:7]:
        c.send({"type": "queue", "language": "en"})
    return clients


def queue_while_the_recorder_is_stuck(h: Harness, client) -> None:
    """The eighth seat: the lobby asks for its start while the recorder is still in a write
    (its mailbox is not empty then, so `settle` would not return)."""
    h.server.command(
        client.conn, parse_client_frame(json.dumps({"type": "queue", "language": "en"}), 4096)
    )
    for _ in range(200):
        gevent.sleep(0)


def assert_sent_home_cleanly(h: Harness, clients, caplog) -> None:
    for c in clients:
        aborted = c.last("tournament_aborted")
        assert aborted == {
            "type": "tournament_aborted",
            "tournament": None,
            "code": "tournament_not_started",
            "message": aborted["message"],
        }
        assert "too busy" in aborted["message"]
        assert c.of_type("home") and not c.of_type("tournament_started")
    assert "Traceback" not in caplog.text and "crashed" not in caplog.text
    warned = [r for r in caplog.records if "tournament not started" in r.getMessage()]
    assert len(warned) == 1 and warned[0].levelno == logging.WARNING
    assert h.lobby_count() == 0


def assert_free_to_play_again(clients) -> None:
    clients[0].send({"type": "queue", "language": "en"})
    assert clients[0].last("lobby")["lobby"]["status"] == "waiting"


def test_a_start_the_recorder_reaches_too_late_is_refused_and_the_lobby_dissolves(caplog):
    store = SlowStore()
    h = Harness(store=store)
    clients = fill_but_one(h)
    store.release.clear()
    h.server.recorder.tell(Record(TournamentClosed(99)))  # a write that takes long
    settle()
    queue_while_the_recorder_is_stuck(h, clients[7])
    h.clock.now += lobby.START_TIMEOUT_SECONDS + 1  # meanwhile the lobby's deadline passed
    store.release.set()
    settle()
    assert store.finished == [99] and store.started == []  # no tournament row
    assert_sent_home_cleanly(h, clients, caplog)
    assert "RecorderBusy" in caplog.text
    assert_free_to_play_again(clients)


def test_a_recorder_that_does_not_answer_in_time_leaves_no_tournament(caplog, monkeypatch):
    monkeypatch.setattr(lobby, "START_TIMEOUT_SECONDS", 0.05)
    store = SlowStore()
    h = Harness(store=store)
    clients = fill_but_one(h)
    store.release.clear()
    h.server.recorder.tell(Record(TournamentClosed(99)))
    settle()
    queue_while_the_recorder_is_stuck(h, clients[7])
    gevent.sleep(0.1)  # the ask times out
    for _ in range(200):
        gevent.sleep(0)
    assert_sent_home_cleanly(h, clients, caplog)
    assert "Timeout" in caplog.text
    h.clock.now += 1  # the recorder's clock agrees: the deadline is gone
    store.release.set()
    settle()
    assert store.finished == [99] and store.started == []  # the late start wrote nothing
    assert_free_to_play_again(clients)


def test_a_database_that_is_down_at_the_start_sends_everyone_home(caplog):
    store = SlowStore()
    store.start_error = Unavailable("database is unreachable")
    h = Harness(store=store)
    clients = fill_but_one(h)
    clients[7].send({"type": "queue", "language": "en"})
    assert_sent_home_cleanly(h, clients, caplog)
    assert "Unavailable" in caplog.text
    assert_free_to_play_again(clients)
