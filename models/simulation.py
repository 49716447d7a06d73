"""Whole tournaments played in-process by virtual players, for statistics and tests.

Virtual players see the shared board like real ones. Skill is a few numbers: how often a guess
ignores the colours, and the pace of a guess (models/bot_pace.py, which also says when a turn
runs out). Everything is driven by one seeded random.Random per tournament, so the same seed
gives the same figures. The bots (actors/bot_client.py) play with the same skills.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from models.bot_pace import Pace, think_seconds
from models.duel import Duel, Outcome
from models.rules import INTRO_SECONDS, SEATS, START_RATING, TURN_SECONDS
from models.solver import Word, best_guess, candidates
from models.tournament import Result, Tournament, TournamentEnded
from models.words import choose_secrets


@dataclass(frozen=True)
class Skill:
    name: str
    p_blunder: float  # chance a guess ignores the colours (any allowed word)
    pace: Pace  # how long a guess takes; weaker players are a little slower
    solver: bool = False  # pick the most informative candidate rather than any candidate


SKILLS: dict[str, Skill] = {
    s.name: s
    for s in (
        Skill("strong", 0.0, Pace(5.5, 0.33), solver=True),
        Skill("good", 0.15, Pace(6.0, 0.35)),
        Skill("casual", 0.35, Pace(6.5, 0.38)),
        Skill("weak", 0.6, Pace(7.0, 0.4)),
    )
}


@dataclass(frozen=True)
class Vocabulary:
    """Answer words of one language, as letter tuples, by length. Virtual players guess from
    these too (a blunder is any of them, ignoring the colours)."""

    answers: Mapping[int, Sequence[Word]]

    def answer_strings(self) -> dict[int, list[str]]:
        return {n: ["".join(w) for w in ws] for n, ws in self.answers.items()}


@dataclass
class TournamentStats:
    rounds: int = 0
    duels: int = 0
    draws: int = 0
    byes: int = 0
    shared_places: int = 0  # players who share their place with someone
    no_single_winner: bool = False
    winner_seconds: float = 0.0  # game time from start to end, as the last players see it
    places: dict[Hashable, int] = field(default_factory=dict)
    rating_changes: dict[Hashable, int] = field(default_factory=dict)


def play_duel(
    rng: random.Random,
    vocab: Vocabulary,
    skills: Mapping[object, Skill],
    pair: tuple[object, object],
    secret: str,
    secret_letters: Word,
    now: float,
    turn_seconds: float,
) -> Duel:
    """Play one duel to its end with virtual players."""
    duel, _ = Duel.begin(pair, secret_letters, secret, rng, now, turn_seconds)
    words = vocab.answers[len(secret_letters)]
    pool = list(words)
    seen = 0
    while not duel.over:
        scored = [
            (r.letters, r.marks)
            for r in duel.rows[seen:]
            if r.letters is not None and r.marks is not None
        ]
        if scored:
            pool = candidates(pool, scored)
        seen = len(duel.rows)
        skill = skills[duel.to_move]
        deadline = duel.deadline
        assert deadline is not None  # a duel not over has a turn running
        number = 1 + sum(1 for r in duel.rows if not r.skipped)
        think = think_seconds(skill.pace, len(pool), number, len(secret_letters), turn_seconds, rng)
        if think is None:
            duel, _ = duel.tick(deadline)
            continue
        if rng.random() < skill.p_blunder or not pool:
            word = words[rng.randrange(len(words))]
        elif skill.solver:
            word = best_guess(pool, rng)
        else:
            word = pool[rng.randrange(len(pool))]
        t = deadline - turn_seconds + think
        duel, _ = duel.guess(duel.to_move, "".join(word), word, True, t)
    return duel


def play_tournament(
    rng: random.Random,
    vocab: Vocabulary,
    skills: Mapping[object, Skill],
    ratings: Mapping[object, int] | None = None,
    turn_seconds: float = TURN_SECONDS,
    intro_seconds: float = INTRO_SECONDS,
) -> TournamentStats:
    """Play a whole tournament; the round's clock is its longest duel plus the intro."""
    seats = list(skills)
    t = Tournament.create(seats, ratings or dict.fromkeys(seats, START_RATING))
    answers = vocab.answer_strings()
    letters_of = {"".join(w): w for ws in vocab.answers.values() for w in ws}
    used: set[str] = set()
    stats, clock = TournamentStats(), 0.0
    while not t.finished:
        t, events = t.begin_round(rng)
        if t.finished:
            break
        stats.rounds += 1
        stats.byes += t.pairing is not None and t.pairing.bye is not None
        clock += intro_seconds
        t, _ = t.start_play()
        pairs = t.unsettled_pairs()
        secrets = choose_secrets(rng, answers, len(pairs), used)
        round_end = clock
        for pair, secret in zip(pairs, secrets, strict=True):
            word = letters_of[secret]
            duel = play_duel(rng, vocab, skills, pair, secret, word, clock, turn_seconds)
            stats.duels += 1
            stats.draws += duel.outcome is Outcome.DRAW
            assert duel.ended_at is not None  # played to its end
            round_end = max(round_end, duel.ended_at)
            result = Result.DRAW if duel.outcome is Outcome.DRAW else Result.WIN
            t, events = t.record_duel(pair, result, duel.winner)
        clock = round_end
    ended = next(e for e in events if isinstance(e, TournamentEnded))
    counts = Counter(ended.places.values())
    stats.places = dict(ended.places)
    stats.rating_changes = dict(t.changes)
    stats.shared_places = sum(c for c in counts.values() if c > 1)
    stats.no_single_winner = ended.winner is None
    stats.winner_seconds = clock
    return stats


def skill_mix(spec: str, rng: random.Random) -> list[Skill]:
    """'strong:2,casual:6' -> eight skills in random seat order; 'mixed' = 2 of each."""
    if spec == "mixed":
        spec = ",".join(f"{name}:2" for name in SKILLS)
    out: list[Skill] = []
    for part in spec.split(","):
        name, _, count = part.partition(":")
        if name not in SKILLS:
            raise ValueError(f"unknown skill {name!r}; choose from {', '.join(SKILLS)}")
        out += [SKILLS[name]] * int(count or SEATS)
    if len(out) != SEATS:
        raise ValueError(f"a skill mix must name {SEATS} players, got {len(out)}")
    rng.shuffle(out)
    return out
