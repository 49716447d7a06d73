"""Server-to-client messages: each builder returns the dict a client receives.

web/protocol.py holds the marshmallow schema of every message built here, and web/PROTOCOL.md
documents them; tests check every frame a game sends against those schemas. Times are server
wall-clock milliseconds, each with the milliseconds remaining when the frame was built.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from models.duel import Duel, Row
from models.tournament import LifeLost, PlacementFixed, PlayerEliminated, RoundEnded, RoundIntro

PROTOCOL_VERSION = 1


def encode(message: Mapping[str, Any]) -> str:
    """Encode once, send to many: the text goes to every recipient as is."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def ms(seconds: float | None) -> int | None:
    return None if seconds is None else int(round(seconds * 1000))


def remaining_ms(deadline: float | None, now: float) -> int | None:
    return None if deadline is None else max(0, int(round((deadline - now) * 1000)))


def lives_map(lives: Mapping[int, int]) -> dict[str, int]:
    return {str(p): n for p, n in lives.items()}


# Every human-readable text the server sends, by code. Clients show their own translation of
# the code when they have one; these English texts are the fallback.
TEXTS: dict[str, str] = {
    # guesses
    "duel_over": "This duel is over.",
    "not_in_duel": "You are not playing in this duel.",
    "not_your_turn": "It is not your turn.",
    "wrong_length": "The word must have {length} letters.",
    "not_letters": "Use only the letters of this language.",
    "not_a_word": "Not in the word list.",
    "no_duel": "You have no duel running.",
    # frames
    "bad_json": "The frame is not valid JSON.",
    "bad_message": "The message is not valid: {details}",
    "unknown_type": "Unknown message type.",
    "too_large": "The frame is too large (limit {limit} bytes).",
    "rate_limited": "Too many messages; slow down.",
    "binary_frame": "Send JSON text frames, not binary ones.",
    "unsupported_version": "This server speaks protocol version {version}; reload the page.",
    "unauthorized": "Sign in first (POST /api/session).",
    # lobbies and tournaments
    "unknown_language": "Unknown language.",
    "already_playing": "You are already in a lobby or a tournament.",
    "not_in_lobby": "You are not in a lobby.",
    "in_party": "Your party's leader starts the game for the whole party.",
    "shutting_down": "The server is restarting; no new games for now.",
    "no_such_duel": "There is no such live duel.",
    "cannot_spectate": "You can watch other duels when your own is not running.",
    "replaced": "You opened the game somewhere else; this window is disconnected.",
    "grace_expired": "You were away too long and have left the tournament.",
    "left": "You left the tournament.",
    "left_lobby": "You left the lobby.",
    "duel_void": "This duel was cancelled by a server error; nobody loses a life.",
    "tournament_aborted": "The tournament was stopped by a server error. "
    "Places already fixed keep their rating changes; nobody else's rating changes.",
    "tournament_stopped": "The server is restarting and stopped this tournament. "
    "Places already fixed keep their rating changes; nobody else's rating changes.",
    "slow_consumer": "Your connection is too slow to keep up.",
}


def text(code: str, **values: Any) -> str:
    return TEXTS[code].format(**values)


def error(code: str, **values: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": text(code, **values)}


def row(r: Row, index: int) -> dict[str, Any]:
    return {
        "index": index,
        "player": r.player,
        "letters": list(r.letters) if r.letters else None,
        "marks": r.marks,
        "skipped": r.skipped,
    }


def duel_view(duel_id: int, round_: int, duel: Duel, now: float) -> dict[str, Any]:
    """Everything needed to draw a duel. The secret is None until the duel is over."""
    return {
        "id": duel_id,
        "round": round_,
        "players": list(duel.players),
        "length": duel.length,
        "starter": duel.starter,
        "rows": [row(r, i) for i, r in enumerate(duel.rows)],
        "to_move": duel.to_move,
        "deadline": ms(duel.deadline),
        "remaining_ms": remaining_ms(duel.deadline, now),
        "max_turns": duel.max_turns,
        "turn_ms": ms(duel.turn_seconds),
        "outcome": duel.outcome.value if duel.outcome else None,
        "winner": duel.winner,
        "secret": duel.secret_word if duel.over else None,
        "secret_letters": list(duel.secret) if duel.over else None,
    }


def duel_started(duel_id: int, round_: int, duel: Duel, now: float) -> dict[str, Any]:
    return {
        "type": "duel_started",
        "duel": duel_id,
        "round": round_,
        "players": list(duel.players),
        "length": duel.length,
        "starter": duel.starter,
        "max_turns": duel.max_turns,
        "turn_ms": ms(duel.turn_seconds),
        "deadline": ms(duel.deadline),
        "remaining_ms": remaining_ms(duel.deadline, now),
    }


def turn(
    duel_id: int, player: int, number: int, deadline: float, now: float, turn_seconds: float
) -> dict[str, Any]:
    return {
        "type": "turn",
        "duel": duel_id,
        "player": player,
        "turn": number,
        "turn_ms": ms(turn_seconds),
        "deadline": ms(deadline),
        "remaining_ms": remaining_ms(deadline, now),
    }


def row_played(duel_id: int, r: Row, index: int) -> dict[str, Any]:
    if r.skipped:
        return {"type": "turn_skipped", "duel": duel_id, "index": index, "player": r.player}
    return {"type": "guess_scored", "duel": duel_id, **row(r, index)}


def guess_rejected(duel_id: int, word: str, reason: str, length: int) -> dict[str, Any]:
    return {
        "type": "guess_rejected",
        "duel": duel_id,
        "word": word,
        "reason": reason,
        "message": text(reason, length=length),
    }


def duel_ended(
    duel_id: int,
    outcome: str,
    winner: int | None,
    loser: int | None,
    secret: str,
    secret_letters: Iterable[str],
) -> dict[str, Any]:
    return {
        "type": "duel_ended",
        "duel": duel_id,
        "outcome": outcome,
        "winner": winner,
        "loser": loser,
        "secret": secret,
        "secret_letters": list(secret_letters),
    }


# --- connection and home ------------------------------------------------------------------


def welcome(player: Mapping[str, Any], now: float) -> dict[str, Any]:
    return {"type": "welcome", "v": PROTOCOL_VERSION, "you": dict(player), "server_time": ms(now)}


def pong(t: Any, now: float) -> dict[str, Any]:
    return {"type": "pong", "t": t, "server_time": ms(now)}


def home(party: Mapping[str, Any] | None) -> dict[str, Any]:
    return {"type": "home", "party": party}


def party(view: Mapping[str, Any] | None) -> dict[str, Any]:
    return {"type": "party", "party": view}


def closing(kind: str, code: str) -> dict[str, Any]:
    """The last frame before the server closes a connection (`replaced`, or an `error`)."""
    return {"type": kind, "code": code, "message": text(code)}


# --- lobby and tournament -----------------------------------------------------------------


def lobby(view: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "lobby", "lobby": view}


def left(reason: str) -> dict[str, Any]:
    return {"type": "left", "reason": reason, "message": text(reason)}


def duel_view_message(view: Mapping[str, Any] | None) -> dict[str, Any]:
    return {"type": "duel_view", "duel": view}


def tournament_started(
    tournament_id: int | None, lobby_view: Mapping[str, Any], lives: Mapping[int, int]
) -> dict[str, Any]:
    return {
        "type": "tournament_started",
        "tournament": tournament_id,
        "lobby": lobby_view,
        "lives": lives_map(lives),
    }


def round_intro(e: RoundIntro, ends_at: float, now: float) -> dict[str, Any]:
    return {
        "type": "round_intro",
        "round": e.round,
        "pairs": [list(p) for p in e.pairs],
        "bye": e.bye,
        "lives": lives_map(e.lives),
        "ends_at": ms(ends_at),
        "remaining_ms": remaining_ms(ends_at, now),
    }


def tournament_event(e: LifeLost | PlayerEliminated | RoundEnded | PlacementFixed) -> dict:
    """A tournament event everyone in the lobby hears about."""
    if isinstance(e, LifeLost):
        return {"type": "lives", "player": e.player, "lives": e.lives}
    if isinstance(e, PlayerEliminated):  # the place is pending until the round ends
        return {
            "type": "eliminated",
            "player": e.player,
            "round": e.round,
            "left": e.left,
            "place": None,
        }
    if isinstance(e, RoundEnded):
        return {"type": "round_ended", "round": e.round}
    return {
        "type": "placement",
        "player": e.player,
        "place": e.place,
        "round": e.round,
        "left": e.left,
        "rating_before": e.rating_before,
        "rating_change": e.rating_change,
        "rating_after": e.rating_before + e.rating_change,
    }


def tournament_ended(
    tournament_id: int | None,
    winner: int | None,
    places: Mapping[int, int],
    changes: Mapping[int, int],
    seats: Sequence[int],
) -> dict[str, Any]:
    order = sorted(places, key=lambda p: (places[p], seats.index(p)))
    return {
        "type": "tournament_ended",
        "tournament": tournament_id,
        "winner": winner,
        "places": [{"player": p, "place": places[p], "rating_change": changes[p]} for p in order],
    }


def tournament_aborted(tournament_id: int | None, code: str) -> dict[str, Any]:
    return {
        "type": "tournament_aborted",
        "tournament": tournament_id,
        "code": code,
        "message": text(code),
    }
