"""HTML pages, each in the player's interface language: the game's page (the client draws the
screens), the rules rendered from the running settings, and the message pages (an invite link
that does not work, errors)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, make_response, render_template, request
from werkzeug.exceptions import HTTPException

from models.party import MAX_MEMBERS
from models.rating import rating_changes
from models.rules import MAX_TURNS, RATING_WINDOW, SEATS, START_LIVES, START_RATING, WORD_LENGTHS
from web import i18n

pages = Blueprint("pages", __name__)

STATIC = Path(__file__).resolve().parent / "static"
YEAR = 365 * 24 * 3600


def translator() -> i18n.Translator:
    return i18n.Translator(i18n.choose(request))


def render(t: i18n.Translator, template: str, status: int = 200, **context: Any) -> Response:
    """A page in the language of `t`; a ?lang= choice is remembered in the cookie."""
    html = render_template(
        template,
        t=t,
        languages=i18n.LANGUAGES,
        contrast=request.cookies.get(i18n.CONTRAST_COOKIE) == "more",
        **context,
    )
    response = make_response(html, status)
    if i18n.known(request.args.get("lang", "")) == t.code:
        response.set_cookie(i18n.LANGUAGE_COOKIE, t.code, max_age=YEAR, samesite="Lax")
    response.vary.update(("Accept-Language", "Cookie"))
    response.cache_control.no_cache = True  # always revalidated: it names this release's assets
    if status != 200:
        return response
    response.add_etag()
    return response.make_conditional(request)


# Scripts that pages load themselves: the game's entry point, and the replay's (history pages).
PAGE_SCRIPTS = {"js/main.js", "js/replay.js"}


@cache
def _client_modules() -> list[str]:
    """The game's modules that its page preloads (all but the pages' own entry points)."""
    scripts = (p.relative_to(STATIC).as_posix() for p in (STATIC / "js").rglob("*.js"))
    return sorted(p for p in scripts if p not in PAGE_SCRIPTS)


def game_page() -> Response:
    """The client's page, also served for invite links (/join/...)."""
    boot = {
        "languages": [{"code": c, "name": n, "dir": d} for c, (n, d) in i18n.LANGUAGES.items()],
        "rules": {"seats": SEATS, "lives": START_LIVES},  # the numbers the home screen states
    }
    return render(translator(), "index.html", modules=_client_modules(), boot=boot)


@pages.get("/")
def index() -> Response:
    return game_page()


def rules_numbers() -> dict[str, Any]:
    """Every number the rules page states, from the rules and the running settings."""
    settings = current_app.config["SETTINGS"]
    equal = dict.fromkeys(range(SEATS), START_RATING)
    changes = rating_changes(equal, {seat: seat + 1 for seat in range(SEATS)})
    return {
        "seats": SEATS,
        "lives": START_LIVES,
        "turns": MAX_TURNS,
        "min_length": min(WORD_LENGTHS),
        "max_length": max(WORD_LENGTHS),
        "turn_seconds": settings.turn_seconds,
        "intro_seconds": settings.intro_seconds,
        "grace_seconds": settings.reconnect_grace_seconds,
        "bot_fill": settings.bot_fill,
        "bot_fill_seconds": settings.bot_fill_seconds,
        "start_rating": START_RATING,
        "window": RATING_WINDOW,
        "party_max": MAX_MEMBERS,
        "rating_table": [(seat + 1, SEATS - seat - 1, changes[seat]) for seat in range(SEATS)],
        "word_languages": sorted(current_app.config["WORDS"], key=_menu_order),
    }


def _menu_order(code: str) -> tuple[int, str]:
    """The game's own order of languages (that of the language menu); others after, by code."""
    order = list(i18n.LANGUAGES)
    return (order.index(code) if code in order else len(order), code)


@pages.get("/rules")
def rules() -> Response:
    t = translator()
    numbers = rules_numbers()
    numbers["word_languages"] = [t.language_name(code) for code in numbers["word_languages"]]
    return render(t, "rules.html", n=numbers)


def invite_not_found() -> Response:
    """The page of an invite link that is unknown or was replaced by a new one."""
    t = translator()
    return render(
        t, "message.html", 404, heading=t("invite.not_found_title"), text=t("invite.not_found")
    )


def error_page(exc: HTTPException) -> Response:
    """A browser's error page (unknown address, wrong method, server error) in its language."""
    t = translator()
    status = exc.code or 500
    if status == 404:
        heading, text = t("page.not_found_title"), t("page.not_found")
    else:
        heading, text = t("page.error_title"), t("page.error")
    return render(t, "message.html", status, heading=heading, text=text)


@pages.app_errorhandler(500)
def server_error(exc: HTTPException) -> Response:
    """An unexpected error: JSON for REST clients, a page in the player's language otherwise."""
    if request.path.startswith("/api/"):
        response = jsonify(error="internal server error")
        response.status_code = 500
        return response
    return error_page(exc)
