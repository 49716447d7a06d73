"""Parties: up to 8 friends who go into the same lobby. Pure rules, no I/O.

The first member leads. Others join with the invite token (which a new token voids). If the
leader leaves, the longest-standing other member leads. Who is online or in a tournament is
not party state: the caller passes it in where a rule needs it (starting).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

MAX_MEMBERS = 8


class PartyError(Exception):
    """A refused party action; `code` is stable (for clients), the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Party:
    id: int
    language: str
    members: tuple[int, ...]  # in joining order; members[0] is not necessarily the leader
    leader: int
    invite: str

    @classmethod
    def create(cls, party_id: int, leader: int, language: str, invite: str) -> Party:
        return cls(party_id, language, (leader,), leader, invite)

    def join(self, player: int, invite: str) -> Party:
        if invite != self.invite:
            raise PartyError("bad_invite", "This invite link is not valid (any more).")
        if player in self.members:
            return self
        if len(self.members) >= MAX_MEMBERS:
            raise PartyError("party_full", f"The party is full ({MAX_MEMBERS} members).")
        return replace(self, members=(*self.members, player))

    def leave(self, player: int) -> Party | None:
        """The party without `player` (None when nobody is left); leadership passes on."""
        self._member(player)
        members = tuple(m for m in self.members if m != player)
        if not members:
            return None
        leader = self.leader if self.leader != player else members[0]
        return replace(self, members=members, leader=leader)

    def remove(self, by: int, player: int) -> Party | None:
        self._leader(by)
        if player == by:
            raise PartyError("cannot_remove_self", "Leave the party instead.")
        return self.leave(player)

    def hand_over(self, by: int, player: int) -> Party:
        self._leader(by)
        self._member(player)
        return replace(self, leader=player)

    def renew_invite(self, by: int, invite: str) -> Party:
        self._leader(by)
        return replace(self, invite=invite)

    def set_language(self, by: int, language: str) -> Party:
        self._leader(by)
        return replace(self, language=language)

    def check_start(self, by: int, in_tournament: Callable[[int], bool]) -> None:
        """The leader may start when nobody in the party is still in a tournament."""
        self._leader(by)
        busy = [m for m in self.members if in_tournament(m)]
        if busy:
            raise PartyError(
                "members_playing",
                "Wait until every member's tournament is over (playing or watching).",
            )

    def _member(self, player: int) -> None:
        if player not in self.members:
            raise PartyError("not_member", "You are not a member of this party.")

    def _leader(self, player: int) -> None:
        self._member(player)
        if player != self.leader:
            raise PartyError("not_leader", "Only the party's leader can do that.")
