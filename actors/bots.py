"""The bot launcher: when a lobby has waited long enough, bots take its empty seats.

Bots are real rated players (accounts flagged as bots, named "Bot ...") and real clients: each
one is a `bot_client.run_bot` greenlet that connects to this server's own websocket with its
token and queues like anyone, asking for the lobby it was called for. It must fit the rating
window like anyone: the launcher picks bot accounts rated near the lobby's average (closest
first) and only creates a new bot, seeded at that average, when none is free. The level of a
new bot follows the lobby's rating: stronger lobbies get stronger bots.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any, assert_never

import gevent

from actors.bot_client import BotBrain, known_answers, run_bot, skill_named
from actors.clock import Clock
from actors.messages import BotDone, BotsMsg, BotsWanted, SupervisorRef
from actors.runtime import Actor
from models.solver import Word
from models.store.interfaces import GameStore
from wordlists import WordList

log = logging.getLogger("wordle.bots")

PICK_WINDOW = 150  # inside the 200 window, so the lobby's average stays put
LEVEL_BANDS = ((900, "weak"), (1050, "casual"), (1200, "good"))  # above: strong


def level_for(rating: float) -> str:
    for top, level in LEVEL_BANDS:
        if rating < top:
            return level
    return "strong"


class BotLauncher(Actor[BotsMsg]):
    resilient = True

    def __init__(
        self,
        store: GameStore,
        words: dict[str, WordList],
        url: Callable[[], str | None],
        clock: Clock,
        supervisor: SupervisorRef | None = None,
        rng: random.Random | None = None,
        spawn: Callable[..., Any] = gevent.spawn,
    ) -> None:
        super().__init__(clock, supervisor)
        self.store = store
        self.words = words
        self.url = url
        self.rng = rng or random.Random()
        self.spawn = spawn
        self.busy: set[int] = set()
        self._answers: dict[str, dict[int, list[Word]]] = {}

    def receive(self, message: BotsMsg) -> None:
        match message:
            case BotsWanted():
                self.send_bots(message)
            case BotDone(bot_id):
                self.busy.discard(bot_id)
            case _:
                assert_never(message)

    def send_bots(self, msg: BotsWanted) -> None:
        url = self.url()
        if url is None:
            log.warning("bots wanted for lobby %s but the server URL is unknown", msg.lobby_id)
            return
        bots = self.store.bots_near(msg.average, PICK_WINDOW, self.busy, msg.count)
        while len(bots) < msg.count:
            info, _ = self.store.create_bot(level_for(msg.average), round(msg.average), self.rng)
            bots.append(info)
        for bot in bots:
            token = self.store.issue_bot_token(bot.id)
            brain = BotBrain(
                skill_named(bot.bot_level or level_for(bot.rating)),
                self._answers_of(msg.language),
                random.Random(self.rng.random()),
                msg.language,
                lobby_hint=msg.lobby_id,
            )
            self.busy.add(bot.id)
            self.spawn(self._run, bot.id, url, token, brain)
        log.info("lobby %s: %d bot(s) sent", msg.lobby_id, len(bots))

    def _run(self, bot_id: int, url: str, token: str, brain: BotBrain) -> None:
        try:
            run_bot(url, token, brain)
        finally:
            self.ref.tell(BotDone(bot_id))

    def _answers_of(self, language: str) -> dict[int, list[Word]]:
        if language not in self._answers:
            self._answers[language] = known_answers(self.words[language])
        return self._answers[language]
