"""What a chaos run counted and found (scripts/chaos/run.py fills it, scripts/chaos/verify.py
adds what the database shows), printed as one table."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Figures:
    tournaments_finished: int = 0
    tournaments_aborted: int = 0
    players: int = 0
    placements: int = 0
    duels: int = 0
    connections: int = 0
    cuts_back_in_grace: int = 0
    cuts_past_grace: int = 0
    leaves: int = 0
    requeues_held: int = 0
    duplicates: int = 0
    crashes: Counter = field(default_factory=Counter)
    outages: int = 0
    writes_delayed: int = 0
    journaled_and_replayed: int = 0
    restarts: int = 0
    frames_fuzzed: int = 0
    bodies_fuzzed: int = 0
    server_errors: int = 0
    lost: int = 0
    doubled: int = 0
    wrong_ratings: int = 0
    broken_chains: int = 0
    left_behind: str = ""
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def table(self) -> str:
        rows = [
            ("tournaments finished / aborted", f"{self.tournaments_finished} / "
             f"{self.tournaments_aborted}"),
            ("players, connections opened", f"{self.players}, {self.connections}"),
            ("placements fixed, duels recorded", f"{self.placements}, {self.duels}"),
            ("connections cut: back within / after the grace",
             f"{self.cuts_back_in_grace} / {self.cuts_past_grace}"),
            ("left mid-tournament (re-queue held until placed)",
             f"{self.leaves} ({self.requeues_held})"),
            ("duplicate connections", str(self.duplicates)),
            ("actor crashes injected", ", ".join(f"{k} {n}" for k, n in
                                                 sorted(self.crashes.items())) or "0"),
            ("database outages (writes delayed)", f"{self.outages} ({self.writes_delayed})"),
            ("SIGTERM + restart (results journaled, replayed)",
             f"{self.restarts} ({self.journaled_and_replayed})"),
            ("frames fuzzed, REST bodies fuzzed", f"{self.frames_fuzzed}, {self.bodies_fuzzed}"),
            ("server errors (5xx) under fuzz", str(self.server_errors)),
            ("lost / doubled results", f"{self.lost} / {self.doubled}"),
            ("ratings unlike the rules core, broken chains",
             f"{self.wrong_ratings}, {self.broken_chains}"),
            ("left behind at the last stop", self.left_behind),
            ("wall time", f"{self.seconds:.0f} s"),
        ]  # fmt: skip
        width = max(len(k) for k, _ in rows)
        return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)
