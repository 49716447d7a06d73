#!/usr/bin/env python3
"""Measure how long loading every language takes and how much memory the lists hold.

    python -m scripts.bench.wordlist_load [--folder DIR] [--lookups N]

Runs the load in a fresh interpreter (so that nothing is cached), and prints the wall time,
the memory the loaded lists hold (tracemalloc, Python allocations) and the process's peak
resident size, then the cost of a lookup.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import wordlists

ROOT = Path(__file__).resolve().parents[2]

_CHILD = r"""
import json, resource, sys, time, tracemalloc
folder = sys.argv[1] or None
base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
import wordlists
tracemalloc.start()
t0 = time.perf_counter()
lists = wordlists.load_all(folder)
elapsed = time.perf_counter() - t0
current, peak = tracemalloc.get_traced_memory()
tracemalloc.stop()
t0 = time.perf_counter()
lists = wordlists.load_all(folder)
untraced = time.perf_counter() - t0
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
per = {
    code: {
        "answers": {n: len(ws) for n, ws in wl.answers.items()},
        "allowed": wl.allowed_count(),
    }
    for code, wl in lists.items()
}
print(json.dumps({"seconds_traced": elapsed, "seconds": untraced, "held": current,
                  "peak": peak, "rss_kb": rss, "base_rss_kb": base_rss, "per": per}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", default="", help="word list folder (default: shipped)")
    parser.add_argument("--lookups", type=int, default=200_000)
    args = parser.parse_args(argv)
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, args.folder],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    data = json.loads(out.stdout)
    print(f"{'lang':<5} {'answers 4/5/6':>20} {'allowed (all lengths)':>22}")
    for code, info in data["per"].items():
        a = info["answers"]
        answers = "/".join(str(a[k]) for k in sorted(a))
        print(f"{code:<5} {answers:>20} {info['allowed']:>22,}")
    print()
    print(f"load_all(): {data['seconds']:.3f} s ({data['seconds_traced']:.3f} s under tracemalloc)")
    print(
        f"memory held by the lists: {data['held'] / 2**20:.1f} MiB "
        f"(peak while loading {data['peak'] / 2**20:.1f} MiB)"
    )
    print(
        f"process peak RSS: {data['rss_kb'] / 1024:.1f} MiB "
        f"(interpreter alone {data['base_rss_kb'] / 1024:.1f} MiB)"
    )

    lists = wordlists.load_all(args.folder or None)
    rng = random.Random(1)
    probes: list[tuple[wordlists.WordList, str]] = []
    for wl in lists.values():
        words = wl.allowed_words()
        for _ in range(200):
            word = rng.choice(words)
            probes.append((wl, word))
            probes.append((wl, word[:-1] + word[0]))  # mostly misses
    start = time.perf_counter()
    n = 0
    while n < args.lookups:
        for wl, word in probes:
            wl.is_allowed(word)
        n += len(probes)
    per_lookup = (time.perf_counter() - start) / n
    print(f"is_allowed(): {per_lookup * 1e6:.2f} µs per lookup ({n:,} lookups)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
