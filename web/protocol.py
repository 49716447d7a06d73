"""The websocket protocol as marshmallow schemas: client messages are parsed here, and every
server message has a schema that tests check each sent frame against. web/PROTOCOL.md
documents the same messages with examples.
"""

from __future__ import annotations

import json
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from actors import wire

PROTOCOL_VERSION = wire.PROTOCOL_VERSION


def _int(**kw: Any) -> fields.Integer:
    return fields.Integer(strict=True, **kw)


# --- client -> server -------------------------------------------------------------------------


class ClientMessage(Schema):
    class Meta:
        unknown = RAISE

    type = fields.String(required=True)


class QueueMsg(ClientMessage):
    language = fields.String(required=True, validate=validate.Length(min=2, max=16))
    lobby = _int(load_default=None, allow_none=True)  # honoured for bots filling a lobby


class GuessMsg(ClientMessage):
    word = fields.String(required=True, validate=validate.Length(min=1, max=64))


class SpectateMsg(ClientMessage):
    duel = _int(required=True)


class PingMsg(ClientMessage):
    t = fields.Raw(load_default=None, validate=lambda v: v is None or isinstance(v, int | float))


CLIENT_SCHEMAS: dict[str, Schema] = {
    "queue": QueueMsg(),
    "leave": ClientMessage(),
    "guess": GuessMsg(),
    "spectate": SpectateMsg(),
    "stop_spectating": ClientMessage(),
    "resync": ClientMessage(),
    "ping": PingMsg(),
}


class FrameError(Exception):
    """A client frame that is refused; `message` is the error frame to send back."""

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(code)
        self.message = wire.error(code, **values)


def parse_client_frame(data: str | bytes, max_bytes: int) -> dict[str, Any]:
    """Validate one client frame and return the message, or raise FrameError."""
    if isinstance(data, bytes):
        raise FrameError("binary_frame")
    if len(data.encode("utf-8", "surrogatepass")) > max_bytes:
        raise FrameError("too_large", limit=max_bytes)
    try:
        raw = json.loads(data)
    except (ValueError, RecursionError):
        raise FrameError("bad_json") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise FrameError("bad_message", details="a JSON object with a string 'type' is expected")
    schema = CLIENT_SCHEMAS.get(raw["type"])
    if schema is None:
        raise FrameError("unknown_type")
    try:
        return schema.load(raw)
    except ValidationError as exc:
        details = "; ".join(
            f"{field}: {' '.join(map(str, msgs)) if isinstance(msgs, list) else msgs}"
            for field, msgs in sorted(exc.messages.items())
        )
        raise FrameError("bad_message", details=details) from None


# --- server -> client -------------------------------------------------------------------------


class Out(Schema):
    class Meta:
        unknown = RAISE

    type = fields.String(required=True)


class PlayerOut(Schema):
    class Meta:
        unknown = RAISE

    id = _int(required=True)
    nickname = fields.String(required=True)
    tag = fields.String(required=True)
    rating = _int(required=True)
    bot = fields.Boolean(required=True)


class SeatOut(PlayerOut):
    connected = fields.Boolean(required=True)


class LobbyOut(Schema):
    class Meta:
        unknown = RAISE

    id = _int(required=True)
    language = fields.String(required=True)
    status = fields.String(
        required=True, validate=validate.OneOf(["waiting", "playing", "finished"])
    )
    capacity = _int(required=True)
    average = fields.Float(required=True)
    bot_fill_at = _int(required=True, allow_none=True)
    party = _int(required=True, allow_none=True)
    seats = fields.List(fields.Nested(SeatOut), required=True)


class RowOut(Schema):
    class Meta:
        unknown = RAISE

    index = _int(required=True)
    player = _int(required=True)
    letters = fields.List(fields.String(), required=True, allow_none=True)
    marks = fields.String(required=True, validate=validate.Regexp(r"^[gyx]+$"), allow_none=True)
    skipped = fields.Boolean(required=True)


OUTCOMES = ["win", "draw", "forfeit", "void"]


class DuelViewOut(Schema):
    class Meta:
        unknown = RAISE

    id = _int(required=True)
    round = _int(required=True)
    players = fields.List(_int(), required=True, validate=validate.Length(equal=2))
    length = _int(required=True)
    starter = _int(required=True)
    rows = fields.List(fields.Nested(RowOut), required=True)
    to_move = _int(required=True, allow_none=True)
    deadline = _int(required=True, allow_none=True)
    remaining_ms = _int(required=True, allow_none=True)
    max_turns = _int(required=True)
    turn_ms = _int(required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(OUTCOMES), allow_none=True)
    winner = _int(required=True, allow_none=True)
    secret = fields.String(required=True, allow_none=True)
    secret_letters = fields.List(fields.String(), required=True, allow_none=True)


class StandingOut(Schema):
    class Meta:
        unknown = RAISE

    player = _int(required=True)
    lives = _int(required=True)
    out = fields.Boolean(required=True)
    left = fields.Boolean(required=True)
    place = _int(required=True, allow_none=True)
    rating_change = _int(required=True, allow_none=True)
    connected = fields.Boolean(required=True)
    gone_at = _int(required=True, allow_none=True)


class DuelSummaryOut(Schema):
    class Meta:
        unknown = RAISE

    id = _int(required=True)
    players = fields.List(_int(), required=True)
    length = _int(required=True)
    over = fields.Boolean(required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(OUTCOMES), allow_none=True)
    winner = _int(required=True, allow_none=True)


class TournamentOut(Schema):
    class Meta:
        unknown = RAISE

    id = _int(required=True, allow_none=True)
    round = _int(required=True)
    phase = fields.String(
        required=True, validate=validate.OneOf(["intro", "playing", "between", "finished"])
    )
    intro_ends_at = _int(required=True, allow_none=True)
    intro_remaining_ms = _int(required=True, allow_none=True)
    pairs = fields.List(fields.List(_int()), required=True)
    bye = _int(required=True, allow_none=True)
    standings = fields.List(fields.Nested(StandingOut), required=True)
    duels = fields.List(fields.Nested(DuelSummaryOut), required=True)


LIVES = fields.Dict(keys=fields.String(), values=_int(), required=True)


class WelcomeOut(Out):
    v = _int(required=True, validate=validate.Equal(PROTOCOL_VERSION))
    you = fields.Nested(PlayerOut, required=True)
    server_time = _int(required=True)


class PartyMemberOut(PlayerOut):
    leader = fields.Boolean(required=True)
    online = fields.Boolean(required=True)
    in_tournament = fields.Boolean(required=True)


class PartyViewOut(Schema):
    class Meta:
        unknown = RAISE

    id = _int(required=True)
    language = fields.String(required=True)
    leader = _int(required=True)
    you = _int(required=True)
    members = fields.List(fields.Nested(PartyMemberOut), required=True)
    max = _int(required=True)
    invite = fields.String(required=True)
    invite_path = fields.String(required=True)
    can_start = fields.Boolean(required=True)


class HomeOut(Out):
    party = fields.Nested(PartyViewOut, required=True, allow_none=True)


class ErrorOut(Out):
    code = fields.String(required=True, validate=validate.OneOf(sorted(wire.TEXTS)))
    message = fields.String(required=True)


class PongOut(Out):
    t = fields.Raw(required=True, allow_none=True)
    server_time = _int(required=True)


class LobbyMsgOut(Out):
    lobby = fields.Nested(LobbyOut, required=True)


class SnapshotOut(Out):
    you = _int(required=True)
    lobby = fields.Nested(LobbyOut, required=True)
    tournament = fields.Nested(TournamentOut, required=True, allow_none=True)
    duel = fields.Nested(DuelViewOut, required=True, allow_none=True)
    watching = fields.Nested(DuelViewOut, required=True, allow_none=True)


class TournamentStartedOut(Out):
    tournament = _int(required=True, allow_none=True)
    lobby = fields.Nested(LobbyOut, required=True)
    lives = LIVES


class RoundIntroOut(Out):
    round = _int(required=True)
    pairs = fields.List(fields.List(_int(), validate=validate.Length(equal=2)), required=True)
    bye = _int(required=True, allow_none=True)
    lives = LIVES
    ends_at = _int(required=True)
    remaining_ms = _int(required=True)


class DuelStartedOut(Out):
    duel = _int(required=True)
    round = _int(required=True)
    players = fields.List(_int(), required=True, validate=validate.Length(equal=2))
    length = _int(required=True, validate=validate.OneOf([4, 5, 6]))
    starter = _int(required=True)
    max_turns = _int(required=True)
    turn_ms = _int(required=True)
    deadline = _int(required=True)
    remaining_ms = _int(required=True)


class TurnOut(Out):
    duel = _int(required=True)
    player = _int(required=True)
    turn = _int(required=True, validate=validate.Range(1, 6))
    turn_ms = _int(required=True)
    deadline = _int(required=True)
    remaining_ms = _int(required=True)


class GuessScoredOut(Out):
    duel = _int(required=True)
    index = _int(required=True)
    player = _int(required=True)
    letters = fields.List(fields.String(), required=True)
    marks = fields.String(required=True, validate=validate.Regexp(r"^[gyx]+$"))
    skipped = fields.Boolean(required=True, validate=validate.Equal(False))


class TurnSkippedOut(Out):
    duel = _int(required=True)
    index = _int(required=True)
    player = _int(required=True)


class GuessRejectedOut(Out):
    duel = _int(required=True)
    word = fields.String(required=True)
    reason = fields.String(required=True, validate=validate.OneOf(sorted(wire.TEXTS)))
    message = fields.String(required=True)


class DuelEndedOut(Out):
    duel = _int(required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(OUTCOMES))
    winner = _int(required=True, allow_none=True)
    loser = _int(required=True, allow_none=True)
    secret = fields.String(required=True)
    secret_letters = fields.List(fields.String(), required=True)


class LivesOut(Out):
    player = _int(required=True)
    lives = _int(required=True, validate=validate.Range(0, 3))


class EliminatedOut(Out):
    player = _int(required=True)
    round = _int(required=True)
    left = fields.Boolean(required=True)
    place = fields.Constant(None)


class RoundEndedOut(Out):
    round = _int(required=True)


class PlacementOut(Out):
    player = _int(required=True)
    place = _int(required=True, validate=validate.Range(1, 8))
    round = _int(required=True)
    left = fields.Boolean(required=True)
    rating_before = _int(required=True)
    rating_change = _int(required=True)
    rating_after = _int(required=True)


class PlaceOut(Schema):
    class Meta:
        unknown = RAISE

    player = _int(required=True)
    place = _int(required=True)
    rating_change = _int(required=True)


class TournamentEndedOut(Out):
    tournament = _int(required=True, allow_none=True)
    winner = _int(required=True, allow_none=True)
    places = fields.List(fields.Nested(PlaceOut), required=True)


class TournamentAbortedOut(Out):
    tournament = _int(required=True, allow_none=True)
    code = fields.String(
        required=True, validate=validate.OneOf(["tournament_aborted", "tournament_stopped"])
    )
    message = fields.String(required=True)


class PlayerStatusOut(Out):
    player = _int(required=True)
    connected = fields.Boolean(required=True)
    gone_at = _int(required=True, allow_none=True)


class DuelViewMsgOut(Out):
    duel = fields.Nested(DuelViewOut, required=True, allow_none=True)


class LeftOut(Out):
    reason = fields.String(
        required=True, validate=validate.OneOf(["left", "left_lobby", "grace_expired"])
    )
    message = fields.String(required=True)


class ReplacedOut(Out):
    code = fields.String(required=True)
    message = fields.String(required=True)


class PartyOut(Out):
    party = fields.Nested(PartyViewOut, required=True, allow_none=True)


SERVER_SCHEMAS: dict[str, Schema] = {
    "welcome": WelcomeOut(),
    "home": HomeOut(),
    "error": ErrorOut(),
    "pong": PongOut(),
    "lobby": LobbyMsgOut(),
    "snapshot": SnapshotOut(),
    "tournament_started": TournamentStartedOut(),
    "round_intro": RoundIntroOut(),
    "duel_started": DuelStartedOut(),
    "turn": TurnOut(),
    "guess_scored": GuessScoredOut(),
    "turn_skipped": TurnSkippedOut(),
    "guess_rejected": GuessRejectedOut(),
    "duel_ended": DuelEndedOut(),
    "lives": LivesOut(),
    "eliminated": EliminatedOut(),
    "round_ended": RoundEndedOut(),
    "placement": PlacementOut(),
    "tournament_ended": TournamentEndedOut(),
    "tournament_aborted": TournamentAbortedOut(),
    "player_status": PlayerStatusOut(),
    "duel_view": DuelViewMsgOut(),
    "left": LeftOut(),
    "replaced": ReplacedOut(),
    "party": PartyOut(),
}


def check_server_frame(text: str) -> dict[str, Any]:
    """Validate a frame the server sent (tests); returns the message or raises ValueError."""
    message = json.loads(text)
    schema = SERVER_SCHEMAS.get(message.get("type"))
    if schema is None:
        raise ValueError(f"no schema for server message type {message.get('type')!r}")
    errors = schema.validate(message)
    if errors:
        raise ValueError(f"{message['type']} does not match its schema: {errors}")
    return message
