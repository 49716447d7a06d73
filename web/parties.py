"""Party routes: transport only. Each route validates its body, asks the party registry actor,
and maps its refusals (PartyError codes) to status codes with a clear message."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from actors import parties as p
from actors.system import as_player
from models.party import PartyError
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
    "cannot_remove_self": 400,
    "unknown_language": 400,
    "shutting_down": 503,
}

ASK_TIMEOUT = 10.0


def _ask(message: Any) -> Any:
    try:
        return current_app.extensions["game"].parties.ask(message, timeout=ASK_TIMEOUT)
    except PartyError as exc:
        raise ApiError(STATUS.get(exc.code, 400), str(exc), {"code": [exc.code]}) from None


def _party(view: dict[str, Any], status: int = 200) -> tuple[Response, int]:
    return jsonify(s.PartyResponse().dump(view)), status


@bp.post("/api/parties")
def create_party():
    player = as_player(current_player())
    body = load_body(s.CreatePartyRequest())
    return _party(_ask(p.CreateParty(player, body["language"])), 201)


@bp.get("/api/party")
def my_party():
    return _party(_ask(p.GetParty(current_player().id)))


@bp.get("/api/parties/<party_id>")
def read_party(party_id: str):
    player = current_player()
    return _party(_ask(p.GetParty(player.id, path_id(party_id, "party_id"))))


@bp.get("/api/invites/<invite>")
def invite_info(invite: str):
    current_player()
    info = _ask(p.InviteInfo(invite))
    if info is None:
        raise ApiError(404, "This invite link is not valid (any more).")
    return jsonify(s.InviteResponse().dump(info))


@bp.post("/api/parties/join")
def join_party():
    player = as_player(current_player())
    body = load_body(s.JoinPartyRequest())
    return _party(_ask(p.JoinParty(player, body["invite"])))


@bp.post("/api/party/leave")
def leave_party():
    _ask(p.LeaveParty(current_player().id))
    return "", 204


@bp.post("/api/party/start")
def start_party():
    result = _ask(p.StartParty(current_player().id))
    return jsonify(s.StartResponse().dump(result))


@bp.post("/api/party/remove")
def remove_member():
    by = current_player().id
    return _party(_ask(p.RemoveMember(by, load_body(s.MemberRequest())["player"])))


@bp.post("/api/party/leader")
def hand_over():
    by = current_player().id
    return _party(_ask(p.HandOver(by, load_body(s.MemberRequest())["player"])))


@bp.post("/api/party/invite")
def renew_invite():
    return _party(_ask(p.RenewInvite(current_player().id)))


@bp.patch("/api/party")
def set_language():
    by = current_player().id
    return _party(_ask(p.SetLanguage(by, load_body(s.LanguageRequest())["language"])))


@bp.get("/join/<invite>")
def join_page(invite: str):
    """The invite link: the game page (which joins on load), or a clear 404 page."""
    game = current_app.extensions["game"]
    if game.parties.ask(p.InviteInfo(invite), timeout=ASK_TIMEOUT) is None:
        return invite_not_found()
    return game_page()
