"""What a lobby shows: its state records and the wire views built from them (the lobby
message, player status, duel views, the tournament and the full snapshot). Pure functions of
the lobby's state; the lobby actor calls them and sends the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from actors import wire
from actors.clock import Timer
from actors.messages import Player
from actors.runtime import ActorRef
from models.tournament import SEATS

if TYPE_CHECKING:
    from actors.lobby import LobbyActor


@dataclass
class DuelSlot:
    ref: ActorRef
    pair: tuple[int, int]
    round: int
    secret: str
    view: dict[str, Any]
    over: bool = False


@dataclass
class Presence:
    player: Player
    conn: ActorRef | None
    away_since: float | None = None
    grace: Timer | None = None
    attached: bool = True  # False once they left or were released: no more frames


def lobby_wire(lobby: LobbyActor) -> dict[str, Any]:
    return {
        "id": lobby.lobby_id,
        "language": lobby.language,
        "status": lobby.status,
        "capacity": SEATS,
        "average": round(lobby._average(), 1),
        "bot_fill_at": wire.ms(lobby.fill_at) if lobby.status == "waiting" else None,
        "party": lobby.party_id,
        "seats": [
            {**pr.player.wire(), "connected": pr.conn is not None} for pr in lobby.people.values()
        ],
    }


def player_status(player_id: int, pr: Presence, grace: float) -> dict[str, Any]:
    """Whether a player is connected, and when they count as gone if not."""
    gone_at = None if pr.away_since is None else wire.ms(pr.away_since + grace)
    return {
        "type": "player_status",
        "player": player_id,
        "connected": pr.conn is not None,
        "gone_at": gone_at,
    }


def fresh_duel_view(slot: DuelSlot, now: float) -> dict[str, Any]:
    """The duel's last view, with the time left recomputed for now."""
    view = dict(slot.view)
    if view.get("deadline") is not None:
        view["remaining_ms"] = max(0, view["deadline"] - wire.ms(now))
    return view


def tournament_wire(lobby: LobbyActor, now: float) -> dict[str, Any] | None:
    t = lobby.t
    if t is None:
        return None
    grace = lobby.settings.reconnect_grace_seconds
    standings = t.standings()
    for s in standings:
        status = player_status(s["player"], lobby.people[s["player"]], grace)
        s["connected"], s["gone_at"] = status["connected"], status["gone_at"]
    pairing = t.pairing
    return {
        "id": lobby.tournament_id,
        "round": t.round,
        "phase": t.phase.value,
        "intro_ends_at": wire.ms(lobby.intro_ends_at),
        "intro_remaining_ms": wire.remaining_ms(lobby.intro_ends_at, now),
        "pairs": [list(p) for p in pairing.pairs] if pairing else [],
        "bye": pairing.bye if pairing else None,
        "standings": standings,
        "duels": [
            {
                "id": i,
                "players": list(s.pair),
                "length": s.view.get("length"),
                "over": s.over,
                "outcome": s.view.get("outcome"),
                "winner": s.view.get("winner"),
            }
            for i, s in lobby.duels.items()
            if s.round == t.round
        ],
    }


def snapshot(lobby: LobbyActor, player_id: int, now: float) -> dict[str, Any]:
    """Everything a client needs to draw the screen, in one message."""
    own = lobby.duels.get(lobby.duel_of.get(player_id, -1))
    watched = lobby.duels.get(lobby.watching.get(player_id, -1))
    return {
        "type": "snapshot",
        "you": player_id,
        "lobby": lobby_wire(lobby),
        "tournament": tournament_wire(lobby, now),
        "duel": fresh_duel_view(own, now) if own is not None else None,
        "watching": fresh_duel_view(watched, now) if watched is not None else None,
    }
