"""A whole tournament stepped through the lobby's pure step function, with no actor.

The test plays the world's part: it feeds the step the messages the actors would (seats, the
recorder's answer, timers when their time comes, each duel's new state as the pure duel rules
make it) on a clock it moves itself, and it asserts on the effects: who got which frames, what
was recorded, and the final table with its rating changes.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from models.duel import Duel
from models.lobby import effects as fx
from models.lobby.inputs import (
    BeginTournament,
    DuelChanged,
    PlayerCommand,
    Seat,
    TournamentOpened,
)
from models.lobby.state import Context, Lobby, new_lobby
from models.lobby.step import step
from models.player import Player
from models.rating import rating_changes
from models.results import FixedPlacement, PlayedDuel, TournamentClosed
from models.settings import Settings
from protocol import server as frames
from protocol import wire
from protocol.client import SubmitGuess

LETTERS = "abcdefghijklmn"
TOURNAMENT_ID = 77
RATINGS = (1000, 1040, 980, 1100, 950, 1010, 1060, 990)


class Language:
    def normalize(self, text: str) -> str:
        return text.strip().lower()

    def letters(self, word: str) -> tuple[str, ...] | None:
        return tuple(word) if word and all(c in LETTERS for c in word) else None


class Words:
    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.language = Language()
        self.answers = {
            n: tuple(sorted({"".join(rng.choice(LETTERS) for _ in range(n)) for _ in range(80)}))
            for n in (4, 5, 6)
        }

    def is_allowed(self, word: str) -> bool:
        return word in self.answers.get(len(word), ())

    def shown(self, word: str) -> str:
        return word

    def shown_letters(self, word: str) -> list[str]:
        return list(word)


@dataclass
class World:
    """Everything outside the step: the mailbox, the timers, the duel actors, the clock."""

    seed: int
    now: float = 1_000_000.0
    state: Lobby[str] = field(init=False)
    ctx: Context = field(init=False)
    log: list[fx.Effect[str]] = field(default_factory=list)
    mailbox: deque[Any] = field(default_factory=deque)
    timers: list[tuple[float, int, Any, str | None]] = field(default_factory=list)
    duels: dict[int, Duel] = field(default_factory=dict)  # the running duel "actors"
    secrets: dict[int, str] = field(default_factory=dict)
    answers: list[fx.Answer] = field(default_factory=list)
    stopped: bool = False

    def __post_init__(self) -> None:
        self.words = Words(self.seed)
        settings = Settings(turn_seconds=30.0, intro_seconds=6.0, recap_seconds=2.0, bot_fill=False)
        self.ctx = Context(
            settings, self.words, random.Random(self.seed), itertools.count(1), recording=True
        )
        self.state = new_lobby(1, "en", self.now)
        self._order = itertools.count()

    def feed(self, message: Any) -> list[fx.Effect[str]]:
        """One step, and the world's part of its effects (as the lobby actor applies them)."""
        self.state, out = step(self.state, message, self.now, self.ctx)
        self.log.extend(out)
        for e in out:
            match e:
                case fx.Then(message=m):
                    self.mailbox.append(m)
                case fx.After(delay=delay, message=m, key=key):
                    if key is not None:
                        self.timers = [t for t in self.timers if t[3] != key]
                    self.timers.append((self.now + delay, next(self._order), m, key))
                case fx.Cancel(key=key):
                    self.timers = [t for t in self.timers if t[3] != key]
                case fx.OpenTournament(seats=seats):
                    ratings = dict(zip(seats, RATINGS, strict=True))
                    self.mailbox.append(TournamentOpened(TOURNAMENT_ID, ratings))
                case fx.StartDuel(duel_id=duel_id, duel=duel):
                    self.duels[duel_id] = duel
                    self.secrets[duel_id] = duel.secret_word
                case fx.StopDuel(duel_id=duel_id):
                    self.duels.pop(duel_id, None)
                case fx.PassGuess(duel_id=duel_id, player_id=pid, word=word):
                    self._duel_guess(duel_id, pid, word)
                case fx.Answer():
                    self.answers.append(e)
                case fx.Stop():
                    self.stopped = True
        return out

    def _duel_guess(self, duel_id: int, player_id: int, word: str) -> None:
        """What the duel actor does with a guess: the pure rules, then tell the lobby."""
        duel = self.duels[duel_id]
        letters = self.words.language.letters(word)
        allowed = letters is not None and self.words.is_allowed(word)
        duel, events = duel.guess(player_id, word, letters, allowed, self.now)
        self.duels[duel_id] = duel
        if events:
            self.mailbox.append(DuelChanged(duel_id, duel, tuple(events), word))

    def settle(self) -> None:
        while self.mailbox and not self.stopped:
            self.feed(self.mailbox.popleft())

    def next_timer(self) -> None:
        self.timers.sort()
        due, _, message, _key = self.timers.pop(0)
        self.now = max(self.now, due)
        self.feed(message)


CONNS = {pid: f"conn-{pid}" for pid in range(1, 9)}


def conn(pid: int) -> str:
    """A player's connection: the step compares connections by identity (`is`)."""
    return CONNS[pid]


def players() -> list[Player]:
    return [Player(pid, f"p{pid}", f"#{pid:04d}", 1000) for pid in range(1, 9)]


def frames_to(log: list[fx.Effect[str]], pid: int) -> list[wire.Frame]:
    return [e.frame for e in log if isinstance(e, fx.Send) and conn(pid) in e.to]


def play(seed: int) -> World:
    """Eight players, then every duel played: the player not starting a duel wins it (the
    starter guesses a wrong word, the other one the secret)."""
    w = World(seed)
    for p in players():
        w.feed(Seat((p,), {p.id: conn(p.id)}))
    w.settle()
    for _ in range(500):
        if w.stopped:
            return w
        live = [(i, d) for i, d in w.duels.items() if not d.over]
        if not live:
            w.next_timer()
            w.settle()
            continue
        for duel_id, duel in live:
            w.now += 1.0
            to_move = duel.to_move
            assert isinstance(to_move, int)
            secret = w.secrets[duel_id]
            wrong = next(x for x in w.words.answers[len(secret)] if x != secret)
            word = wrong if not duel.rows else secret
            w.feed(PlayerCommand(to_move, conn(to_move), SubmitGuess(word)))
            w.settle()
    raise AssertionError("the tournament did not end")


def test_a_whole_tournament_steps_to_a_winner_and_every_placement():
    w = play(seed=3)
    log = w.log

    # the eight seats were answered, the eighth started the tournament with the recorder
    assert [a.seats.seated for a in w.answers if a.seats] == [
        tuple(range(1, n + 1)) for n in range(1, 9)
    ]
    opens = [e for e in log if isinstance(e, fx.OpenTournament)]
    assert opens == [fx.OpenTournament("en", tuple(range(1, 9)))]

    # every placement recorded once (players out in one round share a place), with the
    # rating changes of the final table
    saved = [e.result for e in log if isinstance(e, fx.Save)]
    placements = [r for r in saved if isinstance(r, FixedPlacement)]
    assert sorted(p.player for p in placements) == list(range(1, 9))
    assert all(p.tournament_id == TOURNAMENT_ID for p in placements)
    places = {p.player: p.place for p in placements}
    assert list(places.values()).count(1) == 1 and set(places.values()) <= set(range(1, 9))
    ends = [r for r in saved if isinstance(r, TournamentClosed)]
    assert ends == [TournamentClosed(TOURNAMENT_ID, "finished")]

    (ended,) = [f for f in frames_to(log, 1) if isinstance(f, frames.TournamentEndedFrame)]
    assert ended.tournament == TOURNAMENT_ID and places[ended.winner] == 1
    table = {p.player: (p.place, p.rating_change) for p in ended.places}
    assert table == {p.player: (p.place, p.rating_change) for p in placements}
    ratings = dict(zip(range(1, 9), RATINGS, strict=True))
    changes = rating_changes(ratings, places)
    assert {p.player: p.rating_change for p in placements} == changes

    # every duel was recorded and won by the player who did not start it
    played = [r for r in saved if isinstance(r, PlayedDuel)]
    assert played and all(d.result == "win" and d.winner != d.starter for d in played)
    assert len(played) == len([e for e in log if isinstance(e, fx.StartDuel)])

    # the lobby released everyone, told the matchmaker it closed, and stopped
    released = [p for e in log if isinstance(e, fx.Released) for p in e.player_ids]
    assert sorted(released) == list(range(1, 9))
    last_seats = [e for e in log if isinstance(e, fx.SeatsChanged)][-1].seats
    assert last_seats.seated == () and not last_seats.open
    assert isinstance(log[-1], fx.Stop) and w.state.status == "finished"

    # every player saw each round's intro and each duel's end, and no secret before its end
    intros = [f for f in frames_to(log, 1) if isinstance(f, frames.RoundIntroFrame)]
    assert [f.round for f in intros] == list(range(1, len(intros) + 1))
    for pid in range(1, 9):
        seen = frames_to(log, pid)
        over = set()
        for f in seen:
            if isinstance(f, frames.DuelEndedFrame):
                over.add(f.duel)
                continue
            text = f.write()
            for duel_id, secret in w.secrets.items():
                if duel_id not in over and not isinstance(f, frames.GuessScoredFrame):
                    assert f'"{secret}"' not in text, (pid, f)


def test_the_step_is_a_function_of_its_inputs():
    """Same seed, same inputs: the same effects; and an old state value is never changed."""
    first, again = play(seed=11), play(seed=11)
    assert [type(e) for e in first.log] == [type(e) for e in again.log]
    assert [e for e in first.log if not isinstance(e, fx.Send)] == [
        e for e in again.log if not isinstance(e, fx.Send)
    ]
    lobby = new_lobby(5, "en", 0.0)
    seat = Seat((players()[0],), {1: conn(1)})
    ctx = World(1).ctx
    after, out = step(lobby, seat, 1.0, ctx)
    assert lobby == new_lobby(5, "en", 0.0) and after != lobby
    assert step(lobby, seat, 1.0, ctx)[0] == after  # stepping the old value again


def test_a_guess_out_of_turn_goes_to_the_duel_and_comes_back_as_a_refusal():
    w = World(seed=5)
    for p in players():
        w.feed(Seat((p,), {p.id: conn(p.id)}))
    w.settle()
    w.next_timer()  # the intro is over: the duels start
    w.settle()
    duel_id, duel = next(iter(w.duels.items()))
    waiting = next(p for p in duel.players if p != duel.to_move)
    out = w.feed(PlayerCommand(waiting, conn(waiting), SubmitGuess("abcd")))
    assert out == [fx.PassGuess(duel_id, waiting, "abcd")]
    (changed,) = list(w.mailbox)
    out = w.feed(w.mailbox.popleft())
    assert [(type(e.frame), e.to) for e in out if isinstance(e, fx.Send)] == [
        (frames.GuessRejectedFrame, (conn(waiting),))
    ]
    assert isinstance(changed, DuelChanged)


def test_a_command_from_a_stale_connection_is_refused():
    w = World(seed=2)
    w.feed(Seat((players()[0],), {1: conn(1)}))
    out = w.feed(PlayerCommand(1, "an-old-socket", SubmitGuess("abcd")))
    assert [(e.frame.code, e.to) for e in out if isinstance(e, fx.Send)] == [
        ("not_in_lobby", ("an-old-socket",))
    ]
    assert BeginTournament not in {type(m) for m in w.mailbox}
