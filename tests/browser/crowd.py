"""Seven people over websockets (not bots: the server sends `duel_progress` to people only)
who fill a lobby of the browser's word language with the browser's player and play at a pace
the test sets, duel by duel.

The player paired with the browser's leaves at once, so the browser's duel is over at the
start (a forfeit) while the other three run: the browser waits, with duels to watch. Each of
the others guesses a random word of the list on its turn, `pace` seconds after its turn
begins; `pace` is set per duel (`Crowd.paces`, in the order the duels start) and can be
changed while they run (`Crowd.set_pace`)."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import wordlists
from actors.bot_client import known_answers
from actors.bot_client import websocket_client as connect
from tests.e2e.server import sign_in


class Person(threading.Thread):
    def __init__(self, crowd: Crowd, rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.crowd = crowd
        self.rng = rng
        player, token = sign_in(crowd.base)
        self.id: int = player["id"]
        self.ws = connect(crowd.ws_url, headers={"Authorization": f"Bearer {token}"})
        self.duel: dict[str, Any] | None = None
        self.due: float | None = None
        self.queued = False

    def run(self) -> None:
        try:
            while not self.crowd.stopping.is_set():
                if self.due is not None and self.duel and time.monotonic() >= self.due:
                    self.due = None
                    words = self.crowd.answers[self.duel["length"]]
                    self.send({"type": "guess", "word": "".join(self.rng.choice(words))})
                text = self.ws.receive(timeout=0.05)
                if text:
                    self.handle(json.loads(text))
        except Exception:  # noqa: BLE001 - the connection closed at the end
            return

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def my_turn(self, duel_id: int) -> None:
        self.due = time.monotonic() + self.crowd.pace(duel_id)

    def handle(self, m: dict[str, Any]) -> None:
        kind = m["type"]
        if kind == "home" and not self.queued:
            self.queued = True
            self.send({"type": "queue", "language": self.crowd.language})
        elif kind == "duel_started" and self.id in m["players"]:
            if self.crowd.browser_id in m["players"]:
                self.send({"type": "leave"})  # the browser's duel is over at once
                return
            self.duel = m
            if m["starter"] == self.id:
                self.my_turn(m["duel"])
        elif (
            kind in ("guess_scored", "turn_skipped")
            and self.duel
            and m["duel"] == self.duel["duel"]
        ):
            nxt = m["next"]
            if nxt and nxt["player"] == self.id:
                self.my_turn(m["duel"])
        elif kind == "guess_rejected" and self.duel:
            self.my_turn(self.duel["duel"])
        elif kind == "duel_ended" and self.duel and m["duel"] == self.duel["duel"]:
            self.duel, self.due = None, None


class Crowd:
    def __init__(
        self, server: Any, browser_id: int, paces: list[float], language: str = "en"
    ) -> None:
        self.base = server.base
        self.language = language
        self.ws_url = server.ws_url
        self.browser_id = browser_id
        self.stopping = threading.Event()
        words = wordlists.load_language(wordlists.default_folder(), language)
        self.answers = known_answers(words)
        self._paces = list(paces)
        self._lock = threading.Lock()
        self.duel_paces: dict[int, float] = {}
        rng = random.Random(7)
        self.people = [Person(self, random.Random(rng.random())) for _ in range(7)]

    def pace(self, duel_id: int) -> float:
        with self._lock:
            if duel_id not in self.duel_paces:
                self.duel_paces[duel_id] = self._paces.pop(0) if self._paces else 2.0
            return self.duel_paces[duel_id]

    def set_pace(self, duel_id: int, pace: float) -> None:
        with self._lock:
            self.duel_paces[duel_id] = pace

    def start(self) -> Crowd:
        for p in self.people:
            p.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        for p in self.people:
            try:
                p.ws.close()
            except Exception:  # noqa: BLE001, S110 - already closed
                pass
            p.join(timeout=2)
