"""The load benchmark's smoke run: a few dozen players for seconds, end to end, so the script
cannot rot. It checks that the figures are sane, not how fast anything is (no timed assertion:
the benchmark itself is run by hand, see docs/performance.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_load_smoke(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    command = [
        sys.executable, "-m", "scripts.bench.load",
        "--pace", "compressed", "--steps", "16,32",
        "--turn-seconds", "1.5", "--intro-seconds", "0.1", "--think", "0,0.3",
        "--ramp", "0.5", "--warmup", "1", "--window", "4",
        "--workers", "2", "--connect-rate", "100",
        "--echo-rates", "300", "--echo-seconds", "1", "--echo-connections", "10",
        "--json", str(out),
    ]  # fmt: skip
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    figures = json.loads(out.read_text())
    assert "/s echoed" in run.stdout  # the echo ran; on a loaded machine no rate may pass
    assert figures["echo_ceiling"] is None or figures["echo_ceiling"] > 0, run.stdout
    assert [s["players"] for s in figures["steps"]] == [16, 32]
    for step in figures["steps"]:
        assert step["connected"] == step["players"], run.stdout
        assert step["tournaments"] >= 1, run.stdout
        assert step["guesses"] > 0, run.stdout
        assert step["p99"] is not None and step["p50"] <= step["p99"] <= step["pmax"]
        assert step["server_cpu"] > 0 and step["rss_per_player"] > 0
        assert step["frames"] > step["guesses"]  # every guess is written to both players
        assert step["errors"] == 0, step["error_kinds"]
        assert step["dropped"] == 0
    assert "| players | connected |" in run.stdout
