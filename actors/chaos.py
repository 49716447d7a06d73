"""Chaos runs only (WT_CHAOS_CRASH_SECONDS): crash a random game actor every so often, to show
that a crash is contained where the README says it is (a duel is void, a lobby's tournament is
aborted, a connection is dropped and the player reconnects), and nothing else is affected.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from typing import assert_never

from actors.clock import Clock
from actors.messages import ChaosMsg, CrashOne
from actors.runtime import Actor, Crash, live_refs

log = logging.getLogger("wordle.chaos")

TARGETS = ("DuelActor", "LobbyActor", "Connection")


class CrashInjector(Actor[ChaosMsg]):
    resilient = True

    def __init__(self, every: float, clock: Clock, rng: random.Random | None = None) -> None:
        super().__init__(clock)
        self.every = every
        self.rng = rng or random.Random()
        self.crashed: Counter[str] = Counter()

    def on_start(self) -> None:
        self.after(self.every, CrashOne())

    def receive(self, message: ChaosMsg) -> None:
        match message:
            case CrashOne():
                self.crash_one()
            case _:
                assert_never(message)

    def crash_one(self) -> None:
        self.after(self.every, CrashOne())
        targets = [r for r in live_refs() if r.kind in TARGETS]
        if targets:
            victim = self.rng.choice(targets)
            self.crashed[victim.kind] += 1
            log.warning("chaos: crashing %s", victim.name)
            victim.tell(Crash())
