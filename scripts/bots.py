#!/usr/bin/env python3
"""Run bot players against a server over the public protocol, like browsers would.

    python -m scripts.bots --url http://127.0.0.1:8000 --count 8 --language en --level good

Each bot signs in with POST /api/session (so it is an ordinary account, not one flagged as a
bot: the server's own bot fill makes flagged bots), queues, plays its tournament to the end
and prints its result. Exit status 0 when every bot finished its tournament.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading

import wordlists
from actors.bot_client import (
    BotBrain,
    known_answers,
    run_bot,
    sign_in,
    skill_named,
)
from models.simulation import SKILLS


def play(
    base: str,
    count: int,
    language: str,
    level: str,
    seed: int,
    think_scale: float = 1.0,
    timeout: float = 3600.0,
    on_frame=None,
) -> list[BotBrain]:
    """Run `count` bots in threads until their tournaments end; returns their brains."""
    ws_url = base.replace("http", "ws", 1) + "/ws?v=1"
    answers = known_answers(wordlists.load_language(wordlists.default_folder(), language))
    rng = random.Random(seed)
    brains, threads = [], []
    for _ in range(count):
        _, token = sign_in(base)
        brain = BotBrain(
            skill_named(level),
            answers,
            random.Random(rng.random()),
            language,
            leave_when_out=False,
            think_scale=think_scale,
        )
        brains.append(brain)
        thread = threading.Thread(
            target=run_bot,
            args=(ws_url, token, brain),
            kwargs={"max_seconds": timeout, "on_frame": on_frame},
            daemon=True,
        )
        threads.append(thread)
        thread.start()
    for thread in threads:
        thread.join(timeout + 5)
    return brains


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--language", default="en", choices=wordlists.LANGUAGE_CODES)
    parser.add_argument("--level", default="good", choices=sorted(SKILLS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-scale", type=float, default=1.0)
    parser.add_argument("--timeout", type=float, default=3600.0)
    args = parser.parse_args()
    brains = play(
        args.url.rstrip("/"),
        args.count,
        args.language,
        args.level,
        args.seed,
        args.think_scale,
        args.timeout,
    )
    finished = 0
    for brain in brains:
        result = brain.result
        if result is None:
            print(f"bot {brain.me}: did not finish")
            continue
        finished += 1
        mine = next(p for p in result["places"] if p["player"] == brain.me)
        print(f"bot {brain.me}: place {mine['place']}, rating change {mine['rating_change']:+d}")
    return 0 if finished == len(brains) else 1


if __name__ == "__main__":
    sys.exit(main())
