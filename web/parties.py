"""Party routes: transport only. Each route validates its body, asks the game (its party
registry), and maps its refusals (PartyError codes) to status codes with a clear message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from actors.system import GameServer
from models.party import PartyError
from protocol.views import PartyView
from web import party_schemas as s
from web.api import ApiError, load_body, path_id
from web.auth import current_player
from web.pages import game_page, invite_not_found

bp = Blueprint("parties", __name__)

STATUS = {
    "bad_invite": 404,
    "no_party": 404,
    "not_member": 403,
    "not_leader": 403,
    "party_full": 409,
    "in_party": 409,
    "in_tournament": 409,
    "members_playing": 409,
    "already_playing": 409,
    "placement_pending": 409,
    "cannot_remove_self": 400,
    "unknown_language": 400,
    "shutting_down": 503,
}


def _game() -> GameServer:
    return current_app.extensions["game"]


def _ask(call: Callable[..., Any], *args: Any) -> Any:
    """Call a party method of the game; its refusals become API errors."""
    try:
        return call(*args)
    except PartyError as exc:
        raise ApiError(STATUS.get(exc.code, 400), str(exc), {"code": [exc.code]}) from None


def _party(view: PartyView, status: int = 200) -> tuple[Response, int]:
    return jsonify(view.wire()), status


@bp.post("/api/parties")
def create_party():
    player = current_player()
    body = load_body(s.CreatePartyRequest())
    return _party(_ask(_game().create_party, player, body["language"]), 201)


@bp.get("/api/party")
def my_party():
    return _party(_ask(_game().party_of, current_player().id))


@bp.get("/api/parties/<party_id>")
def read_party(party_id: str):
    player = current_player()
    return _party(_ask(_game().party_of, player.id, path_id(party_id, "party_id")))


@bp.get("/api/invites/<invite>")
def invite_info(invite: str):
    current_player()
    info = _ask(_game().invite_info, invite)
    if info is None:
        raise ApiError(404, "This invite link is not valid (any more).")
    return jsonify(s.InviteResponse().dump(info))


@bp.post("/api/parties/join")
def join_party():
    player = current_player()
    body = load_body(s.JoinPartyRequest())
    return _party(_ask(_game().join_party, player, body["invite"]))


@bp.post("/api/party/leave")
def leave_party():
    _ask(_game().leave_party, current_player().id)
    return "", 204


@bp.post("/api/party/start")
def start_party():
    result = _ask(_game().start_party, current_player().id)
    return jsonify(s.StartResponse().dump(result))


@bp.post("/api/party/remove")
def remove_member():
    by = current_player().id
    return _party(_ask(_game().remove_member, by, load_body(s.MemberRequest())["player"]))


@bp.post("/api/party/leader")
def hand_over():
    by = current_player().id
    return _party(_ask(_game().hand_over, by, load_body(s.MemberRequest())["player"]))


@bp.post("/api/party/invite")
def renew_invite():
    return _party(_ask(_game().renew_invite, current_player().id))


@bp.patch("/api/party")
def set_language():
    by = current_player().id
    language = load_body(s.LanguageRequest())["language"]
    return _party(_ask(_game().set_party_language, by, language))


@bp.get("/join/<invite>")
def join_page(invite: str):
    """The invite link: the game page (which joins on load), or a clear 404 page."""
    if _game().invite_info(invite) is None:
        return invite_not_found()
    return game_page()
