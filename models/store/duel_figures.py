"""A player's figures over every duel they played, for the profile: duels played and won,
average rows to solve, how many wins took 1, 2, ... rows, and the current and best streak of
duels won in a row. Computed by the database (two grouped queries and one column of results),
so a player with thousands of duels stays fast."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from peewee import JOIN, fn

from models.store.tables import DuelRow, GuessRow

PLAYED = ("win", "draw", "forfeit")  # a cancelled ("void") duel was not played out


@dataclass(frozen=True)
class DuelFigures:
    played: int  # duels played out (cancelled ones are not counted)
    won: int  # by finding the word or by the other player leaving
    solved: int  # won by finding the word: the wins the rows below count
    average_rows: float | None  # rows of the board per solved duel (both players' rows)
    distribution: dict[int, int]  # rows of the board -> solved duels that took that many
    current_streak: int  # duels won in a row up to the last one (a draw or a loss ends it)
    best_streak: int


def duel_figures(pid: int) -> DuelFigures:
    """The figures of player `pid` (call inside a read transaction)."""
    mine = ((DuelRow.player_a == pid) | (DuelRow.player_b == pid)) & DuelRow.result.in_(PLAYED)
    rows = fn.COUNT(GuessRow.id).alias("n_rows")
    per_duel = (
        DuelRow.select(DuelRow.id, rows)
        .join(GuessRow, JOIN.LEFT_OUTER, on=(GuessRow.duel == DuelRow.id))
        .where((DuelRow.winner == pid) & (DuelRow.result == "win"))
        .group_by(DuelRow.id)
        .alias("won")
    )
    counted: Any = (
        DuelRow.select(per_duel.c.n_rows, fn.COUNT(1))
        .from_(per_duel)
        .group_by(per_duel.c.n_rows)
        .order_by(per_duel.c.n_rows)
        .tuples()
    )
    distribution = {int(n): int(count) for n, count in counted}
    # who won each duel, oldest first: the streaks are runs of the player's id in this column
    ended: Any = (
        DuelRow.select(DuelRow.winner).where(mine).order_by(DuelRow.ended_at, DuelRow.id).tuples()
    )
    winners: list[int | None] = [w for (w,) in ended]
    best = run = 0
    for w in winners:
        run = run + 1 if w == pid else 0
        best = max(best, run)
    solved = sum(distribution.values())
    return DuelFigures(
        played=len(winners),
        won=winners.count(pid),
        solved=solved,
        average_rows=(
            round(sum(n * c for n, c in distribution.items()) / solved, 2) if solved else None
        ),
        distribution=distribution,
        current_streak=run,
        best_streak=best,
    )
