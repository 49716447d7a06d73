"""Invite links and shared results point at the server's public address."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from models.settings import Settings, SettingsError
from tests.web.test_hardening import make_app

JS = Path(__file__).resolve().parents[2] / "web" / "static" / "js"


def boot_of(page: str) -> dict:
    return json.loads(re.search(r'<script[^>]*id="boot"[^>]*>(.*?)</script>', page, re.S).group(1))


def test_the_page_names_wt_public_url(tmp_path):
    app = make_app(tmp_path, public_url="https://wordle.example.org/")
    boot = boot_of(app.test_client().get("/").get_data(as_text=True))
    assert boot["origin"] == "https://wordle.example.org"


def test_without_it_the_address_the_page_was_reached_at(tmp_path):
    client = make_app(tmp_path).test_client()
    assert (
        boot_of(client.get("/", base_url="http://games.local:8000").get_data(as_text=True))[
            "origin"
        ]
        == "http://games.local:8000"
    )


def test_behind_a_trusted_proxy_the_forwarded_host(tmp_path):
    client = make_app(tmp_path, trusted_proxies=1).test_client()
    page = client.get(
        "/", headers={"X-Forwarded-Host": "wordle.example.org", "X-Forwarded-Proto": "https"}
    )
    assert boot_of(page.get_data(as_text=True))["origin"] == "https://wordle.example.org"


@pytest.mark.parametrize("bad", ["wordle.example.org", "ftp://x", "https://a b", "https://x?q"])
def test_a_bad_public_url_is_refused_naming_it(bad):
    with pytest.raises(SettingsError, match="WT_PUBLIC_URL"):
        Settings.from_env({"WT_PUBLIC_URL": bad})


def test_the_client_builds_links_from_it_only():
    uses = [p.name for p in JS.rglob("*.js") if "location.origin" in p.read_text()]
    assert uses == ["i18n.js"]  # the fallback when the page names no origin
    assert "ORIGIN}${p.invite_path}" in (JS / "views" / "party.js").read_text()
    assert "i18n.ORIGIN}/tournaments/" in (JS / "actions.js").read_text()
