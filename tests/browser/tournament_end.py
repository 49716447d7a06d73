"""The end side of tests/browser/test_tournament.py: the final followed to its end, the result
shared, the replay stepped through and the profile with its rating chart."""

from __future__ import annotations

import re
import time

from tests.browser.conftest import PlaywrightTimeout


def follow_to_the_final(page, now: bool) -> None:
    """Watch a live duel whenever mine ends or there is none on the screen, until the final:
    its result and its word stay on the screen with a countdown to the final table, which
    comes when asked (`now`) or when the countdown is over."""
    deadline = time.monotonic() + 150
    while not page.locator("#final-soon:not([hidden])").count():
        assert time.monotonic() < deadline, "the tournament did not end"
        assert not page.locator("#end").count(), "the final table came before the final's end"
        if not page.locator(".duel-panel.spectating:not(.over)").count():
            button = page.locator("#watch-one, #live-duels .watch:enabled")
            if button.count():
                try:
                    button.first.click(timeout=1000)
                except PlaywrightTimeout:  # gone meanwhile
                    pass
        page.wait_for_timeout(100)
    held = time.monotonic()
    countdown = page.inner_text("#final-soon .countdown")
    assert re.fullmatch(r"Final standings in \d seconds?", countdown), countdown
    panel = page.locator(".duel-panel.spectating.over")
    result = panel.locator(".result-text").inner_text()
    assert re.search(r"guessed it and wins|both lose a life|left the tournament", result), result
    assert panel.locator(".secret-word .tile").count() >= 4
    if now:
        page.click("#final-now")
        page.wait_for_selector("#end", timeout=1000)
    else:
        page.wait_for_selector("#end", timeout=8000)
        assert time.monotonic() - held >= 4, "the final's end went too soon"


def check_share(page, base: str, tid: str, place: int, duels: int) -> None:
    """The result copied: place and rounds, a line of colours per duel of mine, the replay's
    address, and not a letter of any word."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page.click("#share-result")
    page.wait_for_function("() => document.querySelector('#toast').textContent.includes('copied')")
    lines = page.evaluate("navigator.clipboard.readText()").splitlines()
    assert re.fullmatch(rf"Wordle Tournament #{tid}: {place}\w\w of 8 after \d+ rounds?", lines[0])
    grid, link = lines[1:-1], lines[-1]
    assert len(grid) == duels, lines
    for line in grid:
        assert re.fullmatch(r"\d+\. [🟩🟨⬛⌛ ]+ [✅❌🤝➖]", line), line
    assert link == f"{base}/tournaments/{tid}"


def check_replay(page, seen: list[dict], recaps: dict[str, str]) -> None:
    """My duels have the words I saw at their ends; the one with the most rows, stepped
    through: back to the start, a row on, a row back, played and paused, all rows."""
    duels = page.locator("details.replay-duel.is-mine")
    counts = [duels.nth(i).locator(".board .row").count() for i in range(duels.count())]
    duel = duels.nth(counts.index(max(counts)))
    total = max(counts)
    assert total >= 2
    if duel.get_attribute("open") is None:
        duel.locator("summary").click()
    # my duels' words are the ones I saw at their ends (or in the recap, after a lost connection)
    words = [  # kept for the script until the replay shows them
        duels.nth(i).locator(".secret").get_attribute("data-letters").replace(" ", "")
        for i in range(len(counts))
    ]
    live = {r["secret"] for r in seen}
    recapped = {w.lower() for w in re.findall(r" ([A-Z]{4,6}) ", " ".join(recaps.values()))}
    assert live <= set(words) <= live | recapped, (words, live, recapped)
    box = duel.locator(".replay")

    def shown() -> int:
        return int(box.get_attribute("data-shown"))

    def step(name: str) -> None:
        duel.locator(f"[data-step='{name}']").click()

    assert shown() == 0 and duel.locator(".row.ahead").count() == total  # from no row
    assert duel.locator(".secret-word .tile").count() == 0  # the word not given away
    assert duel.locator(".replay-pos").inner_text() == f"0 of {total} rows"
    assert duel.locator("[data-step='start']").is_disabled()  # already there
    step("next")
    assert shown() == 1 and duel.locator(".row.ahead").count() == total - 1
    said = duel.locator(".replay-say").text_content()  # the row in words, for screen readers
    assert said.startswith(f"1 of {total} rows. Row 1, "), said
    step("back")
    assert shown() == 0
    step("play")
    page.wait_for_function("(el) => Number(el.dataset.shown) >= 2", arg=box.element_handle())
    assert duel.locator("[data-step='play']").inner_text() == "Pause"
    step("play")  # pause
    paused = shown()
    page.wait_for_timeout(1500)
    assert shown() == paused and duel.locator("[data-step='play']").inner_text() == "Play"
    step("start")  # back to no row
    assert shown() == 0 and duel.locator(".row.ahead").count() == total
    step("end")
    assert shown() == total and duel.locator(".row.ahead").count() == 0
    word = words[counts.index(total)]
    assert duel.locator(".secret-word").get_attribute("aria-label") == word  # shown at the end


def check_profile(page, tid: str, change: str) -> None:
    """My profile: the rating chart from the start rating to now, the tournament with my change."""
    label = page.locator("#chart-desc").text_content()
    assert label.startswith("Rating after each tournament: from 1000 to "), label
    assert page.locator("#rating-chart circle").count() == 2
    row = page.locator(f"#recent tr[data-tournament='{tid}']")
    assert change in row.inner_text()
