"""The client's files: versioned URLs cached for a year, the pages revalidated, text compressed
where it pays (brotli or gzip, as the browser asks), the JSON API left as it is but for the
languages every first load fetches."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest

from models.settings import Settings
from web import assets
from web.application import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('assets')}/assets.db"
    app = create_app({"TESTING": True, "SETTINGS": Settings(database_url=db, bot_fill=False)})
    return app.test_client()


def versioned(client, path: str) -> str:
    """The URL the game's page names for a static file."""
    html = client.get("/").get_data(as_text=True)
    urls = re.findall(r'(?:href|src)="(/static/v/[^"]+)"', html)
    (url,) = [u for u in urls if u.endswith("/" + path)]
    return url


def test_the_page_names_every_file_under_one_version(client):
    html = client.get("/").get_data(as_text=True)
    versions = set(re.findall(r'"/static/v/(\w+)/', html))
    assert versions == {assets.version()}
    assert f'src="/static/v/{assets.version()}/js/main.js"' in html
    assert f'href="/static/v/{assets.version()}/i18n/en.json"' in html  # the catalog
    assert "/static/js/" not in html and 'href="/static/app.css"' not in html


def test_a_versioned_file_is_kept_for_a_year_and_compressed(client):
    url = versioned(client, "js/main.js")
    plain = (assets.STATIC / "js" / "main.js").read_bytes()
    res = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert res.status_code == 200
    assert res.headers["Content-Encoding"] == "br"
    assert brotli.decompress(res.data) == plain
    assert len(res.data) < len(plain) / 2
    cache = res.headers["Cache-Control"]
    assert "max-age=31536000" in cache and "immutable" in cache and "public" in cache
    assert "Accept-Encoding" in res.headers["Vary"]
    assert res.mimetype == "text/javascript"
    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.data) == plain
    raw = client.get(url)  # a client that takes no compression
    assert "Content-Encoding" not in raw.headers and raw.data == plain


def test_small_and_unknown_files_and_the_api(client):
    tiny = client.get(versioned(client, "js/announce.js"), headers={"Accept-Encoding": "br"})
    assert tiny.status_code == 200 and "Content-Encoding" not in tiny.headers  # too small to pay
    base = f"/static/v/{assets.version()}"
    assert client.get(f"{base}/js/nothing.js").status_code == 404
    assert client.get(f"{base}/../app.py").status_code == 404
    assert client.get(f"{base}/%2e%2e/pages.py").status_code == 404
    api = client.get("/api/leaderboard", headers={"Accept-Encoding": "gzip, br"})
    assert api.status_code == 200 and "Content-Encoding" not in api.headers
    assert api.get_json() is not None  # plain JSON, as before


def test_the_languages_are_compressed_as_the_client_takes_them(client):
    plain = client.get("/api/languages")  # a client that takes no compression
    assert "Content-Encoding" not in plain.headers and len(plain.data) > 10_000
    assert "Accept-Encoding" in plain.headers["Vary"]
    for _ in range(2):  # the second answer comes from the cache, the same
        br = client.get("/api/languages", headers={"Accept-Encoding": "gzip, deflate, br"})
        assert br.headers["Content-Encoding"] == "br" and brotli.decompress(br.data) == plain.data
        assert "Accept-Encoding" in br.headers["Vary"] and len(br.data) < len(plain.data) / 4
        assert br.headers["Cache-Control"] == plain.headers["Cache-Control"] == "max-age=3600"
    no_br = client.get("/api/languages", headers={"Accept-Encoding": "br;q=0, gzip"})
    assert no_br.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(no_br.data) == plain.data
    refused = client.get("/api/languages", headers={"Accept-Encoding": "br;q=0"})
    assert "Content-Encoding" not in refused.headers and refused.data == plain.data


def test_another_versions_url_serves_todays_file_without_keeping_it(client):
    res = client.get("/static/v/0000oldrelease/app.css")
    assert res.status_code == 200
    assert res.headers["Cache-Control"] == "no-cache"
    assert res.mimetype == "text/css"


def test_pages_are_revalidated_and_compressed(client):
    page = client.get("/rules?lang=en", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    assert "no-cache" in page.headers["Cache-Control"]
    asking = {"Accept-Encoding": "gzip", "If-None-Match": page.headers["ETag"]}
    again = client.get("/rules?lang=en", headers=asking)
    assert again.status_code == 304 and not again.data
    french = client.get("/rules?lang=fr", headers=asking)
    assert french.status_code == 200  # another language is another page


def test_a_conditional_request_for_an_asset_gets_304(client):
    url = versioned(client, "app.css")
    first = client.get(url, headers={"Accept-Encoding": "br"})
    asking = {"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]}
    second = client.get(url, headers=asking)
    assert second.status_code == 304


def test_the_version_changes_with_any_file(tmp_path, monkeypatch):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;\n")
    monkeypatch.setattr(assets, "STATIC", tmp_path)

    def fresh() -> str:
        assets.version.cache_clear()
        assets._files.cache_clear()
        return assets.version()

    try:
        first = fresh()
        assert fresh() == first  # the same files, the same version
        (tmp_path / "js" / "a.js").write_text("export const a = 2;\n")
        assert fresh() != first
    finally:
        monkeypatch.undo()
        fresh()
