import pytest

import wordlists
from models.settings import Settings
from web.application import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "wordle.db"
    return create_app(
        {"TESTING": True, "SETTINGS": Settings(database_url=f"sqlite:///{db}")}
    ).test_client()


def test_every_language_with_its_own_name_keyboard_and_normalisation(client):
    languages = {lang["code"]: lang for lang in client.get("/api/languages").get_json()}
    assert tuple(languages) == wordlists.LANGUAGE_CODES
    assert languages["de"]["name"] == "Deutsch" and languages["de"]["fold"]["ß"] == "ss"
    uz = languages["uz"]
    assert {"oʻ", "gʻ", "sh", "ch"} <= set(uz["alphabet"]) and uz["apostrophe"] == "ʻ"
    for lang in languages.values():
        keys = {k for row in lang["keyboard"] for k in row}
        assert keys <= set(lang["alphabet"])
        assert all(set(v) <= set("".join(lang["alphabet"])) for v in lang["fold"].values())
