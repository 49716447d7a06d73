"""A waiting lobby shows renames at most once per WT_RENAME_SHOW_SECONDS (the latest names
win), and its call for bots names the addresses of its people (their bot budget)."""

from __future__ import annotations

import itertools
import random

from models.lobby import effects as fx
from models.lobby.inputs import FillWithBots, Seat, ShowNames
from models.lobby.state import Context, Lobby, new_lobby
from models.lobby.step import step
from models.player import Player, PlayerChanged
from models.settings import Settings
from protocol import server as frames

T0 = 1000.0


def _lobby(**settings: object) -> tuple[Lobby[str], Context]:
    ctx = Context(
        Settings(bot_fill=False, **settings),  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]  # a waiting lobby never looks at its words
        random.Random(1),
        itertools.count(1),
        bots=True,
    )
    return new_lobby(1, "en", T0), ctx


def _seated(n: int, **settings: object) -> tuple[Lobby[str], Context]:
    state, ctx = _lobby(**settings)
    players = tuple(
        Player(i, f"p{i}", "0001", 1000, address=f"10.0.0.{i % 2}") for i in range(1, n + 1)
    )
    state, _ = step(state, Seat(players, {p.id: f"c{p.id}" for p in players}), T0, ctx)
    return state, ctx


def _lobby_frames(effects: list[fx.Effect[str]]) -> list[frames.LobbyFrame]:
    return [
        e.frame
        for e in effects
        if isinstance(e, fx.Send) and isinstance(e.frame, frames.LobbyFrame)
    ]


def _names(frame: frames.LobbyFrame) -> dict[int, str]:
    return {p.id: p.nickname for p in frame.lobby.seats}


def _rename(state: Lobby[str], ctx: Context, pid: int, name: str, now: float):
    return step(state, PlayerChanged(Player(pid, name, "0001", 1000)), now, ctx)


def test_twenty_renames_in_a_burst_are_one_frame_now_and_one_later_with_the_latest():
    state, ctx = _seated(3, rename_show_seconds=3.0)
    shown: list[frames.LobbyFrame] = []
    timers: list[fx.After[str]] = []
    for i in range(20):  # 20 renames in 0.6 s
        state, out = _rename(state, ctx, 1 + i % 2, f"name{i}", T0 + 1 + i * 0.03)
        shown += _lobby_frames(out)
        timers += [e for e in out if isinstance(e, fx.After)]
    assert len(shown) == 1 and _names(shown[0])[1] == "name0"
    (timer,) = timers  # one timer, armed by the second rename; the others wait for it
    assert isinstance(timer.message, ShowNames) and timer.key == "names"
    due = T0 + 1 + 3.0
    assert abs(timer.delay - (3.0 - 0.03)) < 1e-9
    state, out = step(state, ShowNames(), due, ctx)
    (later,) = _lobby_frames(out)
    assert _names(later)[1] == "name18" and _names(later)[2] == "name19"
    state, out = _rename(state, ctx, 3, "late", due + 0.5)  # within the next interval
    assert not _lobby_frames(out)
    state, out = step(state, ShowNames(), due + 3.0, ctx)
    assert _names(_lobby_frames(out)[0])[3] == "late"


def test_a_rename_after_a_quiet_interval_shows_at_once():
    state, ctx = _seated(2, rename_show_seconds=3.0)
    state, out = _rename(state, ctx, 1, "first", T0 + 1)
    assert _lobby_frames(out)
    state, out = _rename(state, ctx, 2, "second", T0 + 4.5)
    (frame,) = _lobby_frames(out)
    assert _names(frame) == {1: "first", 2: "second"}
    assert not any(isinstance(e, fx.After) for e in out)


def test_bots_are_wanted_for_the_addresses_of_the_people():
    state, ctx = _seated(3)
    state, out = step(state, FillWithBots(), T0 + 15, ctx)
    (wanted,) = [e for e in out if isinstance(e, fx.WantBots)]
    assert wanted.count == 5 and wanted.addresses == ("10.0.0.0", "10.0.0.1")
