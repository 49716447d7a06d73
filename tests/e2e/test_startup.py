"""A bad setting or a broken word list stops the start with a message that names it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import wordlists

ROOT = Path(__file__).resolve().parents[2]


def run_app(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    base["WT_DATABASE_URL"] = f"sqlite:///{tmp_path}/wordle.db"
    base.update(env)
    return subprocess.run(
        [sys.executable, str(ROOT / "app.py")],
        env=base,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_bad_setting_stops_the_start_naming_it(tmp_path):
    done = run_app(tmp_path, WT_TURN_SECONDS="soon")
    assert done.returncode == 2
    assert "WT_TURN_SECONDS='soon'" in done.stderr
    assert not (tmp_path / "wordle.db").exists()  # nothing was touched


def test_broken_word_list_stops_the_start_naming_the_file(tmp_path):
    folder = tmp_path / "lists"
    shutil.copytree(wordlists.default_folder() / "en", folder / "en")
    answers = folder / "en" / "answers.txt"
    answers.write_text(answers.read_text() + "b4d!\n")
    done = run_app(tmp_path, WT_WORDLISTS_DIR=str(folder))
    assert done.returncode == 2
    assert str(answers) in done.stderr and "b4d!" in done.stderr


def test_missing_word_list_folder_stops_the_start(tmp_path):
    done = run_app(tmp_path, WT_WORDLISTS_DIR=str(tmp_path / "nowhere"))
    assert done.returncode == 2 and "nowhere" in done.stderr
