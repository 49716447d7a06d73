"""The chaos run's players (scripts/chaos/run.py): accounts playing tournament after
tournament with the protocol's own bot brain over a real websocket, cutting, leaving and
duplicating their connections on purpose, and what they saw, to check against the database."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import TYPE_CHECKING, Any

from actors.bot_client import BotBrain, skill_named, websocket_client

if TYPE_CHECKING:
    from scripts.chaos.run import Run


class Observed:
    """What players saw: placements by (tournament, player), all tournaments started."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.placements: dict[tuple[int, int], set[tuple[int, int]]] = {}
        self.tournaments: set[int] = set()

    def placement(self, tournament: int | None, frame: dict) -> None:
        if tournament is None:
            return
        key = (tournament, frame["player"])
        with self.lock:
            self.placements.setdefault(key, set()).add((frame["place"], frame["rating_change"]))


class ChaosPlayer(threading.Thread):
    """One account playing tournament after tournament, with trouble on purpose."""

    def __init__(self, run: Run, token: str, rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.run_, self.token, self.rng = run, token, rng
        self.brain: BotBrain | None = None
        self.tournament: int | None = None
        self.ws: Any = None

    def new_brain(self) -> BotBrain:
        return BotBrain(
            skill_named(self.rng.choice(["weak", "casual", "good", "strong"])),
            self.run_.answers,
            random.Random(self.rng.random()),
            "en",
            leave_when_out=self.rng.random() < 0.5,
            think_scale=0.02,
        )

    def connect(self) -> Any:
        """A websocket, retried while the server restarts or refuses."""
        while not self.run_.stopping.is_set():
            try:
                ws = websocket_client(
                    self.run_.server.ws_url, headers={"Authorization": f"Bearer {self.token}"}
                )
                self.run_.count("connections")
                return ws
            except Exception:
                time.sleep(0.3 + self.rng.random())
        return None

    def run(self) -> None:
        try:
            self._play()
        except Exception as exc:  # a bug in this script must not pass silently
            self.run_.problem(f"player thread failed: {exc!r}")

    def _play(self) -> None:
        """The brain plays; this loop reads, and queues again whenever the server says the
        player is home (after connecting, a tournament's end, a leave, a restart)."""
        self.brain = self.new_brain()
        self.ws = self.connect()
        while self.ws is not None and not self.run_.stopping.is_set():
            try:
                text = self.ws.receive(timeout=0.05)
            except Exception:
                self.ws = self.connect()  # the server closed it (a crash, a restart)
                continue
            if text is not None:
                self.read(json.loads(text), time.monotonic())
            for out in self.brain.due(time.monotonic()):
                self.send(out)
            self.trouble()
        if self.ws is not None:
            try:
                self.send({"type": "leave"})
                self.ws.close()
            except Exception:
                pass

    def read(self, frame: dict, now: float) -> None:
        kind = frame["type"]
        if kind == "home":
            self.brain, self.tournament = self.new_brain(), None
            self.send({"type": "queue", "language": "en"})
            return
        if kind == "tournament_started":
            self.tournament = frame["tournament"]
            with self.run_.seen.lock:
                self.run_.seen.tournaments.add(frame["tournament"])
        elif kind == "snapshot" and frame.get("tournament"):
            self.tournament = frame["tournament"]["id"]
        elif kind == "placement":
            self.run_.seen.placement(self.tournament, frame)
        elif kind == "error" and frame["code"] == "placement_pending":
            self.run_.count("requeues_held")
        elif kind == "replaced":
            return  # our other connection took over (see duplicate)
        for out in self.brain.on_message(frame, now):
            self.send(out)
        if self.brain.done:  # over for us: the server answers a resync with home
            self.brain = self.new_brain()
            self.send({"type": "resync"})

    def send(self, message: dict) -> None:
        try:
            self.ws.send(json.dumps(message))
        except Exception:
            pass  # the receive loop notices and reconnects

    def trouble(self) -> None:
        """Now and then (per loop of ~50 ms): a cut, a leave, a second connection."""
        roll = self.rng.random()
        if roll < 0.0015:
            self.cut()
        elif roll < 0.0020 and self.tournament is not None:
            self.run_.count("leaves")
            self.send({"type": "leave"})
            self.send({"type": "queue", "language": "en"})  # at once: held until placed
        elif roll < 0.0025:
            self.duplicate()

    def cut(self) -> None:
        """Drop the TCP connection with no goodbye; come back within the grace or after."""
        try:
            self.ws.sock.shutdown(2)
            self.ws.sock.close()
        except Exception:
            pass
        grace = self.run_.config.grace_seconds
        if self.rng.random() < 0.7:
            self.run_.count("cuts_back_in_grace")
            time.sleep(self.rng.uniform(0.1, grace * 0.5))
        else:
            self.run_.count("cuts_past_grace")
            time.sleep(grace + self.rng.uniform(0.5, 1.5))
        self.ws = self.connect()

    def duplicate(self) -> None:
        """Open a second connection as the same player: the newer one wins."""
        second = self.connect()
        if second is None:
            return
        self.run_.count("duplicates")
        old, self.ws = self.ws, second
        try:
            old.close()
        except Exception:
            pass
