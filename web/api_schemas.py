"""Marshmallow schemas for every request and response body of the REST routes in web/api.py.

Request schemas refuse unknown fields (bodies) or ignore them (query strings); every error
names its field. Response schemas decide what is public: a player's last_seen and created_at
appear only in their own /api/me.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, validate, validates

from models import nicknames
from models.store.moderation import PLACES, REASONS
from web.parsing import Text


def _nickname(value: str) -> None:
    try:
        nicknames.validate(value)
    except nicknames.NicknameError as exc:
        raise ValidationError(str(exc)) from None


# --- requests -----------------------------------------------------------------------------


class SessionRequest(Schema):
    """POST /api/session: an optional nickname instead of an automatic one."""

    class Meta:
        unknown = RAISE

    nickname = Text(load_default=None, allow_none=True)

    @validates("nickname")
    def _check(self, value: str | None, **_: object) -> None:
        if value is not None:
            _nickname(value)


class NicknameRequest(Schema):
    """PATCH /api/me."""

    class Meta:
        unknown = RAISE

    nickname = Text(required=True)

    @validates("nickname")
    def _check(self, value: str, **_: object) -> None:
        _nickname(value)


class ReportRequest(Schema):
    """POST /api/reports: a player, why, and where the reporter saw them."""

    class Meta:
        unknown = RAISE

    player = fields.Integer(required=True, strict=True, validate=validate.Range(1, 2**31 - 1))
    reason = fields.String(required=True, validate=validate.OneOf(REASONS))
    where = fields.String(required=True, validate=validate.OneOf(PLACES))
    tournament = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=validate.Range(1, 2**31 - 1)
    )


class LeaderboardQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    limit = fields.Integer(load_default=50, validate=validate.Range(1, 200))
    offset = fields.Integer(load_default=0, validate=validate.Range(0, 1_000_000))
    bots = fields.Boolean(load_default=False)  # people only, unless asked


class CanonicalId(fields.Integer):
    """An id written the one way its URL is written: ASCII digits, no sign, no leading zero,
    no underscore (Python's int() would also take "١", "+1" and "1_0", several URLs a page)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if not isinstance(value, str) or not re.fullmatch(r"[1-9][0-9]{0,9}", value):
            raise ValidationError("Not an id.")
        return super()._deserialize(value, attr, data, **kwargs)


class IdPath(Schema):
    """A positive database id from the URL path."""

    id = CanonicalId(required=True, strict=False, validate=validate.Range(1, 2**31 - 1))


# --- responses ----------------------------------------------------------------------------


class PublicPlayer(Schema):
    id = fields.Integer()
    nickname = fields.String()
    tag = fields.String()
    rating = fields.Integer()
    bot = fields.Boolean(attribute="is_bot")  # the same name as on the websocket
    bot_level = fields.String(allow_none=True)
    placements = fields.Integer()


class Me(PublicPlayer):
    created_at = fields.DateTime()
    last_seen = fields.DateTime()


class SessionResponse(Schema):
    player = fields.Nested(Me)
    token = fields.String()
    created = fields.Boolean()


class LeaderboardLine(Schema):
    rank = fields.Integer()
    player = fields.Nested(PublicPlayer)


class LeaderboardResponse(Schema):
    total = fields.Integer()
    limit = fields.Integer()
    offset = fields.Integer()
    rows = fields.List(fields.Nested(LeaderboardLine))
    you = fields.Nested(LeaderboardLine, allow_none=True)  # the caller's own row, if ranked


class RatingPoint(Schema):
    tournament_id = fields.Integer()
    at = fields.DateTime()
    rating = fields.Integer()


class Placement(Schema):
    """A player's result in one tournament (null until their place is fixed)."""

    place = fields.Integer(allow_none=True)
    elimination_round = fields.Integer(allow_none=True)
    left = fields.Boolean()
    rating_before = fields.Integer()
    rating_after = fields.Integer(allow_none=True)
    rating_change = fields.Integer(allow_none=True)


class PlayedTournament(Placement):
    tournament_id = fields.Integer()
    language = fields.String()
    status = fields.String()
    started_at = fields.DateTime()
    ended_at = fields.DateTime(allow_none=True)
    void = fields.Boolean()


class DuelFigures(Schema):
    """A player's duels: played and won, average rows to solve (the board's rows in the duels
    won by finding the word), `distribution` as [{rows, wins}] from fewest rows, and streaks of
    duels won in a row (a draw or a loss ends one; cancelled duels do not count)."""

    played = fields.Integer()
    won = fields.Integer()
    solved = fields.Integer()
    average_rows = fields.Float(allow_none=True)
    distribution = fields.Method("_distribution")
    current_streak = fields.Integer()
    best_streak = fields.Integer()

    def _distribution(self, figures: Any) -> list[dict[str, int]]:
        return [{"rows": n, "wins": c} for n, c in sorted(figures.distribution.items())]


class ProfileResponse(Schema):
    player = fields.Nested(PublicPlayer)
    placements = fields.Integer()
    history = fields.List(fields.Nested(RatingPoint))
    recent = fields.List(fields.Nested(PlayedTournament))
    duels = fields.Nested(DuelFigures)


class SummaryEntry(Placement):
    player = fields.Nested(PublicPlayer)
    seat = fields.Integer()


class SummaryGuess(Schema):
    player = fields.Integer()
    word = fields.String(allow_none=True)
    letters = fields.List(fields.String(), allow_none=True)  # the word as the board's tiles
    marks = fields.String(allow_none=True)
    skipped = fields.Boolean()
    at = fields.DateTime()


class SummaryDuel(Schema):
    id = fields.Integer()
    round = fields.Integer()
    players = fields.List(fields.Integer())
    starter = fields.Integer()
    result = fields.String()
    winner = fields.Integer(allow_none=True)
    secret = fields.String()
    secret_letters = fields.List(fields.String())
    length = fields.Integer()
    started_at = fields.DateTime()
    ended_at = fields.DateTime()
    rows = fields.List(fields.Nested(SummaryGuess))


class SummaryResponse(Schema):
    id = fields.Integer()
    language = fields.String()
    status = fields.String()
    started_at = fields.DateTime()
    ended_at = fields.DateTime(allow_none=True)
    entries = fields.List(fields.Nested(SummaryEntry))
    duels = fields.List(fields.Nested(SummaryDuel))
    void = fields.Boolean()  # voided by an admin: no rating changed


class Report(Schema):
    id = fields.Integer()
    player = fields.Integer(attribute="target")
    reason = fields.String()
    where = fields.String()
    tournament = fields.Integer(allow_none=True)
    created_at = fields.DateTime()


class ReportResponse(Schema):
    report = fields.Nested(Report)
    created = fields.Boolean()  # false: the reporter's open report on this player already


class ErrorResponse(Schema):
    """Every error: {"error": "...", "fields": {"nickname": ["..."]}} (fields on 400 only)."""

    error = fields.String(required=True)
    fields_ = fields.Dict(
        data_key="fields",
        keys=fields.String(),
        values=fields.List(fields.String()),
        load_default=None,
    )
