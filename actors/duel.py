"""The duel actor: owns one duel's state and its turn clock.

Guesses arrive from the lobby (already routed by the authenticated player id); the duel
normalises them with its language, applies the pure rules, and reports every change to the
lobby in wire form. The turn clock is a timer message; a stale tick is harmless because the
deadline is data and `Duel.tick` only acts on deadlines that have passed.
"""

from __future__ import annotations

import random
from typing import Any

from actors import wire
from actors.clock import Clock, Timer
from actors.messages import DuelFinished, DuelProgress, Forfeit, Guess, Tick
from actors.recorder import RecordDuel
from actors.runtime import Actor, ActorRef
from models.duel import Duel, DuelEnded, GuessRejected, RowPlayed, TurnStarted
from models.tournament import Result


class DuelActor(Actor):
    def __init__(
        self,
        duel_id: int,
        round_: int,
        players: tuple[int, int],
        secret: str,
        words: Any,  # a wordlists.WordList: .language.normalize/.letters, .is_allowed
        rng: random.Random,
        lobby: ActorRef,
        recorder: ActorRef | None,
        tournament_id: int | None,
        turn_seconds: float,
        clock: Clock,
        supervisor: ActorRef | None = None,
    ) -> None:
        super().__init__(clock, supervisor)
        self.duel_id = duel_id
        self.round = round_
        self.words = words
        self.lobby = lobby
        self.parent = lobby
        self.recorder = recorder
        self.tournament_id = tournament_id
        letters = words.language.letters(secret)
        if not letters:
            raise ValueError(f"secret {secret!r} is not made of the language's letters")
        self.duel, events = Duel.begin(
            players, letters, secret, rng, clock.time(), turn_seconds=turn_seconds
        )
        self._timer: Timer | None = None
        self._initial = events

    def on_start(self) -> None:
        now = self.clock.time()
        first = wire.duel_started(self.duel_id, self.round, self.duel, now)
        self._publish(self._initial, now, lead=(first,))
        self._initial = []

    # --- messages ---------------------------------------------------------------------

    def on_Guess(self, msg: Guess) -> None:
        now = self.clock.time()
        language = self.words.language
        word = language.normalize(msg.word)
        letters = language.letters(word) if word else None
        allowed = bool(letters) and self.words.is_allowed(word)
        self.duel, events = self.duel.guess(msg.player_id, word, letters, allowed, now)
        self._publish(events, now, typed=msg.word)

    def on_Forfeit(self, msg: Forfeit) -> None:
        if msg.player_id in self.duel.players:
            now = self.clock.time()
            self.duel, events = self.duel.forfeit(msg.player_id, now)
            self._publish(events, now)

    def on_Tick(self, _msg: Tick) -> None:
        now = self.clock.time()
        self.duel, events = self.duel.tick(now)
        self._publish(events, now)

    def on_stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    # --- internals --------------------------------------------------------------------

    def _publish(self, events: list, now: float, lead: tuple = (), typed: str = "") -> None:
        messages: list[dict[str, Any]] = list(lead)
        private: list[tuple[int, dict[str, Any]]] = []
        ended: DuelEnded | None = None
        for event in events:
            if isinstance(event, RowPlayed):
                messages.append(wire.row_played(self.duel_id, event.row, event.index))
            elif isinstance(event, TurnStarted):
                messages.append(
                    wire.turn(
                        self.duel_id,
                        event.player,
                        event.turn,
                        event.deadline,
                        now,
                        self.duel.turn_seconds,
                    )
                )
                self._arm(event.deadline - now)
            elif isinstance(event, GuessRejected):
                rejected = wire.guess_rejected(
                    self.duel_id, typed, event.reason.value, self.duel.length
                )
                private.append((event.player, rejected))
            elif isinstance(event, DuelEnded):
                ended = event
                messages.append(
                    wire.duel_ended(
                        self.duel_id,
                        event.outcome.value,
                        event.winner,
                        event.loser,
                        self.duel.secret_word,
                        self.duel.secret,
                    )
                )
        if not messages and not private:
            return
        view = wire.duel_view(self.duel_id, self.round, self.duel, now)
        self.lobby.tell(DuelProgress(self.duel_id, tuple(messages), view, tuple(private)))
        if ended is not None:
            self._finish(ended)

    def _arm(self, delay: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.after(delay, Tick())

    def _finish(self, ended: DuelEnded) -> None:
        result = {"win": Result.WIN, "draw": Result.DRAW, "forfeit": Result.FORFEIT}[
            ended.outcome.value
        ]
        if self.recorder is not None and self.tournament_id is not None:
            self.recorder.tell(RecordDuel.of(self.tournament_id, self.round, self.duel))
        self.lobby.tell(DuelFinished(self.duel_id, result.value, ended.winner))
        self.stop()
