"""The server's bots: an address's lobbies get at most WT_BOTS_PER_ADDRESS of them at once, each
bot shows the server's credential when it connects, and a refused bot is one log line."""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass

from actors.bot_client import BOT_HEADER, BotBrain, run_bot, skill_named
from actors.bots import BotLauncher
from actors.clock import ManualClock
from actors.messages import BotDone, BotsWanted
from actors.runtime import settle
from tests.actors.harness import SmallWords

URL = "ws://127.0.0.1:1/ws?v=1"


@dataclass(frozen=True)
class BotInfo:
    id: int
    rating: int
    bot_level: str | None = "good"


class BotStore:
    def __init__(self) -> None:
        self.ids = itertools.count(1)

    def bots_near(self, average, window, busy, count):
        return []

    def create_bot(self, level, rating, rng):
        return BotInfo(next(self.ids), rating, level), "token"

    def issue_bot_token(self, bot_id):
        return f"token-{bot_id}"


def _launcher(per_address=14):
    spawned = []
    launcher = BotLauncher(
        BotStore(),
        {"en": SmallWords()},
        lambda: URL,
        ManualClock(),
        spawn=lambda *args: spawned.append(args),
        credential="the-secret",
        per_address=per_address,
    )
    return launcher.start(), spawned


def _want(ref, lobby, count, *addresses):
    ref.tell(BotsWanted(lobby, "en", count, 1000.0, addresses))
    settle()


def test_one_address_gets_two_lobbies_worth_and_another_address_still_gets_its_own(caplog):
    ref, spawned = _launcher()
    _want(ref, 1, 7, "10.0.0.1")
    _want(ref, 2, 7, "10.0.0.1")
    assert len(spawned) == 14
    with caplog.at_level(logging.INFO, "wordle.bots"):
        _want(ref, 3, 7, "10.0.0.1")  # over the cap: this lobby waits for people
    assert len(spawned) == 14
    (line,) = [r for r in caplog.records if "waits for people" in r.getMessage()]
    assert line.exc_info is None
    _want(ref, 4, 7, "10.0.0.2")  # someone else's lobby fills at once
    assert len(spawned) == 21


def test_a_bot_that_is_done_frees_its_place_for_its_address():
    ref, spawned = _launcher(per_address=8)
    _want(ref, 1, 7, "10.0.0.1")
    _want(ref, 2, 7, "10.0.0.1")
    assert len(spawned) == 8  # the second lobby got the one left
    first_bot = spawned[0][1]
    ref.tell(BotDone(first_bot))
    settle()
    _want(ref, 2, 6, "10.0.0.1")
    assert len(spawned) == 9


def test_a_lobby_of_two_addresses_counts_against_both():
    ref, spawned = _launcher(per_address=10)
    _want(ref, 1, 7, "10.0.0.1")  # 3 left for 10.0.0.1
    _want(ref, 2, 6, "10.0.0.1", "10.0.0.2")
    assert len(spawned) == 10
    _want(ref, 3, 7, "10.0.0.2")  # 10.0.0.2 has 3 out: 7 more fit
    assert len(spawned) == 17


def test_each_bot_shows_the_servers_credential(monkeypatch):
    from actors import bot_client

    ref, spawned = _launcher()
    _want(ref, 1, 1, "10.0.0.1")
    (call,) = spawned
    seen = {}

    class Closed(Exception):
        pass

    def connect(url, headers):
        seen.update(headers)
        raise Closed("refused after looking")

    monkeypatch.setattr(bot_client, "websocket_client", connect)
    run, *args = call
    run(*args)  # what the spawned greenlet runs
    assert seen[BOT_HEADER] == "the-secret" and seen["Authorization"] == "Bearer token-1"


def test_a_refused_bot_is_one_log_line_not_a_traceback(caplog):
    brain = BotBrain(skill_named("good"), {}, __import__("random").Random(1), "en")

    def refused(url, headers):
        raise ConnectionError("Connection error: 429")

    with caplog.at_level(logging.INFO):
        out = run_bot(URL, "token", brain, connect=refused)
    assert out.done
    (line,) = caplog.records
    assert "429" in line.getMessage() and line.exc_info is None
