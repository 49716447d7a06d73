"""Per-address limits on every route: request bodies, sign-ins, REST requests and pages.

Bodies larger than WT_MAX_BODY_BYTES are refused with 413 before they are read (a check here
for every route, even those that never read a body; Flask's MAX_CONTENT_LENGTH for chunked
ones). WT_REST_RATE requests per address under /api/ go through flask-limiter; WT_PAGE_RATE
counts every other request but the websocket's handshake (pages, replays, profiles, assets,
/healthz) apart, so a flood of replays cannot slow the game; WT_SIGNIN_RATE counts only the
accounts an address actually creates (a returning player signing in again costs nothing), with
the `limits` library that flask-limiter is built on. All are kept in memory (one server process
per database) and answered 429 with Retry-After. An address is the client's IP, taken from
X-Forwarded-For only when WT_TRUSTED_PROXIES says how many proxies stand in front; IPv6 clients
count per /64, the smallest block one subscriber gets (web/server.py's connection cap too).

Refusals are logged as one summary line a minute, not one line each (a flood would bury the
log), by `Refusals`.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from collections import Counter

from flask import Flask, abort, current_app, request
from flask_limiter import Limiter
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from werkzeug.exceptions import TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix

from models.settings import Settings

log = logging.getLogger("wordle.limits")
logging.getLogger("flask-limiter").setLevel(logging.WARNING)  # its INFO line per 429: ours


def client_address() -> str:
    """The address limits count by (an IPv6 /64 as one address)."""
    return address_key(request.remote_addr or "unknown")


def address_key(address: str) -> str:
    """One key per subscriber: an IPv4 address, or the /64 an IPv6 address is in."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _settings() -> Settings:
    return current_app.config["SETTINGS"]


limiter = Limiter(
    client_address,
    application_limits=[lambda: _settings().rest_rate],  # all routes together, per address
    application_limits_exempt_when=lambda: not request.path.startswith("/api/"),
    storage_uri="memory://",
    strategy="moving-window",
)


class Refusals:
    """Counts refusals by limit and logs them once a minute as one line (the first at once);
    `total` keeps the counts since the start (for /metrics, web/metrics.py)."""

    def __init__(self, every: float = 60.0, clock=time.monotonic) -> None:
        self.every, self.clock = every, clock
        self.counts: Counter[str] = Counter()
        self.total: Counter[str] = Counter()
        self.last: float | None = None

    def note(self, limit: str) -> None:
        self.counts[limit] += 1
        self.total[limit] += 1
        now = self.clock()
        if self.last is None or now - self.last >= self.every:
            self.flush(now)

    def flush(self, now: float | None = None) -> None:
        if self.counts:
            summary = ", ".join(f"{n} {name}" for name, n in sorted(self.counts.items()))
            log.warning("refused since the last summary: %s", summary)
            self.counts.clear()
        self.last = self.clock() if now is None else now


refusals = Refusals()


class WindowLimit:
    """Requests per key within moving windows, e.g. "300/minute" (several with ';')."""

    def __init__(self, rates: str) -> None:
        self.items = parse_many(rates)
        self.window = MovingWindowRateLimiter(MemoryStorage())

    def take(self, key: str) -> float | None:
        """Count one more for `key`; None when allowed, else seconds to wait."""
        for item in self.items:
            if not self.window.test(item, key):
                reset = self.window.get_window_stats(item, key).reset_time
                return max(1.0, math.ceil(reset - time.time()))
        for item in self.items:
            self.window.hit(item, key)
        return None


def retry_after() -> int:
    """Seconds until the REST limit this request broke lets the address in again."""
    current = limiter.current_limit
    return max(1, math.ceil(current.reset_at - time.time())) if current else 60


def take_signin() -> None:
    """Count an account about to be made for this address, or refuse it (429)."""
    wait = current_app.extensions["signin_limit"].take(client_address())
    if wait is not None:
        refusals.note("sign-ins")
        raise TooManyRequests(
            "Too many new accounts from your address; try again later.", retry_after=int(wait)
        )


def init_app(app: Flask) -> None:
    settings: Settings = app.config["SETTINGS"]
    app.extensions["signin_limit"] = WindowLimit(settings.signin_rate)
    app.extensions["page_limit"] = WindowLimit(settings.page_rate)
    app.extensions["rename_limit"] = WindowLimit(settings.rename_rate)  # per player
    app.extensions["report_limit"] = WindowLimit(settings.report_rate)  # per reporter
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    if settings.trusted_proxies:
        n = settings.trusted_proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]
    app.before_request(_refuse_large_bodies)
    app.before_request(_limit_pages)
    limiter.init_app(app)


def _refuse_large_bodies() -> None:
    """A declared body over the limit is refused before anything reads it (web/server.py then
    closes the connection instead of draining the body)."""
    length = request.content_length
    if length is not None and length > _settings().max_body_bytes:
        abort(413)


def _limit_pages() -> None:
    """Every request outside /api/ counts against WT_PAGE_RATE for its address, except the
    websocket's handshake: it has its own limits (connections per address, frames per
    second), and the server's own bots and a page's reconnections use it."""
    if request.path.startswith("/api/") or request.path == "/ws":
        return
    wait = current_app.extensions["page_limit"].take(client_address())
    if wait is not None:
        refusals.note("pages")
        raise TooManyRequests("Too many requests from your address.", retry_after=int(wait))
