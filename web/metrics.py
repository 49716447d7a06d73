"""`GET /metrics`: the server's figures in Prometheus' text format, for an operator's scraper.

Off unless WT_METRICS_TOKEN is set (then the page is 404, as if it did not exist); with it, a
request must carry `Authorization: Bearer <token>` (else 401), compared in constant time.
What the page holds is in docs/operations.md ("Metrics"): the game's own figures come from the
facade (actors/system.py `metrics_collectors`), the web layer's from here, read at the scrape:
garbage-collection pauses (web/tuning.py `GcWatch` times every collection), refusals by limit
(web/limits.py `refusals`), and the process's CPU, memory and descriptors.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator
from typing import Any

from flask import Flask, Response, abort, current_app, request
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.process_collector import ProcessCollector

from web.limits import refusals
from web.tuning import PAUSE_BUCKETS, GcWatch

# The classic text format every Prometheus reads (the library's newest default names 1.0.0;
# with plain ASCII names, as here, the two are the same text).
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)


class RefusalsCollector:
    """Refusals by limit, counted by web/limits.py `Refusals` since the start."""

    def collect(self) -> Iterator[Any]:
        family = CounterMetricFamily(
            "wordle_refusals", "Requests and connections refused by a limit", labels=["limit"]
        )
        for limit, n in sorted(refusals.total.items()):
            family.add_metric([limit], n)
        yield family


class GcCollector:
    """The pauses `GcWatch` timed (app.py installs it), as one histogram per generation."""

    def __init__(self, watch: GcWatch) -> None:
        self.watch = watch

    def collect(self) -> Iterator[Any]:
        watch = self.watch
        family = HistogramMetricFamily(
            "wordle_gc_pause_seconds",
            "How long each garbage collection stopped the process, by generation",
            labels=["generation"],
        )
        for g in range(3):
            cumulative, buckets = 0, []
            for bound, n in zip(PAUSE_BUCKETS, watch.buckets[g], strict=True):
                cumulative += n
                buckets.append((repr(bound), cumulative))
            buckets.append(("+Inf", watch.count[g]))
            family.add_metric([str(g)], buckets, sum_value=watch.total[g])
        yield family


REGISTRY.register(RefusalsCollector())


class Everything:
    """The web layer's figures and the game's, as one collector for one page."""

    def __init__(self, parts: list[Any]) -> None:
        self.parts = parts

    def collect(self) -> Iterator[Any]:
        for part in self.parts:
            yield from part.collect()


def everything() -> Everything:
    """Every figure of this server, as /metrics and the admin page's server view show them."""
    game = current_app.extensions["game"]
    parts = [REGISTRY, *game.metrics_collectors()]
    watch = current_app.extensions.get("gc_watch")  # installed by app.py, after start-up
    if watch is not None:
        parts.append(GcCollector(watch))
    return Everything(parts)


def summary() -> list[tuple[str, str, str]]:
    """The figures as (name, labels, value) lines for a person: counters and gauges as they
    are, a histogram as its count and mean (the buckets are for Prometheus)."""
    lines: list[tuple[str, str, str]] = []
    for family in everything().collect():
        if family.name.startswith("process_") and family.name not in (
            "process_resident_memory_bytes",
            "process_open_fds",
        ):
            continue
        counts: dict[str, float] = {}
        sums: dict[str, float] = {}
        for sample in family.samples:
            labels = ", ".join(f"{k}={v}" for k, v in sorted(sample.labels.items()) if k != "le")
            if family.type == "histogram":
                if sample.name.endswith("_count"):
                    counts[labels] = sample.value
                elif sample.name.endswith("_sum"):
                    sums[labels] = sample.value
            elif not sample.name.endswith("_created"):
                lines.append((sample.name, labels, f"{sample.value:g}"))
        for labels, n in counts.items():
            mean = sums.get(labels, 0.0) / n if n else 0.0
            lines.append((family.name, labels, f"{n:g} observed, mean {mean:.4g}"))
    return lines


def init_app(app: Flask) -> None:
    app.add_url_rule("/metrics", "metrics", page)


def page() -> Response:
    token = current_app.config["SETTINGS"].metrics_token
    if not token:
        abort(404)
    if not authorized(request.headers.get("Authorization", ""), token):
        return Response(
            "A metrics token is needed: Authorization: Bearer <WT_METRICS_TOKEN>.\n",
            401,
            {"WWW-Authenticate": 'Bearer realm="metrics"', "Content-Type": "text/plain"},
        )
    text = generate_latest(everything())
    return Response(text, 200, {"Content-Type": CONTENT_TYPE, "Cache-Control": "no-store"})


def authorized(header: str, token: str) -> bool:
    """`Bearer <token>`, compared in constant time (no timing tells how much was right)."""
    scheme, _, given = header.partition(" ")
    if scheme.lower() != "bearer":
        given = ""
    return hmac.compare_digest(given.strip().encode(), token.encode())
