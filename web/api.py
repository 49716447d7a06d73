"""REST routes under /api: transport only (validate with marshmallow, call the store, map
errors to status codes). Bad input gets 400 naming the field and changes nothing."""

from __future__ import annotations

import logging
from typing import Any, cast

from flask import Blueprint, Response, abort, current_app, jsonify, request
from flask_limiter import RateLimitExceeded
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import HTTPException

from models.nickname_policy import Reason
from models.nicknames import validate as validate_nickname
from models.store.errors import NicknameError, NotFound, Refused, Unavailable
from web import addresses, parsing
from web import api_schemas as s
from web.auth import current_player, player_from_request, set_token_cookie
from web.current import store
from web.languages import letters_of, written_of
from web.limits import refusals, retry_after, take_signin
from web.pages import error_page

log = logging.getLogger("wordle.api")

api = Blueprint("api", __name__, url_prefix="/api")


class ApiError(Exception):
    def __init__(self, status: int, message: str, fields: dict[str, Any] | None = None):
        super().__init__(message)
        self.status, self.message, self.fields = status, message, fields


def _error(status: int, message: str, fields: dict[str, Any] | None = None) -> Response:
    body: dict[str, Any] = {"error": message}
    if fields:
        body["fields_"] = fields
    response = jsonify(s.ErrorResponse().dump(body))
    response.status_code = status
    return response


@api.app_errorhandler(ApiError)
def _api_error(exc: ApiError) -> Response:
    return _error(exc.status, exc.message, exc.fields)


@api.app_errorhandler(ValidationError)
def _validation_error(exc: ValidationError) -> Response:
    messages = exc.messages if isinstance(exc.messages, dict) else {"_body": exc.messages}
    names = sorted(messages)
    first = messages[names[0]]
    detail = first[0] if isinstance(first, list) and first and isinstance(first[0], str) else ""
    summary = f"invalid {names[0]}: {detail}" if len(names) == 1 and detail else ""
    return _error(400, summary or f"invalid {', '.join(names)}", messages)


@api.errorhandler(NicknameError)
def _nickname_error(exc: NicknameError) -> Response:
    return _error(400, str(exc), {"nickname": [str(exc)]})


def check_nickname(text: str) -> None:
    """Refuse a nickname that reads as offensive, hateful, a bot, staff or another's tag: a
    400 whose fields carry code `nickname_refused` and the reason, for the page to translate."""
    reason = current_app.extensions["nickname_policy"].refusal(validate_nickname(text))
    if reason is not None:
        message = REFUSAL_TEXT[reason]
        fields = {"nickname": [message], "code": ["nickname_refused"], "reason": [reason.value]}
        raise ApiError(400, message, fields)


REFUSAL_TEXT = {
    Reason.OFFENSIVE: "that nickname reads as offensive",
    Reason.HATE: "that nickname reads as hateful",
    Reason.BOT: "nicknames that read as a bot are kept for the server's bots",
    Reason.STAFF: "nicknames that read as the server's staff are kept for them",
    Reason.TAG: "a nickname may not end with something that looks like a player's tag",
}


@api.after_app_request
def _personal(response: Response) -> Response:
    """REST answers are one player's (a token, an invite, their own record): never kept by a
    browser or a proxy, unless the route said how long it may be (/api/languages)."""
    if request.path.startswith("/api/") and "Cache-Control" not in response.headers:
        response.cache_control.no_store = True
    return response


@api.errorhandler(NotFound)
def _not_found(exc: NotFound) -> Response:
    return _error(404, str(exc))


@api.app_errorhandler(Unavailable)
def _unavailable(exc: Unavailable) -> Response:
    """The database is down or busy: say so, and when to try again."""
    log.warning("database unavailable: %s", exc)
    response = _error(503, "The server cannot reach its database right now; try again soon.")
    response.headers["Retry-After"] = "5"
    return response


@api.app_errorhandler(HTTPException)
def _http_error(exc: HTTPException) -> Response | HTTPException:
    """Every refusal under /api answers JSON (with the exception's headers: Retry-After,
    Allow); other paths keep Flask's pages."""
    if not request.path.startswith(f"{api.url_prefix}/"):
        return error_page(exc) if exc.code in (404, 405) else exc  # a page for players
    if exc.response is not None:  # already a response (e.g. current_player's 401)
        return cast(Response, exc.response)
    message = exc.description or exc.name
    if exc.code == 413:
        limit = current_app.config["SETTINGS"].max_body_bytes
        message = f"The request body is too large (limit {limit} bytes)."
    elif isinstance(exc, RateLimitExceeded):
        message = f"Too many requests from your address ({exc.description}); try again later."
        exc.retry_after = retry_after()
        refusals.note("REST requests")
    response = _error(exc.code or 500, message)
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def load_body(schema: Schema, optional: bool = False) -> dict[str, Any]:
    """The JSON object body, loaded by `schema`; an absent body is {} when `optional`."""
    if optional and not request.get_data():
        return schema.load({})
    if not request.is_json:
        raise ApiError(400, "request body must be JSON (Content-Type: application/json)")
    try:
        data = parsing.loads(request.get_data())
    except ValueError:
        raise ApiError(400, "request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "request body must be a JSON object")
    return schema.load(data)


def path_id(value: str, what: str) -> int:
    """The id a URL names; any other spelling of it ("+1", "01", "١") names nothing: 404, so
    that one resource has one URL."""
    try:
        return s.IdPath().load({"id": value})["id"]
    except ValidationError:
        raise ApiError(404, f"no such {what.removesuffix('_id')}") from None


@api.post("/session")
def create_session() -> tuple[Response, int]:
    """Sign in anonymously: a new player and its token, or the caller's own player if already
    signed in (its token is not repeated: page scripts never see a session's token)."""
    body = load_body(s.SessionRequest(), optional=True)
    player = player_from_request()
    if player is not None:
        addresses.record(player.id, "signin")
        return jsonify(s.SessionResponse().dump({"player": player, "created": False})), 200
    if body["nickname"] is not None:
        check_nickname(body["nickname"])
    if store().address_banned(addresses.this_address_hash()):
        raise ApiError(403, "new accounts from your address are refused for now", _code("banned"))
    take_signin()
    player, token = store().create_player(nickname=body["nickname"])
    addresses.record(player.id, "signin")
    log.info("new player %d", player.id)
    out = s.SessionResponse().dump({"player": player, "token": token, "created": True})
    response = jsonify(out)
    set_token_cookie(response, token)
    return response, 201


@api.get("/me")
def me() -> Response:
    return jsonify(s.Me().dump(current_player()))


@api.patch("/me")
def update_me() -> Response:
    player = current_player()
    body = load_body(s.NicknameRequest())
    check_nickname(body["nickname"])
    _limit("rename_limit", player.id, "rename_limited", "rename_rate", "nickname changes")
    updated = store().set_nickname(player.id, body["nickname"])
    addresses.record(player.id, "rename")
    current_app.extensions["game"].player_changed(updated)
    return jsonify(s.Me().dump(updated))


def _code(code: str, **more: str) -> dict[str, list[str]]:
    return {"code": [code], **{k: [v] for k, v in more.items()}}


def _limit(name: str, player_id: int, code: str, setting: str, what: str) -> None:
    """Count one more for the player (not the address) or refuse: 429 naming the limit, with
    the seconds to wait in the fields and in Retry-After; nothing changes."""
    wait = current_app.extensions[name].take(f"player:{player_id}")
    if wait is None:
        return
    refusals.note(what)
    rate = getattr(current_app.config["SETTINGS"], setting)
    seconds = str(int(wait))
    message = f"Too many {what} (the limit is {rate}); try again in {seconds} s."
    response = _error(429, message, _code(code, retry_after=seconds))
    response.headers["Retry-After"] = seconds
    abort(response)


REPORT_REFUSED = {"report_self": 400, "report_bot": 400}


@api.post("/reports")
def report() -> tuple[Response, int]:
    """Report a player for the admin (scripts/admin.py reports): one open report per reporter
    and player (a repeat answers 200 with it), at most WT_REPORT_RATE per reporter."""
    me = current_player()
    body = load_body(s.ReportRequest())
    target = body["player"]
    if target == me.id:
        raise ApiError(400, "you cannot report yourself", _code("report_self"))
    info = store().get_player(target)
    if info is None:
        raise ApiError(404, f"no player {target}", _code("unknown_player"))
    if info.is_bot:
        raise ApiError(
            400, "bots are the server's own: they cannot be reported", _code("report_bot")
        )
    existing = store().open_report(me.id, target)
    if existing is not None:
        return jsonify(s.ReportResponse().dump({"report": existing, "created": False})), 200
    _limit("report_limit", me.id, "report_limited", "report_rate", "reports")
    try:
        filed, created = store().file_report(
            me.id, target, body["reason"], body["where"], body["tournament"]
        )
    except Refused as exc:
        raise ApiError(REPORT_REFUSED.get(exc.code, 400), str(exc), _code(exc.code)) from None
    log.info("report %d on player %d", filed.id, target)
    out = s.ReportResponse().dump({"report": filed, "created": created})
    return jsonify(out), 201 if created else 200


@api.get("/leaderboard")
def leaderboard() -> Response:
    """A page of the ranking; a signed-in caller also gets their own row, wherever it is."""
    q = s.LeaderboardQuery().load(request.args.to_dict())
    page = store().leaderboard(q["limit"], q["offset"], include_bots=q["bots"])
    me = player_from_request()
    you = store().leaderboard_line(me.id, include_bots=q["bots"]) if me else None
    out = s.LeaderboardResponse().dump(page)
    out["you"] = s.LeaderboardLine().dump(you) if you else None
    return jsonify(out)


@api.get("/players/<player_id>")
def player(player_id: str) -> Response:
    return jsonify(
        s.ProfileResponse().dump(store().player_profile(path_id(player_id, "player_id")))
    )


@api.get("/tournaments/<tournament_id>")
def tournament(tournament_id: str) -> Response:
    summary = store().tournament_summary(path_id(tournament_id, "tournament_id"))
    if summary.status == "running":
        raise ApiError(409, f"tournament {summary.id} is still running")
    out = s.SummaryResponse().dump(summary)
    split = letters_of(summary.language)
    write = written_of(summary.language)  # the store keeps the folded secret
    for duel in out["duels"]:
        duel["secret_written"], duel["secret_letters"] = write(duel["secret"])
        for row in duel["rows"]:
            row["letters"] = split(row["word"]) if row["word"] is not None else None
    return jsonify(out)
