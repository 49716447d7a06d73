"""The client's pure JavaScript helpers (web/static/js/letters.js) under node's test runner:
typing letters of every kind, splitting words like the server, colouring the keyboard."""

from __future__ import annotations

import re
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
        [node, "--test", str(ROOT / "tests" / "browser" / "js")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# fail 0" in result.stdout


def test_every_server_code_has_a_text_in_the_client():
    """strings.js holds the player's words for every error, rejection, reason and party code."""
    from actors import frames
    from web.parties import STATUS

    strings = (ROOT / "web" / "static" / "js" / "strings.js").read_text(encoding="utf-8")
    missing = [c for c in frames.TEXTS if f"'code.{c}'" not in strings]
    missing += [c for c in STATUS if f"'party_code.{c}'" not in strings]
    assert not missing, missing


def test_index_preloads_every_module_and_nothing_else():
    """index.html preloads all the client's modules (no request waterfall on a phone)."""
    static = ROOT / "web" / "static"
    html = (static / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'rel="modulepreload" href="/static/([^"]+)"', html))
    modules = {p.relative_to(static).as_posix() for p in (static / "js").rglob("*.js")}
    assert preloaded == modules - {"js/main.js"}
    assert '<script type="module" src="/static/js/main.js">' in html
