"""The store's two typed interfaces: what the actors need (`GameStore`: the recorder writes
tournaments as they are played, the bot launcher finds bot accounts) and what the REST routes
and the websocket handshake need (`WebStore`). `models.store.sql.SqlStore` implements both;
tests stand in for them with small fakes."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from models.results import GameResult
from models.store.moderation import LogLine, NameChange, Report
from models.store.reads import LeaderboardLine, LeaderboardPage, Profile, Summary
from models.store.values import PlayerInfo


class GameStore(Protocol):
    """What the actors write and read while games are played."""

    def start_tournament(self, language: str, seats: Sequence[int]) -> tuple[int, dict[int, int]]:
        """A running tournament with everyone's rating at its start: (id, {player: rating})."""

    def record_results(self, results: Sequence[GameResult]) -> None:
        """Results in one transaction, in order: all of them, or none. Each is idempotent (a
        duel, a placement or an end already written is left as it is)."""

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

    def health(self) -> str | None:
        """What keeps the database from being used (None: nothing)."""

    def leaderboard(
        self, limit: int = 50, offset: int = 0, include_bots: bool = False
    ) -> LeaderboardPage: ...

    def leaderboard_line(
        self, player_id: int, include_bots: bool = False
    ) -> LeaderboardLine | None:
        """The player's own rank, shown even when outside the page."""

    def player_profile(self, player_id: int) -> Profile: ...

    def tournament_summary(self, tournament_id: int) -> Summary: ...

    # moderation (models/store/moderation.py)
    def get_player(self, player_id: int) -> PlayerInfo | None: ...

    def name_history(self, player_id: int) -> list[NameChange]: ...

    def record_address(self, player_id: int, address_hash: str, browser: str, what: str) -> None:
        """A keyed hash of the address, never the address."""

    def address_banned(self, address_hash: str) -> bool: ...

    def open_report(self, reporter: int, target: int) -> Report | None: ...

    def file_report(
        self, reporter: int, target: int, reason: str, where: str, tournament: int | None = None
    ) -> tuple[Report, bool]: ...


class ModerationLog(Protocol):
    """What the running server reads of the admin's actions (actors/moderation.py)."""

    def admin_log(self, after_id: int = 0, limit: int = 1000) -> list[LogLine]: ...

    def last_admin_log_id(self) -> int: ...

    def get_players(self, ids: Iterable[int]) -> dict[int, PlayerInfo]: ...

    def purge_addresses(self, seen_before: dt.datetime) -> int: ...
