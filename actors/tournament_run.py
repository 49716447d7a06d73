"""A lobby's running tournament: rounds, duels, results, placements and spectators.

Owned by the lobby actor once its eighth seat is taken, and called only inside its loop. The
pure `Tournament` value is the truth for results; this applies its events: it starts a duel
actor per pair, turns what duels report into frames for their audience, records duels and
placements through the recorder, and moves from round to round. A leave settles the leaver's
duel here at once (the duel actor is just stopped), so its `duel_ended` comes before the
round's end. Between two rounds there is a pause (`recap_seconds`) for everyone to read the last
results; the next intro recaps the round just played. Timers are messages to the lobby
(`IntroOver`, `NextRound`).

When no person is left (every person out of the game, and none connected or within the
reconnect grace), the bots still playing are stopped: the tournament is recorded as
`abandoned`. People's placements stand (those out but not yet placed are placed at once, as
at their round's end, below every bot still in); the bots still in get no place and no change.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from actors.clock import Clock, Timer
from actors.duel import DuelActor, begin_duel
from actors.messages import DuelChanged, Guess
from actors.recorder import Record
from actors.room import Room
from actors.runtime import STOP, ActorRef
from models.duel import Duel, DuelEnded, GuessRejected, RowPlayed, TurnStarted
from models.results import FixedPlacement, PlayedDuel, TournamentClosed
from models.settings import Settings
from models.tournament import (
    Phase,
    PlacementFixed,
    Result,
    RoundEnded,
    RoundIntro,
    Tournament,
    TournamentEnded,
)
from models.words import OutOfWords, choose_secrets
from protocol import server as frames
from protocol import texts, views, wire
from protocol.client import LobbyCommand, Spectate, StopSpectating, SubmitGuess

log = logging.getLogger("wordle.tournament")

_duel_ids = itertools.count(1)


@dataclass(frozen=True)
class IntroOver:
    round: int


@dataclass(frozen=True)
class NextRound:
    """The pause after round `after` is over: the next round begins."""

    after: int


@dataclass
class DuelSlot:
    ref: ActorRef
    pair: tuple[int, int]
    round: int
    duel: Duel  # the latest state its actor reported
    over: bool = False
    void: bool = False  # cancelled by a crash


class TournamentRun:
    def __init__(
        self,
        tournament_id: int | None,
        room: Room,
        ratings: dict[int, int],
        words: Any,  # the lobby's wordlists.WordList
        settings: Settings,
        clock: Clock,
        rng: random.Random,
        lobby: ActorRef,
        after: Callable[[float, Any], Timer],
        recorder: ActorRef | None,
        supervisor: ActorRef | None,
        ended: Callable[[], None],
    ) -> None:
        """`ended()` is called once the tournament is over (the lobby then closes)."""
        self.tournament_id = tournament_id
        self.room = room
        self.words = words
        self.settings = settings
        self.clock = clock
        self.rng = rng
        self.lobby = lobby
        self.after = after
        self.recorder = recorder
        self.supervisor = supervisor
        self.ended = ended
        self.t = Tournament.create(tuple(room.people), ratings)
        self.duels: dict[int, DuelSlot] = {}
        self.duel_of: dict[int, int] = {}  # player -> their duel this round
        self.watching: dict[int, int] = {}  # spectator -> duel
        self.used_words: set[str] = set()
        self.intro_ends_at: float | None = None
        self.recap: list[views.RecapView] = []  # the last finished round, as the intro shows it
        self.over = False

    def begin(self) -> None:
        self.t, events = self.t.begin_round(self.rng)
        self._apply(events)

    def next_round(self, msg: NextRound) -> None:
        if self.over or self.t.round != msg.after or self.t.phase is not Phase.BETWEEN:
            return
        self.t, events = self.t.begin_round(self.rng)
        self._apply(events)

    # --- rounds and duels -------------------------------------------------------------

    def intro_over(self, msg: IntroOver) -> None:
        if self.t.round != msg.round or self.t.phase is not Phase.INTRO:
            return
        self.intro_ends_at = None
        self.t, events = self.t.start_play()
        pairs = self.t.unsettled_pairs()
        if pairs:
            self._start_duels(pairs)
        self._apply(events)

    def _start_duels(self, pairs: list[tuple[int, int]]) -> None:
        try:
            secrets = choose_secrets(self.rng, self.words.answers, len(pairs), self.used_words)
        except OutOfWords:
            log.error("tournament %s: out of words; duels are void", self.tournament_id)
            for pair in pairs:
                self.t, events = self.t.record_duel(pair, Result.VOID)
                self._apply(events)
            return
        now = self.clock.time()
        for pair, secret in zip(pairs, secrets, strict=True):
            duel_id = next(_duel_ids)
            rng = random.Random(self.rng.random())
            duel = begin_duel(pair, secret, self.words, rng, now, self.settings.turn_seconds)
            actor = DuelActor(duel_id, duel, self.words, self.lobby, self.clock, self.supervisor)
            self.duels[duel_id] = DuelSlot(actor.ref, pair, self.t.round, duel)
            for p in pair:
                self.duel_of[p] = duel_id
                self.watching.pop(p, None)
            actor.start()
            self.room.broadcast(frames.DuelStartedFrame.of(duel_id, self.t.round, duel, now))
            first = _turn(duel_id, duel, duel.starter, duel.deadline, now)
            self.room.broadcast(first, only=self._audience(duel_id))

    def duel_changed(self, msg: DuelChanged) -> None:
        """A duel reported its new state: its audience sees the rows and turns, everyone its
        end; a finished duel is recorded and counted."""
        slot = self.duels.get(msg.duel_id)
        if slot is None or slot.over:
            return
        slot.duel = duel = msg.duel
        now = self.clock.time()
        audience = self._audience(msg.duel_id)
        events = msg.events
        for i, e in enumerate(events):
            if isinstance(e, RowPlayed):
                # the turn a row hands over goes in the row's frame
                after = events[i + 1] if i + 1 < len(events) else None
                handed = _next_turn(duel, after, now) if isinstance(after, TurnStarted) else None
                row = frames.row_played(msg.duel_id, e.row, e.index, handed)
                self.room.broadcast(row, only=audience)
            elif isinstance(e, TurnStarted):
                if i and isinstance(events[i - 1], RowPlayed):
                    continue  # sent with its row
                turn = _turn(msg.duel_id, duel, e.player, e.deadline, now, e.turn)
                self.room.broadcast(turn, only=audience)
            elif isinstance(e, GuessRejected):
                reason = e.reason.value
                text = texts.text(reason, length=duel.length)
                rejected = frames.GuessRejectedFrame(msg.duel_id, msg.typed, reason, text)
                self.room.send(e.player, rejected)
            elif isinstance(e, DuelEnded):
                self.room.broadcast(frames.DuelEndedFrame.of(msg.duel_id, duel))
        if duel.over:
            slot.over = True
            self._record(Record(PlayedDuel.of(self.tournament_id, slot.round, duel)))
            if slot.round == self.t.round:
                result = Result(duel.outcome.value)
                self.t, events = self.t.record_duel(slot.pair, result, duel.winner)
                self._apply(events)

    def duel_crashed(self, ref: ActorRef) -> None:
        """A duel actor crashed: the duel is void, nobody loses a life (documented)."""
        found = next(((i, s) for i, s in self.duels.items() if s.ref is ref), None)
        if found is None or found[1].over:
            return
        duel_id, slot = found
        slot.over = slot.void = True
        log.error("tournament %s: duel %s crashed; it is void", self.tournament_id, duel_id)
        self.room.broadcast(frames.DuelEndedFrame.of(duel_id, slot.duel, outcome="void"))
        self.room.broadcast(frames.ErrorFrame.of("duel_void"), only=slot.pair)
        played = PlayedDuel.of(self.tournament_id, slot.round, slot.duel, result="void")
        self._record(Record(played))
        if slot.round == self.t.round:
            self.t, events = self.t.record_duel(slot.pair, Result.VOID)
            self._apply(events)

    # --- players ----------------------------------------------------------------------

    def command(self, player_id: int, command: LobbyCommand) -> None:
        if isinstance(command, SubmitGuess):
            slot = self._live_duel_of(player_id)
            if slot is None:
                self.room.send(player_id, frames.ErrorFrame.of("no_duel"))
            else:
                slot.ref.tell(Guess(player_id, command.word))
        elif isinstance(command, Spectate):
            self._spectate(player_id, command.duel)
        elif isinstance(command, StopSpectating):
            self.watching.pop(player_id, None)
            self.room.send(player_id, frames.DuelViewFrame(None))

    def _spectate(self, player_id: int, duel_id: int) -> None:
        slot = self.duels.get(duel_id)
        if slot is None or slot.round != self.t.round:
            self.room.send(player_id, frames.ErrorFrame.of("no_such_duel"))
            return
        own = self._live_duel_of(player_id)
        if own is not None and own is not slot:
            self.room.send(player_id, frames.ErrorFrame.of("cannot_spectate"))
            return
        self.watching[player_id] = duel_id
        self.room.send(player_id, frames.DuelViewFrame(self._view(duel_id, self.clock.time())))

    def leave(self, player_id: int, reason: str) -> None:
        """A player left (or their grace ran out): an automatic defeat. Their running duel
        ends by forfeit here and now, before the tournament's events for it go out."""
        slot = self._live_duel_of(player_id)
        self.t, events = self.t.leave(player_id)
        if slot is not None:
            slot.ref.tell(STOP)
            slot.duel, _ = slot.duel.forfeit(player_id, self.clock.time())
            slot.over = True
            duel_id = self.duel_of[player_id]
            self.room.broadcast(frames.DuelEndedFrame.of(duel_id, slot.duel))
            self._record(Record(PlayedDuel.of(self.tournament_id, slot.round, slot.duel)))
        self.watching.pop(player_id, None)
        unplaced = [] if player_id in self.t.places else [player_id]
        self.room.release(
            [player_id], frames.LeftFrame.of(reason), reason=reason, unplaced=unplaced
        )
        self._apply(events)
        if not self.over and not self._people_left():
            self._abandon()

    def _people_left(self) -> bool:
        """Is a person still in the game: playing, or watching, or within their grace?"""
        for p in self.t.seats:
            pr = self.room.get(p)
            if pr is None or pr.player.is_bot:
                continue
            if p not in self.t.out_round and p not in self.t.left:
                return True
            if pr.attached and (pr.conn is not None or pr.away_since is not None):
                return True
        return False

    def _abandon(self) -> None:
        """Only bots are left: stop them (documented in the module's docstring). People out
        but not yet placed get their places now, as at their round's end."""
        log.info("tournament %s: no person left; abandoned", self.tournament_id)
        self.t, fixed = self.t.abandon()
        for e in fixed:
            self._record(Record(FixedPlacement.of(self.tournament_id, e)))
            self.room.settled(e.player)
            self.room.broadcast(frames.tournament_event(e))
        self.stop_duels()
        stopped = frames.TournamentAbortedFrame(
            self.tournament_id, "tournament_abandoned", texts.text("tournament_abandoned")
        )
        self.room.release(self.room.attached(), stopped)
        self._record(Record(TournamentClosed(self.tournament_id, "abandoned")))
        self.over = True
        self.ended()

    def abort(self, code: str) -> None:
        """Stop here: fixed placements keep their rating changes; the tournament is recorded
        as aborted, so nobody else's rating changes."""
        self.over = True
        self.stop_duels()
        aborted = frames.TournamentAbortedFrame(self.tournament_id, code, texts.text(code))
        self.room.release(self.room.attached(), aborted)
        self._record(Record(TournamentClosed(self.tournament_id, "aborted")))

    def stop_duels(self) -> None:
        for slot in self.duels.values():
            slot.ref.tell(STOP)

    # --- the tournament's events ------------------------------------------------------

    def _apply(self, events: list) -> None:
        """Publish the tournament's events, record what must be, and (after a pause to read
        the results) begin the next round."""
        round_over = False
        for e in events:
            if isinstance(e, RoundIntro):
                self._round_intro(e)
            elif isinstance(e, TournamentEnded):
                self._tournament_ended(e)
                return
            else:
                if isinstance(e, PlacementFixed):
                    self._record(Record(FixedPlacement.of(self.tournament_id, e)))
                    self.room.settled(e.player)  # after the write is on its way
                round_over = round_over or isinstance(e, RoundEnded)
                self.room.broadcast(frames.tournament_event(e))
        if round_over and self.t.phase is Phase.BETWEEN:
            self.recap = self._recap()
            if self.settings.recap_seconds > 0 and self.t.round > 0:
                self.after(self.settings.recap_seconds, NextRound(self.t.round))
            else:
                self.t, more = self.t.begin_round(self.rng)
                self._apply(more)

    def _recap(self) -> list[views.RecapView]:
        """How each pair of the round just played was settled, with its duel's secret."""
        if not self.t.history:
            return []
        _pairing, settled = self.t.history[-1]
        rnd = self.t.round
        by_pair = {frozenset(s.pair): (i, s) for i, s in self.duels.items() if s.round == rnd}
        recap = []
        for result in settled:
            duel_id, slot = by_pair.get(frozenset(result.pair), (None, None))
            outcome = "void" if slot is not None and slot.void else result.result.value
            recap.append(
                views.RecapView(
                    players=list(result.pair),
                    duel=duel_id,
                    outcome=outcome,
                    winner=result.winner,
                    secret=slot.duel.secret_word if slot is not None else None,
                    rows=len(slot.duel.rows) if slot is not None else 0,
                )
            )
        return recap

    def _round_intro(self, e: RoundIntro) -> None:
        self.duels = {i: s for i, s in self.duels.items() if not s.over}
        self.duel_of.clear()
        now = self.clock.time()
        self.intro_ends_at = now + self.settings.intro_seconds
        intro = frames.RoundIntroFrame.of(e, self.intro_ends_at, now, self.recap)
        self.room.broadcast(intro)
        self.after(self.settings.intro_seconds, IntroOver(e.round))

    def _tournament_ended(self, e: TournamentEnded) -> None:
        ended = frames.TournamentEndedFrame.of(self.tournament_id, e, self.t.changes, self.t.seats)
        self.room.broadcast(ended)
        self._record(Record(TournamentClosed(self.tournament_id)))
        log.info("tournament %s ended: winner %s", self.tournament_id, e.winner)
        self.over = True
        self.ended()

    def _record(self, message: Any) -> None:
        """Hand a write to the recorder (tournaments without a database record nothing)."""
        if self.recorder is not None and self.tournament_id is not None:
            self.recorder.tell(message)

    # --- views ------------------------------------------------------------------------

    def _live_duel_of(self, player_id: int) -> DuelSlot | None:
        slot = self.duels.get(self.duel_of.get(player_id, -1))
        return slot if slot is not None and not slot.over else None

    def _audience(self, duel_id: int) -> set[int]:
        slot = self.duels[duel_id]
        return set(slot.pair) | {v for v, d in self.watching.items() if d == duel_id}

    def _view(self, duel_id: int, now: float) -> views.DuelView:
        slot = self.duels[duel_id]
        return views.DuelView.of(duel_id, slot.round, slot.duel, now)

    def duel_views(self, player_id: int, now: float) -> tuple[views.DuelView | None, ...]:
        """The player's own duel of this round and the duel they watch (each may be None)."""
        own = self.duel_of.get(player_id)
        watched = self.watching.get(player_id)
        return tuple(
            self._view(d, now) if d is not None and d in self.duels else None
            for d in (own, watched)
        )

    def view(self, now: float) -> views.TournamentView:
        t = self.t
        standings = []
        for s in t.standings():
            status = self.room.status(s["player"])
            standings.append(
                views.StandingView(**s, connected=status.connected, gone_at=status.gone_at)
            )
        pairing = t.pairing
        return views.TournamentView(
            id=self.tournament_id,
            round=t.round,
            phase=t.phase.value,
            intro_ends_at=wire.ms(self.intro_ends_at),
            intro_remaining_ms=wire.remaining_ms(self.intro_ends_at, now),
            pairs=[list(p) for p in pairing.pairs] if pairing else [],
            bye=pairing.bye if pairing else None,
            standings=standings,
            recap=self.recap,
            duels=[
                views.DuelSummaryView(
                    id=i,
                    players=list(s.pair),
                    length=s.duel.length,
                    over=s.over,
                    outcome="void" if s.void else _outcome(s.duel),
                    winner=s.duel.winner,
                )
                for i, s in self.duels.items()
                if s.round == t.round
            ],
        )


def _outcome(duel: Duel) -> str | None:
    return duel.outcome.value if duel.outcome else None


def _next_turn(duel: Duel, e: TurnStarted, now: float) -> views.NextTurn:
    return views.NextTurn(
        e.player,
        e.turn,
        wire.ms(duel.turn_seconds),
        wire.ms(e.deadline),
        wire.remaining_ms(e.deadline, now),
    )


def _turn(
    duel_id: int, duel: Duel, player: int, deadline: float, now: float, number: int = 1
) -> frames.TurnFrame:
    return frames.TurnFrame(
        duel_id,
        player,
        number,
        wire.ms(duel.turn_seconds),
        wire.ms(deadline),
        wire.remaining_ms(deadline, now),
    )
