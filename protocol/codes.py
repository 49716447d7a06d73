"""The protocol's version and every code the server sends (errors, rejections, reasons).

A code is what a client acts on and translates; protocol/texts.py holds the English text of
each (the fallback a client shows when it has no translation of its own).
"""

from __future__ import annotations

PROTOCOL_VERSION = 1

# the handshake header the server's own bots show its bot credential in (web/ws.py)
BOT_HEADER = "X-Wordle-Bot"

# why a guess was refused (`guess_rejected`, `error`)
GUESS_CODES = (
    "duel_over",
    "not_in_duel",
    "not_your_turn",
    "wrong_length",
    "not_letters",
    "not_a_word",
    "no_duel",
)
# what was wrong with a frame the client sent (`error`)
FRAME_CODES = (
    "bad_json",
    "bad_message",
    "unknown_type",
    "too_large",
    "rate_limited",
    "binary_frame",
    "unsupported_version",
    "unauthorized",
)
# lobbies and tournaments: refusals, departures, stops (`error`, `left`, `tournament_aborted`)
GAME_CODES = (
    "unknown_language",
    "already_playing",
    "placement_pending",
    "not_in_lobby",
    "in_party",
    "shutting_down",
    "no_such_duel",
    "cannot_spectate",
    "replaced",
    "grace_expired",
    "left",
    "left_lobby",
    "duel_void",
    "tournament_aborted",
    "tournament_stopped",
    "tournament_abandoned",
    "tournament_not_started",
    "slow_consumer",
    "banned",
    "renamed",
)
CODES = GUESS_CODES + FRAME_CODES + GAME_CODES
