"""Which lobby a player (or a party) may join: pure rules, no actors.

Same language; the lobby's average rating within 200 of the joiner's rating (a party: its
members' average), a window that never widens; enough free seats; among the lobbies that
fit, the fullest first (so lobbies fill and start), the oldest on ties.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from models.rules import RATING_WINDOW, SEATS


@dataclass(frozen=True)
class LobbyView:
    id: int
    language: str
    seated: int
    average: float
    created_at: float
    open: bool = True


def fits(lobby: LobbyView, language: str, rating: float, size: int = 1) -> bool:
    """May a group of `size` players with average `rating` join `lobby`?"""
    if not lobby.open or lobby.language != language or lobby.seated + size > SEATS:
        return False
    return lobby.seated == 0 or abs(lobby.average - rating) <= RATING_WINDOW


def candidates(
    lobbies: Iterable[LobbyView], language: str, rating: float, size: int = 1
) -> list[LobbyView]:
    """The lobbies the group may join, in the order to try them."""
    fitting = [lobby for lobby in lobbies if fits(lobby, language, rating, size)]
    return sorted(fitting, key=lambda lobby: (-lobby.seated, lobby.created_at, lobby.id))


def average(ratings: Sequence[float]) -> float:
    return sum(ratings) / len(ratings) if ratings else 0.0
