"""What a lobby's players see of its tournament: the views and turn frames built from the
state value (a snapshot's tournament and duels, the recap of the round just played).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import cast

from models.duel import Duel, TurnStarted
from models.lobby.state import DuelSlot, Run
from protocol import server as frames
from protocol import views, wire
from protocol.wire import Outcome


def as_id(player: Hashable) -> int:
    """The rules keep players as any hashable value; a lobby's are player ids."""
    return cast(int, player)


def pair_ids(pair: tuple[Hashable, Hashable]) -> tuple[int, int]:
    return cast("tuple[int, int]", pair)


def recap(run: Run) -> tuple[views.RecapView, ...]:
    """How each pair of the round just played was settled, with its duel's secret."""
    if not run.t.history:
        return ()
    _pairing, settled = run.t.history[-1]
    rnd = run.t.round
    by_pair: dict[frozenset[Hashable], DuelSlot] = {
        frozenset(s.pair): s for s in run.duels if s.round == rnd
    }
    out = []
    for result in settled:
        slot = by_pair.get(frozenset(result.pair))
        outcome = "void" if slot is not None and slot.void else result.result.value
        out.append(
            views.RecapView(
                players=[as_id(p) for p in result.pair],
                duel=slot.id if slot is not None else None,
                outcome=cast(Outcome, outcome),
                winner=as_id(result.winner) if result.winner is not None else None,
                secret=slot.duel.shown_word if slot is not None else None,
                rows=len(slot.duel.rows) if slot is not None else 0,
            )
        )
    return tuple(out)


def duel_view(slot: DuelSlot, now: float) -> views.DuelView:
    return views.DuelView.of(slot.id, slot.round, slot.duel, now)


def duel_views(
    run: Run, player_id: int, now: float
) -> tuple[views.DuelView | None, views.DuelView | None]:
    """The player's own duel of this round and the duel they watch (each may be None)."""
    own = run.own_duel(player_id)
    watched_id = run.watched_by(player_id)
    watched = run.slot(watched_id) if watched_id is not None else None
    return (
        duel_view(own, now) if own is not None else None,
        duel_view(watched, now) if watched is not None else None,
    )


def tournament_view(
    run: Run, status: Callable[[int], frames.PlayerStatusFrame], now: float
) -> views.TournamentView:
    """The tournament as a snapshot shows it; `status` says who is connected."""
    t = run.t
    standings = []
    for s in t.standings():
        seen = status(s["player"])
        standings.append(views.StandingView(**s, connected=seen.connected, gone_at=seen.gone_at))
    pairing = t.pairing
    return views.TournamentView(
        id=run.tournament_id,
        round=t.round,
        phase=t.phase.value,
        intro_ends_at=wire.ms(run.intro_ends_at),
        intro_remaining_ms=wire.remaining_ms(run.intro_ends_at, now),
        pairs=[[as_id(p) for p in pair] for pair in pairing.pairs] if pairing else [],
        bye=as_id(pairing.bye) if pairing and pairing.bye is not None else None,
        standings=standings,
        recap=list(run.recap),
        duels=[
            views.DuelSummaryView(
                id=s.id,
                players=list(s.pair),
                length=s.duel.length,
                over=s.over,
                outcome=cast("Outcome | None", "void" if s.void else _outcome(s.duel)),
                winner=as_id(s.duel.winner) if s.duel.winner is not None else None,
                rows=len(s.duel.rows),
                greens=views.best_greens(s.duel),
                to_move=None if s.over else wire.maybe_pid(s.duel.to_move),
                max_turns=s.duel.max_turns,
            )
            for s in run.duels
            if s.round == t.round
        ],
    )


def next_turn(duel: Duel, e: TurnStarted, now: float) -> views.NextTurn:
    """The turn a row hands over, sent inside the row's frame."""
    return views.NextTurn(
        as_id(e.player),
        e.turn,
        wire.ms(duel.turn_seconds),
        wire.ms(e.deadline),
        wire.remaining_ms(e.deadline, now),
    )


def turn(
    duel_id: int, duel: Duel, player: int, deadline: float | None, now: float, number: int = 1
) -> frames.TurnFrame:
    assert deadline is not None, "a turn runs against its deadline"
    return frames.TurnFrame(
        duel_id,
        player,
        number,
        wire.ms(duel.turn_seconds),
        wire.ms(deadline),
        wire.remaining_ms(deadline, now),
    )


def _outcome(duel: Duel) -> str | None:
    return duel.outcome.value if duel.outcome else None
