"""A word list too small for a tournament: when a round finds no unused answer, the tournament
stops as aborted (told to everyone, recorded), instead of voiding the same round forever."""

from __future__ import annotations

from models.lobby import effects as fx
from models.results import PlayedDuel, TournamentClosed
from protocol import server as frames
from tests.unit import test_lobby_step as lobby_step
from tests.unit.test_lobby_step import TOURNAMENT_ID, frames_to


class FourWords(lobby_step.Words):
    """Enough answers for the first round's four duels, none for a second."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.answers = {5: self.answers[5][:4]}


def test_running_out_of_words_stops_the_tournament_as_aborted(monkeypatch):
    monkeypatch.setattr(lobby_step, "Words", FourWords)
    w = lobby_step.play(seed=5)  # raises if the tournament never ends

    saved = [e.result for e in w.log if isinstance(e, fx.Save)]
    assert len([r for r in saved if isinstance(r, PlayedDuel)]) == 4  # the first round only
    assert [r for r in saved if isinstance(r, TournamentClosed)] == [
        TournamentClosed(TOURNAMENT_ID, "aborted")
    ]
    for pid in range(1, 9):
        told = [f for f in frames_to(w.log, pid) if isinstance(f, frames.TournamentAbortedFrame)]
        assert [(f.tournament, f.code) for f in told] == [(TOURNAMENT_ID, "tournament_aborted")]
    assert w.stopped and w.state.status == "finished"
    released = [p for e in w.log if isinstance(e, fx.Released) for p in e.player_ids]
    assert sorted(released) == list(range(1, 9))
