"""The store: everything the game and the REST routes keep in the database, behind two typed
interfaces.

`GameStore` is what the actors need (the recorder writes tournaments as they are played, the
bot launcher finds bot accounts); `WebStore` is what the REST routes and the websocket
handshake need. This package implements both with module functions, split by what they store:
`players`, `tournaments`, `reads` (for the REST routes), `migrations` (the schema), over
`tables` and `connection`. Every call is one short transaction, returns plain values, and
raises only the store's own errors (`models.store.errors`).
"""

from __future__ import annotations

import datetime as dt
import logging
import random
import sys
from collections.abc import Iterable, Sequence
from typing import Protocol

from models.records import PlayedDuel
from models.store import journal, migrations
from models.store.connection import connect
from models.store.errors import NicknameError, NotFound, StoreError, Unavailable
from models.store.players import (
    bots_near,
    create_bot,
    create_player,
    get_player,
    get_players,
    issue_bot_token,
    player_by_token,
    purge_unplayed,
    set_nickname,
)
from models.store.reads import (
    LeaderboardPage,
    LeaderboardRow,
    Profile,
    Summary,
    leaderboard,
    leaderboard_row,
    player_profile,
    rating_total,
    running_tournaments,
    tournament_summary,
)
from models.store.tournaments import (
    abort_unfinished_tournaments,
    apply_placement,
    finish_tournament,
    record_duel,
    record_results,
    start_tournament,
)
from models.store.values import PlayerInfo

log = logging.getLogger("wordle.store")

__all__ = [
    "GameStore",
    "NicknameError",
    "NotFound",
    "PlayerInfo",
    "StoreError",
    "Unavailable",
    "WebStore",
    "abort_unfinished_tournaments",
    "apply_placement",
    "bots_near",
    "connect",
    "create_bot",
    "create_player",
    "finish_tournament",
    "get_player",
    "get_players",
    "issue_bot_token",
    "leaderboard",
    "leaderboard_row",
    "open_database",
    "player_by_token",
    "player_profile",
    "purge_unplayed",
    "rating_total",
    "running_tournaments",
    "record_duel",
    "record_results",
    "set_nickname",
    "start_tournament",
    "tournament_summary",
]


class GameStore(Protocol):
    """What the actors write and read while games are played."""

    def start_tournament(self, language: str, seats: Sequence[int]) -> tuple[int, dict[int, int]]:
        """A running tournament with everyone's rating at its start: (id, {player: rating})."""

    def record_duel(self, played: PlayedDuel) -> int: ...

    def apply_placement(
        self,
        tournament_id: int,
        player_id: int,
        place: int,
        elimination_round: int,
        left: bool,
        rating_change: int,
    ) -> bool:
        """Fix a place and apply its rating change, once (False: already applied)."""

    def finish_tournament(self, tournament_id: int, status: str = "finished") -> None: ...

    def record_results(self, entries: Sequence[journal.Entry]) -> None:
        """Several results (journal entries) in one transaction: all of them, or none."""

    def get_players(self, ids: Iterable[int]) -> dict[int, PlayerInfo]: ...

    def bots_near(
        self, rating: float, window: float, exclude: Iterable[int], limit: int
    ) -> list[PlayerInfo]: ...

    def create_bot(
        self, level: str, rating: int, rng: random.Random | None = None
    ) -> tuple[PlayerInfo, str]: ...

    def issue_bot_token(self, player_id: int) -> str: ...

    def purge_unplayed(self, seen_before: dt.datetime) -> int: ...


class WebStore(Protocol):
    """What the REST routes and the websocket handshake read and write."""

    def create_player(self, nickname: str | None = None) -> tuple[PlayerInfo, str]: ...

    def player_by_token(self, token: object) -> PlayerInfo | None: ...

    def set_nickname(self, player_id: int, nickname: str) -> PlayerInfo: ...

    def leaderboard(
        self, limit: int = 50, offset: int = 0, include_bots: bool = False
    ) -> LeaderboardPage: ...

    def leaderboard_row(self, player_id: int, include_bots: bool = False) -> LeaderboardRow | None:
        """The player's own rank, shown even when outside the page."""

    def player_profile(self, player_id: int) -> Profile: ...

    def tournament_summary(self, tournament_id: int) -> Summary: ...


def open_database(url: str, journal_path: str | None = None) -> list[int]:
    """Server start: connect, create missing tables, refuse to run on a schema that has
    migrations pending, write the results a previous run kept in its journal, and mark
    tournaments a crash left running as aborted (returned)."""
    connect(url)
    migrations.create_tables()
    waiting = migrations.pending()
    if waiting:
        names = ", ".join(f"{m.version} {m.name}" for m in waiting)
        raise RuntimeError(f"database needs migrations ({names}): run python -m scripts.migrate")
    if journal_path:
        replayed = journal.replay(journal_path, sys.modules[__name__])
        if replayed:
            log.warning("wrote %d result(s) kept in the journal %s", replayed, journal_path)
    return abort_unfinished_tournaments()
