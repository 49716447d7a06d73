"""Pages of what was played, at stable links: a finished tournament (/tournaments/<id>:
placements, rating changes, every duel's board to replay row by row, the viewer's own duels
first in each round and open, each secret kept out of the page's text until the replay reaches
the row that found it, see replay.html) and a
player's profile (/players/<id>: rating history drawn as a chart, recent tournaments linking to
their replays). Rendered in the player's language from the store's reads, readable without
JavaScript; web/static/js/replay.js adds the replay's controls (play, pause, step)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Blueprint, Response
from marshmallow import ValidationError

from models.rules import START_RATING
from models.store.errors import NotFound
from models.store.reads import Summary, SummaryDuel
from models.store.values import PlayerInfo
from web.api_schemas import IdPath
from web.auth import player_from_request
from web.current import store
from web.i18n import Translator
from web.languages import letters_of, written_of
from web.pages import render, translator

T = TypeVar("T")

history = Blueprint("history", __name__)

ISOLATE = "\u2068{}\u2069"  # a name keeps its own direction inside a sentence
CHART_W, CHART_H = 400, 150
CHART_PAD = {"left": 46, "right": 10, "top": 12, "bottom": 12}


def _id(value: str) -> int | None:
    try:
        return IdPath().load({"id": value})["id"]
    except ValidationError:
        return None


def _read(read: Callable[[int], T], value: str) -> T | None:
    """`read(id)` for the id in a URL; None when the id is malformed or unknown."""
    key = _id(value)
    try:
        return read(key) if key is not None else None
    except NotFound:
        return None


def _not_found(t: Translator) -> Response:
    return render(
        t, "message.html", 404, heading=t("page.not_found_title"), text=t("page.not_found")
    )


# --- a finished tournament -------------------------------------------------------------------


@dataclass(frozen=True)
class RowView:
    player: int
    side: str  # "a" or "b": whose colour the row carries
    letters: list[str] | None  # None for a skipped turn
    marks: str | None
    label: str  # the row in words, for screen readers


@dataclass(frozen=True)
class DuelView:
    id: int
    round: int
    players: tuple[int, int]  # side a first
    length: int
    secret_letters: list[str]
    outcome: str  # the duel in one sentence, its word shown (for the script to show at the end)
    outcome_masked: str  # the same with "?" for each letter of the word: the page's text
    reveal_at: int  # rows shown when the word may be: the row that found it, else all rows
    rows: list[RowView]
    mine: bool  # the viewer played it


def recap_text(
    t: Translator,
    result: str,
    players: tuple[int, int],
    winner: int | None,
    rows: int,
    word: str | None,
    name: dict[int, str],
) -> str:
    """How a duel was settled, in one sentence ("Ada beat Bo with CRANE in 4 rows.")."""
    a, b = (ISOLATE.format(name[p]) for p in players)
    shown = word.upper() if word else ""
    if result == "win" and winner is not None:
        loser = players[1] if winner == players[0] else players[0]
        return t(
            "recap.win",
            winner=ISOLATE.format(name[winner]),
            loser=ISOLATE.format(name[loser]),
            word=shown,
            rows=rows,
        )
    if result == "draw":
        return t("recap.draw", a=a, b=b, word=shown)
    if result == "forfeit" and winner is not None:
        loser = players[1] if winner == players[0] else players[0]
        return t(
            "recap.forfeit", winner=ISOLATE.format(name[winner]), loser=ISOLATE.format(name[loser])
        )
    return t("recap.void", a=a, b=b)


def _duel_view(
    t: Translator,
    duel: SummaryDuel,
    name: dict[int, str],
    split: Any,
    me: int | None,
    write: Any = lambda w: (w, list(w)),
) -> DuelView:
    written = write(duel.secret)  # the store keeps the folded secret; show it as written
    first = me if me in duel.players else duel.players[0]
    players = (first, duel.players[1] if first == duel.players[0] else duel.players[0])
    rows = []
    for n, row in enumerate(duel.rows, start=1):
        letters = split(row.word) if row.word is not None else None
        if letters is None:
            content = t("duel.skipped_aria")
        else:
            content = ", ".join(
                t(f"duel.tile_{mark}", letter=letter)
                for letter, mark in zip(letters, row.marks or "", strict=False)
            )
        rows.append(
            RowView(
                player=row.player,
                side="a" if row.player == first else "b",
                letters=letters,
                marks=row.marks,
                label=t("duel.row_aria", n=n, name=name[row.player], content=content),
            )
        )
    return DuelView(
        id=duel.id,
        round=duel.round,
        players=players,
        length=duel.length,
        secret_letters=written[1],
        outcome=recap_text(
            t, duel.result, duel.players, duel.winner, len(duel.rows), written[0], name
        ),
        outcome_masked=recap_text(
            t,
            duel.result,
            duel.players,
            duel.winner,
            len(duel.rows),
            "?" * len(written[1]),
            name,
        ),
        reveal_at=len(duel.rows),  # a won duel's last row found the word; a draw ends there
        rows=rows,
        mine=me in duel.players,
    )


def _rounds(t: Translator, summary: Summary, me: int | None) -> list[tuple[int, list[DuelView]]]:
    name = {e.player.id: e.player.nickname for e in summary.entries}
    split = letters_of(summary.language)
    write = written_of(summary.language)
    rounds: dict[int, list[DuelView]] = {}
    for duel in summary.duels:
        rounds.setdefault(duel.round, []).append(_duel_view(t, duel, name, split, me, write))
    for duels in rounds.values():
        duels.sort(key=lambda d: not d.mine)  # the viewer's own duel first (a stable sort)
    return sorted(rounds.items())


@history.get("/tournaments/<tournament_id>")
def tournament_page(tournament_id: str) -> Response:
    """A finished (or stopped) tournament; a running one says so and comes back later."""
    t = translator()
    summary = _read(store().tournament_summary, tournament_id)
    if summary is None:
        return _not_found(t)
    if summary.status == "running":
        return render(
            t,
            "message.html",
            409,
            heading=t("replay.running_title"),
            text=t("replay.running"),
        )
    viewer = player_from_request()
    me = viewer.id if viewer else None
    rounds = _rounds(t, summary, me)
    duels = [d for _, ds in rounds for d in ds]
    mine = [d.id for d in duels if d.mine]
    opened = mine or [duels[-1].id] if duels else []  # all your duels, else the final
    return render(
        t,
        "replay.html",
        summary=summary,
        rounds=rounds,
        opened=opened,
        me=me,
        players={e.player.id: e.player for e in summary.entries},
    )


# --- a player's profile --------------------------------------------------------------------


@dataclass(frozen=True)
class Chart:
    """A rating history as an SVG line: points in the chart's own coordinates."""

    points: list[tuple[float, float]]
    ticks: list[tuple[float, int]]  # (y, rating) labels on the side
    baseline: float | None  # y of the start rating, when it is in range
    left: float  # where the plot begins and ends, across
    right: float
    first: int
    last: int
    low: int
    high: int


def rating_chart(ratings: list[int]) -> Chart | None:
    """The chart of ratings in order (tournaments evenly spaced); None with nothing to draw."""
    if not ratings:
        return None
    low, high = min(ratings), max(ratings)
    span_low: float = low
    span_high: float = high
    if span_high - span_low < 40:  # a flat history still has room around it
        middle = (span_low + span_high) / 2
        span_low, span_high = middle - 20, middle + 20
    left, right = CHART_PAD["left"], CHART_W - CHART_PAD["right"]
    top, bottom = CHART_PAD["top"], CHART_H - CHART_PAD["bottom"]

    def y(rating: float) -> float:
        return round(bottom - (rating - span_low) / (span_high - span_low) * (bottom - top), 1)

    step = (right - left) / max(1, len(ratings) - 1)
    points = [
        (round(left + i * step if len(ratings) > 1 else (left + right) / 2, 1), y(r))
        for i, r in enumerate(ratings)
    ]
    ticks = [(y(high), high)] if high == low else [(y(high), high), (y(low), low)]
    baseline = y(START_RATING) if span_low <= START_RATING <= span_high else None
    return Chart(points, ticks, baseline, left, right, ratings[0], ratings[-1], low, high)


@history.get("/players/<player_id>")
def player_page(player_id: str) -> Response:
    t = translator()
    profile = _read(store().player_profile, player_id)
    if profile is None:
        return _not_found(t)
    ratings = [p.rating for p in profile.history]
    if ratings and len(ratings) >= profile.placements:  # the whole history: from the start
        ratings.insert(0, START_RATING)
    viewer: PlayerInfo | None = player_from_request()
    return render(
        t,
        "profile.html",
        profile=profile,
        chart=rating_chart(ratings),
        size=(CHART_W, CHART_H),
        mine=viewer is not None and viewer.id == profile.player.id,
        me=viewer.id if viewer else None,  # who may report the nickname (not oneself)
    )
