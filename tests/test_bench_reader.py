"""scripts/bench/reader.py runs and prints its figures (a smoke run, so that it cannot rot;
the figures themselves are not asserted: they are measurements, not behaviour)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_bench_reader_smoke() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scripts.bench.reader", "--connections", "5", "--rounds", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    for path in ("raw", "old", "new"):
        assert re.search(rf"^{path}\s+[\d.]+ µs CPU per frame$", done.stdout, re.M), done.stdout
    assert "reading alone" in done.stdout
