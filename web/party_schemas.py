"""Marshmallow schemas for the party routes in web/parties.py."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from web.parsing import Text


class CreatePartyRequest(Schema):
    class Meta:
        unknown = RAISE

    language = Text(required=True, validate=validate.Length(min=2, max=16))


class JoinPartyRequest(Schema):
    class Meta:
        unknown = RAISE

    invite = Text(required=True, validate=validate.Length(min=1, max=128))


class MemberRequest(Schema):
    class Meta:
        unknown = RAISE

    player = fields.Integer(required=True, strict=True, validate=validate.Range(1, 2**31 - 1))


class LanguageRequest(CreatePartyRequest):
    pass


class InviteResponse(Schema):
    """What an invite link shows before joining: no member list, no token."""

    id = fields.Integer()
    language = fields.String()
    size = fields.Integer()
    max = fields.Integer()
    leader = fields.Dict()


class StartResponse(Schema):
    lobby = fields.Integer()
    players = fields.List(fields.Integer())
