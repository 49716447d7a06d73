"""Server settings from environment variables, validated once at start.

Every setting has a default that works on a fresh machine. A bad value raises SettingsError
naming the variable, so the server refuses to start instead of misbehaving later.
The game's rule numbers (seats, lives, turns) are not settings: models/rules.py holds them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from models.rules import INTRO_SECONDS, RECONNECT_GRACE_SECONDS, TURN_SECONDS

PREFIX = "WT_"


class SettingsError(ValueError):
    pass


def _number(low: float, high: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        value = float(text)
        if not low <= value <= high:
            raise ValueError(f"must be between {low:g} and {high:g}")
        return value

    return parse


def _integer(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise ValueError(f"must be between {low} and {high}")
        return value

    return parse


def _flag(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ValueError("must be one of 1/0, true/false, yes/no, on/off")


def _text(text: str) -> str:
    if not text.strip():
        raise ValueError("must not be empty")
    return text.strip()


def _database_url(text: str) -> str:
    text = _text(text)
    scheme = text.split("://", 1)[0] if "://" in text else ""
    if scheme not in {"sqlite", "mysql", "mysql+pool"}:
        raise ValueError("must start with sqlite:/// or mysql:// (e.g. mysql://user:pass@host/db)")
    return text


@dataclass(frozen=True)
class Settings:
    """Defaults are the production values; tests pass short timings."""

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = "sqlite:///data/wordle.db"
    wordlists_dir: str = ""  # empty: the lists shipped inside the wordlists package
    turn_seconds: float = TURN_SECONDS
    intro_seconds: float = INTRO_SECONDS
    recap_seconds: float = 4.0  # after a round's last duel: time to read the results
    reconnect_grace_seconds: float = RECONNECT_GRACE_SECONDS
    bot_fill: bool = True
    bot_fill_seconds: float = 15.0
    max_frame_bytes: int = 4096
    frames_per_second: float = 10.0  # sustained rate per connection; bursts up to 2 s' worth
    ping_seconds: float = 20.0
    ws_compression: bool = False  # permessage-deflate costs memory and CPU per socket
    gc_tuning: bool = True  # freeze start-up objects, keep collections short (web/tuning.py)
    cookie_secure: bool = False  # set when served over https
    shutdown_grace_seconds: float = 30.0  # running tournaments may finish within this
    shutdown_write_seconds: float = 10.0  # then the last writes may reach the database
    journal_path: str = "data/pending-writes.jsonl"  # writes the database could not take yet
    max_body_bytes: int = 16384  # larger request bodies are refused (413) unread
    header_timeout_seconds: float = 10.0  # to send a request line and its headers
    idle_timeout_seconds: float = 60.0  # an HTTP connection that sends nothing is closed
    max_connections: int = 0  # 0: as many as the open-file limit allows
    max_connections_per_address: int = 64
    signin_rate: str = "30/minute;300/day"  # new accounts per address
    rest_rate: str = "600/minute"  # REST requests per address
    page_rate: str = "300/minute"  # requests outside /api/ (pages, assets) per address
    trusted_proxies: int = 0  # reverse proxies in front whose X-Forwarded-* are believed
    purge_unplayed_days: float = 30.0  # accounts that never played are deleted after; 0: never
    chaos_crash_seconds: float = 0.0  # testing only: crash a random game actor this often
    log_level: str = "INFO"
    log_format: str = "text"  # or json: one object per line
    public_url: str = ""  # the address players use (https://wordle.example.org), for links
    nickname_terms: str = ""  # an admin's own nickname terms, beside wordlists/nicknames/
    rename_rate: str = "3/hour"  # nickname changes per player
    report_rate: str = "10/hour"  # reports per reporter
    address_secret: str = ""  # key of the address hashes; empty: a file beside the database
    address_days: float = 30.0  # address hashes are kept this long
    admin_poll_seconds: float = 2.0  # how often the server reads the admin log
    metrics_token: str = ""  # /metrics answers a request bearing it; empty: no /metrics (404)
    admin_token: str = ""  # the admin page's sign-in token; empty: no page at /admin
    admin_signin_rate: str = "5/minute;50/day"  # admin page sign-in attempts per address
    rename_show_seconds: float = 3.0  # a waiting lobby shows new names at most this often
    bots_per_address: int = 14  # bots one address's lobbies may have at once (two lobbies)

    @classmethod
    def from_env(cls, env: Mapping[str, str], **overrides: Any) -> Settings:
        """Read WT_<NAME> variables (e.g. WT_TURN_SECONDS=30); `overrides` win over both."""
        values: dict[str, Any] = {}
        for f in fields(cls):
            key = PREFIX + f.name.upper()
            if key not in env:
                continue
            try:
                values[f.name] = PARSERS[f.name](env[key])
            except ValueError as exc:
                raise SettingsError(f"{key}={env[key]!r}: {exc}") from None
        values.update(overrides)
        return cls(**values)

    @classmethod
    def variables(cls) -> list[tuple[str, Any]]:
        """(environment variable, default) pairs, for documentation and --help."""
        return [(PREFIX + f.name.upper(), f.default) for f in fields(cls)]


PARSERS: dict[str, Callable[[str], Any]] = {
    "host": _text,
    "port": _integer(1, 65535),
    "database_url": _database_url,
    "wordlists_dir": str,
    "turn_seconds": _number(0.05, 3600),
    "intro_seconds": _number(0.0, 600),
    "recap_seconds": _number(0.0, 600),
    "reconnect_grace_seconds": _number(0.0, 3600),
    "bot_fill": _flag,
    "bot_fill_seconds": _number(0.0, 86400),
    "max_frame_bytes": _integer(256, 1 << 20),
    "frames_per_second": _number(0.5, 1000),
    "ping_seconds": _number(1, 3600),
    "ws_compression": _flag,
    "gc_tuning": _flag,
    "cookie_secure": _flag,
    "shutdown_grace_seconds": _number(0.0, 86400),
    "shutdown_write_seconds": _number(0.0, 3600),
    "journal_path": _text,
    "max_body_bytes": _integer(1024, 1 << 24),
    "header_timeout_seconds": _number(0.5, 3600),
    "idle_timeout_seconds": _number(1, 86400),
    "max_connections": _integer(0, 1 << 20),
    "max_connections_per_address": _integer(1, 1 << 20),
    "signin_rate": lambda t: _rate(t),  # defined below
    "rest_rate": lambda t: _rate(t),
    "page_rate": lambda t: _rate(t),
    "trusted_proxies": _integer(0, 10),
    "purge_unplayed_days": _number(0, 36500),
    "chaos_crash_seconds": _number(0, 86400),
    "log_level": lambda t: _choice(t.upper(), {"DEBUG", "INFO", "WARNING", "ERROR"}),
    "nickname_terms": _text,
    "log_format": lambda t: _choice(t.strip().lower(), {"text", "json"}),
    "public_url": lambda t: _public_url(t),
    "rename_rate": lambda t: _rate(t),
    "report_rate": lambda t: _rate(t),
    "address_secret": _text,
    "address_days": _number(0.01, 3650),
    "admin_poll_seconds": _number(0.05, 3600),
    "metrics_token": str.strip,
    "admin_token": lambda t: _admin_token(t),
    "admin_signin_rate": lambda t: _rate(t),
    "rename_show_seconds": _number(0.0, 3600),
    "bots_per_address": _integer(0, 1 << 16),
}


_RATE = re.compile(r"\s*\d+\s*(/|per)\s*(\d+\s*)?(second|minute|hour|day)s?\s*", re.IGNORECASE)


def _rate(text: str) -> str:
    """Limits such as "30/minute;300/day" (flask-limiter's notation, several with ';')."""
    if not all(_RATE.fullmatch(part) for part in text.split(";")):
        raise ValueError('must be limits such as "30/minute" or "30/minute;300/day"')
    return text.strip()


def _admin_token(text: str) -> str:
    """Hard to guess, e.g. `python3 -c "import secrets; print(secrets.token_urlsafe())"`."""
    token = text.strip()
    if len(token) < 16 or not token.isascii() or any(c.isspace() for c in token):
        raise ValueError("must be at least 16 characters of ASCII without spaces")
    return token


def _public_url(text: str) -> str:
    """http(s)://host[:port][/path], kept without a trailing slash."""
    url = text.strip().rstrip("/")
    if not re.fullmatch(r"https?://[A-Za-z0-9.\-\[\]:]+(/[^\s?#]*)?", url):
        raise ValueError("must be an address such as https://wordle.example.org")
    return url


def _choice(text: str, options: set[str]) -> str:
    if text not in options:
        raise ValueError(f"must be one of {', '.join(sorted(options))}")
    return text
