#!/usr/bin/env python3
"""Bot pace: whole bots-only tournaments at the real turn length, on a virtual clock.

    python -m scripts.bench.bot_pace --tournaments 40            # every level, then mixed
    python -m scripts.bench.bot_pace --mix casual:8 --tournaments 100

Eight real `BotBrain`s play each tournament in-process: the pure `Tournament` and `Duel` of
models/ are the server, the frames the bots read are the protocol's own (protocol/server.py),
and the clock jumps from one bot's planned guess (or a turn's deadline) to the next, so a
15-minute tournament takes a fraction of a second and nothing waits. Per mix it prints the
think time of a guess (median, p90, the share in 3-10 s), the share of turns that ran out, the
rounds, and the tournament's minutes at the real timings (each round: intro + its longest
duel + the recap). Run it with another tree first on PYTHONPATH to measure that tree's bots.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from actors.bot_client import BotBrain, known_answers, skill_named
from models.duel import Duel, DuelEnded, Outcome, RowPlayed, TurnStarted
from models.rules import INTRO_SECONDS, TURN_SECONDS, WORD_LENGTHS
from models.settings import Settings
from models.simulation import SKILLS
from models.tournament import Result, Tournament
from models.words import choose_secrets
from protocol import server as frames
from protocol import views, wire

RECAP_SECONDS = Settings().recap_seconds


@dataclass
class Figures:
    """What one mix measured over its tournaments; think times and turns by level."""

    thinks: dict[str, list[float]] = field(default_factory=dict)
    turns: dict[str, int] = field(default_factory=dict)
    timeouts: dict[str, int] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def played(self, level: str, think: float | None) -> None:
        self.turns[level] = self.turns.get(level, 0) + 1
        if think is None:
            self.timeouts[level] = self.timeouts.get(level, 0) + 1
        else:
            self.thinks.setdefault(level, []).append(think)


class Table:
    """The bots of one tournament, fed the frames a server would send them."""

    def __init__(self, brains: dict[int, BotBrain], levels: dict[int, str], fig: Figures):
        self.brains, self.levels, self.fig = brains, levels, fig
        for pid, brain in brains.items():
            brain.on_message({"type": "welcome", "you": {"id": pid}}, 0.0)

    def tell(self, players: Sequence[int], message: dict, now: float) -> None:
        for p in players:
            self.brains[p].on_message(message, now)  # a bot's own 'leave' is not needed here

    def play_duel(
        self,
        duel_id: int,
        pair: tuple,
        secret: str,
        letters: tuple,
        now: float,
        rng: random.Random,
        turn_seconds: float,
    ) -> Duel:
        duel, _ = Duel.begin(pair, letters, secret, rng, now, turn_seconds)
        self.tell(pair, frames.DuelStartedFrame.of(duel_id, 1, duel, now).wire(), now)
        first = frames.TurnFrame(
            duel_id,
            duel.starter,
            1,
            wire.ms(turn_seconds),
            wire.ms(duel.deadline),
            wire.remaining_ms(duel.deadline, now),
        )
        self.tell(pair, first.wire(), now)
        while not duel.over:
            mover, turn_start = duel.to_move, duel.deadline - turn_seconds
            wake = self.brains[mover].next_wakeup()
            if wake is not None and wake < duel.deadline:
                now = max(now, wake)
                (message,) = self.brains[mover].due(now)
                word = message["word"]
                duel, events = duel.guess(mover, word, tuple(word), True, now)
                self.fig.played(self.levels[mover], now - turn_start)
            else:
                now = duel.deadline
                duel, events = duel.tick(now)
                self.fig.played(self.levels[mover], None)
            self._publish(duel_id, duel, events, pair, now)
        return duel

    def _publish(self, duel_id: int, duel: Duel, events: list, pair: tuple, now: float) -> None:
        for i, e in enumerate(events):
            if isinstance(e, RowPlayed):
                after = events[i + 1] if i + 1 < len(events) else None
                handed = None
                if isinstance(after, TurnStarted):
                    handed = views.NextTurn(
                        after.player,
                        after.turn,
                        wire.ms(duel.turn_seconds),
                        wire.ms(after.deadline),
                        wire.remaining_ms(after.deadline, now),
                    )
                self.tell(pair, frames.row_played(duel_id, e.row, e.index, handed).wire(), now)
            elif isinstance(e, DuelEnded):
                self.tell(pair, frames.DuelEndedFrame.of(duel_id, duel).wire(), now)


def play_tournament(
    rng: random.Random,
    answers: dict,
    levels: list[str],
    fig: Figures,
    turn_seconds: float,
    think_scale: float,
) -> None:
    seats = list(range(1, 9))
    by_seat = dict(zip(seats, levels, strict=True))
    brains = {
        p: BotBrain(
            skill_named(by_seat[p]),
            answers,
            random.Random(rng.random()),
            "en",
            leave_when_out=False,
            think_scale=think_scale,
        )
        for p in seats
    }
    table = Table(brains, by_seat, fig)
    words = {n: ["".join(w) for w in ws] for n, ws in answers.items()}
    t = Tournament.create(seats, dict.fromkeys(seats, 1000))
    used: set[str] = set()
    clock, duel_ids = 0.0, iter(range(1, 10_000))
    while True:
        t, _ = t.begin_round(rng)
        if t.finished:
            break
        t, _ = t.start_play()
        clock += INTRO_SECONDS
        pairs = t.unsettled_pairs()
        round_end = clock
        for pair, secret in zip(pairs, choose_secrets(rng, words, len(pairs), used), strict=True):
            duel = table.play_duel(
                next(duel_ids), pair, secret, tuple(secret), clock, rng, turn_seconds
            )
            round_end = max(round_end, duel.ended_at)
            result = Result.DRAW if duel.outcome is Outcome.DRAW else Result.WIN
            t, _ = t.record_duel(pair, result, duel.winner)
        clock = round_end + RECAP_SECONDS
        if t.finished:
            break
    fig.rounds.append(t.round)
    fig.seconds.append(clock)


def levels_of(mix: str, rng: random.Random) -> list[str]:
    if mix == "mixed":
        mix = ",".join(f"{name}:2" for name in SKILLS)
    out = []
    for part in mix.split(","):
        name, _, count = part.partition(":")
        skill_named(name)
        out += [name] * int(count or 8)
    if len(out) != 8:
        raise ValueError(f"a mix names 8 bots, got {len(out)}")
    rng.shuffle(out)
    return out


def p90(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=10)[-1] if len(xs) > 1 else (xs or [0.0])[0]


def report(mix: str, fig: Figures, turn_seconds: float) -> list[str]:
    lines = []
    for level in [*sorted(fig.turns, key=list(SKILLS).index), "all"]:
        if level == "all":
            thinks = [x for xs in fig.thinks.values() for x in xs]
            turns, outs = sum(fig.turns.values()), sum(fig.timeouts.values())
        else:
            thinks = fig.thinks.get(level, [])
            turns, outs = fig.turns[level], fig.timeouts.get(level, 0)
        lively = sum(3.0 <= x <= 10.0 for x in thinks) / max(1, len(thinks))
        lines.append(
            f"{mix:<10} {level:<7} {statistics.median(thinks):6.1f} {p90(thinks):6.1f} "
            f"{lively:7.0%} {turns:6d} {outs / max(1, turns):8.1%} ({outs})"
        )
    scale = TURN_SECONDS / turn_seconds  # minutes as at the real turn length
    lines.append(
        f"{mix:<10} rounds {statistics.mean(fig.rounds):.1f}, tournament "
        f"{statistics.mean(fig.seconds) * scale / 60:.1f} min (median "
        f"{statistics.median(fig.seconds) * scale / 60:.1f})"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    import wordlists

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tournaments", type=int, default=40, help="per mix")
    parser.add_argument("--mix", help="e.g. casual:8 or strong:2,weak:6; default: every level")
    parser.add_argument("--turn-seconds", type=float, default=TURN_SECONDS)
    parser.add_argument("--think-scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    answers = known_answers(wordlists.load_language(wordlists.default_folder(), "en"))
    answers = {n: answers[n] for n in WORD_LENGTHS}
    mixes = [args.mix] if args.mix else [f"{name}:8" for name in SKILLS] + ["mixed"]
    print(
        f"{'mix':<10} {'level':<7} {'median':>6} {'p90':>6} {'3-10 s':>7} {'turns':>6} "
        f"{'timed out':>8}  (think seconds per guess, {args.turn_seconds:g} s turns)"
    )
    for mix in mixes:
        fig = Figures()
        for i in range(args.tournaments):
            rng = random.Random(f"{args.seed}:{mix}:{i}")
            play_tournament(
                rng, answers, levels_of(mix, rng), fig, args.turn_seconds, args.think_scale
            )
        print("\n".join(report(mix, fig, args.turn_seconds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
