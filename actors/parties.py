"""The party registry: every party's membership, and their live state for the party screen.

REST routes ask it; the matchmaker tells it whenever a player connects, disconnects, enters or
leaves a lobby, so it always knows who is online and who is still in a tournament (playing or
watching). Members get a `party` frame whenever their party's view changes. Parties live in
memory: a server restart dissolves them (nothing rated is lost).

Starting: the leader's party goes into one new lobby. Members who are offline at that moment
stay behind in the party (taking an absent player into a rated game would cost them rating);
the leader always goes, and is seated even before their socket connects.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, assert_never

from actors.clock import Clock
from actors.messages import (
    ConnRef,
    CreateParty,
    EnqueueParty,
    GetParty,
    HandOver,
    HomeOf,
    InParty,
    InviteInfo,
    JoinParty,
    LeaveParty,
    MatchmakerRef,
    PartyMsg,
    Player,
    PresenceChanged,
    RemoveMember,
    RenewInvite,
    Send,
    SetLanguage,
    StartParty,
    SupervisorRef,
)
from actors.runtime import Actor
from models.party import MAX_MEMBERS, Party, PartyError
from protocol import server as frames
from protocol import texts, views

INVITE_BYTES = 24  # 192 random bits


@dataclass
class Presence:
    online: bool = False
    lobby_id: int | None = None
    conn: ConnRef | None = None


class PartyRegistry(Actor[PartyMsg]):
    resilient = True  # a refused action raises PartyError back to the asker, nothing more

    def __init__(
        self,
        matchmaker: MatchmakerRef,
        languages: set[str],
        players: Callable[[list[int]], dict[int, Player]],
        clock: Clock,
        supervisor: SupervisorRef | None = None,
    ) -> None:
        super().__init__(clock, supervisor)
        self.matchmaker = matchmaker
        self.languages = languages
        self.players = players  # current player info (ratings move) by id
        self.parties: dict[int, Party] = {}
        self.party_of: dict[int, int] = {}
        self.presence: dict[int, Presence] = {}
        self._ids = itertools.count(1)

    def receive(self, message: PartyMsg) -> object:
        match message:
            case PresenceChanged():
                self.presence_changed(message)
                return None
            case CreateParty():
                return self.create(message)
            case GetParty(player_id, party_id):
                return self._view(self._party_for(player_id, party_id), player_id)
            case InviteInfo(invite):
                return self.invite_info(invite)
            case JoinParty():
                return self.join(message)
            case LeaveParty(player_id):
                party = self._party_for(player_id, None)
                self._save(party, party.leave(player_id))
                self._tell_gone(player_id)
                return None
            case RemoveMember(by, player_id):
                party = self._party_for(by, None)
                self._save(party, party.remove(by, player_id))
                self._tell_gone(player_id)
                return self._view(self.parties[party.id], by)
            case HandOver(by, player_id):
                party = self._party_for(by, None)
                self._save(party, party.hand_over(by, player_id))
                return self._view(self.parties[party.id], by)
            case RenewInvite(by):
                party = self._party_for(by, None)
                self._save(party, party.renew_invite(by, self._token()))
                return self._view(self.parties[party.id], by)
            case SetLanguage(by, language):
                self._check_language(language)
                party = self._party_for(by, None)
                self._save(party, party.set_language(by, language))
                return self._view(self.parties[party.id], by)
            case StartParty(by):
                return self.start_party(by)
            case InParty(player_id):
                return player_id in self.party_of
            case HomeOf(player_id):
                party_id = self.party_of.get(player_id)
                view = self._view(self.parties[party_id], player_id) if party_id else None
                return frames.HomeFrame(view)
            case _:
                assert_never(message)

    # --- presence (from the matchmaker) -----------------------------------------------

    def presence_changed(self, msg: PresenceChanged) -> None:
        self.presence[msg.player_id] = Presence(msg.online, msg.lobby_id, msg.conn)
        if not msg.online and msg.lobby_id is None:
            del self.presence[msg.player_id]
        party_id = self.party_of.get(msg.player_id)
        if party_id is not None:
            self._publish(self.parties[party_id])

    # --- asks from the REST routes ----------------------------------------------------

    def create(self, msg: CreateParty) -> views.PartyView:
        self._check_language(msg.language)
        self._not_in_party(msg.player.id)
        party = Party.create(next(self._ids), msg.player.id, msg.language, self._token())
        self._save(None, party)
        return self._view(party, msg.player.id)

    def invite_info(self, invite: str) -> dict[str, Any] | None:
        party = self._by_invite(invite)
        if party is None:
            return None
        leader = self.players([party.leader]).get(party.leader)
        return {
            "id": party.id,
            "language": party.language,
            "size": len(party.members),
            "max": MAX_MEMBERS,
            "leader": views.PlayerView.of(leader).wire() if leader else None,
        }

    def join(self, msg: JoinParty) -> views.PartyView:
        party = self._by_invite(msg.invite)
        if party is None:
            raise PartyError("bad_invite", "This invite link is not valid (any more).")
        if msg.player.id in party.members:
            return self._view(party, msg.player.id)
        self._not_in_party(msg.player.id)
        if self._in_tournament(msg.player.id):
            raise PartyError("in_tournament", "Finish your tournament before joining a party.")
        self._save(party, party.join(msg.player.id, msg.invite))
        return self._view(self.parties[party.id], msg.player.id)

    def start_party(self, by: int) -> dict[str, Any]:
        party = self._party_for(by, None)
        party.check_start(by, self._in_tournament)
        going = [m for m in party.members if m == party.leader or self._online(m)]
        infos = self.players(going)
        members = tuple(infos[m] for m in going if m in infos)
        try:
            lobby_id = self.matchmaker.ask(
                EnqueueParty(party.id, members, party.language), timeout=10.0
            )
        except ValueError as exc:
            raise PartyError(str(exc), texts.text(str(exc))) from None
        return {"lobby": lobby_id, "players": [m.id for m in members]}

    # --- internals --------------------------------------------------------------------

    def _token(self) -> str:
        return secrets.token_urlsafe(INVITE_BYTES)

    def _check_language(self, language: str) -> None:
        if language not in self.languages:
            raise PartyError("unknown_language", texts.text("unknown_language"))

    def _not_in_party(self, player_id: int) -> None:
        if player_id in self.party_of:
            raise PartyError("in_party", "You are already in a party; leave it first.")

    def _party_for(self, player_id: int, party_id: int | None) -> Party:
        own = self.party_of.get(player_id)
        if party_id is not None and party_id != own:
            if party_id in self.parties:
                raise PartyError("not_member", "You are not a member of this party.")
            raise PartyError("no_party", "There is no such party.")
        if own is None:
            raise PartyError("no_party", "You are not in a party.")
        return self.parties[own]

    def _by_invite(self, invite: str) -> Party | None:
        if not isinstance(invite, str):
            return None
        for party in self.parties.values():
            if secrets.compare_digest(party.invite, invite):
                return party
        return None

    def _online(self, player_id: int) -> bool:
        p = self.presence.get(player_id)
        return bool(p and p.online)

    def _in_tournament(self, player_id: int) -> bool:
        p = self.presence.get(player_id)
        return bool(p and p.lobby_id is not None)

    def _save(self, old: Party | None, new: Party | None) -> None:
        """Replace a party's value (None: dissolved) and tell its members."""
        if old is not None:
            for m in old.members:
                self.party_of.pop(m, None)
            if new is None:
                del self.parties[old.id]
                return
        assert new is not None, "a party that did not exist cannot be dissolved"
        self.parties[new.id] = new
        for m in new.members:
            self.party_of[m] = new.id
        self._publish(new)

    def _tell_gone(self, player_id: int) -> None:
        p = self.presence.get(player_id)
        if p and p.conn is not None:
            p.conn.tell(Send(frames.PartyFrame(None).write()))

    def _publish(self, party: Party) -> None:
        infos = self.players(list(party.members))
        for m in party.members:
            p = self.presence.get(m)
            if p and p.conn is not None:
                view = self._view(party, m, infos)
                p.conn.tell(Send(frames.PartyFrame(view).write()))

    def _view(
        self, party: Party, viewer: int, infos: dict[int, Player] | None = None
    ) -> views.PartyView:
        """What a member sees (only members ever get a view, so the invite is included)."""
        if infos is None:
            infos = self.players(list(party.members))
        members = [
            views.PartyMemberView(
                m,
                info.nickname,
                info.tag,
                info.rating,
                info.is_bot,
                leader=m == party.leader,
                online=self._online(m),
                in_tournament=self._in_tournament(m),
            )
            for m in party.members
            if (info := infos.get(m)) is not None
        ]
        busy = any(self._in_tournament(m) for m in party.members)
        return views.PartyView(
            id=party.id,
            language=party.language,
            leader=party.leader,
            you=viewer,
            members=members,
            max=MAX_MEMBERS,
            invite=party.invite,
            invite_path=f"/join/{party.invite}",
            can_start=viewer == party.leader and not busy,
        )
