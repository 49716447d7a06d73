"""The duel actor: owns one duel's state and its turn clock.

Guesses arrive from the lobby (already routed by the authenticated player id); the duel
normalises them with its language, applies the pure rules, and tells the lobby the new `Duel`
value with the events that led to it. The lobby turns those into frames and records the
result. The turn clock is a timer message; a stale tick is harmless because the deadline is
data and `Duel.tick` only acts on deadlines that have passed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from actors.clock import Clock, Timer
from actors.messages import DuelChanged, Forfeit, Guess
from actors.metrics import guesses, turn_timer_fired
from actors.runtime import Actor, ActorRef
from models.duel import Duel, RowPlayed, TurnStarted


@dataclass(frozen=True)
class Tick:
    """A turn's deadline has come."""


class DuelActor(Actor):
    def __init__(
        self,
        duel_id: int,
        duel: Duel,
        words: Any,  # a wordlists.WordList: .language.normalize/.letters, .is_allowed
        lobby: ActorRef,
        clock: Clock,
        supervisor: ActorRef | None = None,
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
        self._arm(self.duel.deadline - self.clock.time())

    # --- messages ---------------------------------------------------------------------

    def on_Guess(self, msg: Guess) -> None:
        now = self.clock.time()
        language = self.words.language
        word = language.normalize(msg.word)
        letters = language.letters(word) if word else None
        allowed = bool(letters) and self.words.is_allowed(word)
        self.duel, events = self.duel.guess(msg.player_id, word, letters, allowed, now)
        guesses.played(msg.player_id, self.duel, any(isinstance(e, RowPlayed) for e in events))
        self._publish(events, typed=msg.word)

    def on_Forfeit(self, msg: Forfeit) -> None:
        if msg.player_id in self.duel.players:
            self.duel, events = self.duel.forfeit(msg.player_id, self.clock.time())
            self._publish(events)

    def on_Tick(self, _msg: Tick) -> None:
        turn_timer_fired(self.duel.deadline, self.clock.time())
        self.duel, events = self.duel.tick(self.clock.time())
        self._publish(events)

    def on_stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    # --- internals --------------------------------------------------------------------

    def _publish(self, events: list, typed: str = "") -> None:
        if not events:
            return
        for event in events:
            if isinstance(event, TurnStarted):
                self._arm(event.deadline - self.clock.time())
        self.lobby.tell(DuelChanged(self.duel_id, self.duel, tuple(events), typed))
        if self.duel.over:
            self.stop()

    def _arm(self, delay: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.after(delay, Tick())


def begin_duel(
    players: tuple[int, int],
    secret: str,
    words: Any,
    rng: random.Random,
    now: float,
    turn_seconds: float,
) -> Duel:
    """A new duel of `secret`, split into the language's letters, with a random starter."""
    letters = words.language.letters(secret)
    if not letters:
        raise ValueError(f"secret {secret!r} is not made of the language's letters")
    duel, _ = Duel.begin(players, letters, secret, rng, now, turn_seconds=turn_seconds)
    return duel
