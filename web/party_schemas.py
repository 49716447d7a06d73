"""Marshmallow schemas for the party routes in web/parties.py."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate


class CreatePartyRequest(Schema):
    class Meta:
        unknown = RAISE

    language = fields.String(required=True, validate=validate.Length(min=2, max=16))


class JoinPartyRequest(Schema):
    class Meta:
        unknown = RAISE

    invite = fields.String(required=True, validate=validate.Length(min=1, max=128))


class MemberRequest(Schema):
    class Meta:
        unknown = RAISE

    player = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class LanguageRequest(CreatePartyRequest):
    pass


class PartyMember(Schema):
    id = fields.Integer()
    nickname = fields.String()
    tag = fields.String()
    rating = fields.Integer()
    bot = fields.Boolean()
    leader = fields.Boolean()
    online = fields.Boolean()
    in_tournament = fields.Boolean()


class PartyResponse(Schema):
    """A party as its members see it (non-members never get one)."""

    id = fields.Integer()
    language = fields.String()
    leader = fields.Integer()
    you = fields.Integer()
    members = fields.List(fields.Nested(PartyMember))
    max = fields.Integer()
    invite = fields.String()
    invite_path = fields.String()
    can_start = fields.Boolean()


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
