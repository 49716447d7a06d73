"""The admin import script: every input format, bad lines, dry runs and interrupted writes."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from scripts import import_wordlist as iw
from wordlists import default_folder, load_language

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "wordlists"


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    """A word list folder with a small English list."""
    base = tmp_path / "en"
    base.mkdir()
    shutil.copyfile(default_folder() / "en" / "language.json", base / "language.json")
    (base / "answers.txt").write_text("house\nlight\n", encoding="utf-8")
    (base / "allowed.txt").write_text("house\nlight\nslate\n", encoding="utf-8")
    (base / "blocklist.txt").write_text("# test\nwater\n", encoding="utf-8")
    return tmp_path


def run(folder: Path, *args: str, capsys=None) -> tuple[int, str]:
    code = iw.main(["--folder", str(folder), *args])
    out = capsys.readouterr().out if capsys else ""
    return code, out


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_text_in_cp1252_reports_bad_lines_and_duplicates(folder, capsys):
    code, out = run(folder, "en", "allowed", str(FIXTURES / "cp1252_words.txt"), capsys=capsys)
    assert code == 0
    # CAFÉS is folded to cafes; ab1cd and don't are rejected with line numbers
    assert lines(folder / "en" / "allowed.txt") == ["cafes", "house", "light", "water"]
    assert "line 6: 'ab1cd'" in out
    assert 'line 7: "don\'t"' in out
    assert "1 duplicates removed" in out
    assert "skipped words of other lengths (12 letters: 1)" in out
    assert "added 2, removed 1" in out  # +cafes +water, -slate (light kept: it is an answer)
    assert "answers were missing from allowed" in out


def test_utf16_with_bom(folder, capsys):
    code, out = run(
        folder, "en", "allowed", str(FIXTURES / "utf16_words.txt"), "--merge", capsys=capsys
    )
    assert code == 0
    assert lines(folder / "en" / "allowed.txt") == [
        "crane", "eclat", "house", "light", "slate",
    ]  # fmt: skip
    assert "5 letters: 5" in out and "6 letters: 0" in out


def test_answers_import_keeps_answers_within_allowed_and_blocklist(folder, capsys):
    src = folder / "new.txt"
    src.write_text("crane\nwater\nhouse\n", encoding="utf-8")
    code, out = run(folder, "en", "answers", str(src), capsys=capsys)
    assert code == 0
    assert lines(folder / "en" / "answers.txt") == ["crane", "house"]  # water is blocklisted
    assert "left out 1 blocklisted words: water" in out
    assert "crane" in lines(folder / "en" / "allowed.txt")
    wl = load_language(folder, "en")
    assert wl.answers[5] == ("crane", "house")


def test_frequency_list_top_n(folder, capsys):
    code, out = run(
        folder,
        "en",
        "answers",
        str(FIXTURES / "freq.tsv"),
        "--format",
        "freq",
        "--top",
        "2",
        capsys=capsys,
    )
    assert code == 0
    # the two most frequent 5-letter words once the blocklisted 'water' is left out
    assert lines(folder / "en" / "answers.txt") == ["house", "light"]
    assert "line 6: 'sl@te" in out
    assert "line 7: 'badline': expected 'word count'" in out
    assert "line 8: 'brick\\tmany': count is not a number" in out


def test_frequency_list_min_count(folder):
    code, _ = run(
        folder, "en", "allowed", str(FIXTURES / "freq.tsv"), "--format", "freq", "--min-count", "15"
    )
    assert code == 0
    assert lines(folder / "en" / "allowed.txt") == ["crane", "house", "light", "water"]


def test_hunspell_pair(folder, capsys):
    code, out = run(folder, "en", "allowed", str(FIXTURES / "tiny_en.dic"), capsys=capsys)
    assert code == 0, out
    words = lines(folder / "en" / "allowed.txt")
    # forms of 4-6 letters; Paris is a proper noun, zzzz forbidden, play needs an affix,
    # cat is too short but cats is not, rewalks has 7 letters
    for expected in [
        "walk",
        "walks",
        "walked",
        "rewalk",
        "pony",
        "ponies",
        "cats",
        "played",
        "hello",
    ]:
        assert expected in words, expected
    for unexpected in ["paris", "zzzz", "play", "plays", "cat", "ponys", "rewalks"]:
        assert unexpected not in words, unexpected


def test_hunspell_latin1_dictionary(folder):
    code, _ = run(folder, "en", "allowed", str(FIXTURES / "latin1.aff"), "--merge")
    assert code == 0
    words = lines(folder / "en" / "allowed.txt")
    assert {"cafe", "naive", "garcon"} <= set(words)


def test_dry_run_changes_nothing(folder, capsys):
    before = {p.name: p.read_bytes() for p in (folder / "en").iterdir()}
    src = folder / "new.txt"
    src.write_text("crane\nbrick\n", encoding="utf-8")
    code, out = run(folder, "en", "answers", str(src), "--dry-run", capsys=capsys)
    assert code == 0
    assert "dry run: nothing written" in out
    assert "added 2, removed 2" in out
    after = {p.name: p.read_bytes() for p in (folder / "en").iterdir()}
    assert after == before


def test_remove_mode(folder):
    src = folder / "gone.txt"
    src.write_text("slate\n", encoding="utf-8")
    assert run(folder, "en", "allowed", str(src), "--remove")[0] == 0
    assert lines(folder / "en" / "allowed.txt") == ["house", "light"]


@pytest.mark.parametrize("fail_at", ["fsync", "replace"])
def test_interrupted_write_leaves_the_old_list(folder, monkeypatch, fail_at):
    target = folder / "en" / "allowed.txt"
    before = target.read_bytes()
    src = folder / "new.txt"
    src.write_text("crane\nbrick\n" * 1000, encoding="utf-8")

    def boom(*args, **kwargs):
        raise KeyboardInterrupt  # the admin pressed Ctrl-C, or the machine went down

    monkeypatch.setattr(iw.os, fail_at, boom)
    with pytest.raises(KeyboardInterrupt):
        iw.main(["--folder", str(folder), "en", "allowed", str(src)])
    assert target.read_bytes() == before
    leftovers = [p.name for p in (folder / "en").iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
    load_language(folder, "en")  # still loads


def test_errors_are_reported_not_raised(folder, capsys):
    code = iw.main(["--folder", str(folder), "en", "allowed", str(folder / "missing.txt")])
    assert code == 2
    assert "missing.txt: not found" in capsys.readouterr().err
    code = iw.main(["--folder", str(folder), "xx", "allowed", str(FIXTURES / "freq.tsv")])
    assert code == 2
    assert "language.json" in capsys.readouterr().err


def test_a_new_language_can_be_imported(tmp_path, capsys):
    base = tmp_path / "sv"
    base.mkdir()
    (base / "language.json").write_text(
        json.dumps(
            {
                "code": "sv",
                "name": "Svenska",
                "alphabet": list("abcdefghijklmnopqrstuvwxyzåäö"),
                "keyboard": [list("qwertyuiopå"), list("asdfghjklöä"), list("zxcvbnm")],
            }
        ),
        encoding="utf-8",
    )
    src = tmp_path / "ord.txt"
    src.write_text("Hund\nkatt\nÅtta\nsmör\n", encoding="utf-8")
    assert iw.main(["--folder", str(tmp_path), "sv", "allowed", str(src)]) == 0
    assert iw.main(["--folder", str(tmp_path), "sv", "answers", str(src)]) == 0
    wl = load_language(tmp_path, "sv")
    assert wl.answers[4] == ("hund", "katt", "smör", "åtta")
    assert os.path.exists(base / "allowed.txt")


def test_hunspell_pair_without_the_hunspell_program(folder, monkeypatch):
    """CI machines may lack Debian's hunspell: spylls' own lookup must give the same forms."""
    from wordlists import hunspell

    run(folder, "en", "allowed", str(FIXTURES / "tiny_en.dic"))
    with_program = lines(folder / "en" / "allowed.txt")
    monkeypatch.setattr(hunspell.shutil, "which", lambda name: None)
    run(folder, "en", "allowed", str(FIXTURES / "tiny_en.dic"))
    assert lines(folder / "en" / "allowed.txt") == with_program
    assert "rewalk" in with_program


def test_the_installed_command_knows_which_arguments_are_files():
    """`wordle-tournament import-wordlist` makes the caller's file names absolute before it moves
    to the checkout; it counts positions by the options that take a value, so its list of those
    must be the parser's."""
    from scripts.command import FILE_ARGUMENTS, callers_files

    parser = iw.build_parser()
    valued = {
        s for a in parser._actions if a.option_strings and a.nargs != 0 for s in a.option_strings
    }
    positional = [a.dest for a in parser._actions if not a.option_strings]
    positions, _, listed = FILE_ARGUMENTS["import-wordlist"]
    assert listed == valued
    assert [positional[i] for i in positions] == ["source"]
    args = ["--top", "5", "de", "answers", "w.txt", "--folder", "lists"]
    assert callers_files("import-wordlist", args, Path("/c")) == [
        "--top", "5", "de", "answers", "/c/w.txt", "--folder", "/c/lists",
    ]  # fmt: skip
