"""The supervisor: hears of every crashed actor, logs it, and tells the crashed actor's parent.

Containment itself happens where the knowledge is: a crashed duel is voided by its lobby (nobody
loses a life); a crashed lobby aborts its own tournament from its last consistent state (its
`on_failure`: fixed placements keep their rating changes, everyone else's rating is unchanged,
players are told and sent home) and the matchmaker forgets it. Nothing else is affected.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import assert_never

from actors.clock import Clock
from actors.runtime import Actor, ChildFailed

log = logging.getLogger("wordle.supervisor")


class Supervisor(Actor[ChildFailed]):
    resilient = True

    def __init__(self, clock: Clock | None = None) -> None:
        super().__init__(clock)
        self.failures: Counter[str] = Counter()

    def receive(self, message: ChildFailed) -> None:
        match message:
            case ChildFailed():
                self.failed(message)
            case _:
                assert_never(message)

    def failed(self, msg: ChildFailed) -> None:
        self.failures[msg.ref.kind] += 1
        log.error("%s failed: %r", msg.ref.name, msg.error)
        if msg.parent is not None:
            msg.parent.tell(msg)
