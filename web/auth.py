"""Who is asking: the player's secret token, from the HttpOnly cookie or a Bearer header.

Browsers keep the token in the `wt_token` cookie (HttpOnly, so page scripts never see it;
SameSite=Lax; Secure when WT_COOKIE_SECURE is on). Bots and other non-browser clients send
`Authorization: Bearer <token>`. The websocket endpoint authenticates its handshake with
`player_from_request`, the same check as every REST route.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response, abort, current_app, jsonify, request
from werkzeug.datastructures import Headers

from models.settings import Settings
from models.store.values import PlayerInfo
from web.current import store

COOKIE = "wt_token"
COOKIE_MAX_AGE = 10 * 365 * 24 * 3600  # the token is the player's identity: keep it


def token_from(headers: Mapping[str, str] | Headers, cookies: Mapping[str, str]) -> str | None:
    """The token a request carries: the Authorization header wins over the cookie."""
    auth = headers.get("Authorization", "")
    scheme, _, value = auth.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return cookies.get(COOKIE) or None


def player_from_request() -> PlayerInfo | None:
    """The current request's player (a REST call or the websocket handshake); None when the
    token is missing or wrong. A banned player's token is refused at once: 403, code
    `banned` (scripts/admin.py ban)."""
    token = token_from(request.headers, request.cookies)
    player = store().player_by_token(token) if token else None
    if player is not None and player.status != "active":
        response = jsonify(
            error="this account is banned from this server",
            fields={"code": ["banned"]},
        )
        response.status_code = 403
        abort(response)
    return player


def current_player() -> PlayerInfo:
    """The request's player, or a 401 JSON error (missing or wrong token)."""
    player = player_from_request()
    if player is None:
        response = jsonify(error="not signed in: missing or invalid token (POST /api/session)")
        response.status_code = 401
        response.headers["WWW-Authenticate"] = 'Bearer realm="wordle"'
        abort(response)
    return player


def set_token_cookie(response: Response, token: str) -> None:
    """Keep the token in the browser, out of reach of page scripts."""
    settings: Settings = current_app.config["SETTINGS"]
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=settings.cookie_secure,
    )
