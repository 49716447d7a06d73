"""The recorder keeps results through a database outage, in order, and is not blocked by a
write the database refuses as wrong."""

from actors.clock import ManualClock
from actors.recorder import FinishTournament, Recorder, RecordPlacement
from actors.runtime import settle
from models.store import Unavailable
from models.tournament import PlacementFixed


class FlakyStore:
    """Stands in for the store (a GameStore); down for the first `outage` calls."""

    def __init__(self, outage: int) -> None:
        self.outage = outage
        self.done: list[tuple] = []

    def _call(self, name, *args):
        if self.outage > 0:
            self.outage -= 1
            raise Unavailable("database is unreachable")
        if args and args[0] == 666:
            raise ValueError("no such tournament")
        self.done.append((name, *args))

    def apply_placement(self, *args):
        self._call("apply_placement", *args)

    def finish_tournament(self, *args):
        self._call("finish_tournament", *args)


def test_writes_wait_for_the_database_and_keep_their_order(caplog):
    clock, store = ManualClock(), FlakyStore(outage=3)
    recorder = Recorder(store, clock).start()
    recorder.tell(RecordPlacement(1, PlacementFixed(10, 8, 1, False, 1000, -25)))
    recorder.tell(RecordPlacement(1, PlacementFixed(11, 7, 2, False, 1000, -18)))
    recorder.tell(FinishTournament(1))
    settle()
    assert store.done == []  # down: nothing written, nothing lost
    clock.advance(3.0, settle)  # second attempt still fails
    clock.advance(3.0, settle)
    assert store.done == []
    clock.advance(3.0, settle)
    assert store.done == [
        ("apply_placement", 1, 10, 8, 1, False, -25),
        ("apply_placement", 1, 11, 7, 2, False, -18),
        ("finish_tournament", 1, "finished"),
    ]
    assert caplog.text.count("Traceback") == 1  # one traceback per outage


def test_a_refused_write_is_logged_and_does_not_block_the_rest(caplog):
    clock, store = ManualClock(), FlakyStore(outage=0)
    recorder = Recorder(store, clock).start()
    recorder.tell(FinishTournament(666))
    recorder.tell(FinishTournament(2))
    settle()
    assert store.done == [("finish_tournament", 2, "finished")]
    assert "database refused FinishTournament(tournament_id=666" in caplog.text
