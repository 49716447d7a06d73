"""A Spanish duel reveals its secret as written (inútil), the one it was played with folded."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.actors.harness import Harness, assert_secrets_kept
from wordlists import default_folder, load_language

SPANISH = {
    "afan": "afán", "afin": "afín", "agil": "ágil", "anis": "anís",
    "album": "álbum", "caida": "caída", "arbol": "árbol", "angel": "ángel",
    "inutil": "inútil", "rapido": "rápido", "tardio": "tardío", "angulo": "ángulo",
}  # fmt: skip


def spanish_words(tmp_path: Path):
    folder = tmp_path / "es"
    folder.mkdir()
    shutil.copy(default_folder() / "es" / "language.json", folder)
    words = "".join(w + "\n" for w in sorted(SPANISH))
    (folder / "answers.txt").write_text(words, encoding="utf-8")
    (folder / "allowed.txt").write_text(words, encoding="utf-8")
    lines = "".join(f"{f}\t{w}\n" for f, w in sorted(SPANISH.items()))
    (folder / "display.txt").write_text(lines, encoding="utf-8")
    return load_language(tmp_path, "es")


def test_a_spanish_duel_ends_with_its_accented_secret(tmp_path):
    h = Harness(seed=5, words=spanish_words(tmp_path))
    clients = {c.id: c for c in h.full_lobby()}
    h.advance(h.settings.intro_seconds)
    for duel in h.live_duels(clients.values()):
        assert duel.secret in SPANISH  # played with the folded form
        clients[duel.to_move].send({"type": "guess", "word": duel.secret.upper()})
    ends = clients[1].of_type("duel_ended")
    assert len(ends) == 4
    for end in ends:
        assert end["secret"] in SPANISH.values()  # "inútil", not "inutil"
        assert "".join(end["secret_letters"]) == end["secret"]
        assert end["outcome"] == "win"
    for c in clients.values():
        assert assert_secrets_kept(c.frames) == 4


def test_the_secret_checker_knows_the_folded_form_of_a_written_secret():
    import pytest

    started = {"type": "duel_started", "duel": 1}
    ended = {"type": "duel_ended", "duel": 1, "secret": "inútil", "secret_letters": list("inútil")}
    leak = {"type": "duel_view", "duel": {"id": 1, "hint": "INUTIL"}}
    with pytest.raises(AssertionError):
        assert_secrets_kept([started, leak, ended])
