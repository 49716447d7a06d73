"""Loading word lists: lookups, answers by length, and clear errors for broken files."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from wordlists import WordListError, default_folder, load_all, load_language

SV = {
    "code": "sv",
    "name": "Svenska",
    "alphabet": list("abcdefghijklmnopqrstuvwxyzåäö"),
    "keyboard": [list("qwertyuiopå"), list("asdfghjklöä"), list("zxcvbnm")],
    "fold": {"é": "e"},
}


def make_language(folder: Path, definition: dict, answers: str, allowed: str) -> Path:
    base = folder / definition["code"]
    base.mkdir(parents=True)
    (base / "language.json").write_text(json.dumps(definition), encoding="utf-8")
    (base / "answers.txt").write_text(answers, encoding="utf-8")
    (base / "allowed.txt").write_text(allowed, encoding="utf-8")
    return base


def test_a_fourteenth_language_needs_only_data(tmp_path):
    make_language(tmp_path, SV, "smör\nhund\nkatt\nhunden\n", "hund\nkatt\nsmör\nåtta\nkattö\n")
    wl = load_all(tmp_path)["sv"]
    assert wl.language.name == "Svenska"
    assert wl.answers == {4: ("hund", "katt", "smör"), 5: (), 6: ("hunden",)}
    assert wl.is_allowed("åtta")
    assert wl.is_allowed("hund")
    assert not wl.is_allowed("hundar")
    assert not wl.is_allowed("")


def test_answers_are_grouped_by_letters_not_code_points(tmp_path):
    uz = json.loads((default_folder() / "uz" / "language.json").read_text(encoding="utf-8"))
    make_language(tmp_path, uz, "oʻgʻil\nkitob\nshahar\n", "oʻgʻil\nkitob\nshahar\n")
    wl = load_language(tmp_path, "uz")
    assert wl.answers[4] == ("oʻgʻil",)  # 6 code points, 4 letters
    assert wl.answers[5] == ("kitob", "shahar")  # sh is one letter
    assert wl.is_allowed("oʻgʻil")


def test_answers_are_always_allowed(tmp_path):
    make_language(tmp_path, SV, "hund\n", "katt\n")
    wl = load_language(tmp_path, "sv")
    assert wl.is_allowed("hund") and wl.is_allowed("katt")


def test_blocklist_applies_at_load(tmp_path):
    base = make_language(tmp_path, SV, "hund\nkatt\n", "hund\nkatt\n")
    (base / "blocklist.txt").write_text("# comment\nKATT  # shouted\n", encoding="utf-8")
    wl = load_language(tmp_path, "sv")
    assert wl.answers[4] == ("hund",)
    assert wl.is_allowed("katt")  # still a valid guess


def test_gzipped_allowed_list(tmp_path):
    base = make_language(tmp_path, SV, "hund\n", "")
    (base / "allowed.txt").unlink()
    (base / "allowed.txt.gz").write_bytes(gzip.compress("hund\nkatt\nåtta\n".encode()))
    wl = load_language(tmp_path, "sv")
    assert wl.is_allowed("åtta") and not wl.is_allowed("ofta")


def test_lookup_agrees_with_a_set_on_a_real_list():
    wl = load_language(default_folder(), "pl")
    words = (default_folder() / "pl" / "allowed.txt").read_text(encoding="utf-8").split()
    sample = words[::97]
    assert all(wl.is_allowed(w) for w in sample)
    assert wl.allowed_count() == len(words)
    present = set(words)
    near_misses = [w[:-1] + "x" for w in sample] + [w + "a" for w in sample[:50]]
    for w in near_misses:
        assert wl.is_allowed(w) == (w in present)


@pytest.mark.parametrize(
    "filename, content, message",
    [
        ("answers.txt", "hund\nHund\n", r"answers\.txt:2: 'Hund'"),
        ("answers.txt", "hund\nkatt1\n", r"answers\.txt:2"),
        ("allowed.txt", "hund\n\nkatt\n", r"allowed\.txt:2: ''"),
        ("allowed.txt", "hund\nk tt\n", r"allowed\.txt:2"),
        ("answers.txt", "hundar\nhundarna\n", r"answers\.txt:2: 'hundarna' has 8 letters"),
        ("language.json", "{", r"language\.json: invalid JSON"),
    ],
)
def test_broken_files_are_named(tmp_path, filename, content, message):
    base = make_language(tmp_path, SV, "hund\n", "hund\n")
    (base / filename).write_text(content, encoding="utf-8")
    with pytest.raises(WordListError, match=message):
        load_all(tmp_path)


def test_not_utf8_is_named(tmp_path):
    base = make_language(tmp_path, SV, "hund\n", "hund\n")
    (base / "allowed.txt").write_bytes("hund\nsm\u00f6r\n".encode("latin-1"))
    with pytest.raises(WordListError, match=r"allowed\.txt:2: not UTF-8"):
        load_language(tmp_path, "sv")


@pytest.mark.parametrize("missing", ["answers.txt", "allowed.txt", "language.json"])
def test_missing_file_is_named(tmp_path, missing):
    base = make_language(tmp_path, SV, "hund\n", "hund\n")
    (base / missing).unlink()
    with pytest.raises(WordListError, match=missing.replace(".", r"\.")):
        load_language(tmp_path, "sv")


def test_folder_code_mismatch(tmp_path):
    make_language(tmp_path, SV, "hund\n", "hund\n")
    shutil.move(tmp_path / "sv", tmp_path / "se")
    with pytest.raises(WordListError, match="'sv' but the folder is 'se'"):
        load_all(tmp_path)


def test_empty_or_missing_folder(tmp_path):
    with pytest.raises(WordListError, match="no language folders"):
        load_all(tmp_path)
    with pytest.raises(WordListError, match="not found"):
        load_all(tmp_path / "nope")


def test_multi_code_point_alphabet_rejects_a_lone_mark(tmp_path):
    uz = json.loads((default_folder() / "uz" / "language.json").read_text(encoding="utf-8"))
    make_language(tmp_path, uz, "kitob\n", "kitob\nmaʻno\noʻgʻil\n")
    with pytest.raises(WordListError, match=r"allowed\.txt:2: 'maʻno'"):
        load_language(tmp_path, "uz")


def test_blocklist_generated_section_is_replaced_and_hand_lines_kept(tmp_path):
    from wordlists.blocklist import with_generated_part

    base = make_language(tmp_path, SV, "hund\nkatt\nsmör\n", "hund\nkatt\nsmör\n")
    path = base / "blocklist.txt"
    path.write_text("# curated\nkatt\n", encoding="utf-8")
    text = with_generated_part(path.read_text(encoding="utf-8"), "list 1.0", ["Hund"])
    text = with_generated_part(text, "list 1.1", ["smör"])  # a rebuild replaces the section
    path.write_text(text, encoding="utf-8")
    assert text.count("# --- begin naughty-words") == 1
    assert "Hund" not in text and "# curated\nkatt\n" in text
    wl = load_language(tmp_path, "sv")
    assert wl.answers[4] == ("hund",)  # katt (by hand) and smör (generated) are blocked
    assert wl.is_allowed("smör") and wl.is_allowed("katt")


def test_a_blocklist_exception_keeps_an_everyday_word_out_of_the_blocklist(tmp_path):
    from wordlists.blocklist import blocklist_words
    from wordlists.language import load_definition

    lang = load_definition(Path(__file__).resolve().parents[1] / "wordlists/it/language.json")
    text = "# hand\n!pesce\ncazzo\n# --- begin naughty-words (x) ---\npesce\nculo\n"
    assert blocklist_words(text, lang) == {"cazzo", "culo"}
