"""Who is signed in to the admin page: random session values kept in this process's memory.

The admin pastes WT_ADMIN_TOKEN into a form once; the browser then holds only a random
session value (the `wt_admin` cookie: HttpOnly, SameSite=Strict, path /admin, Secure with
WT_COOKIE_SECURE), never the token. A restart signs everyone out, which is what an admin
tool wants. Sign-in attempts are counted per address (WT_ADMIN_SIGNIN_RATE), so the token
cannot be guessed through the form; it is compared in constant time.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app, request
from werkzeug.wrappers import Response

from models.settings import Settings

COOKIE = "wt_admin"
PATH = "/admin"
IDLE_SECONDS = 8 * 3600.0  # a session unused this long is forgotten
MAX_SESSIONS = 64  # the oldest is dropped beyond this (a single admin signs in a few times)
DEFAULT_BY = "admin page"
MAX_BY = 64


@dataclass
class Session:
    by: str  # recorded as `by` on every action of this session
    last_used: float
    notice: str = ""  # the outcome of the last action, shown once on the next page


class Sessions:
    """Session values to the admin's session; forgotten after IDLE_SECONDS unused."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.by_value: dict[str, Session] = {}
        self.lock = threading.Lock()

    def open(self, by: str) -> str:
        value = secrets.token_urlsafe(32)
        with self.lock:
            self._expire()
            while len(self.by_value) >= MAX_SESSIONS:
                oldest = min(self.by_value, key=lambda v: self.by_value[v].last_used)
                del self.by_value[oldest]
            self.by_value[value] = Session(by, self.clock())
        return value

    def get(self, value: str | None) -> Session | None:
        if not value:
            return None
        with self.lock:
            self._expire()
            session = self.by_value.get(value)
            if session is not None:
                session.last_used = self.clock()
            return session

    def close(self, value: str | None) -> None:
        with self.lock:
            self.by_value.pop(value or "", None)

    def _expire(self) -> None:
        now = self.clock()
        for value in [v for v, s in self.by_value.items() if now - s.last_used > IDLE_SECONDS]:
            del self.by_value[value]


def token_matches(given: str, token: str) -> bool:
    """`given` is the admin token, compared in constant time (bytes: any text is safe)."""
    return bool(token) and hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))


def by_name(typed: str) -> str:
    """The name an admin typed at sign-in, or "admin page"."""
    return " ".join(typed.split())[:MAX_BY] or DEFAULT_BY


def sessions() -> Sessions:
    return current_app.extensions["admin_sessions"]


def current() -> Session | None:
    return sessions().get(request.cookies.get(COOKIE))


def set_cookie(response: Response, value: str) -> None:
    settings: Settings = current_app.config["SETTINGS"]
    response.set_cookie(
        COOKIE,
        value,
        path=PATH,
        httponly=True,
        samesite="Strict",
        secure=settings.cookie_secure,
    )


def clear_cookie(response: Response) -> None:
    settings: Settings = current_app.config["SETTINGS"]
    response.delete_cookie(
        COOKIE, path=PATH, httponly=True, samesite="Strict", secure=settings.cookie_secure
    )
