"""One player of the load generator (scripts/bench/players.py): reads the server's frames,
plans guesses from the English answers narrowed by the scored rows, queues again after each
tournament, and stamps the sends and arrivals the generator measures."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import TYPE_CHECKING, Any

from models.scoring import score
from scripts.bench import ws_client

if TYPE_CHECKING:
    from scripts.bench.players import Generator

LANGUAGE = "en"
OPENERS = 3  # first guesses per word length, whose colour buckets are precomputed
TRIED_OPENERS = 8  # of which the ones with the smallest largest bucket are kept
UNKNOWN_START = 200  # candidates drawn when the board opened with an unknown word


class Vocabulary:
    """The English answers, with the colour buckets of a few good openers precomputed, so a
    bot's candidate filtering costs a few dozen scorings per guess rather than thousands."""

    def __init__(self, answers: dict[int, tuple[str, ...]], rng: random.Random) -> None:
        self.words = {n: list(ws) for n, ws in answers.items() if ws}
        self.openers: dict[int, list[str]] = {}
        self.buckets: dict[str, dict[str, list[str]]] = {}
        for n, words in self.words.items():
            tried = []
            for opener in rng.sample(words, min(TRIED_OPENERS, len(words))):
                table: dict[str, list[str]] = {}
                for w in words:
                    table.setdefault(score(w, opener), []).append(w)
                tried.append((max(map(len, table.values())), opener, table))
            tried.sort()
            self.openers[n] = [opener for _, opener, _ in tried[:OPENERS]]
            for _, opener, table in tried[:OPENERS]:
                self.buckets[opener] = table


class DuelState:
    __slots__ = ("id", "length", "rows", "played", "pool", "applied", "guessed", "deadline")

    def __init__(self, duel_id: int, length: int) -> None:
        self.id = duel_id
        self.length = length
        self.rows: list[tuple[str, str]] = []  # scored rows (word, marks)
        self.played = 0  # rows on the board, skipped ones included (the next row's index)
        self.pool: list[str] | None = None
        self.applied = 0  # scored rows already used to narrow the pool
        self.guessed: set[str] = set()
        self.deadline: float | None = None  # my current turn's deadline (server seconds)


class Bot:
    """One player: reads frames, plans guesses, queues again after each tournament."""

    def __init__(self, gen: Generator, token: str, rng: random.Random) -> None:
        self.gen = gen
        self.token = token
        self.rng = rng
        self.ws: Any = None
        self.me: int | None = None
        self.tournament: int | None = None
        self.duel: DuelState | None = None
        self.intro_ends: float | None = None
        self.plan: asyncio.TimerHandle | None = None
        self.first_queue = True
        self.alive = False

    async def run(self) -> None:
        gen, stats = self.gen, self.gen.stats
        started = time.monotonic()
        try:
            self.ws = await ws_client.connect(
                gen.host,
                gen.port,
                "/ws?v=1",
                {"Authorization": f"Bearer {self.token}"},
                gen.deflate,
                self.on_text,
                self._closed,
            )
        except Exception as exc:  # noqa: BLE001 - counted, the run goes on
            stats.errors[f"connect:{type(exc).__name__}"] += 1
            return
        stats.handshake_ms.append((time.monotonic() - started) * 1000)
        stats.counts["handshakes"] += 1
        gen.connected += 1
        self.alive = True

    def _closed(self) -> None:
        if self.alive:
            self.alive = False
            self.gen.connected -= 1
            self._cancel_plan()
            if not self.gen.stopping:
                self.gen.stats.counts["dropped"] += 1

    # --- frames -----------------------------------------------------------------------

    def _turn(self, d: DuelState, turn: dict[str, Any]) -> None:
        self._cancel_plan()
        if turn["player"] == self.me:
            d.deadline = turn["deadline"] / 1000
            if self.rng.random() >= self.gen.pace.skip:
                think = self.rng.uniform(*self.gen.pace.think)
                think = min(think, turn["remaining_ms"] / 1000 * 0.8)
                self.plan = self.gen.loop.call_later(think, self._guess, d)
        else:
            d.deadline = None

    def on_text(self, payload: bytes) -> None:
        try:
            self.on_frame(json.loads(payload))
        except Exception as exc:  # noqa: BLE001 - a bug here must show, not kill the socket
            self.gen.stats.errors[f"client:{type(exc).__name__}"] += 1

    def on_frame(self, m: dict[str, Any]) -> None:
        now = time.monotonic()
        stats = self.gen.stats
        stats.counts["frames"] += 1
        kind = m["type"]
        d = self.duel
        if kind in ("guess_scored", "turn_skipped", "turn") and (d is None or m["duel"] != d.id):
            return  # a duel I watch, not mine (bench bots do not spectate)
        if kind == "turn":
            self._turn(d, m)
        elif kind in ("guess_scored", "turn_skipped"):
            d.played = m["index"] + 1
            if kind == "turn_skipped":
                if m["player"] == self.me and d.deadline is not None:
                    stats.timer_late.append(time.time() - d.deadline)
                    stats.counts["skips"] += 1
            else:
                d.rows.append(("".join(m["letters"]), m["marks"]))
                if m["player"] == self.me:
                    stats.counts["scored"] += 1
                else:
                    stats.recvs.append((d.id, m["index"], now))
            if m["next"] is not None:
                self._turn(d, m["next"])  # the turn the row hands over
        elif kind == "duel_started":
            if self.me in m["players"]:
                self.duel = DuelState(m["duel"], m["length"])
                if m["starter"] == self.me and self.intro_ends is not None:
                    stats.timer_late.append(time.time() - self.intro_ends)
        elif kind == "welcome":
            self.me = m["you"]["id"]
        elif kind == "round_intro":
            self.intro_ends = m["ends_at"] / 1000
        elif kind == "duel_ended":
            if d is not None and m["duel"] == d.id:
                self._cancel_plan()
                self.duel = None
        elif kind == "tournament_started":
            self.tournament = m["tournament"]
            self.gen.tournaments[self.tournament] += 1
            stats.counts["tournaments_started"] += 1
        elif kind in ("tournament_ended", "tournament_aborted"):
            if kind == "tournament_aborted":
                stats.errors["tournament_aborted"] += 1
            else:
                stats.counts["tournaments_ended"] += 1
            self._left_tournament()
            self._queue_later(self.gen.pace.requeue)
        elif kind == "home":
            if self.first_queue:
                self._queue_later((0.0, self.gen.pace.queue_ramp))
        elif kind == "error" and m["code"] == "placement_pending":
            # queued again after leaving, before the round that fixes the place ended: the
            # protocol's answer, not a fault; queue again later, as the page's player would
            stats.counts["placement_pending"] += 1
            self._queue_later(self.gen.pace.requeue)
        elif kind == "error":
            stats.errors[m["code"]] += 1
        elif kind == "guess_rejected":
            stats.errors[f"rejected:{m['reason']}"] += 1
        elif kind == "eliminated":
            if m["player"] == self.me and self.rng.random() < self.gen.pace.leave_out:
                # after a look at the board; not if the tournament ends meanwhile
                delay = self.rng.uniform(0.5, 2.0)
                self.plan = self.gen.loop.call_later(delay, self._send, {"type": "leave"})
        elif kind == "left":
            if m["reason"] != "left":
                stats.errors[f"left:{m['reason']}"] += 1
            self._left_tournament()
            self._queue_later(self.gen.pace.requeue)

    def _left_tournament(self) -> None:
        self._cancel_plan()
        if self.tournament is not None:
            self.gen.tournaments[self.tournament] -= 1
            if self.gen.tournaments[self.tournament] <= 0:
                del self.gen.tournaments[self.tournament]
        self.tournament, self.duel = None, None

    # --- actions ----------------------------------------------------------------------

    def _queue_later(self, pause: tuple[float, float]) -> None:
        self.first_queue = False
        delay = self.rng.uniform(*pause)
        self.gen.loop.call_later(delay, self._send, {"type": "queue", "language": LANGUAGE})

    def _guess(self, d: DuelState) -> None:
        self.plan = None
        if self.duel is not d:
            return
        word = self._choose(d)
        d.guessed.add(word)
        self.gen.stats.sends.append((d.id, d.played, time.monotonic()))
        self._send({"type": "guess", "word": word})

    def _choose(self, d: DuelState) -> str:
        vocab = self.gen.vocab
        words = vocab.words[d.length]
        if not d.rows:
            return self.rng.choice(vocab.openers[d.length])
        if self.rng.random() < self.gen.pace.blunder:
            return self.rng.choice(words)
        if d.pool is None:
            first, marks = d.rows[0]
            bucket = vocab.buckets.get(first)
            if bucket is not None:
                d.pool, d.applied = bucket.get(marks, []), 1
            else:
                d.pool = self.rng.sample(words, min(UNKNOWN_START, len(words)))
        if d.applied < len(d.rows):
            rows = d.rows[d.applied :]
            d.pool = [w for w in d.pool if all(score(w, g) == mk for g, mk in rows)]
            d.applied = len(d.rows)
        choices = [w for w in d.pool if w not in d.guessed]
        return self.rng.choice(choices) if choices else self.rng.choice(words)

    def _send(self, message: dict[str, Any]) -> None:
        if self.alive:
            self.ws.send_text(json.dumps(message))

    def _cancel_plan(self) -> None:
        if self.plan is not None:
            self.plan.cancel()
            self.plan = None
