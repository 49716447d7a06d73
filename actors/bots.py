"""The bot launcher: when a lobby has waited long enough, bots take its empty seats.

Bots are real rated players (accounts flagged as bots, named "Bot ...") and real clients: each
one is a `bot_client.run_bot` greenlet that connects to this server's own websocket with its
token and queues like anyone, asking for the lobby it was called for. It must fit the rating
window like anyone: the launcher picks bot accounts rated near the lobby's average (closest
first) and only creates a new bot, seeded at that average, when none is free. The level of a
new bot follows the lobby's rating: stronger lobbies get stronger bots.

The bots are the server's, not any client's: each shows the server's bot credential (a secret
made at start) when it connects, so its socket does not count against the per-address limits
of the loopback address it comes from (web/ws.py, web/server.py). What one address may take of
them is bounded here instead: the bots playing in the lobbies of an address's people count
against that address, at most WT_BOTS_PER_ADDRESS at once; a lobby over that waits for people
(it calls again after WT_BOT_FILL_SECONDS).
"""

from __future__ import annotations

import logging
import random
from collections import Counter
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
        credential: str | None = None,
        per_address: int = 14,
    ) -> None:
        super().__init__(clock, supervisor)
        self.store = store
        self.words = words
        self.url = url
        self.rng = rng or random.Random()
        self.spawn = spawn
        self.busy: set[int] = set()
        self.credential = credential
        self.per_address = per_address
        self.charged: dict[int, tuple[str, ...]] = {}  # bot -> the addresses it counts for
        self.by_address: Counter[str] = Counter()  # bots out for each address
        self._answers: dict[str, dict[int, list[Word]]] = {}

    def receive(self, message: BotsMsg) -> None:
        match message:
            case BotsWanted():
                self.send_bots(message)
            case BotDone(bot_id):
                self.busy.discard(bot_id)
                for address in self.charged.pop(bot_id, ()):
                    self.by_address[address] -= 1
                    if self.by_address[address] <= 0:
                        del self.by_address[address]
            case _:
                assert_never(message)

    def send_bots(self, msg: BotsWanted) -> None:
        url = self.url()
        if url is None:
            log.warning("bots wanted for lobby %s but the server URL is unknown", msg.lobby_id)
            return
        count = self.allowed(msg)
        if count <= 0:
            log.info(
                "lobby %s waits for people: its address has %d bots out (WT_BOTS_PER_ADDRESS)",
                msg.lobby_id,
                self.per_address,
            )
            return
        bots = self.store.bots_near(msg.average, PICK_WINDOW, self.busy, count)
        while len(bots) < count:
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
            self.charged[bot.id] = msg.addresses
            self.by_address.update(msg.addresses)
            self.spawn(self._run, bot.id, url, token, brain)
        log.info("lobby %s: %d bot(s) sent", msg.lobby_id, len(bots))

    def allowed(self, msg: BotsWanted) -> int:
        """How many of the bots wanted the lobby may have: none past any of its people's
        addresses' share."""
        left = [self.per_address - self.by_address[a] for a in msg.addresses]
        return max(0, min([msg.count, *left]))

    def _run(self, bot_id: int, url: str, token: str, brain: BotBrain) -> None:
        try:
            run_bot(url, token, brain, credential=self.credential)
        except Exception as exc:  # one line, not a traceback: the lobby calls again later
            log.warning("bot %s failed: %r", bot_id, exc)
        finally:
            self.ref.tell(BotDone(bot_id))

    def _answers_of(self, language: str) -> dict[int, list[Word]]:
        if language not in self._answers:
            self._answers[language] = known_answers(self.words[language])
        return self._answers[language]
