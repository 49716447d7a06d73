"""A bot player: a websocket client of the public protocol, like a browser.

The `BotBrain` is the decision-making part: it reads server messages and says what to send
and when, with no socket and no clock of its own (so tests drive it directly). `run_bot`
connects it to a server. It runs in plain threads (tests, scripts/bots.py) and in greenlets
(the server's bot fill, where threading is monkey-patched).
"""

from __future__ import annotations

import json
import logging
import random
import time
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from models.bot_pace import think_seconds
from models.simulation import SKILLS, Skill
from models.solver import Word, best_guess, candidates
from models.words import Words
from protocol.codes import BOT_HEADER

log = logging.getLogger("wordle.bot")


@dataclass
class Plan:
    at: float  # local monotonic time to send
    message: dict[str, Any]


@dataclass
class DuelMemory:
    duel: int
    length: int
    rows: list[tuple[Word, str]] = field(default_factory=list)
    pool: list[Word] | None = None
    rejected: set[str] = field(default_factory=set)


class BotBrain:
    """Plays one tournament. `answers[length]` lists the words (as letter tuples) it knows."""

    def __init__(
        self,
        skill: Skill,
        answers: Mapping[int, Sequence[Word]],
        rng: random.Random,
        language: str,
        lobby_hint: int | None = None,
        leave_when_out: bool = True,
        think_scale: float = 1.0,
        queue: bool = True,
    ) -> None:
        """`think_scale` shrinks thinking times (tests and benchmarks use short turns; the
        pace is drawn as for a turn of `time left / think_scale`, then scaled);
        `queue=False` for a party member, whom the party's leader brings into a lobby."""
        self.skill = skill
        self.queue = queue
        self.think_scale = think_scale
        self.answers = answers
        self.rng = rng
        self.language = language
        self.lobby_hint = lobby_hint
        self.leave_when_out = leave_when_out
        self.me: int | None = None
        self.duel: DuelMemory | None = None
        self.plan: Plan | None = None
        self.done = False
        self.result: dict[str, Any] | None = None

    def opening(self) -> list[dict[str, Any]]:
        if not self.queue:
            return []
        msg: dict[str, Any] = {"type": "queue", "language": self.language}
        if self.lobby_hint is not None:
            msg["lobby"] = self.lobby_hint
        return [msg]

    # --- reading the server -----------------------------------------------------------

    def _turn(self, turn: dict[str, Any], now: float) -> None:
        self.plan = None
        if turn["player"] == self.me:
            self._plan_guess(now, turn["remaining_ms"] / 1000)

    def on_message(self, m: dict[str, Any], now: float) -> list[dict[str, Any]]:
        """Update from one server message; returns messages to send at once."""
        kind = m.get("type")
        if kind == "welcome":
            self.me = m["you"]["id"]
        elif kind == "snapshot":
            self._from_snapshot(m, now)
        elif kind == "duel_started" and self.me in m["players"]:
            self.duel = DuelMemory(m["duel"], m["length"])
            self.plan = None
        elif kind == "turn" and self._mine(m):
            self._turn(m, now)
        elif kind in ("guess_scored", "turn_skipped") and self.duel is not None and self._mine(m):
            if kind == "guess_scored":
                self.duel.rows.append((tuple(m["letters"]), m["marks"]))
            if m["next"] is not None:  # the turn this row hands over
                self._turn(m["next"], now)
        elif kind == "guess_rejected" and self.duel is not None:
            self.duel.rejected.add(m["word"])
            self._plan_guess(now, 1.0, hurry=True)
        elif kind == "duel_ended" and self._mine(m):
            self.duel, self.plan = None, None
        elif kind == "eliminated" and m["player"] == self.me:
            if self.leave_when_out:
                self.done = True
                return [{"type": "leave"}]
        elif kind == "tournament_ended":
            self.result = m
            self.done = True
        elif kind in ("left", "tournament_aborted", "replaced"):
            self.done = True
        elif kind == "error" and m["code"] == "placement_pending" and self.queue:
            self.plan = Plan(now + 1.0, self.opening()[0])  # queue again once placed
        elif kind == "error" and m["code"] in (
            "already_playing",
            "shutting_down",
            "unknown_language",
        ):
            self.done = True
        return []

    def due(self, now: float) -> list[dict[str, Any]]:
        """Messages whose time has come."""
        if self.plan is not None and now >= self.plan.at:
            message, self.plan = self.plan.message, None
            return [message]
        return []

    def next_wakeup(self) -> float | None:
        return self.plan.at if self.plan else None

    # --- deciding ---------------------------------------------------------------------

    def _mine(self, m: dict[str, Any]) -> bool:
        return self.duel is not None and m.get("duel") == self.duel.duel

    def _from_snapshot(self, m: dict[str, Any], now: float) -> None:
        view = m.get("duel")
        if not view or view.get("outcome"):
            return
        self.duel = DuelMemory(view["id"], view["length"])
        for r in view["rows"]:
            if not r["skipped"]:
                self.duel.rows.append((tuple(r["letters"]), r["marks"]))
        if view["to_move"] == self.me and view["remaining_ms"]:
            self._plan_guess(now, view["remaining_ms"] / 1000)

    def _plan_guess(self, now: float, time_left: float, hurry: bool = False) -> None:
        if self.duel is None:
            return
        word = self._choose()
        if word is None:
            return
        d = self.duel
        # the pace of models/bot_pace.py, judged against the turn as it is before scaling
        turn = time_left / self.think_scale if self.think_scale > 0 else float("inf")
        pace = think_seconds(
            self.skill.pace, len(d.pool or ()), len(d.rows) + 1, d.length, turn, self.rng
        )
        if pace is None and not hurry:
            return  # lets the turn run out, as people now and then do
        think = (pace if pace is not None else 2.0) * self.think_scale
        if hurry:
            think = min(think, 2.0)
        think = min(think, max(0.0, time_left * 0.8))
        self.plan = Plan(now + think, {"type": "guess", "word": "".join(word)})

    def _choose(self) -> Word | None:
        d = self.duel
        if d is None:
            return None
        words = [w for w in self.answers.get(d.length, ()) if "".join(w) not in d.rejected]
        if not words:
            return None
        d.pool = candidates(d.pool if d.pool is not None else words, d.rows)
        d.pool = [w for w in d.pool if "".join(w) not in d.rejected]
        if self.rng.random() < self.skill.p_blunder or not d.pool:
            return self.rng.choice(words)
        if self.skill.solver:
            return best_guess(d.pool, self.rng)
        return self.rng.choice(d.pool)


def run_bot(
    url: str,
    token: str,
    brain: BotBrain,
    connect: Callable[..., Any] | None = None,
    max_seconds: float = 3600.0,
    on_frame: Callable[[str], None] | None = None,
    credential: str | None = None,
) -> BotBrain:
    """Play until the tournament is over for this bot (or max_seconds pass). `credential`:
    the server's own bots show its secret (BOT_HEADER), so their sockets are not counted
    against the per-address limits of the address they connect from (web/ws.py). A refused
    or failed connection is one log line, and the bot is done."""
    if connect is None:
        connect = websocket_client
    headers = {"Authorization": f"Bearer {token}"}
    if credential is not None:
        headers[BOT_HEADER] = credential
    try:
        ws = connect(url, headers=headers)
    except Exception as exc:  # refused (429, 503) or unreachable: nothing to play
        log.warning("bot could not connect to %s: %s", url.split("?")[0], exc)
        brain.done = True
        return brain
    started = time.monotonic()
    try:
        for out in brain.opening():
            ws.send(json.dumps(out))
        while not brain.done and time.monotonic() - started < max_seconds:
            wake = brain.next_wakeup()
            timeout = 1.0 if wake is None else max(0.0, wake - time.monotonic())
            text = ws.receive(timeout=timeout)
            now = time.monotonic()
            if text is not None:
                if on_frame is not None:
                    on_frame(text)
                for out in brain.on_message(json.loads(text), now):
                    ws.send(json.dumps(out))
            for out in brain.due(time.monotonic()):
                ws.send(json.dumps(out))
    except Exception as exc:  # a closed socket ends the bot; the server handles the rest
        if not brain.done:
            log.info("bot %s stopped: %r", brain.me, exc)
    finally:
        try:
            ws.close()
        except Exception:
            pass
    return brain


def sign_in(base: str) -> tuple[dict[str, Any], str]:
    """A new anonymous account through POST /api/session: (player, token)."""
    request = urllib.request.Request(f"{base}/api/session", data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        body = json.loads(response.read())
    return body["player"], body["token"]


def websocket_client(url: str, headers: dict[str, str] | None = None) -> Any:
    """A simple-websocket client that keeps frames arriving with the handshake response.

    simple-websocket's client stops reading events at the handshake's acceptance, so a frame
    that the server sent right away (in the same packet) would wait, or be lost when the
    connection then closes. We hand those on at once."""
    from simple_websocket import Client

    class _Client(Client):  # type: ignore[misc]  # simple-websocket has no type hints
        def handshake(self) -> None:
            super().handshake()
            self._handle_events()  # may see the server's close already; the reader thread
            self.connected = True  # then finds the socket closed, after the buffered frames

    return _Client.connect(url, headers=headers)


def known_answers(wordlist: Words) -> dict[int, list[Word]]:
    """A word list's answers as letter tuples by length: what a bot knows of a language."""
    split = wordlist.language.letters
    return {n: [w for w in map(split, words) if w] for n, words in wordlist.answers.items()}


def skill_named(name: str) -> Skill:
    try:
        return SKILLS[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r}; choose from {', '.join(SKILLS)}") from None
