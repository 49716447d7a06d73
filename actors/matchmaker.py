"""The matchmaker: places players into lobbies, and knows who is where.

Placement follows the rules: same language; the lobby's average rating within 200 of the
player's rating (a party: of the party's average), never widened; the fullest fitting lobby
first (oldest on ties); otherwise a new lobby. The lobby itself has the last word on a seat
(it answers a `Seat` ask), so a stale view here can only cost a retry, never a double seat.

Because every entry into a lobby goes through here, this actor is also the directory of
players: the newest connection of each player, and the lobby they are in. That is what makes
"at most one lobby per player" and "the newer connection wins" hold.
"""

from __future__ import annotations

import itertools
import logging
import random
from dataclasses import dataclass, field, replace
from typing import assert_never

from gevent import Timeout

from actors.clock import Clock
from actors.lobby import LobbyActor, Services
from actors.messages import (
    Connected,
    ConnRef,
    CountLobbies,
    Disconnected,
    Enqueue,
    EnqueueParty,
    LobbyChanged,
    LobbyRef,
    MatchmakerMsg,
    PartyRef,
    PlacementSettled,
    Player,
    PlayerChanged,
    PlayersReleased,
    PresenceChanged,
    Send,
    ShowHome,
    Shutdown,
    StopTournaments,
    Superseded,
    TakeCensus,
)
from actors.metrics import QUEUE_WAIT, Census
from actors.runtime import Actor, ActorDead, ChildFailed
from models.lobby.inputs import Abort, PlayerConnected, PlayerDisconnected, Seat, SeatsView
from models.matchmaking import LobbyView, candidates
from protocol import server as frames

log = logging.getLogger("wordle.matchmaker")

MAX_NOTICES = 10_000


@dataclass
class LobbyInfo:
    """The matchmaker's view of a lobby (the lobby itself has the last word)."""

    ref: LobbyRef
    view: LobbyView
    seated: tuple[int, ...] = ()
    version: int = 0
    party_id: int | None = None
    joined: dict[int, float] = field(default_factory=dict)  # person -> seated at (queue wait)

    @property
    def id(self) -> int:
        return self.view.id

    def update(self, changed: SeatsView) -> None:
        if changed.version <= self.version:
            return  # an older message arriving late
        self.version = changed.version
        self.seated = changed.seated
        self.view = replace(
            self.view, seated=len(changed.seated), average=changed.average, open=changed.open
        )


class Matchmaker(Actor[MatchmakerMsg]):
    resilient = True

    def __init__(
        self,
        services: Services,
        clock: Clock,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(clock, services.supervisor)
        self.services = services
        self.rng = rng or random.Random()
        self.presence_listener: PartyRef | None = None  # the party registry
        self.conns: dict[int, ConnRef] = {}
        self.bots: set[int] = set()  # the connected players that are bots (metrics)
        self.addresses: dict[int, str] = {}  # of the connected: a party's members have theirs
        self.where: dict[int, int] = {}
        self.lobbies: dict[int, LobbyInfo] = {}
        self.open_lobbies: dict[int, LobbyInfo] = {}  # the ones a player may join (`_track`)
        self.notices: dict[int, str] = {}  # player -> why they were removed while away
        self.unplaced: dict[int, int] = {}  # player -> lobby that has yet to fix their place
        self.accepting = True
        self._ids = itertools.count(1)

    def receive(self, message: MatchmakerMsg) -> int | Census | None:
        match message:
            case LobbyChanged():
                self.lobby_changed(message)
            case PlayersReleased():
                self.released(message)
            case Enqueue():
                self.enqueue(message)
            case Connected():
                self.connected(message)
            case Disconnected():
                self.disconnected(message)
            case PlacementSettled(lobby_id, player_id):
                if self.unplaced.get(player_id) == lobby_id:
                    del self.unplaced[player_id]
            case PlayerChanged():
                self.player_changed(message)
            case EnqueueParty():
                return self.enqueue_party(message)
            case ChildFailed():
                self.lobby_failed(message)
            case Shutdown():
                self.accepting = False
                for info in self.lobbies.values():
                    if info.view.open:
                        info.ref.tell(Abort("shutting_down"))
            case StopTournaments():
                for info in self.lobbies.values():
                    info.ref.tell(Abort("tournament_stopped"))
            case CountLobbies():
                return len(self.lobbies)
            case TakeCensus():
                return self._census()
            case _:
                assert_never(message)
        return None

    # --- presence ---------------------------------------------------------------------

    def connected(self, msg: Connected) -> None:
        pid = msg.player.id
        old = self.conns.get(pid)
        if old is not None and old is not msg.conn:
            old.tell(Superseded())
        self.conns[pid] = msg.conn
        if msg.player.is_bot:
            self.bots.add(pid)
        self.addresses[pid] = msg.player.address
        self._presence(pid)
        lobby = self._lobby_of(pid)
        if lobby is not None:
            lobby.ref.tell(PlayerConnected(pid, msg.conn))
            return
        notice = self.notices.pop(pid, None)
        if notice is not None:  # what happened while they were away
            msg.conn.tell(Send(frames.LeftFrame.of(notice).write()))
        msg.conn.tell(ShowHome())

    def player_changed(self, msg: PlayerChanged) -> None:
        pid = msg.player.id
        conn = self.conns.get(pid)
        if conn is not None:
            conn.tell(msg)
        lobby = self._lobby_of(pid)
        if lobby is not None:
            lobby.ref.tell(msg)
        self._presence(pid)  # party screens show the new name

    def disconnected(self, msg: Disconnected) -> None:
        pid = msg.player_id
        if self.conns.get(pid) is msg.conn:
            del self.conns[pid]
            self.bots.discard(pid)
            self.addresses.pop(pid, None)
            self._presence(pid)
        lobby = self._lobby_of(pid)
        if lobby is not None:
            lobby.ref.tell(PlayerDisconnected(pid, msg.conn))

    # --- queueing ---------------------------------------------------------------------

    def enqueue(self, msg: Enqueue) -> None:
        problem = self._refusal(msg.player.id, msg.language)
        if problem:
            msg.conn.tell(Send(frames.ErrorFrame.of(problem).write()))
            return
        views = [info.view for info in self.open_lobbies.values()]
        order = candidates(views, msg.language, msg.player.rating)
        if msg.lobby_hint is not None and msg.player.is_bot:
            order.sort(key=lambda view: view.id != msg.lobby_hint)
        conns: dict[int, ConnRef | None] = {msg.player.id: msg.conn}
        for view in order:
            if self._seat(self.lobbies[view.id], (msg.player,), conns):
                return
        if not self._seat(self._new_lobby(msg.language), (msg.player,), conns):
            msg.conn.tell(Send(frames.ErrorFrame.of("shutting_down").write()))

    def enqueue_party(self, msg: EnqueueParty) -> int:
        """Ask from the party service: returns the new lobby's id, or raises ValueError."""
        for p in msg.members:
            problem = self._refusal(p.id, msg.language)
            if problem:
                raise ValueError(problem)
        members = tuple(
            replace(p, address=self.addresses.get(p.id, p.address)) for p in msg.members
        )
        info = self._new_lobby(msg.language, party_id=msg.party_id)
        conns = {p.id: self.conns.get(p.id) for p in members}
        if not self._seat(info, members, conns):
            raise ValueError("shutting_down")
        return info.id

    def _refusal(self, player_id: int, language: str) -> str | None:
        if not self.accepting:
            return "shutting_down"
        if language not in self.services.words:
            return "unknown_language"
        if player_id in self.where:
            return "already_playing"
        if player_id in self.unplaced:
            return "placement_pending"
        return None

    def _seat(
        self, info: LobbyInfo, players: tuple[Player, ...], conns: dict[int, ConnRef | None]
    ) -> bool:
        try:
            changed = info.ref.ask(Seat(players, conns), timeout=5.0)
        except (ActorDead, Timeout):
            info.view = replace(info.view, open=False)
            self._track(info)
            return False
        if not isinstance(changed, SeatsView):
            return False  # refused
        info.update(changed)
        self._track(info)
        now = self.clock.time()
        for p in players:
            if not p.is_bot:
                info.joined[p.id] = now
            self.where[p.id] = info.id
            self._presence(p.id)
        return True

    def _new_lobby(self, language: str, party_id: int | None = None) -> LobbyInfo:
        lobby_id = next(self._ids)
        actor = LobbyActor(
            lobby_id,
            language,
            self.services,
            self.clock,
            random.Random(self.rng.random()),
            party_id=party_id,
        )
        actor.parent = self.ref
        view = LobbyView(lobby_id, language, 0, 0.0, self.clock.time())
        info = LobbyInfo(actor.start(), view, party_id=party_id)
        self.lobbies[lobby_id] = info
        self._track(info)
        return info

    def _track(self, info: LobbyInfo) -> None:
        """Keep `open_lobbies` to the lobbies still taking players: under load most lobbies
        are playing, and every queueing player would otherwise look at all of them."""
        if info.view.open and self.lobbies.get(info.id) is info:
            self.open_lobbies[info.id] = info
        else:
            self.open_lobbies.pop(info.id, None)

    # --- metrics (/metrics asks; a lobby's start observes its people's queue waits) -----

    def _census(self) -> Census:
        waiting: dict[str, int] = {}
        playing: dict[str, int] = {}
        for info in self.lobbies.values():
            if info.seated or info.view.open:
                counts = waiting if info.view.open else playing
                counts[info.view.language] = counts.get(info.view.language, 0) + 1
        return Census(len(self.conns) - len(self.bots), len(self.bots), waiting, playing)

    def _queue_waits(self, info: LobbyInfo) -> None:
        """A lobby closed its seats to start: each person seated waited since their seat."""
        now = self.clock.time()
        histogram = QUEUE_WAIT.labels(info.view.language)
        for pid in info.seated:
            joined = info.joined.get(pid)
            if joined is not None:
                histogram.observe(max(0.0, now - joined))
        info.joined.clear()

    # --- what lobbies tell us ---------------------------------------------------------

    def lobby_changed(self, msg: LobbyChanged) -> None:
        info = self.lobbies.get(msg.lobby_id)
        if info is None:
            return
        was_open = info.view.open
        info.update(msg.seats)
        if was_open and not info.view.open and info.seated:  # its tournament starts
            self._queue_waits(info)
        if not info.view.open and not info.seated:
            del self.lobbies[msg.lobby_id]
            self._settle_lobby(msg.lobby_id)
        self._track(info)

    def released(self, msg: PlayersReleased) -> None:
        for p in msg.player_ids:
            if self.where.get(p) == msg.lobby_id:
                del self.where[p]
                if p in msg.unplaced:
                    self.unplaced[p] = msg.lobby_id
                self._presence(p)
                if msg.reason == "grace_expired" and p not in self.conns:
                    self.notices[p] = msg.reason
                    while len(self.notices) > MAX_NOTICES:
                        self.notices.pop(next(iter(self.notices)))

    def lobby_failed(self, msg: ChildFailed) -> None:
        """A lobby crashed; its own on_failure released its players. Forget it."""
        for lobby_id, info in list(self.lobbies.items()):
            if info.ref is msg.ref:
                del self.lobbies[lobby_id]
                self._track(info)
                stuck = tuple(p for p, lid in self.where.items() if lid == lobby_id)
                self.released(PlayersReleased(lobby_id, stuck))
                self._settle_lobby(lobby_id)

    def _settle_lobby(self, lobby_id: int) -> None:
        """A lobby is gone: places it never fixed never will be (an aborted tournament)."""
        for p in [p for p, lid in self.unplaced.items() if lid == lobby_id]:
            del self.unplaced[p]

    # --- helpers ----------------------------------------------------------------------

    def _presence(self, player_id: int) -> None:
        if self.presence_listener is not None:
            self.presence_listener.tell(
                PresenceChanged(
                    player_id,
                    player_id in self.conns,
                    self.where.get(player_id),
                    self.conns.get(player_id),
                )
            )

    def _lobby_of(self, player_id: int) -> LobbyInfo | None:
        lobby_id = self.where.get(player_id)
        return self.lobbies.get(lobby_id) if lobby_id is not None else None
