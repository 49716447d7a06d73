"""The soak's smoke run (scripts/bench/soak.py): a few players for a few short "minutes", end
to end, so the script cannot rot. It checks the figures are there and sane, not how fast
anything is (the hour-long run is made by hand: docs/performance.md, "An hour without a
pause")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_soak_smoke(tmp_path: Path) -> None:
    out = tmp_path / "minutes.json"
    command = [
        sys.executable, "-m", "scripts.bench.soak",
        "--players", "16", "--minutes", "3", "--minute-seconds", "5", "--rss-from", "1",
        "--pace", "compressed", "--turn-seconds", "1.5", "--intro-seconds", "0.1",
        "--think", "0,0.3", "--workers", "2", "--connect-rate", "100",
        "--json", str(out),
    ]  # fmt: skip
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    minutes = json.loads(out.read_text())
    assert [m["minute"] for m in minutes] == [1, 2, 3]
    assert sum(m["guesses"] for m in minutes) > 0, run.stdout  # a loaded machine may idle a minute
    for m in minutes:
        assert m["connected"] == 16, run.stdout
        if m["p50"] is not None:
            assert m["p50"] <= m["p99"] <= m["p999"] <= m["pmax"]
        assert len(m["collections"]) == 3 and m["pause"] >= 0  # read from its /metrics
        assert m["rss_mib"] > 10 and m["errors"] == 0 and m["dropped"] == 0
    assert "| minute | connected |" in run.stdout
    assert "longest pause" in run.stdout and "RSS" in run.stdout  # the verdict lines
