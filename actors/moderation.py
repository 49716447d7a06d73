"""Brings the admin's actions to the running game (scripts/admin.py writes them while the
server runs, or while it is stopped): every WT_ADMIN_POLL_SECONDS this actor reads the admin
log rows newer than the last it saw and tells the game through the GameServer facade. A ban or
a removal closes the player's sockets and counts as leaving their tournament; a rename shows
the new name and tells the player. It also purges address records older than
WT_ADDRESS_DAYS (beside the recorder's purge of unplayed accounts, which may be off).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any, Protocol, assert_never

from actors.clock import Clock
from actors.runtime import Actor, ActorRef, ChildFailed
from models.store.errors import Unavailable
from models.store.interfaces import ModerationLog
from models.store.moderation import LogLine
from models.store.values import PlayerInfo

log = logging.getLogger("wordle.moderation")

PURGE_FIRST_SECONDS = 60.0
PURGE_EVERY_SECONDS = 3600.0
EXPELLING = frozenset({"ban", "remove"})


class Game(Protocol):
    """The facade methods this actor uses (actors/system.py GameServer)."""

    def expel(self, player_id: int) -> None: ...

    def renamed(self, player: PlayerInfo) -> None: ...


@dataclass(frozen=True)
class Poll:
    pass


@dataclass(frozen=True)
class PurgeAddresses:
    pass


ModerationMsg = Poll | PurgeAddresses


class ModerationPoller(Actor[ModerationMsg]):
    resilient = True

    def __init__(
        self,
        store: ModerationLog,
        game: Game,
        poll_seconds: float,
        address_days: float,
        clock: Clock | None = None,
        supervisor: ActorRef[ChildFailed] | None = None,
    ) -> None:
        super().__init__(clock, supervisor)
        self.store, self.game = store, game
        self.poll_seconds, self.address_days = poll_seconds, address_days
        self.last: int | None = None  # the newest log row seen (None: not read yet)

    def on_start(self) -> None:
        self._read_start()
        self.after(self.poll_seconds, Poll())
        self.after(PURGE_FIRST_SECONDS, PurgeAddresses())

    def _read_start(self) -> None:
        """Actions from before this start are already in the database's state: skip them."""
        try:
            self.last = self.store.last_admin_log_id()
        except Unavailable:
            self.last = None

    def receive(self, message: ModerationMsg) -> None:
        match message:
            case Poll():
                self._poll()
            case PurgeAddresses():
                self._purge()
            case _:
                assert_never(message)

    def _poll(self) -> None:
        self.after(self.poll_seconds, Poll())
        if self.last is None:
            self._read_start()
            return
        try:
            lines = self.store.admin_log(self.last)
        except Unavailable:
            return
        for line in lines:
            self.last = line.id
            self._apply(line)

    def _apply(self, line: LogLine) -> None:
        if line.player is None:
            return
        if line.action in EXPELLING:
            log.info("admin %s: %s player %d", line.by, line.action, line.player)
            self.game.expel(line.player)
        elif line.action == "rename":
            found = self.store.get_players([line.player]).get(line.player)
            if found is not None:
                self.game.renamed(found)

    def _purge(self) -> None:
        self.after(PURGE_EVERY_SECONDS, PurgeAddresses())
        now = dt.datetime.fromtimestamp(self.clock.time(), dt.UTC).replace(tzinfo=None)
        try:
            gone = self.store.purge_addresses(now - dt.timedelta(days=self.address_days))
        except Unavailable:
            return
        if gone:
            log.info("purged %d address record(s) older than %g days", gone, self.address_days)


def start_poller(
    store: Any, game: Game, settings: Any, clock: Clock, supervisor: ActorRef[ChildFailed]
) -> ActorRef[ModerationMsg] | None:
    """The poller, when the store keeps an admin log (test fakes may not)."""
    if not hasattr(store, "admin_log"):
        return None
    return ModerationPoller(
        store, game, settings.admin_poll_seconds, settings.address_days, clock, supervisor
    ).start()
