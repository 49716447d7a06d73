"""The admin's actions in the running game: the poller reads the admin log rows newer than the
last it saw and tells the GameServer facade; a ban closes the player's socket (a `banned`
error first) and counts as leaving the tournament; a rename shows and is told."""

from __future__ import annotations

import datetime as dt

from actors.moderation import ModerationPoller
from actors.runtime import settle
from actors.system import BANNED_CLOSE_CODE
from models.store.moderation import LogLine
from models.store.values import PlayerInfo
from tests.actors.harness import Harness

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def info(pid: int, nickname: str) -> PlayerInfo:
    return PlayerInfo(pid, nickname, f"#{pid:04d}", 1000, False, None, 0, NOW, NOW)


class FakeLog:
    def __init__(self) -> None:
        self.lines: list[LogLine] = [LogLine(1, NOW, "old", "ban", 9, None, None, "", "")]
        self.names: dict[int, str] = {}
        self.purged: list[dt.datetime] = []

    def add(self, action: str, player: int) -> None:
        self.lines.append(
            LogLine(len(self.lines) + 1, NOW, "mod", action, player, None, None, "", "")
        )

    def admin_log(self, after_id: int = 0, limit: int = 1000) -> list[LogLine]:
        return [line for line in self.lines if line.id > after_id][:limit]

    def last_admin_log_id(self) -> int:
        return self.lines[-1].id

    def get_players(self, ids):
        return {i: info(i, self.names[i]) for i in ids if i in self.names}

    def purge_addresses(self, seen_before: dt.datetime) -> int:
        self.purged.append(seen_before)
        return 0


class FakeGame:
    def __init__(self) -> None:
        self.told: list[tuple[str, object]] = []

    def expel(self, player_id: int) -> None:
        self.told.append(("expel", player_id))

    def renamed(self, player: PlayerInfo) -> None:
        self.told.append(("renamed", player.nickname))


def test_the_poller_brings_new_log_rows_to_the_game_once(tmp_path):
    h = Harness(journal_path=str(tmp_path / "j.jsonl"))
    log, game = FakeLog(), FakeGame()
    ModerationPoller(log, game, 2.0, 30.0, h.clock).start()
    settle()
    log.add("ban", 3)
    log.names[4] = "Calm Otter"
    log.add("rename", 4)
    log.add("void", 0)
    h.advance(1.9)
    assert game.told == []  # not yet polled; the row from before the start is never applied
    h.advance(0.2)
    assert game.told == [("expel", 3), ("renamed", "Calm Otter")]
    h.advance(2.0)
    assert len(game.told) == 2  # each row once
    h.advance(60.0)
    assert len(log.purged) == 1  # the address records' purge runs too


def test_a_ban_closes_the_socket_and_counts_as_leaving(tmp_path):
    h = Harness(journal_path=str(tmp_path / "j.jsonl"))
    clients = h.full_lobby()
    h.advance(7.0)  # past the intro: duels running
    victim, other = clients[0], clients[1]
    assert victim.last("duel_started") is not None
    codes = []
    close = victim.socket.close
    victim.socket.close = lambda reason=None, message=None: (codes.append(reason), close())
    h.server.expel(victim.id)
    settle()
    errors = [f["code"] for f in victim.of_type("error")]
    assert errors[-1] == "banned" and victim.socket.closed
    assert codes == [BANNED_CLOSE_CODE]
    gone = [f for f in other.of_type("eliminated") if f["player"] == victim.id]
    assert gone and gone[0]["left"] is True


def test_an_admin_rename_shows_and_is_told(tmp_path):
    h = Harness(journal_path=str(tmp_path / "j.jsonl"))
    clients = h.full_lobby([1000, 1000])  # waiting: the lobby shows every name
    h.server.renamed(info(clients[0].id, "Calm Otter"))
    settle()
    told = clients[0].last("renamed")
    assert told["nickname"] == "Calm Otter" and "Calm Otter" in told["message"]
    lobby = clients[1].last("lobby")["lobby"]
    names = {seat["id"]: seat["nickname"] for seat in lobby["seats"]}
    assert names[clients[0].id] == "Calm Otter"
