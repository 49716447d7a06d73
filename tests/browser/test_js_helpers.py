"""The client's pure JavaScript under node's test runner (tests/browser/js/*.test.mjs): the
reducer that changes the page's state (web/static/js/reducer.js, reduce/), message after message
through a lobby, a tournament and its duels; typing letters of every kind, splitting words like
the server, colouring the keyboard (letters.js); the result to share without a letter
(share.js). Node is required: without it this fails, saying so."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_client_passes_its_node_tests():
    node = shutil.which("node")
    assert node is not None, (
        "node (20 or newer) is required to test the web client: apt-get install nodejs"
    )
    result = subprocess.run(
        [node, "--test", str(ROOT / "tests" / "browser" / "js")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# fail 0" in result.stdout
    # the reducer's tests ran beside the helpers' (not an empty run that passes)
    ran = int(re.search(r"^# pass (\d+)$", result.stdout, re.M).group(1))
    assert ran >= 30, result.stdout[-2000:]


def test_every_server_code_has_a_text_in_the_client():
    """The English catalog holds the player's words for every error, rejection, reason and
    party code (the catalog test holds every other catalog to the English keys)."""
    from protocol import texts
    from web.parties import STATUS

    english = json.loads((ROOT / "web" / "static" / "i18n" / "en.json").read_text("utf-8"))
    missing = [c for c in texts.TEXTS if f"code.{c}" not in english]
    missing += [c for c in STATUS if f"party_code.{c}" not in english]
    assert not missing, missing


def test_the_page_preloads_every_module_and_its_catalog(tmp_path):
    """The game's page preloads all the client's modules (no request waterfall on a phone) and
    the catalog of the language it starts in."""
    from models.settings import Settings
    from web import assets
    from web.application import create_app

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/db.sqlite", bot_fill=False))
    html = app.test_client().get("/").get_data(as_text=True)
    static = ROOT / "web" / "static"
    base = f"/static/v/{assets.version()}/"
    preloaded = set(re.findall(rf'rel="modulepreload" href="{base}([^"]+)"', html))
    modules = {p.relative_to(static).as_posix() for p in (static / "js").rglob("*.js")}
    # all but the entry points: the game's own, and the replay page's
    assert preloaded == modules - {"js/main.js", "js/replay.js"}
    assert f'<script type="module" src="{base}js/main.js">' in html
    assert f'<link rel="preload" href="{base}i18n/en.json"' in html
