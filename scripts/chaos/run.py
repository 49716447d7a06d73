"""Chaos and fuzz against the real server, then proof that nothing was lost or doubled.

    python -m scripts.chaos.run          # the full run (its figures: docs/reliability.md)
    python -m scripts.chaos.run --short  # the short run the test suite does
    python -m scripts.chaos.run --mysql mysql://root@127.0.0.1:3306/wordle_test

The server runs as `python3 scripts/manage.py serve` does, with short timings and
WT_CHAOS_CRASH_SECONDS (a random duel, lobby or connection actor crashes that often). Bot
players (the protocol's own bot brain, each in a thread with a real websocket) play tournament
after tournament while their connections are cut at random moments (some come back within
the reconnect grace, some after it), some leave mid-tournament and queue again at once,
some open a second connection. With --mysql (a scratch database beside the one named) the
database sits behind a proxy that is cut twice: once while games go on, once with a SIGTERM
in the middle, so the next start must write the journal; without it (SQLite) the restart
happens without an outage. Then hypothesis generates websocket frames and REST bodies.

Afterwards, from the database: every tournament ended; every placement any player saw is
stored, once, with the same place and rating change; every stored rating change equals the
rules core's from the stored places and start ratings; each player's rows chain (a tournament
starts from the rating the last one ended with) and sum to their rating; no duel is stored
twice; the final stop left only the long-lived actors and no database connection in use.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import wordlists
from actors.bot_client import known_answers
from scripts.chaos.figures import Figures
from scripts.chaos.players import ChaosPlayer, Observed
from tests.e2e.proxy import TcpProxy
from tests.e2e.server import Server, sign_in, start_server

LONG_LIVED = {
    "Supervisor", "Recorder", "BotLauncher", "Matchmaker", "PartyRegistry", "ModerationPoller",
}  # fmt: skip


@dataclass
class Config:
    players: int = 48
    minutes: float = 3.0  # of chaotic play (then everyone leaves; tournaments run out)
    fuzz_frames: int = 88_000
    fuzz_bodies: int = 15_000
    seed: int = 1
    mysql: str | None = None
    crash_seconds: float = 1.5
    turn_seconds: float = 0.5
    grace_seconds: float = 2.0

    @classmethod
    def short(cls, mysql: str | None = None) -> Config:
        return cls(
            players=16, minutes=0.75, fuzz_frames=2000, fuzz_bodies=500, mysql=mysql,
            crash_seconds=2.0, turn_seconds=0.3,
        )  # fmt: skip


# --- the run -----------------------------------------------------------------------------


class Run:
    def __init__(self, config: Config, out=print) -> None:
        self.config = config
        self.out = out
        self.figures = Figures()
        self.seen = Observed()
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.tmp = Path(tempfile.mkdtemp(prefix="wordle-chaos-"))
        self.answers = known_answers(wordlists.load_language(wordlists.default_folder(), "en"))
        self.proxy: TcpProxy | None = None
        self.direct_url = f"sqlite:///{self.tmp}/wordle.db"
        self.server: Server | None = None
        self.port: int | None = None

    def count(self, name: str, n: int = 1) -> None:
        with self.lock:
            setattr(self.figures, name, getattr(self.figures, name) + n)

    def problem(self, text: str) -> None:
        with self.lock:
            self.figures.problems.append(text)

    # --- server ------------------------------------------------------------------------

    def settings(self) -> dict[str, str]:
        c = self.config
        settings = dict(
            turn_seconds=str(c.turn_seconds),
            intro_seconds="0.1",
            reconnect_grace_seconds=str(c.grace_seconds),
            frames_per_second="1000",
            max_connections_per_address="100000",
            shutdown_grace_seconds="1",
            shutdown_write_seconds="2",
            chaos_crash_seconds=str(c.crash_seconds),
            purge_unplayed_days="0",
        )
        if self.proxy is not None:
            parts = urlsplit(self.direct_url)
            netloc = f"{parts.username or 'root'}@127.0.0.1:{self.proxy.port}"
            settings["database_url"] = urlunsplit(parts._replace(netloc=netloc))
        return settings

    def start(self) -> None:
        self.server = start_server(self.tmp, port=self.port, **self.settings())
        self.port = int(self.server.base.rsplit(":", 1)[1])

    def crash_counts(self) -> Counter:
        """Crashes injected so far in the running server (from its log)."""
        return Counter(re.findall(r"chaos: crashing (connection)-", self.server.log()))

    def stop(self) -> str:
        """SIGTERM; returns the log lines this run of the server wrote."""
        before = len(self.server.log())
        code = self.server.stop(timeout=60)
        log = self.server.log()[before:]
        if code != 0:
            self.problem(f"server exited with status {code}")
        for kind, n in re.findall(r"crashed (\w+) (\d+)", log):
            self.figures.crashes[kind] += int(n)
        return log

    def setup_database(self) -> None:
        if not self.config.mysql:
            return
        from tests.dbfixtures import MySQLServer

        admin = MySQLServer(self.config.mysql)
        self.direct_url = admin.create("chaos")  # a new, empty scratch database
        self.admin = admin
        parts = urlsplit(self.direct_url)
        self.proxy = TcpProxy((parts.hostname or "127.0.0.1", parts.port or 3306))

    def drop_database(self) -> None:
        from models.store import tables

        if tables.database.obj is not None:
            tables.database.obj.close_all()
        self.admin.drop(self.direct_url)

    # --- phases ------------------------------------------------------------------------

    def play(self) -> None:
        c = self.config
        rng = random.Random(c.seed)
        tokens = [sign_in(self.server.base)[1] for _ in range(c.players)]
        self.figures.players = c.players
        players = [ChaosPlayer(self, t, random.Random(rng.random())) for t in tokens]
        for p in players:
            p.start()
        total = c.minutes * 60
        started = time.monotonic()
        self.wait_until(started + total * 0.25)
        self.outage(seconds=3.0)
        self.wait_until(started + total * 0.5)
        self.restart_during_outage()
        self.wait_until(started + total)
        self.stopping.set()
        for p in players:
            p.join(30)

    def wait_until(self, moment: float) -> None:
        while time.monotonic() < moment:
            time.sleep(0.2)

    def outage(self, seconds: float) -> None:
        if self.proxy is None:
            return
        self.figures.outages += 1
        before = self.server.log().count("waits for the database")
        self.proxy.cut()
        time.sleep(seconds)
        self.proxy.restore()
        time.sleep(4)  # the recorder retries every 3 s
        self.figures.writes_delayed += self.server.log().count("waits for the database") - before

    def restart_during_outage(self) -> None:
        """SIGTERM with the database down (when there is a proxy), then start again."""
        if self.proxy is not None:
            self.figures.outages += 1
            self.proxy.cut()
            time.sleep(1.5)
        log = self.stop()
        self.figures.restarts += 1
        if self.proxy is not None:
            self.proxy.restore()
        self.start()
        replayed = re.search(r"wrote (\d+) result\(s\) kept in the journal", self.server.log())
        kept = re.search(r"(\d+) result\(s\) could not reach the database", log)
        if kept and not replayed:
            self.problem("results were journaled but not replayed at the next start")
        self.figures.journaled_and_replayed = int(replayed.group(1)) if replayed else 0

    def settle(self, seconds: float = 120) -> None:
        """Wait until no tournament is running (everyone left: their grace runs out)."""
        from models.store.sql import SqlStore, connect

        store = SqlStore()
        deadline = time.monotonic() + seconds
        connect(self.direct_url)
        while time.monotonic() < deadline:
            running = store.running_tournaments()
            if not running:
                return
            time.sleep(1)
        self.problem(f"tournaments still running after everyone left: {running}")

    def fuzz(self) -> None:
        from scripts.chaos.fuzz import fuzz_bodies, fuzz_frames

        _, token = sign_in(self.server.base)
        frames, silent, closed = fuzz_frames(self.server, token, self.config.fuzz_frames)
        self.figures.frames_fuzzed = frames
        if silent:
            self.problem(f"{silent} fuzz batches got no answer")
        if closed > sum(self.crash_counts().values()):
            self.problem(f"the server closed {closed} fuzzing connections")
        bodies, errors = fuzz_bodies(self.server, token, self.config.fuzz_bodies)
        self.figures.bodies_fuzzed = bodies
        self.figures.server_errors = errors

    def finish(self) -> None:
        log = self.stop()
        found = re.search(r"at stop: actors: ([^;]*); unreachable before collection: (\d+); "
                          r"database connections in use: (\d+)", log)  # fmt: skip
        if not found:
            self.problem("the last stop logged no census")
            return
        actors = dict(item.rsplit(" ", 1) for item in found.group(1).split(", "))
        extra = {
            k: int(n)
            for k, n in actors.items()
            if k not in LONG_LIVED | {"CrashInjector"} and not k.startswith("crashed ")
        }
        in_use = int(found.group(3))
        self.figures.left_behind = (
            f"{sum(extra.values())} game actors ({found.group(2)} unreachable ones collected), "
            f"{in_use} database connections"
        )
        if extra or in_use:
            self.problem(f"left behind at stop: {extra}, {in_use} connections in use")

    def verify(self) -> None:
        from scripts.chaos.verify import verify

        verify(self.direct_url, self.seen, self.figures)

    def __call__(self) -> Figures:
        began = time.monotonic()
        self.setup_database()
        try:
            self.start()
            self.out(f"server on {self.server.base}, data in {self.tmp}")
            self.play()
            self.out(f"play over at {time.monotonic() - began:.0f} s; tournaments run out")
            self.settle()
            self.out(f"fuzzing at {time.monotonic() - began:.0f} s")
            self.fuzz()
            self.out(f"fuzz over at {time.monotonic() - began:.0f} s")
            self.finish()
            self.verify()
        finally:
            if self.server is not None and self.server.process.poll() is None:
                self.server.stop()
            if self.proxy is not None:
                self.proxy.close()
                self.drop_database()
        self.figures.seconds = time.monotonic() - began
        return self.figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="the test suite's short run")
    parser.add_argument("--mysql", default=os.environ.get("WT_TEST_MYSQL_URL"),
                        help="MySQL server URL (a scratch database is made beside it)")  # fmt: skip
    parser.add_argument("--players", type=int)
    parser.add_argument("--minutes", type=float)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    config = Config.short(args.mysql) if args.short else Config(mysql=args.mysql)
    config.seed = args.seed
    if args.players:
        config.players = args.players
    if args.minutes:
        config.minutes = args.minutes
    figures = Run(config)()
    print(figures.table())
    for p in figures.problems:
        print("PROBLEM:", p)
    return 1 if figures.problems or figures.lost or figures.doubled else 0


if __name__ == "__main__":
    sys.exit(main())
