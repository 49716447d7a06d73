"""The English text of every code the server sends (protocol/codes.py), by code.

Clients show their own translation of the code when they have one; these texts are the
fallback, and `text` fills in their values (a word's length, a size limit...).
"""

from __future__ import annotations

from typing import Any

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
    "placement_pending": "Your place in the tournament you left is fixed when its round ends; "
    "then you can play again.",
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
    "tournament_abandoned": "Every person has left, so the tournament stopped. "
    "Places already fixed keep their rating changes; the bots get none.",
    "tournament_not_started": "The tournament could not start: the server is too busy or "
    "cannot reach its database. Nothing was recorded; play again in a moment.",
    "slow_consumer": "Your connection is too slow to keep up.",
    "banned": "This account is banned from this server.",
    "renamed": "A moderator replaced your nickname; you are now {nickname}.",
}


def text(code: str, **values: Any) -> str:
    return TEXTS[code].format(**values)
