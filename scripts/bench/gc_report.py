"""Summarise what scripts/bench/gc_sampler recorded: collections per generation, their pauses, the
objects they walked, and the sampled types (see that folder's sitecustomize.py).

    python -m scripts.bench.gc_report /tmp/gc.jsonl                     # the whole run
    python -m scripts.bench.gc_report /tmp/gc.jsonl --bench bench.json  # each load --json window
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any


def load(path: str) -> list[dict[str, Any]]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def summary(records: list[dict[str, Any]], span: float) -> list[str]:
    """One line per generation, then the sampled types (most objects first)."""
    lines = []
    for g in range(3):
        rows = [r for r in records if r["gen"] == g]
        if not rows:
            lines.append(f"  gen{g}: none")
            continue
        ms = sorted(r["ms"] for r in rows)
        walked = [r["walked"] for r in rows]
        lines.append(
            f"  gen{g}: {len(rows)} (every {span / len(rows):.2f} s), pause p50 "
            f"{ms[len(ms) // 2]:.1f} ms, max {ms[-1]:.1f} ms, {sum(ms) / 10 / span:.2f} % of wall "
            f"time; objects walked mean {sum(walked) / len(walked):,.0f}, max {max(walked):,}; "
            f"{1000 * sum(ms) / max(1, sum(walked)):.2f} us per object"
        )
    samples = [r["sample"] for r in records if "sample" in r]
    if samples:
        types: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for s in samples:
            for name, n, refs in s["types"]:
                types[name][0] += n
                types[name][1] += refs
        total = sum(s["objects"] for s in samples)
        lines.append(
            f"  {len(samples)} sampled middle collections, {total / len(samples):,.0f} "
            "young objects each; by type (objects, referents, per sample):"
        )
        for name, (n, refs) in sorted(types.items(), key=lambda kv: -kv[1][0])[:20]:
            lines.append(f"    {name:55} {n / len(samples):8,.0f} {refs / len(samples):9,.0f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records")
    parser.add_argument("--bench", help="scripts.bench.load --json output: one summary per window")
    args = parser.parse_args()
    records = load(args.records)
    if not records:
        print("no collections recorded")
        return
    if args.bench:
        with open(args.bench) as f:
            steps = json.load(f)["steps"]
        for step in steps:
            start, end = step["window"]
            print(f"{step['players']:,} players, window of {end - start:.0f} s:")
            window = [r for r in records if start <= r["wall"] <= end]
            print("\n".join(summary(window, end - start)))
        return
    span = max(1e-9, records[-1]["wall"] - records[0]["wall"])
    print(f"whole run, {span:.0f} s:")
    print("\n".join(summary(records, span)))


if __name__ == "__main__":
    main()
