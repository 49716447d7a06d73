"""Who did what, without keeping anyone's address: each sign-in and rename records a keyed hash
of the client's address (web/limits.py `client_address()`, an IPv6 /64 as one) and the
browser family, for the admin's `player` command (accounts seen from one address).

The key is WT_ADDRESS_SECRET, or else a random secret written once to `address-secret`
beside the database (mode 0600): without it a hash cannot be turned back into an address by
trying all four billion IPv4 addresses. The records are purged after WT_ADDRESS_DAYS
(actors/moderation.py).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, current_app, request

from models.settings import Settings
from web.current import store
from web.limits import client_address

log = logging.getLogger("wordle.addresses")

SECRET_FILE = "address-secret"


def secret_path(settings: Settings) -> Path:
    """Beside the SQLite database; for MySQL, beside the journal (the server's data folder)."""
    url = settings.database_url
    if url.startswith("sqlite"):
        path = urlsplit(url).path
        rest = url.split("://", 1)[1]
        db = Path(path[1:] if rest.startswith("/") else rest.split("?", 1)[0])
        if str(db) not in {"", ":memory:"}:
            return db.parent / SECRET_FILE
    return Path(settings.journal_path).parent / SECRET_FILE


def load_secret(settings: Settings) -> bytes:
    """WT_ADDRESS_SECRET, or the secret file (made once, readable by the server's user only)."""
    if settings.address_secret:
        return settings.address_secret.encode("utf-8")
    path = secret_path(settings)
    try:
        return path.read_bytes().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_hex(32).encode("ascii")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return path.read_bytes().strip()
    with os.fdopen(fd, "wb") as out:
        out.write(value + b"\n")
    log.info("created the address secret %s", path)
    return value


def address_hash(address: str, secret: bytes) -> str:
    """HMAC-SHA256 of an address key, hex."""
    return hmac.new(secret, address.encode("utf-8"), hashlib.sha256).hexdigest()


def browser_family(user_agent: str | None) -> str:
    """Firefox, Chrome, Safari, Edge or other (order matters: Edge's and Chrome's agents name
    Safari and Chrome too)."""
    ua = user_agent or ""
    if "Edg/" in ua or "Edge/" in ua:
        return "Edge"
    if "Firefox/" in ua or "FxiOS/" in ua:
        return "Firefox"
    if ("Chrome/" in ua or "CriOS/" in ua) and "OPR/" not in ua:
        return "Chrome"
    if "Safari/" in ua and "Version/" in ua:
        return "Safari"
    return "other"


def this_address_hash() -> str:
    return address_hash(client_address(), current_app.extensions["address_secret"])


def record(player_id: int, what: str) -> None:
    """Note this request's address hash and browser for the player ("signin" or "rename")."""
    store().record_address(
        player_id, this_address_hash(), browser_family(request.headers.get("User-Agent")), what
    )


def init_app(app: Flask) -> None:
    app.extensions["address_secret"] = load_secret(app.config["SETTINGS"])
