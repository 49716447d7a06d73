"""The lobby actor: eight seats, then the tournament played in them.

While waiting it owns its seats (the matchmaker only proposes players; the lobby decides), so
a leave and the eighth seat can never race. Once full it runs the tournament: intro timers,
duel actors, results, eliminations, placements, reconnect grace, spectators, and all fan-out
to its players' connections (each frame encoded once). The pure `Tournament` value is the
truth for results; the lobby only applies its events.
"""

from __future__ import annotations

import itertools
import logging
import random
from dataclasses import dataclass, replace
from typing import Any

from actors import lobby_views as views
from actors import wire
from actors.clock import Clock, Timer
from actors.duel import DuelActor
from actors.lobby_views import DuelSlot, Presence
from actors.messages import (
    Attach,
    BotsWanted,
    Command,
    DuelFinished,
    DuelProgress,
    FillWithBots,
    Forfeit,
    GraceOver,
    Guess,
    IntroOver,
    LobbyChanged,
    PlayerChanged,
    PlayerConnected,
    PlayerDisconnected,
    PlayersReleased,
    Seat,
    Send,
    ShowHome,
)
from actors.recorder import ApplyPlacement, FinishTournament, RecordDuel, StartTournament
from actors.runtime import STOP, Actor, ActorRef, ChildFailed
from models.matchmaking import LobbyView, average, fits
from models.settings import Settings
from models.tournament import (
    SEATS,
    Phase,
    PlacementFixed,
    Result,
    RoundIntro,
    Tournament,
    TournamentEnded,
)
from models.words import OutOfWords, choose_secrets

log = logging.getLogger("wordle.lobby")

_duel_ids = itertools.count(1)


@dataclass(frozen=True)
class BeginTournament:
    """Sent to itself when the eighth seat is taken."""


@dataclass(frozen=True)
class Abort:
    code: str  # a wire.TEXTS code saying why


@dataclass
class Services:
    """What a lobby needs from the rest of the server."""

    matchmaker: ActorRef
    recorder: ActorRef | None
    bots: ActorRef | None
    supervisor: ActorRef | None
    settings: Settings
    words: dict[str, Any]  # language code -> wordlists.WordList


class LobbyActor(Actor):
    def __init__(
        self,
        lobby_id: int,
        language: str,
        services: Services,
        clock: Clock,
        rng: random.Random | None = None,
        party_id: int | None = None,
    ) -> None:
        super().__init__(clock, services.supervisor)
        self.lobby_id = lobby_id
        self.language = language
        self.services = services
        self.settings = services.settings
        self.words = services.words[language]
        self.rng = rng or random.Random()
        self.party_id = party_id
        self.created_at = clock.time()
        self.status = "waiting"
        self._version = 0
        self.people: dict[int, Presence] = {}
        self.fill_at: float | None = None
        self._fill_timer: Timer | None = None
        # the tournament
        self.tournament_id: int | None = None
        self.t: Tournament | None = None
        self.used_words: set[str] = set()
        self.duels: dict[int, DuelSlot] = {}
        self.duel_of: dict[int, int] = {}
        self.watching: dict[int, int] = {}
        self.intro_ends_at: float | None = None

    # --- seats (waiting) --------------------------------------------------------------

    def on_Seat(self, msg: Seat) -> LobbyChanged | None:
        if any(p.id in self.people for p in msg.players):
            return None
        joining = average([p.rating for p in msg.players])
        if not fits(self._view(), self.language, joining, len(msg.players)):
            return None
        for p in msg.players:
            conn = msg.conns.get(p.id)
            self.people[p.id] = Presence(p, conn)
            if conn is None:
                self._away(p.id, self.clock.time())
            else:
                conn.tell(Attach(self.ref))
        self._arm_bot_fill()
        self._broadcast(wire.lobby(self._lobby_wire()))
        if len(self.people) == SEATS:
            self.ref.tell(BeginTournament())  # after this ask has been answered
        return self._lobby_changed(tell=False)

    def on_BeginTournament(self, _msg: BeginTournament) -> None:
        if self.status == "waiting" and len(self.people) == SEATS:
            self._start_tournament()

    def on_FillWithBots(self, _msg: FillWithBots) -> None:
        self._fill_timer = None
        if self.status != "waiting" or self.services.bots is None:
            return
        if not any(not pr.player.is_bot for pr in self.people.values()):
            return
        free = SEATS - len(self.people)
        if free > 0:
            self.services.bots.tell(BotsWanted(self.lobby_id, self.language, free, self._average()))
            self._fill_timer = self.after(max(1.0, self.settings.bot_fill_seconds), FillWithBots())

    def _arm_bot_fill(self) -> None:
        if not self.settings.bot_fill or self.services.bots is None or self._fill_timer:
            return
        if all(pr.player.is_bot for pr in self.people.values()):
            return
        self.fill_at = self.created_at + self.settings.bot_fill_seconds
        self._fill_timer = self.after(self.fill_at - self.clock.time(), FillWithBots())

    # --- connections ------------------------------------------------------------------

    def on_PlayerConnected(self, msg: PlayerConnected) -> None:
        pr = self.people.get(msg.player_id)
        if pr is None or not pr.attached:
            msg.conn.tell(Attach(None))
            msg.conn.tell(ShowHome())
            return
        pr.conn = msg.conn
        if pr.grace is not None:
            pr.grace.cancel()
        pr.grace, pr.away_since = None, None
        msg.conn.tell(Attach(self.ref))
        msg.conn.tell(Send(wire.encode(self._snapshot(msg.player_id))))
        self._broadcast(self._status_message(msg.player_id), skip=msg.player_id)

    def on_PlayerDisconnected(self, msg: PlayerDisconnected) -> None:
        pr = self.people.get(msg.player_id)
        if pr is None or pr.conn is not msg.conn or not pr.attached:
            return
        pr.conn = None
        self._away(msg.player_id, self.clock.time())
        self._broadcast(self._status_message(msg.player_id))

    def _away(self, player_id: int, now: float) -> None:
        pr = self.people[player_id]
        pr.away_since = now
        grace = self.settings.reconnect_grace_seconds
        pr.grace = self.after(grace, GraceOver(player_id, now))

    def on_PlayerChanged(self, msg: PlayerChanged) -> None:
        """A new nickname shows at once; the rating stays the one the tournament started with."""
        pr = self.people.get(msg.player.id)
        if pr is None:
            return
        pr.player = replace(pr.player, nickname=msg.player.nickname, tag=msg.player.tag)
        if self.status == "waiting":
            self._broadcast(wire.lobby(self._lobby_wire()))

    def on_GraceOver(self, msg: GraceOver) -> None:
        pr = self.people.get(msg.player_id)
        if pr is None or pr.away_since != msg.since or not pr.attached:
            return
        log.info("lobby %s: player %s gone past the grace", self.lobby_id, msg.player_id)
        self._leave(msg.player_id, "grace_expired")

    # --- client commands --------------------------------------------------------------

    def on_Command(self, msg: Command) -> None:
        pr = self.people.get(msg.player_id)
        if pr is None or not pr.attached or pr.conn is not msg.conn:
            msg.conn.tell(Send(wire.encode(wire.error("not_in_lobby"))))
            return
        kind = msg.message["type"]
        if kind == "leave":
            self._leave(msg.player_id, "left")
        elif kind == "guess":
            self._guess(msg.player_id, msg.message["word"])
        elif kind == "spectate":
            self._spectate(msg.player_id, msg.message["duel"])
        elif kind == "stop_spectating":
            self._stop_spectating(msg.player_id)
        elif kind == "resync":
            self._send(msg.player_id, self._snapshot(msg.player_id))
        else:
            self._send(msg.player_id, wire.error("unknown_type"))

    def _guess(self, player_id: int, word: str) -> None:
        duel_id = self.duel_of.get(player_id)
        slot = self.duels.get(duel_id) if duel_id is not None else None
        if slot is None or slot.over:
            self._send(player_id, wire.error("no_duel"))
            return
        slot.ref.tell(Guess(player_id, word))

    def _spectate(self, player_id: int, duel_id: int) -> None:
        slot = self.duels.get(duel_id)
        own = self.duels.get(self.duel_of.get(player_id, -1))
        if slot is None or slot.round != (self.t.round if self.t else -1):
            self._send(player_id, wire.error("no_such_duel"))
            return
        if own is not None and not own.over and own is not slot:
            self._send(player_id, wire.error("cannot_spectate"))
            return
        self.watching[player_id] = duel_id
        self._send(
            player_id, wire.duel_view_message(views.fresh_duel_view(slot, self.clock.time()))
        )

    def _stop_spectating(self, player_id: int) -> None:
        self.watching.pop(player_id, None)
        self._send(player_id, wire.duel_view_message(None))

    # --- leaving ----------------------------------------------------------------------

    def _leave(self, player_id: int, reason: str) -> None:
        pr = self.people[player_id]
        if self.status == "waiting":
            del self.people[player_id]
            self._detach(pr, "left_lobby" if reason == "left" else reason)
            if not any(not p.player.is_bot for p in self.people.values()):
                for bot in list(self.people.values()):  # bots only ever wait for people
                    self._detach(bot, "left_lobby")
                self.people.clear()
            self._lobby_changed()
            if not self.people:
                self._close()
                return
            self._broadcast(wire.lobby(self._lobby_wire()))
            return
        if self.t is not None and not self.t.finished:
            duel_id = self.duel_of.get(player_id)
            slot = self.duels.get(duel_id) if duel_id is not None else None
            self.t, events = self.t.leave(player_id)
            if slot is not None and not slot.over:
                slot.ref.tell(Forfeit(player_id))
            self._detach(pr, reason)
            self._apply(events)
        else:
            self._detach(pr, reason)

    def _detach(self, pr: Presence, reason: str) -> None:
        """The player stops receiving this lobby's frames and goes back home."""
        pr.attached = False
        if pr.grace is not None:
            pr.grace.cancel()
            pr.grace = None
        self.watching.pop(pr.player.id, None)
        if pr.conn is not None:
            pr.conn.tell(Send(wire.encode(wire.left(reason))))
            pr.conn.tell(Attach(None))
            pr.conn.tell(ShowHome())
        self.services.matchmaker.tell(PlayersReleased(self.lobby_id, (pr.player.id,), reason))

    # --- the tournament ---------------------------------------------------------------

    def _start_tournament(self) -> None:
        self.status = "playing"
        if self._fill_timer is not None:
            self._fill_timer.cancel()
            self._fill_timer = None
        self._lobby_changed()
        seats = tuple(self.people)
        ratings = {p: pr.player.rating for p, pr in self.people.items()}
        if self.services.recorder is not None:
            self.tournament_id, ratings = self.services.recorder.ask(
                StartTournament(self.language, seats), timeout=10.0
            )
            for p, r in ratings.items():
                self.people[p].player = replace(self.people[p].player, rating=r)
        self.t = Tournament.create(seats, ratings)
        log.info(
            "tournament %s started in lobby %s (%s): %s",
            self.tournament_id,
            self.lobby_id,
            self.language,
            list(seats),
        )
        self._broadcast(
            wire.tournament_started(self.tournament_id, self._lobby_wire(), self.t.lives)
        )
        self.t, events = self.t.begin_round(self.rng)
        self._apply(events)

    def on_IntroOver(self, msg: IntroOver) -> None:
        if self.t is None or self.t.round != msg.round or self.t.phase is not Phase.INTRO:
            return
        self.intro_ends_at = None
        self.t, events = self.t.start_play()
        pairs = self.t.unsettled_pairs()
        if pairs:
            self._start_duels(pairs)
        self._apply(events)

    def _start_duels(self, pairs: list[tuple[int, int]]) -> None:
        try:
            secrets = choose_secrets(self.rng, self.words.answers, len(pairs), self.used_words)
        except OutOfWords:
            log.error("lobby %s: out of words; duels are void", self.lobby_id)
            for pair in pairs:
                self.t, events = self.t.record_duel(pair, Result.VOID)
                self._apply(events)
            return
        for pair, secret in zip(pairs, secrets, strict=True):
            duel_id = next(_duel_ids)
            actor = DuelActor(
                duel_id,
                self.t.round,
                pair,
                secret,
                self.words,
                random.Random(self.rng.random()),
                self.ref,
                self.services.recorder,
                self.tournament_id,
                self.settings.turn_seconds,
                self.clock,
                self.services.supervisor,
            )
            slot = DuelSlot(actor.ref, pair, self.t.round, secret, {})
            slot.view = wire.duel_view(duel_id, self.t.round, actor.duel, self.clock.time())
            self.duels[duel_id] = slot
            for p in pair:
                self.duel_of[p] = duel_id
                self.watching.pop(p, None)
            actor.start()

    def on_DuelProgress(self, msg: DuelProgress) -> None:
        slot = self.duels.get(msg.duel_id)
        if slot is None:
            return
        slot.view = msg.view
        audience = self._audience(msg.duel_id, slot)
        for message in msg.messages:
            if message["type"] in ("duel_started", "duel_ended"):
                self._broadcast(message)  # the live-duels list of everyone
            else:
                self._broadcast(message, only=audience)
        for player_id, message in msg.private:
            self._send(player_id, message)

    def on_DuelFinished(self, msg: DuelFinished) -> None:
        slot = self.duels.get(msg.duel_id)
        if slot is None or slot.over:
            return
        slot.over = True
        if self.t is None or slot.round != self.t.round:
            return
        if msg.result == Result.FORFEIT.value:  # a leave, which the tournament already settled
            return
        self.t, events = self.t.record_duel(slot.pair, Result(msg.result), msg.winner)
        self._apply(events)

    def on_ChildFailed(self, msg: ChildFailed) -> None:
        """A duel actor crashed: the duel is void, nobody loses a life (documented)."""
        slot_id = next((i for i, s in self.duels.items() if s.ref is msg.ref), None)
        if slot_id is None:
            return
        slot = self.duels[slot_id]
        if slot.over:
            return
        slot.over = True
        log.error("lobby %s: duel %s crashed; it is void", self.lobby_id, slot_id)
        letters = self.words.language.letters(slot.secret) or list(slot.secret)
        ended = wire.duel_ended(slot_id, "void", None, None, slot.secret, letters)
        self._broadcast(ended)
        self._broadcast(
            wire.error("duel_void"),
            only=set(slot.pair),
        )
        crashed = msg.ref._actor
        if self.tournament_id is not None:
            self._record(RecordDuel.of(self.tournament_id, slot.round, crashed.duel, "void"))
        if self.t is not None and slot.round == self.t.round:
            self.t, events = self.t.record_duel(slot.pair, Result.VOID)
            self._apply(events)

    def _apply(self, events: list) -> None:
        """Publish the tournament's events, persist what must be, and move to the next round."""
        for e in events:
            if isinstance(e, RoundIntro):
                self._round_intro(e)
            elif isinstance(e, TournamentEnded):
                self._tournament_ended(e)
                return
            else:
                if isinstance(e, PlacementFixed):
                    self._record(
                        ApplyPlacement(
                            self.tournament_id,
                            e.player,
                            e.place,
                            e.round,
                            e.left,
                            e.rating_change,
                        )
                    )
                self._broadcast(wire.tournament_event(e))
        if self.t is not None and self.t.phase is Phase.BETWEEN:
            self.t, more = self.t.begin_round(self.rng)
            self._apply(more)

    def _round_intro(self, e: RoundIntro) -> None:
        self.duels = {i: s for i, s in self.duels.items() if not s.over}
        self.duel_of.clear()
        now = self.clock.time()
        self.intro_ends_at = now + self.settings.intro_seconds
        self._broadcast(wire.round_intro(e, self.intro_ends_at, now))
        self.after(self.settings.intro_seconds, IntroOver(e.round))

    def _tournament_ended(self, e: TournamentEnded) -> None:
        self.status = "finished"
        self._broadcast(
            wire.tournament_ended(
                self.tournament_id, e.winner, e.places, self.t.changes, self.t.seats
            )
        )
        self._record(FinishTournament(self.tournament_id))
        log.info("tournament %s ended: winner %s", self.tournament_id, e.winner)
        self._close()

    def _record(self, message: Any) -> None:
        """Hand a write to the recorder (tournaments without a database record nothing)."""
        if self.services.recorder is not None and self.tournament_id is not None:
            self.services.recorder.tell(message)

    def _close(self) -> None:
        """Release everyone still here and stop: a finished lobby keeps no state."""
        still = [pr for pr in self.people.values() if pr.attached]
        for pr in still:
            pr.attached = False
            if pr.grace is not None:
                pr.grace.cancel()
            if pr.conn is not None:
                pr.conn.tell(Attach(None))
        if still:
            ids = tuple(pr.player.id for pr in still)
            self.services.matchmaker.tell(PlayersReleased(self.lobby_id, ids))
        if self._fill_timer is not None:
            self._fill_timer.cancel()
        self._closed()
        for slot in self.duels.values():
            slot.ref.tell(STOP)
        self.stop()

    def on_failure(self, error: BaseException) -> None:
        """Contain a crash from the last consistent state (the tournament value)."""
        self._abort("tournament_aborted")

    def on_Abort(self, msg: Abort) -> None:
        """The server is shutting down: waiting lobbies dissolve, tournaments stop."""
        self._abort(msg.code)
        self.stop()

    def _abort(self, code: str) -> None:
        """Tell everyone and send them home. Fixed placements keep their rating changes; a
        tournament is recorded as aborted, so nobody else's rating changes."""
        for slot in self.duels.values():
            slot.ref.tell(STOP)
        if self.status == "playing":
            frame = wire.encode(wire.tournament_aborted(self.tournament_id, code))
        else:
            frame = wire.encode(wire.error(code))
        for pr in self.people.values():
            if pr.grace is not None:
                pr.grace.cancel()
            if pr.attached and pr.conn is not None:
                pr.conn.tell(Send(frame))
                pr.conn.tell(Attach(None))
                pr.conn.tell(ShowHome())
        ids = tuple(p for p, pr in self.people.items() if pr.attached)
        self.services.matchmaker.tell(PlayersReleased(self.lobby_id, ids))
        self._closed()
        if self.status == "playing":
            self._record(FinishTournament(self.tournament_id, "aborted"))
        self.status = "finished"

    # --- fan-out ----------------------------------------------------------------------

    def _audience(self, duel_id: int, slot: DuelSlot) -> set[int]:
        return set(slot.pair) | {v for v, d in self.watching.items() if d == duel_id}

    def _broadcast(
        self, message: dict[str, Any], only: set[int] | None = None, skip: int | None = None
    ) -> None:
        text = None
        for pid, pr in self.people.items():
            if not pr.attached or pr.conn is None or pid == skip:
                continue
            if only is not None and pid not in only:
                continue
            if text is None:
                text = wire.encode(message)
            pr.conn.tell(Send(text))

    def _send(self, player_id: int, message: dict[str, Any]) -> None:
        pr = self.people.get(player_id)
        if pr is not None and pr.attached and pr.conn is not None:
            pr.conn.tell(Send(wire.encode(message)))

    # --- views ------------------------------------------------------------------------

    def _average(self) -> float:
        return average([pr.player.rating for pr in self.people.values()])

    def _closed(self) -> None:
        self._version += 1
        self.services.matchmaker.tell(LobbyChanged(self.lobby_id, (), 0.0, False, self._version))

    def _lobby_wire(self) -> dict[str, Any]:
        return views.lobby_wire(self)

    def _status_message(self, player_id: int) -> dict[str, Any]:
        grace = self.settings.reconnect_grace_seconds
        return views.player_status(player_id, self.people[player_id], grace)

    def _snapshot(self, player_id: int) -> dict[str, Any]:
        return views.snapshot(self, player_id, self.clock.time())

    def _view(self) -> LobbyView:
        return LobbyView(
            self.lobby_id,
            self.language,
            len(self.people),
            self._average(),
            self.created_at,
            self.status == "waiting",
        )

    def _lobby_changed(self, tell: bool = True) -> LobbyChanged:
        """The matchmaker's view of this lobby, versioned so a late message cannot undo a
        newer one."""
        self._version += 1
        changed = LobbyChanged(
            self.lobby_id,
            tuple(self.people),
            self._average(),
            self.status == "waiting",
            self._version,
        )
        if tell:
            self.services.matchmaker.tell(changed)
        return changed
