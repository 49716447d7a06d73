"""The client's pure JavaScript helpers (web/static/js/letters.js) under node's test runner:
typing letters of every kind, splitting words like the server, colouring the keyboard."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_letter_helpers_pass_their_node_tests():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (the browser tests cover the same code)")
    result = subprocess.run(
        [node, "--test", str(ROOT / "tests" / "js")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# fail 0" in result.stdout
