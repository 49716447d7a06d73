"""The admin page at /admin (only with WT_ADMIN_TOKEN): what scripts/admin.py does, in forms.

The report queue, a player's record with rename / ban / unban / remove, voiding a
tournament, and the admin log; server-rendered, in English (the admin's tool), no script.
Every action is the store's own moderation call, one transaction that writes its admin-log
row with `by` = the name typed at sign-in (or "admin page"), which the running server's
poller (actors/moderation.py) applies within WT_ADMIN_POLL_SECONDS, exactly as for the
command. Every POST must come from this server's own page (web/security.py's rules) and,
apart from signing in, carry a live session (web/admin_session.py). Bad input is said on the
page and changes nothing; after an action the browser is sent back (303) to what it acted on.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, current_app, g, redirect, render_template, request
from werkzeug.wrappers import Response

from models.store.errors import NotFound, StoreError
from models.store.sql import SqlStore
from web import admin_session as sessions
from web.limits import WindowLimit, client_address, refusals
from web.security import cross_site

admin = Blueprint("admin", __name__, url_prefix="/admin")
log = logging.getLogger("wordle.admin")

LOG_LINES = 300  # the newest admin actions the log page shows
MAX_ID_TEXT = 12


class BadInput(ValueError):
    """A form field the page refuses before calling the store."""


def _store() -> SqlStore:
    return current_app.extensions["store"]


def page(template: str, status: int = 200, **context: Any) -> Response:
    """An admin page, never cached (it shows moderation records)."""
    session = g.get("admin")
    notice = ""
    if session is not None and session.notice:
        notice, session.notice = session.notice, ""
    html = render_template(f"admin/{template}", session=session, notice=notice, **context)
    response = current_app.make_response((html, status))
    response.headers["Cache-Control"] = "no-store"
    return response


def message(status: int, heading: str, text: str) -> Response:
    return page("message.html", status, heading=heading, text=text)


@admin.before_request
def _guard() -> Response | None:
    """Same-origin POSTs only; every page but the sign-in needs a live session."""
    if request.method == "POST" and cross_site():
        return message(403, "Refused", "This form was sent from another site's page.")
    g.admin = sessions.current()
    if g.admin is None and request.endpoint not in ("admin.sign_in", "admin.home"):
        if request.method == "GET":
            return redirect("/admin", 303)
        return message(403, "Signed out", "Your admin session has ended: sign in again.")
    return None


# --- signing in and out --------------------------------------------------------------------


@admin.post("/sign-in")
def sign_in() -> Response:
    wait = current_app.extensions["admin_signin_limit"].take(client_address())
    if wait is not None:
        refusals.note("admin sign-ins")
        response = page("signin.html", 429, refused="Too many sign-in attempts; try again later.")
        response.headers["Retry-After"] = str(int(wait))
        return response
    token = current_app.config["SETTINGS"].admin_token
    if not sessions.token_matches(request.form.get("token", ""), token):
        log.warning("admin page: a sign-in with a wrong token was refused")
        return page("signin.html", 403, refused="That is not the admin token.")
    by = sessions.by_name(request.form.get("name", ""))
    value = sessions.sessions().open(by)
    log.info("admin page: %s signed in", by)
    response = redirect("/admin", 303)
    sessions.set_cookie(response, value)
    return response


@admin.post("/sign-out")
def sign_out() -> Response:
    sessions.sessions().close(request.cookies.get(sessions.COOKIE))
    g.admin = None
    response = page("signin.html", notice_text="Signed out.")
    sessions.clear_cookie(response)
    return response


# --- reading the form ----------------------------------------------------------------------


def _id(text: str | None, what: str) -> int:
    text = (text or "").strip()
    if not text.isdigit() or len(text) > MAX_ID_TEXT or int(text) < 1:
        raise BadInput(f"the {what} id must be a whole number above 0")
    return int(text)


def _reason(required: bool) -> str:
    reason = request.form.get("reason", "").strip()
    if required and not reason:
        raise BadInput("say why: the reason must not be empty")
    return reason


def _days() -> float:
    text = request.form.get("address_days", "").strip() or "0"
    try:
        days = float(text)
    except ValueError:
        days = math.nan
    if not 0 <= days <= 3650:  # (also refuses nan)
        raise BadInput("address days must be a number from 0 to 3650")
    return days


def _act(run: Callable[[], str], back: str, failed: Callable[[str], Response]) -> Response:
    """Do one action; its outcome is shown once on `back`, or `failed(message)` says why
    nothing changed."""
    try:
        notice = run()
    except (BadInput, StoreError, ValueError) as exc:
        return failed(str(exc))
    g.admin.notice = notice
    return redirect(back, 303)


def _by() -> str:
    return g.admin.by


# --- the report queue ------------------------------------------------------------------------


@admin.get("")
def home() -> Response:
    if g.admin is None:
        return page("signin.html")
    return reports_page()


def reports_page(status: int = 200, error: str = "") -> Response:
    return page("reports.html", status, groups=_store().open_reports(), error=error)


@admin.post("/reports/<rid>/close")
def close_report(rid: str) -> Response:
    def run() -> str:
        note = request.form.get("note", "").strip()
        r = _store().close_report(_id(rid, "report"), _by(), note)
        return f"Closed report {r.id} on player {r.target}."

    return _act(run, "/admin", lambda e: reports_page(400, e))


# --- a player --------------------------------------------------------------------------------


@admin.get("/players")
def find_player() -> Response:
    wanted = request.args.get("id")
    if wanted is None:
        return page("find.html")
    try:
        return redirect(f"/admin/players/{_id(wanted, 'player')}", 303)
    except BadInput as exc:
        return page("find.html", 400, error=str(exc))


def player_page(pid: str, status: int = 200, error: str = "") -> Response:
    try:
        key = _id(pid, "player")
        days = current_app.config["SETTINGS"].address_days
        record = _store().player_record(key, within_days=days)
    except (BadInput, NotFound, ValueError) as exc:
        return page("find.html", 404, error=error or str(exc))
    return page("player.html", status, record=record, error=error)


@admin.get("/players/<pid>")
def player(pid: str) -> Response:
    return player_page(pid)


def _rename(s: SqlStore, pid: int) -> str:
    return f"Player {pid} is now {s.admin_rename(pid, _by(), _reason(False)).nickname}."


def _ban(s: SqlStore, pid: int) -> str:
    reason, days = _reason(True), _days()
    p = s.ban(pid, _by(), reason, days)
    return f"Banned player {p.id}" + (f"; its addresses for {days:g} days." if days else ".")


def _unban(s: SqlStore, pid: int) -> str:
    return f"Unbanned player {s.unban(pid, _by(), _reason(False)).id}."


def _remove(s: SqlStore, pid: int) -> str:
    return f"Removed player {s.remove_player(pid, _by(), _reason(True)).id}."


PLAYER_ACTIONS: dict[str, Callable[[SqlStore, int], str]] = {
    "rename": _rename,
    "ban": _ban,
    "unban": _unban,
    "remove": _remove,
}


@admin.post("/players/<pid>/<action>")
def player_action(pid: str, action: str) -> Response:
    act = PLAYER_ACTIONS.get(action)
    if act is None:
        return message(404, "Not found", f"There is no action {action!r}.")
    back = f"/admin/players/{pid}"
    return _act(lambda: act(_store(), _id(pid, "player")), back, lambda e: player_page(pid, 400, e))


# --- voiding a tournament, and the log -------------------------------------------------------


@admin.get("/void")
def void_form() -> Response:
    return page("void.html", form={})


@admin.post("/void")
def void() -> Response:
    def run() -> str:
        tid = _id(request.form.get("tournament"), "tournament")
        n = _store().void_tournament(tid, _by(), _reason(True))
        return f"Voided tournament {tid}: {n} rating change(s) taken back."

    return _act(run, "/admin/log", lambda e: page("void.html", 400, error=e, form=request.form))


@admin.get("/server")
def server() -> Response:
    """The numbers /metrics gives Prometheus, for the admin to read (the page reloads itself)."""
    from web import metrics

    return page("server.html", figures=metrics.summary())


@admin.get("/log")
def admin_log() -> Response:
    store = _store()
    after = max(0, store.last_admin_log_id() - LOG_LINES)
    lines = list(reversed(store.admin_log(after_id=after, limit=LOG_LINES)))
    return page("log.html", lines=lines)


def init_app(app: Flask) -> None:
    """The page exists only with WT_ADMIN_TOKEN: otherwise /admin is an unknown path (404)."""
    settings = app.config["SETTINGS"]
    if not settings.admin_token:
        return
    app.extensions["admin_sessions"] = sessions.Sessions()
    app.extensions["admin_signin_limit"] = WindowLimit(settings.admin_signin_rate)
    app.register_blueprint(admin)
