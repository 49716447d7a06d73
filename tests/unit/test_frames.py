"""Server frames: built from domain values, written once, valid against the schemas derived
from their own classes, and never carrying a secret before its duel ends."""

import json
import random

import pytest

from models.duel import Duel
from models.results import PlayedDuel
from models.tournament import PlacementFixed, RoundEnded, TournamentEnded
from protocol import server as frames
from protocol import views, wire
from web.protocol_schemas import SERVER_SCHEMAS, check_server_frame, schema_for

ALLOWED = {"crane", "ghost"}


def begun(secret="ghost"):
    duel, _ = Duel.begin((1, 2), list(secret), secret, random.Random(0), 100.0, 30.0)
    return duel


def play(duel, word, now):
    return duel.guess(duel.to_move, word, list(word), word in ALLOWED, now)[0]


def test_every_frame_class_has_a_schema_and_round_trips():
    assert set(SERVER_SCHEMAS) == set(wire.FRAMES)
    duel = play(begun(), "crane", 101.0)
    samples = [
        frames.DuelStartedFrame.of(7, 1, duel, 100.5),
        frames.DuelViewFrame(views.DuelView.of(7, 1, duel, 102.0)),
        frames.row_played(7, duel.rows[0], 0),
        frames.ErrorFrame.of("wrong_length", length=5),
        frames.tournament_event(RoundEnded(3)),
        frames.tournament_event(PlacementFixed(4, 6, 2, False, 1010, -11)),
        frames.TournamentEndedFrame.of(9, TournamentEnded({1: 1, 2: 2}, 1), {1: 7, 2: -7}, [2, 1]),
    ]
    for frame in samples:
        message = check_server_frame(frame.write())
        assert message["type"] == frame.TYPE
    placement = json.loads(samples[5].write())
    assert placement["rating_after"] == 999
    assert [p["player"] for p in json.loads(samples[6].write())["places"]] == [1, 2]


def test_a_duel_view_hides_the_secret_until_the_end():
    duel = begun()
    for d in (duel, play(duel, "crane", 101.0)):
        text = frames.DuelViewFrame(views.DuelView.of(7, 1, d, 102.0)).write()
        assert "ghost" not in text and json.loads(text)["duel"]["secret"] is None
    over = play(duel, "ghost", 101.0)
    assert views.DuelView.of(7, 1, over, 102.0).secret == "ghost"
    ended = json.loads(frames.DuelEndedFrame.of(7, over).write())
    assert (ended["outcome"], ended["winner"], ended["secret"]) == ("win", over.starter, "ghost")


def test_a_void_duel_ends_without_a_winner_and_is_recorded_so():
    duel = begun()
    ended = frames.DuelEndedFrame.of(7, duel, outcome="void")
    assert (ended.outcome, ended.winner, ended.loser, ended.secret) == ("void", None, None, "ghost")
    played = PlayedDuel.of(3, 1, duel, result="void")
    assert (played.result, played.winner, played.rows) == ("void", None, ())


@pytest.mark.parametrize(
    "message",
    [
        {
            "type": "turn",
            "duel": 1,
            "player": 2,
            "turn": 7,
            "turn_ms": 1,
            "deadline": 1,
            "remaining_ms": 1,
        },  # a player has six turns
        {
            "type": "guess_scored",
            "duel": 1,
            "index": 0,
            "player": 2,
            "letters": ["a"],
            "marks": "q",
            "skipped": False,
        },
        {"type": "lives", "player": 2, "lives": 4},
        {"type": "error", "code": "no_such_code", "message": "?"},
        {"type": "pong", "t": "soon", "server_time": 1},
        {"type": "lives", "player": 2, "lives": 1, "extra": True},
    ],
)
def test_the_derived_schemas_keep_the_constraints(message):
    with pytest.raises(ValueError):
        check_server_frame(json.dumps(message))


def test_schemas_are_derived_once_per_class():
    assert schema_for(frames.TurnFrame) is schema_for(frames.TurnFrame)


def test_every_frame_class_is_named_after_its_type():
    for type_, cls in wire.FRAMES.items():
        expected = "".join(part.capitalize() for part in type_.split("_")) + "Frame"
        assert cls.__name__ == expected, f"{type_!r} is sent by {cls.__name__}, not {expected}"


def test_every_code_has_its_english_text_and_nothing_else_does():
    from protocol import codes, texts

    assert len(set(codes.CODES)) == len(codes.CODES)
    assert set(texts.TEXTS) == set(codes.CODES)
