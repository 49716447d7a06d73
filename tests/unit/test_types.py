"""The type checks pass as configured in setup.cfg (strict for models/ and actors/), and they
have teeth: telling an actor a message it does not take is an error."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("mypy", reason="mypy is in the test extras (setup.cfg)")


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "setup.cfg", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_project_passes_its_type_checks():
    run = mypy()
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_message_an_actor_does_not_take_is_a_type_error(tmp_path):
    snippet = tmp_path / "wrong_tells.py"
    snippet.write_text(
        textwrap.dedent(
            """
            from actors.messages import DuelRef, Guess, LobbyRef, Send
            from models.lobby.inputs import Abort


            def tell(duel: DuelRef, lobby: LobbyRef) -> None:
                duel.tell(Guess(1, "word"))
                lobby.tell(Abort("tournament_stopped"))
                duel.tell(Send("text"))  # line 9: a connection's message
                lobby.tell(Guess(1, "word"))  # line 10: a duel's message
            """
        )
    )
    run = mypy(str(snippet))
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["9", "10"], run.stdout
