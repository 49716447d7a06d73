"""Display forms (display.txt): each secret as written beside the folded form it is played with."""

from __future__ import annotations

import json

import pytest

from tests.test_wordlist_loader import make_language
from wordlists import WordListError, default_folder, load_all, load_language

ES = json.loads((default_folder() / "es" / "language.json").read_text(encoding="utf-8"))
DE = json.loads((default_folder() / "de" / "language.json").read_text(encoding="utf-8"))


def spanish(tmp_path, display: str):
    base = make_language(tmp_path, ES, "caida\ninutil\nlibro\n", "caida\ninutil\nlibro\n")
    (base / "display.txt").write_text(display, encoding="utf-8")
    return base


def test_a_secret_is_shown_as_written_and_played_folded(tmp_path):
    spanish(tmp_path, "caida\tcaída\ninutil\tinútil\n")
    wl = load_language(tmp_path, "es")
    assert wl.answers[6] == ("inutil",)  # matching keeps the folded form
    assert wl.shown("inutil") == "inútil"
    assert wl.shown_letters("inutil") == ["i", "n", "ú", "t", "i", "l"]
    assert wl.shown("libro") == "libro" and wl.shown_letters("libro") == list("libro")


def test_german_nouns_keep_their_capital_and_sharp_s_keeps_the_board_tiles(tmp_path):
    base = make_language(tmp_path, DE, "haus\nfuss\n", "haus\nfuss\n")
    (base / "display.txt").write_text("fuss\tFuß\nhaus\tHaus\n", encoding="utf-8")
    wl = load_language(tmp_path, "de")
    assert wl.shown("haus") == "Haus" and wl.shown_letters("haus") == ["H", "a", "u", "s"]
    assert wl.shown("fuss") == "Fuß"
    assert wl.shown_letters("fuss") == list("fuss")  # ß is two tiles of the board: folded


@pytest.mark.parametrize(
    ("display", "line", "why"),
    [
        ("caida\tcaída\ninutil inútil\n", 2, "expected 'folded<TAB>written'"),
        ("caida\tcaída\ninutil\tinútiles\n", 2, "does not fold to 'inutil'"),
        ("caida\tcaida\n", 1, "already the folded form"),
        ("Caida\tcaída\n", 1, "is not a normalised word"),
        ("caida\tcaída\n\ncaida\tcaída\n", 3, "listed twice"),
        ("caida\tcaída\t\n", 1, "expected 'folded<TAB>written'"),
    ],
)
def test_a_bad_display_line_stops_the_load_naming_file_and_line(tmp_path, display, line, why):
    base = spanish(tmp_path, display)
    with pytest.raises(WordListError) as err:
        load_language(tmp_path, "es")
    assert f"{base / 'display.txt'}:{line}:" in str(err.value)
    assert why in str(err.value)


def test_the_shipped_display_forms_load_and_fold_back_to_answers():
    words = load_all()
    assert words["es"].shown("inutil") == "inútil" and words["es"].shown("caida") == "caída"
    assert words["fr"].shown("eleve") == "élève"
    assert words["pt"].shown("inutil") == "inútil"
    assert words["it"].shown("citta") == "città"
    assert words["de"].shown("haus") == "Haus"
    for code in ("de", "es", "fr", "it", "pt"):
        wl = words[code]
        answers = {w for ws in wl.answers.values() for w in ws}
        assert len(wl.display) > 20
        assert set(wl.display) <= answers | set(wl.allowed_words())
        for folded, written in wl.display.items():
            assert wl.language.normalize(written) == folded
            assert len(wl.shown_letters(folded)) == wl.language.length(folded)
