"""While a player waits (their duel over, a bye, out), the running duels' progress reaches them:
one `duel_progress` per row, with no letters, only to those who wait, and in the snapshot."""

from __future__ import annotations

from models.lobby import effects as fx
from models.lobby.inputs import PlayerCommand, PlayerConnected, Seat
from models.player import Player
from protocol import server as frames
from protocol.client import Spectate, SubmitGuess
from tests.unit.test_lobby_step import World, conn, frames_to
from web.protocol_schemas import check_server_frame

BOT = 8


def started(seed: int) -> World:
    """Eight seated (player 8 a bot), the intro over: four duels run."""
    w = World(seed)
    for pid in range(1, 9):
        player = Player(pid, f"p{pid}", f"#{pid:04d}", 1000, is_bot=pid == BOT)
        w.feed(Seat((player,), {pid: conn(pid)}))
    w.settle()
    w.next_timer()
    w.settle()
    assert len(w.duels) == 4
    return w


def guess(w: World, duel_id: int, word: str) -> list[fx.Effect[str]]:
    duel = w.duels[duel_id]
    mover = duel.to_move
    assert isinstance(mover, int)
    start = len(w.log)
    w.feed(PlayerCommand(mover, conn(mover), SubmitGuess(word)))
    w.settle()
    return w.log[start:]


def wrong(w: World, duel_id: int) -> str:
    secret = w.secrets[duel_id]
    return next(x for x in w.words.answers[len(secret)] if x != secret)


Sent = list[tuple[frames.DuelProgressFrame, tuple[str, ...]]]


def progress_sent(out: list[fx.Effect[str]]) -> Sent:
    return [
        (e.frame, e.to)
        for e in out
        if isinstance(e, fx.Send) and isinstance(e.frame, frames.DuelProgressFrame)
    ]


def test_the_progress_of_a_row_goes_only_to_the_people_who_wait():
    w = started(seed=4)
    ids = sorted(w.duels)
    first = ids[0]
    # nobody waits yet: a row of a duel goes to its pair alone, no progress frame at all
    assert progress_sent(guess(w, ids[1], wrong(w, ids[1]))) == []

    # the first duel is won: its two players wait now
    guess(w, first, wrong(w, first))
    guess(w, first, w.secrets[first])
    done = w.state.run.slot(first)
    assert done is not None and done.over
    waiting = set(done.pair)

    other = ids[2]
    out = guess(w, other, wrong(w, other))
    duel = w.duels[other]
    ((sent, to),) = progress_sent(out)
    people = {conn(p) for p in waiting if p != BOT}
    assert set(to) == people and people  # not the players of running duels, nor a bot
    assert (sent.duel, sent.rows, sent.to_move) == (other, 1, duel.to_move)
    assert duel.rows[0].marks is not None
    assert sent.greens == duel.rows[0].marks.count("g")
    text = sent.write()
    check_server_frame(text)  # the schema derived from the class
    assert "letters" not in text and w.secrets[other] not in text
    assert set(sent.wire()) == {"type", "duel", "rows", "greens", "to_move"}


def test_a_spectator_gets_the_rows_of_the_duel_watched_and_the_progress_of_the_others():
    w = started(seed=9)
    ids = sorted(w.duels)
    first = ids[0]
    guess(w, first, wrong(w, first))
    guess(w, first, w.secrets[first])
    watcher = next(p for p in w.state.run.slot(first).pair if p != BOT)
    watched, other = ids[1], ids[2]
    w.feed(PlayerCommand(watcher, conn(watcher), Spectate(watched)))

    start = len(w.log)
    guess(w, watched, wrong(w, watched))
    got = frames_to(w.log[start:], watcher)
    assert [type(f) for f in got] == [frames.GuessScoredFrame]

    start = len(w.log)
    guess(w, other, wrong(w, other))
    got = frames_to(w.log[start:], watcher)
    assert [type(f) for f in got] == [frames.DuelProgressFrame]


def test_the_winning_row_sends_no_progress_and_the_snapshot_carries_it():
    w = started(seed=6)
    ids = sorted(w.duels)
    first, other = ids[0], ids[1]
    guess(w, first, wrong(w, first))
    guess(w, first, w.secrets[first])
    waiter = next(p for p in w.state.run.slot(first).pair if p != BOT)
    guess(w, other, wrong(w, other))
    guess(w, other, wrong(w, other))
    ended = guess(w, other, w.secrets[other])
    assert progress_sent(ended) == []  # its `duel_ended` says it

    third = ids[2]
    guess(w, third, wrong(w, third))
    out = w.feed(PlayerConnected(waiter, conn(waiter)))
    (snap,) = [
        e.frame for e in out if isinstance(e, fx.Send) and isinstance(e.frame, frames.SnapshotFrame)
    ]
    assert snap.tournament is not None
    duels = {d.id: d for d in snap.tournament.duels}
    duel = w.duels[third]
    marks = duel.rows[0].marks
    assert marks is not None
    got = duels[third]
    assert (got.rows, got.greens, got.to_move, got.max_turns) == (
        1,
        marks.count("g"),
        duel.to_move,
        duel.max_turns,
    )
    assert (duels[other].rows, duels[other].to_move, duels[other].over) == (3, None, True)
    check_server_frame(snap.write())
    assert w.secrets[third] not in snap.write()
