"""The load generator's players: one process holds thousands of websocket clients on asyncio.

Run by scripts/bench/load.py (one process per worker, pinned to the generator's core); it is
not a script of its own. Each player (scripts/bench/bot.py) signs in (POST /api/session over a
keep-alive connection), connects like a browser (offering permessage-deflate unless told not
to), queues, plays valid English words from the server's own lists, and after its tournament
queues again, so tournaments run side by side in steady state.

Measured here and shipped to the parent once a second:
- guess -> opponent: the guesser stamps the send with the shared monotonic clock under the key
  (duel, row index); the opponent stamps the arrival of `guess_scored` for that row. The parent
  joins the two (both may live in different processes: CLOCK_MONOTONIC is one clock per
  machine).
- timer lateness: arrival of `turn_skipped` against the deadline the `turn` announced, and of
  `duel_started` against the `round_intro`'s `ends_at` (server wall clock, same machine).
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from scripts.bench import procs
from scripts.bench.bot import LANGUAGE, Bot, Vocabulary


@dataclass(frozen=True)
class Pace:
    think: tuple[float, float]  # seconds from a turn's start to the guess
    skip: float  # probability of letting a turn run out (exercises the turn timers)
    blunder: float  # probability of a random word instead of a candidate
    leave_out: float  # probability of leaving when eliminated (and queueing again) over watching
    queue_ramp: float  # a new player queues within this many seconds of connecting
    requeue: tuple[float, float]  # pause at home between tournaments


class Stats:
    """Counters and samples since the last report to the parent."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.sends: list[tuple[int, int, float]] = []
        self.recvs: list[tuple[int, int, float]] = []
        self.timer_late: list[float] = []
        self.handshake_ms: list[float] = []

    def take(self) -> dict[str, Any]:
        out = {
            "counts": dict(self.counts),
            "errors": dict(self.errors),
            "sends": self.sends,
            "recvs": self.recvs,
            "timer_late": self.timer_late,
            "handshake_ms": self.handshake_ms,
        }
        self.__init__()
        return out


class SignIn:
    """POST /api/session over a few keep-alive HTTP/1.1 connections."""

    def __init__(self, base: str, parallel: int = 4) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port or 80
        self.free: asyncio.Queue = asyncio.Queue()
        for _ in range(parallel):
            self.free.put_nowait(None)

    async def token(self) -> str:
        conn = await self.free.get()
        try:
            if conn is None:
                conn = await asyncio.open_connection(self.host, self.port)
            reader, writer = conn
            writer.write(
                f"POST /api/session HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                "Content-Length: 0\r\n\r\n".encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            body = json.loads(await reader.readexactly(length))
            if b" 201 " not in head.split(b"\r\n", 1)[0] + b" ":
                raise RuntimeError(head.split(b"\r\n", 1)[0].decode())
            return body["token"]
        except BaseException:
            if conn is not None:
                conn[1].close()
            conn = None
            raise
        finally:
            self.free.put_nowait(conn)


class Generator:
    """One worker process: grows its population on the parent's command, reports stats."""

    def __init__(self, pipe: Any, config: dict[str, Any]) -> None:
        import wordlists

        self.pipe = pipe
        self.base = config["base"]
        parts = urlsplit(self.base)
        self.host, self.port = parts.hostname, parts.port or 80
        self.deflate = config["deflate"]
        self.pace = Pace(**config["pace"])
        self.connect_rate = config["connect_rate"]
        self.rng = random.Random(config["seed"])
        words = wordlists.load_language(wordlists.default_folder(), LANGUAGE)
        self.vocab = Vocabulary(words.answers, self.rng)
        self.stats = Stats()
        self.bots: list[Bot] = []
        self.tasks: set[asyncio.Task] = set()
        self.tournaments: Counter[int] = Counter()
        self.connected = 0
        self.target = 0
        self.stopping = False
        self.loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]

    async def main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.signin = SignIn(self.base)
        commands: asyncio.Queue = asyncio.Queue()
        self.loop.add_reader(self.pipe.fileno(), lambda: commands.put_nowait(self.pipe.recv()))
        reporter = self.loop.create_task(self._report())
        grower: asyncio.Task | None = None
        while True:
            command, value = await commands.get()
            if command == "target":
                self.target = value
                if grower is None or grower.done():
                    grower = self.loop.create_task(self._grow())
            elif command == "stop":
                break
        self.stopping = True
        if grower is not None:
            grower.cancel()
        for bot in self.bots:
            if bot.alive:
                bot.ws.close()
        await asyncio.sleep(0.5)
        reporter.cancel()
        self.pipe.send(("stats", self._snapshot()))

    async def _grow(self) -> None:
        """Sign in and connect players up to the target, at most connect_rate per second."""
        interval = 1.0 / self.connect_rate
        next_at = time.monotonic()
        while len(self.bots) < self.target:
            try:
                token = await self.signin.token()
            except Exception as exc:  # noqa: BLE001
                self.stats.errors[f"signin:{type(exc).__name__}"] += 1
                await asyncio.sleep(0.5)
                continue
            self.stats.counts["signins"] += 1
            bot = Bot(self, token, random.Random(self.rng.random()))
            self.bots.append(bot)
            task = self.loop.create_task(bot.run())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            next_at += interval
            delay = next_at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                next_at = time.monotonic()

    def _snapshot(self) -> dict[str, Any]:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        out = self.stats.take()
        out.update(
            connected=self.connected,
            players=len(self.bots),
            tournaments=list(self.tournaments),
            cpu=usage.ru_utime + usage.ru_stime,
            waited=procs.cpu_wait(),
        )
        return out

    async def _report(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.pipe.send(("stats", self._snapshot()))


def worker(pipe: Any, config: dict[str, Any], core: int | None, priority: int = 0) -> None:
    """Entry point of one generator process."""
    procs.settle_process(core, priority)
    asyncio.run(Generator(pipe, config).main())
