"""Run a worker module of these tests (gevent_apply, writer_probe) in a process of its own, so
that it can monkey-patch first as the server does; its last line of output is its JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_worker(module: str, *args: str, plan: Any = None, timeout: float = 120) -> Any:
    out = subprocess.run(
        [sys.executable, "-m", module, *args],
        input=None if plan is None else json.dumps(plan),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])
