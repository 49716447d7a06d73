"""A lobby's running tournament, inside a step: rounds, duels, results, placements, spectators.

The pure `Tournament` value is the truth for results; this applies its events: it starts a duel
(an effect: the actor starts a duel actor) per pair, turns what duels report into frames for
their audience, records duels and placements (effects for the recorder), and moves from round
to round. A leave settles the leaver's duel here at once (its actor is just stopped), so its
`duel_ended` comes before the round's end. Between two rounds there is a pause
(`recap_seconds`) for everyone to read the last results; the next intro recaps the round just
played. Timers are effects that bring `IntroOver` and `NextRound` back.

When no person is left (every person out of the game, and none connected or within the
reconnect grace), the bots still playing are stopped: the tournament is recorded as
`abandoned`. People's placements stand (those out but not yet placed are placed at once, as
at their round's end, below every bot still in); the bots still in get no place and no change.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar, cast

from models.duel import Duel, DuelEnded, GuessRejected, RowPlayed, TurnStarted
from models.lobby import views
from models.lobby.effects import (
    After,
    PassGuess,
    Save,
    Send,
    StartDuel,
    StopDuel,
)
from models.lobby.inputs import DuelChanged, IntroOver, NextRound
from models.lobby.room import Room
from models.lobby.state import DuelSlot, Run
from models.lobby.views import as_id, pair_ids
from models.results import FixedPlacement, PlayedDuel, TournamentClosed
from models.tournament import (
    Event,
    Phase,
    PlacementFixed,
    Result,
    RoundEnded,
    RoundIntro,
    TournamentEnded,
)
from models.words import OutOfWords, Words, choose_secrets
from protocol import server as frames
from protocol import texts
from protocol.client import LobbyCommand, Spectate, StopSpectating, SubmitGuess
from protocol.views import best_greens

C = TypeVar("C")


def begin_duel(
    players: tuple[int, int],
    secret: str,
    words: Words,
    rng: random.Random,
    now: float,
    turn_seconds: float,
) -> Duel:
    """A new duel of `secret`, split into the language's letters, with a random starter."""
    letters = words.language.letters(secret)
    if not letters:
        raise ValueError(f"secret {secret!r} is not made of the language's letters")
    duel, _ = Duel.begin(players, letters, secret, rng, now, turn_seconds=turn_seconds)
    written = words.shown(secret)
    if written != secret:
        duel = replace(duel, written=written, written_letters=tuple(words.shown_letters(secret)))
    return duel


class TournamentSteps(Room[C]):
    __slots__ = ()

    @property
    def run(self) -> Run:
        run = self.s.run
        assert run is not None, "no tournament is running"
        return run

    def set_run(self, run: Run) -> None:
        self.s = self.s.with_run(run)

    # --- rounds -----------------------------------------------------------------------

    def begin(self) -> None:
        t, events = self.run.t.begin_round(self.ctx.rng)
        self.set_run(self.run._replace(t=t))
        self.apply(events)

    def next_round(self, msg: NextRound) -> None:
        run = self.run
        if run.over or run.t.round != msg.after or run.t.phase is not Phase.BETWEEN:
            return
        self.begin()

    def intro_over(self, msg: IntroOver) -> None:
        run = self.run
        if run.t.round != msg.round or run.t.phase is not Phase.INTRO:
            return
        t, events = run.t.start_play()
        self.set_run(run._replace(t=t, intro_ends_at=None))
        pairs = t.unsettled_pairs()
        if pairs:
            self.start_duels([pair_ids(p) for p in pairs])
        self.apply(events)

    def start_duels(self, pairs: list[tuple[int, int]]) -> None:
        ctx, run = self.ctx, self.run
        used = set(run.used_words)
        try:
            secrets = choose_secrets(ctx.rng, ctx.words.answers, len(pairs), used)
        except OutOfWords:
            # Void duels would lose nobody a life: the same round again, forever. A list this
            # small is the admin's to fix (the log says so); the players are told it stopped.
            self.log(
                f"tournament {run.tournament_id}: out of words (the answer list is too small "
                "for a tournament); it is stopped as aborted",
                logging.ERROR,
            )
            self.abort_run("tournament_aborted")
            self.finish()
            return
        now = self.now
        slots = list(run.duels)
        watching = run.watching
        for pair, secret in zip(pairs, secrets, strict=True):
            duel_id = next(ctx.duel_ids)
            rng = random.Random(ctx.rng.random())
            duel = begin_duel(pair, secret, ctx.words, rng, now, ctx.settings.turn_seconds)
            slots.append(DuelSlot(duel_id, pair, run.t.round, duel))
            watching = tuple(w for w in watching if w[0] not in pair)
            self.set_run(self.run._replace(duels=tuple(slots), watching=watching))
            self.out.append(StartDuel(duel_id, duel))
            self.broadcast(frames.DuelStartedFrame.of(duel_id, run.t.round, duel, now))
            first = views.turn(duel_id, duel, as_id(duel.starter), duel.deadline, now)
            self.broadcast(first, only=self.run.audience(slots[-1]))
        self.set_run(self.run._replace(used_words=frozenset(used)))

    # --- what duels report ------------------------------------------------------------

    def duel_changed(self, msg: DuelChanged) -> None:
        """A duel reported its new state: its audience sees the rows and turns, everyone its
        end; a finished duel is recorded and counted."""
        slot = self.run.slot(msg.duel_id)
        if slot is None or slot.over:
            return
        duel = msg.duel
        slot = slot.reported(duel)
        self.set_run(self.run.with_slot(slot))
        now = self.now
        audience = self.run.audience(slot)
        events = msg.events
        for i, e in enumerate(events):
            if isinstance(e, RowPlayed):
                # the turn a row hands over goes in the row's frame
                after = events[i + 1] if i + 1 < len(events) else None
                handed = (
                    views.next_turn(duel, after, now) if isinstance(after, TurnStarted) else None
                )
                row = frames.row_played(msg.duel_id, e.row, e.index, handed)
                self.broadcast(row, only=audience)
            elif isinstance(e, TurnStarted):
                if i and isinstance(events[i - 1], RowPlayed):
                    continue  # sent with its row
                turn = views.turn(msg.duel_id, duel, as_id(e.player), e.deadline, now, e.turn)
                self.broadcast(turn, only=audience)
            elif isinstance(e, GuessRejected):
                reason = e.reason.value
                text = texts.text(reason, length=duel.length)
                rejected = frames.GuessRejectedFrame(msg.duel_id, msg.typed, reason, text)
                self.send(as_id(e.player), rejected)
            elif isinstance(e, DuelEnded):
                self.broadcast(frames.DuelEndedFrame.of(msg.duel_id, duel))
        if not duel.over and any(isinstance(e, RowPlayed) for e in events):
            self.progress(slot, audience)
        if duel.over:
            self.out.append(StopDuel(slot.id))
            self.save_duel(slot)
            if slot.round == self.run.t.round:
                result = Result(duel.outcome.value if duel.outcome else "void")
                t, more = self.run.t.record_duel(slot.pair, result, duel.winner)
                self.set_run(self.run._replace(t=t))
                self.apply(more)

    def progress(self, slot: DuelSlot, audience: list[int]) -> None:
        """A row of a running duel: its progress (`duel_progress`, no letters) to the people
        who wait for the round's end (their duel over, a bye, out). Not to anyone in a running
        duel (frames per guess are the cost that matters), nor to the duel's audience (their
        rows say it), nor to bots."""
        busy = set(audience)
        for s in self.run.duels:
            if not s.over:
                busy.update(s.pair)
        to = tuple(
            pr.conn
            for pr in self.s.people
            if pr.attached
            and pr.conn is not None
            and not pr.player.is_bot
            and pr.player.id not in busy
        )
        if to:
            duel = slot.duel
            rows, greens, mover = len(duel.rows), best_greens(duel), duel.to_move
            self.out.append(Send(frames.DuelProgressFrame(slot.id, rows, greens, as_id(mover)), to))

    def duel_crashed(self, duel_id: int) -> None:
        """A duel actor crashed: the duel is void, nobody loses a life (documented)."""
        slot = self.run.slot(duel_id)
        if slot is None or slot.over:
            return
        slot = slot._replace(over=True, void=True)
        self.set_run(self.run.with_slot(slot))
        tid = self.run.tournament_id
        self.log(f"tournament {tid}: duel {duel_id} crashed; it is void", logging.ERROR)
        self.broadcast(frames.DuelEndedFrame.of(duel_id, slot.duel, outcome="void"))
        self.broadcast(frames.ErrorFrame.of("duel_void"), only=slot.pair)
        self.save_duel(slot, result="void")
        if slot.round == self.run.t.round:
            t, events = self.run.t.record_duel(slot.pair, Result.VOID)
            self.set_run(self.run._replace(t=t))
            self.apply(events)

    # --- players ----------------------------------------------------------------------

    def command(self, player_id: int, command: LobbyCommand) -> None:
        if isinstance(command, SubmitGuess):
            slot = self.run.live_duel_of(player_id)
            if slot is None:
                self.send(player_id, frames.ErrorFrame.of("no_duel"))
            else:
                self.out.append(PassGuess(slot.id, player_id, command.word))
        elif isinstance(command, Spectate):
            self.spectate(player_id, command.duel)
        elif isinstance(command, StopSpectating):
            self.stop_watching(player_id)
            self.send(player_id, frames.DuelViewFrame(None))

    def spectate(self, player_id: int, duel_id: int) -> None:
        slot = self.run.slot(duel_id)
        if slot is None or slot.round != self.run.t.round:
            self.send(player_id, frames.ErrorFrame.of("no_such_duel"))
            return
        own = self.run.live_duel_of(player_id)
        if own is not None and own.id != slot.id:
            self.send(player_id, frames.ErrorFrame.of("cannot_spectate"))
            return
        self.stop_watching(player_id)
        self.set_run(self.run._replace(watching=self.run.watching + ((player_id, duel_id),)))
        self.send(player_id, frames.DuelViewFrame(views.duel_view(slot, self.now)))

    def stop_watching(self, player_id: int) -> None:
        run = self.run
        if any(w[0] == player_id for w in run.watching):
            watching = tuple(w for w in run.watching if w[0] != player_id)
            self.set_run(run._replace(watching=watching))

    def leave_run(self, player_id: int, reason: str) -> None:
        """A player left (or their grace ran out): an automatic defeat. Their running duel
        ends by forfeit here and now, before the tournament's events for it go out."""
        slot = self.run.live_duel_of(player_id)
        t, events = self.run.t.leave(player_id)
        self.set_run(self.run._replace(t=t))
        if slot is not None:
            self.out.append(StopDuel(slot.id))
            duel, _ = slot.duel.forfeit(player_id, self.now)
            slot = slot._replace(duel=duel, over=True)
            self.set_run(self.run.with_slot(slot))
            self.broadcast(frames.DuelEndedFrame.of(slot.id, duel))
            self.save_duel(slot)
        self.stop_watching(player_id)
        unplaced = [] if player_id in t.places else [player_id]
        self.release([player_id], frames.LeftFrame.of(reason), reason=reason, unplaced=unplaced)
        self.apply(events)
        if not self.run.over and not self.people_left():
            self.abandon()

    def people_left(self) -> bool:
        """Is a person still in the game: playing, or watching, or within their grace?"""
        t = self.run.t
        for pr in self.s.people:
            p = pr.player.id
            if pr.player.is_bot:
                continue
            if p not in t.out_round and p not in t.left:
                return True
            if pr.attached and (pr.conn is not None or pr.away_since is not None):
                return True
        return False

    def abandon(self) -> None:
        """Only bots are left: stop them (see the module's docstring). People out but not yet
        placed get their places now, as at their round's end."""
        tid = self.run.tournament_id
        self.log(f"tournament {tid}: no person left; abandoned")
        t, fixed = self.run.t.abandon()
        self.set_run(self.run._replace(t=t))
        for e in fixed:
            assert isinstance(e, PlacementFixed)
            self.save_placement(e)
            self.settled(as_id(e.player))
            self.broadcast(frames.tournament_event(e))
        self.stop_duels()
        code = "tournament_abandoned"
        self.release(
            self.attached(),
            frames.TournamentAbortedFrame(tid, "tournament_abandoned", texts.text(code)),
        )
        self.save_end("abandoned")
        self.set_run(self.run._replace(over=True))
        self.finish()

    def abort_run(self, code: str) -> None:
        """Stop here: fixed placements keep their rating changes; the tournament is recorded
        as aborted, so nobody else's rating changes."""
        self.stop_duels()
        self.set_run(self.run._replace(over=True))
        aborted = frames.TournamentAbortedFrame(
            self.run.tournament_id, cast(frames.AbortCode, code), texts.text(code)
        )
        self.release(self.attached(), aborted)
        self.save_end("aborted")

    # --- the tournament's events ------------------------------------------------------

    def apply(self, events: Sequence[Event]) -> None:
        """Publish the tournament's events, record what must be, and (after a pause to read
        the results) begin the next round."""
        round_over = False
        for e in events:
            if isinstance(e, RoundIntro):
                self.round_intro(e)
            elif isinstance(e, TournamentEnded):
                self.tournament_ended(e)
                return
            else:
                if isinstance(e, PlacementFixed):
                    self.save_placement(e)
                    self.settled(as_id(e.player))  # after the write is on its way
                round_over = round_over or isinstance(e, RoundEnded)
                self.broadcast(frames.tournament_event(e))
        t = self.run.t
        if round_over and t.phase is Phase.BETWEEN:
            self.set_run(self.run._replace(recap=views.recap(self.run)))
            recap_seconds = self.ctx.settings.recap_seconds
            if recap_seconds > 0 and t.round > 0:
                self.out.append(After(recap_seconds, NextRound(t.round)))
            else:
                self.begin()

    def round_intro(self, e: RoundIntro) -> None:
        run = self.run
        ends_at = self.now + self.ctx.settings.intro_seconds
        duels = tuple(s for s in run.duels if not s.over)
        self.set_run(run._replace(duels=duels, intro_ends_at=ends_at))
        self.broadcast(frames.RoundIntroFrame.of(e, ends_at, self.now, list(run.recap)))
        self.out.append(After(self.ctx.settings.intro_seconds, IntroOver(e.round)))

    def tournament_ended(self, e: TournamentEnded) -> None:
        run = self.run
        changes = cast("dict[int, int]", run.t.changes)
        seats = cast("tuple[int, ...]", run.t.seats)
        self.broadcast(frames.TournamentEndedFrame.of(run.tournament_id, e, changes, seats))
        self.save_end("finished")
        self.log(f"tournament {run.tournament_id} ended: winner {e.winner}")
        self.set_run(run._replace(over=True))
        self.finish()

    # --- records (a tournament without a database records nothing) -------------------

    def save_duel(self, slot: DuelSlot, result: str | None = None) -> None:
        tid = self.run.tournament_id
        if tid is not None:
            self.out.append(Save(PlayedDuel.of(tid, slot.round, slot.duel, result)))

    def save_placement(self, e: PlacementFixed) -> None:
        tid = self.run.tournament_id
        if tid is not None:
            self.out.append(Save(FixedPlacement.of(tid, e)))

    def save_end(self, status: str) -> None:
        tid = self.run.tournament_id
        if tid is not None:
            self.out.append(Save(TournamentClosed(tid, status)))
