"""Per-address limits on the REST routes: request bodies, sign-ins and requests.

Bodies larger than WT_MAX_BODY_BYTES are refused with 413 before they are read (a check here
for every route, even those that never read a body; Flask's MAX_CONTENT_LENGTH for chunked
ones). WT_REST_RATE requests per address go through flask-limiter; WT_SIGNIN_RATE counts only
the accounts an address actually creates (a returning player signing in again costs nothing),
with the `limits` library that flask-limiter is built on. Both are kept in memory (one server
process per database) and answered 429 with Retry-After. An address is the client's IP, taken
from X-Forwarded-For only when WT_TRUSTED_PROXIES says how many proxies stand in front; IPv6
clients count per /64, the smallest block one subscriber gets.
"""

from __future__ import annotations

import ipaddress
import math
import time

from flask import Flask, abort, current_app, request
from flask_limiter import Limiter
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from werkzeug.exceptions import TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix

from models.settings import Settings


def client_address() -> str:
    """The address limits count by (an IPv6 /64 as one address)."""
    address = request.remote_addr or "unknown"
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


class SigninLimit:
    """New accounts per address, counted only when one is made."""

    def __init__(self, rates: str) -> None:
        self.items = parse_many(rates)
        self.window = MovingWindowRateLimiter(MemoryStorage())

    def take(self, address: str) -> float | None:
        """Count one more account for `address`; None when allowed, else seconds to wait."""
        for item in self.items:
            if not self.window.test(item, address):
                reset = self.window.get_window_stats(item, address).reset_time
                return max(1.0, math.ceil(reset - time.time()))
        for item in self.items:
            self.window.hit(item, address)
        return None


def retry_after() -> int:
    """Seconds until the REST limit this request broke lets the address in again."""
    current = limiter.current_limit
    return max(1, math.ceil(current.reset_at - time.time())) if current else 60


def take_signin() -> None:
    """Count an account about to be made for this address, or refuse it (429)."""
    wait = current_app.extensions["signin_limit"].take(client_address())
    if wait is not None:
        raise TooManyRequests(
            "Too many new accounts from your address; try again later.", retry_after=int(wait)
        )


def init_app(app: Flask) -> None:
    settings: Settings = app.config["SETTINGS"]
    app.extensions["signin_limit"] = SigninLimit(settings.signin_rate)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    if settings.trusted_proxies:
        n = settings.trusted_proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]
    app.before_request(_refuse_large_bodies)
    limiter.init_app(app)


def _refuse_large_bodies() -> None:
    """A declared body over the limit is refused before anything reads it (web/server.py then
    closes the connection instead of draining the body)."""
    length = request.content_length
    if length is not None and length > _settings().max_body_bytes:
        abort(413)
