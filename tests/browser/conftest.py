"""Browser tests: the real server as a subprocess (tests/e2e/server.py), driven through Debian's
Chromium by Playwright's Python API. Never a downloaded browser: the system one or a skip.

Without /usr/bin/chromium (or WT_CHROMIUM) these tests are skipped, saying why, unless
WT_REQUIRE_BROWSER=1 (CI), which makes a missing browser a failure. Screenshots of every
screen at phone and desktop size land in tests/artifacts/screenshots/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixture then skips (or fails, in CI) and says why

    class PlaywrightTimeout(Exception):  # type: ignore[no-redef]
        pass


CHROMIUM = os.environ.get("WT_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(__file__).resolve().parents[1] / "artifacts" / "screenshots"
# Injected before the page's scripts: keeps every WebSocket the page opens in window.__sockets,
# and while window.__blockSockets is true sends new ones to a path that refuses them, so a test
# can cut the connection and keep it cut (as a dead network would).
BLOCKABLE_SOCKETS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.__blockSockets = false;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(window.__blockSockets ? String(url).replace('/ws', '/no-ws') : url, protocols);
      window.__sockets.push(this);
    }
  };
})();
"""
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}
# What the accessibility audit may not find on any screen.
BLOCKING_IMPACTS = {"serious", "critical"}


def _unavailable() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="session")
def browser():
    problem = _unavailable()
    if problem:
        if os.environ.get("WT_REQUIRE_BROWSER") == "1":
            pytest.fail(f"WT_REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


class Shots:
    """Save a screen at desktop and phone size (the page goes back to its own size after)."""

    def __init__(self) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.saved: list[Path] = []

    def take(self, page, name: str) -> None:
        own = page.viewport_size
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.wait_for_timeout(120)  # layout and fonts settle
            path = SHOTS / f"{name}-{size}.png"
            page.screenshot(path=str(path))
            self.saved.append(path)
        page.set_viewport_size(own)


@pytest.fixture(scope="session")
def shots() -> Shots:
    return Shots()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.call_failed = report.failed
    return report


@pytest.fixture
def new_page(browser, request):
    """Pages in fresh contexts (each its own cookie jar, so its own player); page errors fail.
    When the test fails, each page's last state is saved in tests/artifacts/failures/."""
    contexts, errors, pages = [], [], []

    def make(size: str = "desktop", locale: str = "en-US"):
        """`locale` is the browser's language (navigator.languages and Accept-Language)."""
        context = browser.new_context(viewport=SIZES[size], locale=locale)
        context.set_default_timeout(15000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("dialog", lambda dialog: dialog.accept())
        pages.append(page)
        return page

    yield make
    if getattr(request.node, "call_failed", False):
        folder = SHOTS.parent / "failures"
        folder.mkdir(parents=True, exist_ok=True)
        for i, page in enumerate(pages):
            try:
                page.screenshot(path=str(folder / f"{request.node.name}-{i}.png"), full_page=True)
            except Exception:  # a closed page: nothing to show
                pass
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


# Waits (at most 3 s) for every animation that ends; looping ones (a countdown's pulse) go on.
SETTLED_ANIMATIONS = """() => Promise.race([
    Promise.all(document.getAnimations()
        .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null))),
    new Promise((done) => setTimeout(done, 3000)),
])"""


def audit(page, screen: str) -> None:
    """Run axe-core (bundled by axe-playwright-python) on the page as it is: no serious or
    critical violation, each named with the elements it was found on. Finite animations
    finish first: text landing from opacity 0 (a duel's result) is not low contrast."""
    from axe_playwright_python.sync_playwright import Axe

    page.evaluate(SETTLED_ANIMATIONS)
    results = Axe().run(page)
    found = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in BLOCKING_IMPACTS
    ]
    assert not found, f"axe on {screen} ({page.evaluate('document.documentElement.lang')}):\n" + (
        "\n".join(found)
    )


def focus_is_visible(page) -> bool:
    """The focused element shows a focus outline (keyboard users see where they are)."""
    return page.evaluate(
        """() => {
          const el = document.activeElement;
          if (!el || el === document.body) return false;
          const style = getComputedStyle(el);
          return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        }"""
    )


def tab_to(page, selector: str, limit: int = 60, backwards: bool = False) -> None:
    """Press Tab until `selector` has the focus; every stop on the way shows its focus."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(limit):
        page.keyboard.press(key)
        where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
        assert focus_is_visible(page), f"no visible focus on {where}"
        if page.evaluate("(s) => !!document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{limit} presses of {key} never reached {selector}")


def check_reflow(page, screen: str) -> None:
    """At 200 % zoom (a 1280 px window is 640 CSS px wide) the screen still fits its width:
    nothing to scroll sideways, so no text is cut off or hidden."""
    own = page.viewport_size
    page.set_viewport_size({"width": 640, "height": 400})
    page.wait_for_timeout(120)
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    page.set_viewport_size(own)
    assert overflow <= 1, f"{screen} scrolls sideways by {overflow}px at 200 % zoom"
