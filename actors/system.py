"""The game server: builds the long-lived actors (supervisor, recorder, matchmaker, party
registry, bot launcher), wires them together, and is the web layer's only way into the game.

Routes and the websocket endpoint call these methods with what they validated (a store's
`PlayerInfo`, a parsed command); the facade turns that into actor messages.
"""

from __future__ import annotations

import hmac
import logging
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import gevent

from actors import messages as m
from actors import metrics
from actors.bots import BotLauncher
from actors.chaos import CrashInjector
from actors.clock import Clock, RealClock
from actors.connection import Connection, Socket
from actors.lobby import Services
from actors.matchmaker import Matchmaker
from actors.messages import (
    AnswerPing,
    Connected,
    ConnRef,
    CountLobbies,
    Disconnected,
    EndConnection,
    KeepAlive,
    Player,
    PlayerChanged,
    RecorderRef,
    Send,
    Shutdown,
    SocketClosed,
    StopTournaments,
    TakeCensus,
)
from actors.moderation import start_poller
from actors.parties import PartyRegistry
from actors.recorder import PendingWrites, Recorder, Unwritten, Writer
from actors.runtime import ActorDead, Reply, live_refs
from actors.supervisor import Supervisor
from models.settings import Settings
from models.store.interfaces import GameStore
from models.store.journal import Journal
from models.store.values import PlayerInfo
from protocol import codes, views
from protocol import server as frames
from protocol.client import Command, Leave, SubmitGuess
from wordlists import WordList

log = logging.getLogger("wordle")

R = TypeVar("R")

PARTY_ASK_SECONDS = 10.0
BANNED_CLOSE_CODE = 4003  # a moderator banned or removed the account
GAME_ACTORS = frozenset({"LobbyActor", "DuelActor", "Connection"})  # none left after a stop
CENSUS_ASK_SECONDS = 2.0  # a scrape waits this long for the matchmaker, then goes without


@dataclass(frozen=True)
class Drained:
    """What a shutdown left: tournaments it stopped, results not written to the database."""

    stopped: int
    unwritten: Unwritten | None  # None: the recorder did not answer


def as_player(info: PlayerInfo | Player) -> Player:
    """The actors' copy of a player."""
    if isinstance(info, Player):
        return info
    return Player(info.id, info.nickname, info.tag, info.rating, info.is_bot, info.bot_level)


class GameServer:
    def __init__(
        self,
        settings: Settings,
        words: dict[str, WordList],
        store: GameStore | None = None,
        clock: Clock | None = None,
        rng: random.Random | None = None,
        players: Callable[[list[int]], dict[int, Player]] | None = None,
        writer: Writer | None = None,
    ) -> None:
        """`players(ids)` gives current player info (for party views); by default the store.
        `writer`: where the recorder's store calls run (actors/recorder.py)."""
        self.settings = settings
        self.words = words
        self.store = store
        self.clock = clock or RealClock()
        self.supervisor = Supervisor(self.clock).start()
        self.recorder: RecorderRef | None = None
        if store is not None:
            journal = Journal(settings.journal_path)
            self.recorder = Recorder(
                store, self.clock, self.supervisor, journal, settings.purge_unplayed_days, writer
            ).start()
        self.base_url: str | None = None  # the server's own websocket URL, for bots
        # what the server's own bots show when they connect (web/ws.py exempts them from the
        # per-address limits): made at each start, never stored or sent to anyone else
        self.bot_credential = secrets.token_urlsafe(32)
        bots = None
        if store is not None:
            bots = BotLauncher(
                store,
                words,
                lambda: self.base_url,
                self.clock,
                self.supervisor,
                credential=self.bot_credential,
                per_address=settings.bots_per_address,
            ).start()
        services = Services(
            matchmaker=None,  # type: ignore[arg-type]  # set below, before anything uses it
            recorder=self.recorder,
            bots=bots,
            supervisor=self.supervisor,
            settings=settings,
            words=words,
        )
        matchmaker = Matchmaker(services, self.clock, rng or random.Random())
        services.matchmaker = matchmaker.ref
        registry = PartyRegistry(
            matchmaker.ref, set(words), players or self._players, self.clock, self.supervisor
        )
        matchmaker.presence_listener = registry.ref  # wired before either one starts
        self.matchmaker = matchmaker.start()
        self.parties = registry.start()
        self.chaos: CrashInjector | None = None
        if settings.chaos_crash_seconds:
            self.chaos = CrashInjector(settings.chaos_crash_seconds, self.clock)
            self.chaos.start()
        self.sockets: dict[int, set[ConnRef]] = {}  # open connections by player (moderation)
        self.moderation = start_poller(store, self, settings, self.clock, self.supervisor)

    def set_base_url(self, host: str, port: int) -> None:
        """Where bots connect: this server, by loopback when it listens on all addresses."""
        host = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "": "127.0.0.1"}.get(host, host)
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        self.base_url = f"ws://{host}:{port}/ws?v={codes.PROTOCOL_VERSION}"

    def is_bot_credential(self, value: str | None) -> bool:
        """Does a handshake carry the server's own bot credential?"""
        return value is not None and hmac.compare_digest(
            value.encode("utf-8", "replace"), self.bot_credential.encode()
        )

    def _current(self, player_id: int) -> Player | None:
        """The player as the store has them now (their rating after their last placement)."""
        return self._players([player_id]).get(player_id)

    def _players(self, ids: list[int]) -> dict[int, Player]:
        if self.store is None:
            return {}
        return {i: as_player(info) for i, info in self.store.get_players(ids).items()}

    # --- connections ------------------------------------------------------------------

    def open_connection(
        self, socket: Socket, player: PlayerInfo | Player, address: str = ""
    ) -> ConnRef:
        """A websocket was accepted for `player` from `address` (its web/limits.py
        address_key): start its writer and announce it."""
        player = replace(as_player(player), address=address)
        conn = Connection(
            socket,
            player,
            self.matchmaker,
            self.clock,
            self.supervisor,
            home=self._home,
            in_party=self._in_party,
            current=self._current if self.store is not None else None,
        ).start()
        self.sockets.setdefault(player.id, set()).add(conn)
        self.matchmaker.tell(Connected(player, conn))
        return conn

    def command(
        self,
        conn: ConnRef,
        command: Command,
        player_id: int | None = None,
        received: float | None = None,
    ) -> None:
        """A parsed client command, for the connection that read it; `received`: when its
        frame was read (time.monotonic()), which starts a guess's trip to the opponent."""
        if received is not None and player_id is not None and type(command) is SubmitGuess:
            metrics.guesses.received(player_id, received)
        conn.tell(command)

    def refuse(self, conn: ConnRef, error: frames.ErrorFrame) -> None:
        """A refused frame: the client hears why through its connection's writer."""
        conn.tell(Send(error.write()))

    def keep_alive(self, conn: ConnRef) -> None:
        """Ping a quiet client, through its connection's writer (the only one)."""
        conn.tell(KeepAlive())

    def answer_ping(self, conn: ConnRef, payload: bytes) -> None:
        """A client's websocket ping: its connection's writer answers with the pong."""
        conn.tell(AnswerPing(payload))

    def end_connection(self, conn: ConnRef, code: int, reason: str) -> None:
        """The reader gives up on a client: its writer closes the websocket with `code`
        (waited for, briefly, so that nothing else closes it first)."""
        try:
            conn.ask(EndConnection(code, reason), timeout=1.0)
        except (ActorDead, gevent.Timeout):
            pass

    def close_connection(self, player_id: int, conn: ConnRef) -> None:
        self._forget(player_id, conn)
        conn.tell(SocketClosed())
        self.matchmaker.tell(Disconnected(player_id, conn))

    def player_changed(self, player: PlayerInfo | Player) -> None:
        """A player's nickname changed (PATCH /api/me): the game shows the new one."""
        self.matchmaker.tell(PlayerChanged(as_player(player)))

    # --- moderation (actors/moderation.py brings the admin's actions here) -------------

    def expel(self, player_id: int) -> None:
        """A ban or removal: each of the player's connections leaves its tournament (the
        same path as the player's own leave), says `banned` and closes (code 4003)."""
        for conn in list(self.sockets.get(player_id, ())):
            conn.tell(Leave())
            conn.tell(Send(frames.ErrorFrame.of("banned").write()))
            conn.tell(EndConnection(BANNED_CLOSE_CODE, "banned"))

    def renamed(self, player: PlayerInfo) -> None:
        """An admin's rename: the game shows the new name and the player is told."""
        self.player_changed(player)
        frame = frames.RenamedFrame.of(player.nickname, player.tag).write()
        for conn in list(self.sockets.get(player.id, ())):
            conn.tell(Send(frame))

    def _forget(self, player_id: int, conn: ConnRef) -> None:
        mine = self.sockets.get(player_id)
        if mine is not None:
            mine.discard(conn)
            if not mine:
                del self.sockets[player_id]

    def _home(self, player_id: int) -> frames.HomeFrame:
        return self.parties.ask(m.HomeOf(player_id))

    def _in_party(self, player_id: int) -> bool:
        return self.parties.ask(m.InParty(player_id))

    # --- parties (each raises models.party.PartyError when refused) -------------------

    def _party(self, message: Reply[R]) -> R:
        return self.parties.ask(message, timeout=PARTY_ASK_SECONDS)

    def create_party(self, player: PlayerInfo, language: str) -> views.PartyView:
        return self._party(m.CreateParty(as_player(player), language))

    def party_of(self, player_id: int, party_id: int | None = None) -> views.PartyView:
        """The player's party (or, for a member, the party `party_id`)."""
        return self._party(m.GetParty(player_id, party_id))

    def invite_info(self, invite: str) -> dict[str, Any] | None:
        return self._party(m.InviteInfo(invite))

    def join_party(self, player: PlayerInfo, invite: str) -> views.PartyView:
        return self._party(m.JoinParty(as_player(player), invite))

    def leave_party(self, player_id: int) -> None:
        self._party(m.LeaveParty(player_id))

    def start_party(self, player_id: int) -> dict[str, Any]:
        return self._party(m.StartParty(player_id))

    def remove_member(self, by: int, player_id: int) -> views.PartyView:
        return self._party(m.RemoveMember(by, player_id))

    def hand_over(self, by: int, player_id: int) -> views.PartyView:
        return self._party(m.HandOver(by, player_id))

    def renew_invite(self, by: int) -> views.PartyView:
        return self._party(m.RenewInvite(by))

    def set_party_language(self, by: int, language: str) -> views.PartyView:
        return self._party(m.SetLanguage(by, language))

    # --- shutting down ----------------------------------------------------------------

    def wait_quiet(self, seconds: float, poll: float = 0.05) -> None:
        """After a stop: give the game's actors (lobbies, duels, connections) up to `seconds`
        to handle their last messages and end."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not any(r.kind in GAME_ACTORS for r in live_refs()):
                return
            gevent.sleep(poll)

    def open_connections(self) -> int:
        """Connection actors running now (sockets open, bots' included)."""
        return sum(1 for r in live_refs() if r.kind == "Connection")

    def census(self) -> dict[str, int]:
        """Running actors by kind, and the crashes a chaos run injected (by kind)."""
        out = dict(Counter(r.kind for r in live_refs()))
        if self.chaos is not None:
            out.update({f"crashed {k}": n for k, n in self.chaos.crashed.items()})
        return out

    def take_census(self, timeout: float = CENSUS_ASK_SECONDS) -> metrics.Census | None:
        """What the matchmaker counts (players connected, lobbies by language and state),
        asked as any message is; None when it does not answer in time."""
        try:
            return self.matchmaker.ask(TakeCensus(), timeout=timeout)
        except (ActorDead, gevent.Timeout):
            return None

    def metrics_collectors(self) -> list[Any]:
        """For /metrics: the game's counters and histograms, and the gauges read at a scrape."""
        recorder = self.recorder

        def recorder_backlog() -> int | None:
            return recorder.backlog if recorder is not None else None

        return [metrics.REGISTRY, metrics.CensusCollector(self.take_census, recorder_backlog)]

    def drain(self, grace: float, write_seconds: float = 10.0, poll: float = 0.2) -> Drained:
        """Shut down the game: no new lobbies, waiting lobbies dissolve; running tournaments
        get `grace` seconds to finish, then they are stopped (recorded as aborted: places
        already fixed keep their rating changes). Then the results still waiting for the
        database get `write_seconds` to reach it; what still cannot is in the journal (or,
        if even that failed, reported)."""
        self.matchmaker.tell(Shutdown())
        deadline = time.monotonic() + grace
        running = self.matchmaker.ask(CountLobbies())
        while running and time.monotonic() < deadline:
            gevent.sleep(poll)
            running = self.matchmaker.ask(CountLobbies())
        if running:
            self.matchmaker.tell(StopTournaments())
            gevent.sleep(poll)
        unwritten: Unwritten | None = Unwritten((), True)
        if self.recorder is not None:
            flush_by = time.monotonic() + write_seconds
            while True:
                try:
                    answer = self.recorder.ask(PendingWrites(), timeout=write_seconds + 5)
                except gevent.Timeout:  # stuck in a write that hangs: nothing can be said
                    unwritten = None
                    break
                assert isinstance(answer, Unwritten)
                unwritten = answer
                done = not unwritten.results and not self.recorder.backlog
                if done or time.monotonic() >= flush_by:
                    break
                gevent.sleep(poll)
        return Drained(running, unwritten)
