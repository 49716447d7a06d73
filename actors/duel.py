"""The duel actor: owns one duel's state and its turn clock.

Guesses arrive from the lobby (already routed by the authenticated player id); the duel
normalises them with its language, applies the pure rules, and tells the lobby the new `Duel`
value with the events that led to it. The lobby turns those into frames and records the
result. The turn clock is a timer message; a stale tick is harmless because the deadline is
data and `Duel.tick` only acts on deadlines that have passed. The duel itself begins in the
lobby's step (models/lobby/run.py: `begin_duel`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from actors.clock import Clock, Timer
from actors.messages import DuelMsg, Forfeit, Guess, LobbyRef, SupervisorRef, Tick
from actors.metrics import guesses, turn_timer_fired
from actors.runtime import Actor
from models.duel import Duel, RowPlayed, TurnStarted
from models.duel import Event as DuelEvent
from models.lobby.inputs import DuelChanged
from models.words import Words


class DuelActor(Actor[DuelMsg]):
    def __init__(
        self,
        duel_id: int,
        duel: Duel,
        words: Words,
        lobby: LobbyRef,
        clock: Clock,
        supervisor: SupervisorRef | None = None,
    ) -> None:
        """`duel` has just begun (`Duel.begin`); its first turn's clock starts with the actor."""
        super().__init__(clock, supervisor)
        self.duel_id = duel_id
        self.duel = duel
        self.words = words
        self.lobby = lobby
        self.parent = lobby
        self._timer: Timer | None = None

    def on_start(self) -> None:
        guesses.forget(self.duel.players)  # (metrics) stamps left from before are stale
        self._arm(self.duel.deadline)

    def receive(self, message: DuelMsg) -> None:
        match message:
            case Guess():
                self.guess(message)
            case Tick():
                turn_timer_fired(self.duel.deadline, self.clock.time())
                self.duel, events = self.duel.tick(self.clock.time())
                self._publish(events)
            case Forfeit(player_id):
                if player_id in self.duel.players:
                    self.duel, events = self.duel.forfeit(player_id, self.clock.time())
                    self._publish(events)
            case _:
                assert_never(message)

    def guess(self, msg: Guess) -> None:
        now = self.clock.time()
        language = self.words.language
        word = language.normalize(msg.word)
        letters = language.letters(word) if word else None
        allowed = bool(letters) and self.words.is_allowed(word)
        self.duel, events = self.duel.guess(msg.player_id, word, letters, allowed, now)
        guesses.played(msg.player_id, self.duel, any(isinstance(e, RowPlayed) for e in events))
        self._publish(events, typed=msg.word)

    def on_stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    # --- internals --------------------------------------------------------------------

    def _publish(self, events: Sequence[DuelEvent], typed: str = "") -> None:
        if not events:
            return
        for event in events:
            if isinstance(event, TurnStarted):
                self._arm(event.deadline)
        self.lobby.tell(DuelChanged(self.duel_id, self.duel, tuple(events), typed))
        if self.duel.over:
            self.stop()

    def _arm(self, deadline: float | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if deadline is not None:
            self._timer = self.after(deadline - self.clock.time(), Tick())
