#!/usr/bin/env python3
"""Play many whole tournaments in-process and print their statistics.

    python -m scripts.rules.simulate --seed 1 --tournaments 1000
    python -m scripts.rules.simulate --seed 1 --tournaments 200 --skills strong:8 --language de
    python -m scripts.rules.simulate --seed 1 --tournaments 200 --sweep   # one line per skill mix

The same seed prints the same figures (tournament i uses its own generator seeded from
--seed and i, so --jobs does not change them); only the speed line differs between runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from models.rules import WORD_LENGTHS
from models.simulation import SKILLS, Vocabulary, play_tournament, skill_mix

_VOCAB: Vocabulary | None = None


def load_vocabulary(language: str) -> Vocabulary:
    import wordlists

    wl = wordlists.load_language(wordlists.default_folder(), language)
    split = wl.language.letters
    answers = {n: [split(w) for w in wl.answers[n]] for n in WORD_LENGTHS}
    return Vocabulary(answers)


def _init(language: str) -> None:
    global _VOCAB
    _VOCAB = load_vocabulary(language)


def _one(job: tuple[int, int, str]):
    seed, index, mix = job
    rng = random.Random(f"{seed}:{index}")
    seats = skill_mix(mix, rng)
    return play_tournament(rng, _VOCAB, dict(enumerate(seats)))


def run(seed: int, count: int, mix: str, language: str, jobs: int) -> tuple[list, float]:
    work = [(seed, i, mix) for i in range(count)]
    start = time.perf_counter()
    if jobs <= 1:
        _init(language)
        results = [_one(w) for w in work]
    else:
        with ProcessPoolExecutor(jobs, initializer=_init, initargs=(language,)) as pool:
            results = list(pool.map(_one, work, chunksize=max(1, count // (jobs * 8))))
    return results, time.perf_counter() - start


def report(results: list, elapsed: float, mix: str) -> str:
    n = len(results)
    rounds = [r.rounds for r in results]
    hist = Counter(rounds)
    in_range = sum(hist[k] for k in (8, 9, 10)) / n
    lines = [
        f"skills: {mix}   tournaments: {n}",
        f"rounds per tournament: mean {statistics.mean(rounds):.2f}, median "
        f"{statistics.median(rounds):g}, min {min(rounds)}, max {max(rounds)}; "
        f"8-10 rounds: {in_range:.1%}",
        "rounds histogram: " + ", ".join(f"{k}:{hist[k]}" for k in sorted(hist)),
        f"duels per tournament: {statistics.mean(r.duels for r in results):.2f}",
        f"draws per tournament: {statistics.mean(r.draws for r in results):.2f} "
        f"({sum(r.draws for r in results) / max(1, sum(r.duels for r in results)):.1%} "
        "of duels)",
        f"byes per tournament: {statistics.mean(r.byes for r in results):.2f}",
        f"shared placements: {sum(1 for r in results if r.shared_places) / n:.1%} of "
        f"tournaments, {statistics.mean(r.shared_places for r in results):.2f} players each; "
        f"no single winner: {sum(r.no_single_winner for r in results)}",
        f"finalists' game time: mean {statistics.mean(r.winner_seconds for r in results) / 60:.1f}"
        f" min (30 s turns, 6 s intros)",
    ]
    speed = f"speed: {n / elapsed:.1f} tournaments per second ({elapsed:.1f} s)"
    return "\n".join(lines), speed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tournaments", type=int, default=1000)
    parser.add_argument("--language", default="en")
    parser.add_argument(
        "--skills",
        default="mixed",
        help=f"'mixed' or e.g. 'strong:2,casual:6'; skills: {', '.join(SKILLS)}",
    )
    parser.add_argument("--sweep", action="store_true", help="every uniform mix, then mixed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    mixes = [f"{name}:8" for name in SKILLS] + ["mixed"] if args.sweep else [args.skills]
    for mix in mixes:
        try:
            skill_mix(mix, random.Random(0))
        except ValueError as exc:
            parser.error(str(exc))
        results, elapsed = run(args.seed, args.tournaments, mix, args.language, args.jobs)
        figures, speed = report(results, elapsed, mix)
        print(figures)
        print(speed, file=sys.stderr)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
