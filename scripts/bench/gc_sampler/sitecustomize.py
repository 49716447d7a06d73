"""Opt-in diagnostic: what the garbage collector walks in a running server.

Not loaded by the server itself. Put this folder on the server's PYTHONPATH and Python imports
it at start-up, e.g.:

    python -m scripts.bench.load --priority 1 --pace realistic --steps 5000 --window 40 \\
        --server-env PYTHONPATH=scripts/bench/gc_sampler --server-env GC_SAMPLER_OUT=/tmp/gc.jsonl
    python -m scripts.bench.gc_report /tmp/gc.jsonl --bench bench.json  # with load --json

Every collection is timed (gc.callbacks) and the objects of the generations it is about to
walk are counted; one JSON line per collection. Every GC_SAMPLER_EVERY-th middle collection
(0: never) after GC_SAMPLER_AFTER seconds is also *sampled*: its objects grouped by type with
their referents summed (`gc.get_referents`), which is how docs/performance.md "What the
young collections walk" found what the young generations hold. Sampling stops the process for tens
of milliseconds: quote the latencies of runs without it. Only processes whose command line
contains GC_SAMPLER_MATCH (default `app.py`, the server) are instrumented.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from collections import defaultdict
from typing import Any

OUT = os.environ.get("GC_SAMPLER_OUT", "/tmp/gc_sampler.jsonl")
EVERY = int(os.environ.get("GC_SAMPLER_EVERY", "0"))
AFTER = float(os.environ.get("GC_SAMPLER_AFTER", "0"))
MATCH = os.environ.get("GC_SAMPLER_MATCH", "app.py")


def _type_name(o: object) -> str:
    t = type(o)
    return f"{t.__module__}.{t.__qualname__}"


class Sampler:
    """The gc.callbacks hook: one record per collection, written when it ends."""

    def __init__(self, out: Any) -> None:
        self.out = out
        self.born = time.monotonic()
        self.middle = 0
        self.started = 0.0
        self.sizes: list[int] = []
        self.sample: dict[str, Any] | None = None

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        generation = info["generation"]
        if phase == "start":
            self.sample = None
            if generation == 1:
                self.middle += 1
                if EVERY and self.middle % EVERY == 0 and time.monotonic() > self.born + AFTER:
                    self.sample = self._sample()
            # gc.get_objects(g) lists generation g alone: the collection walks 0..generation
            self.sizes = [len(gc.get_objects(generation=g)) for g in range(generation + 1)]
            self.started = time.perf_counter()
            return
        took = time.perf_counter() - self.started
        record: dict[str, Any] = {
            "wall": time.time(),
            "gen": generation,
            "ms": round(took * 1000, 3),
            "walked": sum(self.sizes),
            "collected": info["collected"],
        }
        if self.sample is not None:
            record["sample"] = self.sample
        self.out.write(json.dumps(record) + "\n")

    @staticmethod
    def _sample() -> dict[str, Any]:
        """Objects of generations 0 and 1 by type: count and referents (the walk's work)."""
        objects = gc.get_objects(generation=0) + gc.get_objects(generation=1)
        by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        largest: list[tuple[int, str]] = []
        for o in objects:
            referents = len(gc.get_referents(o))
            entry = by_type[_type_name(o)]
            entry[0] += 1
            entry[1] += referents
            if referents >= 200:
                largest.append((referents, _type_name(o)))
        total = len(objects)
        objects.clear()  # hold nothing: the collection must see what it would have seen
        rows = sorted(by_type.items(), key=lambda kv: -kv[1][0])[:30]
        return {
            "objects": total,
            "types": [[name, n, refs] for name, (n, refs) in rows],
            "largest": sorted(largest, reverse=True)[:10],
        }


if MATCH in " ".join(sys.argv):
    gc.callbacks.append(Sampler(open(OUT, "a", buffering=1)))  # noqa: SIM115 - process-long
