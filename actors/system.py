"""Builds the long-lived actors and wires them together: supervisor, recorder, matchmaker,
bot launcher. The web layer talks to the game only through this object."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

import gevent

from actors.bots import BotLauncher
from actors.clock import Clock, RealClock
from actors.connection import Connection
from actors.lobby import Services
from actors.matchmaker import Matchmaker
from actors.messages import (
    Connected,
    CountLobbies,
    Disconnected,
    Kick,
    Player,
    PlayerChanged,
    Shutdown,
    SocketClosed,
    StopTournaments,
)
from actors.parties import HomeOf, InParty, PartyRegistry
from actors.recorder import Recorder
from actors.runtime import ActorRef
from actors.supervisor import Supervisor
from models.settings import Settings

log = logging.getLogger("wordle")


def as_player(info: Any) -> Player:
    """The actors' copy of a store.PlayerInfo."""
    return Player(info.id, info.nickname, info.tag, info.rating, info.is_bot, info.bot_level)


class GameServer:
    def __init__(
        self,
        settings: Settings,
        words: dict[str, Any],
        store: Any = None,
        clock: Clock | None = None,
        rng: random.Random | None = None,
        players: Callable[[list[int]], dict[int, Player]] | None = None,
    ) -> None:
        """`players(ids)` gives current player info (for party views); by default the store."""
        self.settings = settings
        self.words = words
        self.store = store
        self.clock = clock or RealClock()
        supervisor = Supervisor(self.clock)
        self.supervisor_actor = supervisor
        self.supervisor = supervisor.start()
        self.recorder = (
            Recorder(store, self.clock, self.supervisor).start() if store is not None else None
        )
        self.services = Services(
            matchmaker=None,  # set below, before anything can use it
            recorder=self.recorder,
            bots=None,
            supervisor=self.supervisor,
            settings=settings,
            words=words,
        )
        matchmaker = Matchmaker(self.services, self.clock, rng or random.Random())
        self.matchmaker_actor = matchmaker
        self.services.matchmaker = matchmaker.ref
        self.base_url: str | None = None  # the server's own websocket URL, for bots
        if store is not None:
            self.services.bots = BotLauncher(
                store, words, lambda: self.base_url, self.clock, self.supervisor
            ).start()
        self.matchmaker = matchmaker.start()
        self.parties = PartyRegistry(
            self.matchmaker, set(words), players or self._players, self.clock, self.supervisor
        ).start()
        matchmaker.presence_listener = self.parties

    def set_base_url(self, host: str, port: int) -> None:
        """Where bots connect: this server, by loopback when it listens on all addresses."""
        host = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "": "127.0.0.1"}.get(host, host)
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        self.base_url = f"ws://{host}:{port}/ws?v=1"

    def _players(self, ids: list[int]) -> dict[int, Player]:
        if self.store is None:
            return {}
        return {i: as_player(info) for i, info in self.store.get_players(ids).items()}

    def home(self, player_id: int) -> dict[str, Any]:
        return self.parties.ask(HomeOf(player_id))

    def in_party(self, player_id: int) -> bool:
        return self.parties.ask(InParty(player_id))

    def open_connection(self, socket: Any, player: Player) -> ActorRef:
        """A websocket was accepted for `player`: start its writer and announce it."""
        conn = Connection(
            socket,
            player,
            self.matchmaker,
            self.clock,
            self.supervisor,
            home=self.home,
            in_party=self.in_party,
        ).start()
        self.matchmaker.tell(Connected(player, conn))
        return conn

    def player_changed(self, player: Player) -> None:
        """A player's nickname changed (PATCH /api/me): the game shows the new one."""
        self.matchmaker.tell(PlayerChanged(player))

    def close_connection(self, player_id: int, conn: ActorRef) -> None:
        conn.tell(SocketClosed())
        self.matchmaker.tell(Disconnected(player_id, conn))

    def kick(self, conn: ActorRef, code: str, message: str) -> None:
        conn.tell(Kick(code, message))

    def drain(self, grace: float, poll: float = 0.2) -> int:
        """Shut down the game: no new lobbies, waiting lobbies dissolve; running tournaments
        get `grace` seconds to finish, then they are stopped (recorded as aborted: places
        already fixed keep their rating changes). Returns how many tournaments were stopped."""
        self.matchmaker.tell(Shutdown())
        deadline = time.monotonic() + grace
        running = self.matchmaker.ask(CountLobbies())
        while running and time.monotonic() < deadline:
            gevent.sleep(poll)
            running = self.matchmaker.ask(CountLobbies())
        if running:
            self.matchmaker.tell(StopTournaments())
            gevent.sleep(poll)
        if self.recorder is not None:  # let the last writes land
            flush_by = time.monotonic() + 10
            while self.recorder.backlog and time.monotonic() < flush_by:
                gevent.sleep(poll)
        return running
