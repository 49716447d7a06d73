"""The admin page in Chromium against the real server: a wrong token is refused, the right one
signs in; a report filed through the API is in the queue; the reported player is banned from
their page (their token stops working); the admin log shows the ban; signing out ends it."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, audit
from tests.e2e.server import call, sign_in, start_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

TOKEN = "browser-admin-token-0123456789"


@pytest.fixture
def server(tmp_path):
    srv = start_server(tmp_path, admin_token=TOKEN, admin_poll_seconds=0.2)
    yield srv
    srv.stop()


def test_an_admin_signs_in_sees_a_report_and_bans_from_the_page(server, new_page, shots):
    rude, rude_token = sign_in(server.base)
    reporter, reporter_token = sign_in(server.base)
    status, body = call(
        server.base, "POST", "/api/reports", reporter_token,
        {"player": rude["id"], "reason": "hateful_name", "where": "profile"},
    )  # fmt: skip
    assert status == 201, body

    page = new_page("desktop")
    page.goto(server.base + "/admin")
    page.fill("#admin-token", "not-the-token")
    page.click("button[type=submit]")
    assert "not the admin token" in page.text_content(".admin-error")
    shots.take(page, "admin-signin-refused")
    page.fill("#admin-token", TOKEN)
    page.fill("#admin-name", "Grace")
    page.click("button[type=submit]")
    page.wait_for_selector("h1:has-text('Open reports')")
    cookie = next(c for c in page.context.cookies() if c["name"] == "wt_admin")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["value"] != TOKEN

    queue = page.locator(f"#reported-{rude['id']}")
    assert f"{rude['nickname']}#{rude['tag']}" in queue.locator("h2").text_content()
    count = " ".join(queue.locator(".admin-count").text_content().split())
    assert count == "1 report: 1 hateful_name"
    shots.take(page, "admin-reports")
    audit(page, "admin reports")

    queue.locator("h2 a").click()
    page.wait_for_selector(f"h1:has-text('player {rude['id']}')")
    assert page.text_content(".admin-status") == "active"
    page.fill("#ban-reason", "hateful name")
    page.click("form[action$='/ban'] button")
    page.wait_for_selector(".admin-notice")
    assert page.text_content(".admin-notice") == f"Banned player {rude['id']}."
    assert page.text_content(".admin-status") == "banned"
    assert call(server.base, "GET", "/api/me", rude_token)[0] == 403  # the token is refused
    shots.take(page, "admin-player")
    audit(page, "admin player")

    page.click("nav.admin-nav a[href='/admin/log']")
    row = page.locator("table.admin-log tbody tr").first
    cells = [" ".join(c.split()) for c in row.locator("td").all_text_contents()]
    assert cells[2:6] == ["Grace", "ban", f"player {rude['id']}", "hateful name"]
    page.screenshot(path=str(SHOTS / "admin-log-full.png"), full_page=True)

    page.click("text=Sign out")
    page.wait_for_selector("#admin-token")
    page.goto(server.base + "/admin/log")
    assert page.url == server.base + "/admin"  # signed out: back to the sign-in form
    page.wait_for_selector("#admin-token")
