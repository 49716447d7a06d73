"""A Spanish duel's reveal shows its secret as written: ÁRBOL, INÚTIL, not ARBOL, INUTIL.

The server runs with a Spanish list whose every answer has an accent (tests/actors has the same
words), so whichever secret the duel draws, the reveal must show an accented letter. The player
lets the turns run out; a bot may win first: the reveal comes either way."""

from __future__ import annotations

import shutil

import pytest

from tests.actors.test_display_forms import SPANISH
from tests.e2e.server import start_server
from wordlists import default_folder

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

MINE = ".duel-panel.mine"


@pytest.fixture
def server(tmp_path):
    folder = tmp_path / "lists" / "es"
    folder.mkdir(parents=True)
    shutil.copy(default_folder() / "es" / "language.json", folder)
    words = "".join(w + "\n" for w in sorted(SPANISH))
    (folder / "answers.txt").write_text(words, encoding="utf-8")
    (folder / "allowed.txt").write_text(words, encoding="utf-8")
    lines = "".join(f"{f}\t{w}\n" for f, w in sorted(SPANISH.items()))
    (folder / "display.txt").write_text(lines, encoding="utf-8")
    srv = start_server(
        tmp_path,
        wordlists_dir=tmp_path / "lists",
        turn_seconds=0.8,
        intro_seconds=1,
        bot_fill="on",
        bot_fill_seconds=1,
    )
    yield srv
    srv.stop()


# The reveal is kept the moment it appears: rounds are short here (a bot may win in seconds,
# and the next round replaces the panel), so a poll can miss it or lose it between two reads.
CATCH_REVEAL = """
window.__reveal = null;
new MutationObserver(() => {
  const el = window.__reveal ? null : document.querySelector('.duel-panel.mine .secret-word');
  if (el) {
    const tiles = [...el.querySelectorAll('.tile')].map(t => t.innerText);
    window.__reveal = [el.getAttribute('aria-label'), tiles.join('')];
  }
}).observe(document, { subtree: true, childList: true });
"""


def test_a_spanish_reveal_shows_the_accents(server, new_page):
    page = new_page(locale="es-ES")
    page.add_init_script(CATCH_REVEAL)
    page.goto(server.base)
    page.click("#play")
    page.wait_for_selector(MINE, timeout=30000)
    page.wait_for_function("() => window.__reveal !== null", timeout=60000)
    written, shown = page.evaluate("() => window.__reveal")
    assert written in SPANISH.values(), written  # "inútil", not "inutil"
    assert shown == written.upper(), shown  # INÚTIL on the tiles
    assert any(c in shown for c in "ÁÉÍÓÚ")
