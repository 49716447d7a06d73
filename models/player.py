"""What the game needs to know of a player: a copy (the database keeps the truth)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    id: int
    nickname: str
    tag: str
    rating: int
    is_bot: bool = False
    bot_level: str | None = None
    address: str = ""  # where their socket connects from (web/limits.py address_key): never shown


@dataclass(frozen=True)
class PlayerChanged:
    """A player's public details changed (a new nickname): connections and lobbies update."""

    player: Player
