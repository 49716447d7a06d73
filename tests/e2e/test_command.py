"""`pip install .` gives a `wordle-tournament` command that runs the checkout's commands."""

from __future__ import annotations

import os
import signal
import site
import subprocess
import sys
import time
import urllib.request
import venv
from pathlib import Path

import pytest

from tests.e2e.server import ROOT, free_port


@pytest.fixture(scope="module")
def command(tmp_path_factory):
    """The command as a self-hoster gets it: installed into an environment of its own (with
    this one's packages visible, so that only the project itself is installed)."""
    env_dir = tmp_path_factory.mktemp("installed") / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    own = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                         capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    Path(own, "_test_dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return env_dir / "bin" / "wordle-tournament"


def run(command, *args: str, cwd: Path = Path("/"), **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    return subprocess.run(
        [str(command), *args], env={**base, **env}, capture_output=True, text=True, timeout=60,
        cwd=cwd,  # from anywhere: the command finds its checkout
    )  # fmt: skip


def test_the_command_lists_its_subcommands(command):
    done = run(command)
    assert done.returncode == 2
    for name in ("serve", "migrate", "admin", "import-wordlist", "backup"):
        assert name in done.stderr
    helped = run(command, "--help")
    assert helped.returncode == 0 and "backup PATH" in helped.stdout, helped.stderr


def test_files_named_on_the_command_line_are_the_callers(command, tmp_path):
    """The command works in its checkout, but `backup copy.db` run from a folder writes the
    copy there, and a word file is read from there, as any command-line tool does."""
    caller = tmp_path / "caller"
    caller.mkdir()
    url = f"sqlite:///{tmp_path}/w.db"
    made = subprocess.run([sys.executable, "-c", "import sys; from models.store.sql import "
                           "open_database; open_database(sys.argv[1])", url], cwd=ROOT)  # fmt: skip
    assert made.returncode == 0
    copied = run(command, "backup", "copy.db", cwd=caller, WT_DATABASE_URL=url)
    assert copied.returncode == 0, copied.stdout + copied.stderr
    assert (caller / "copy.db").stat().st_size > 0
    (caller / "words.txt").write_text("apfel\nbirne\n", encoding="utf-8")
    checked = run(command, "import-wordlist", "de", "allowed", "words.txt", "--merge",
                  "--dry-run", cwd=caller)  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "2 source lines" in checked.stdout


def test_serve_then_migrate_and_backup_work_on_the_named_database(command, tmp_path):
    port = free_port()
    base = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    env = {**base, "WT_PORT": str(port), "WT_DATABASE_URL": f"sqlite:///{tmp_path}/w.db",
           "WT_JOURNAL_PATH": str(tmp_path / "journal.jsonl")}  # fmt: skip
    server = subprocess.Popen([str(command), "serve"], env=env, cwd="/",
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                    assert r.status == 200
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(30) == 0
    url = f"sqlite:///{tmp_path}/w.db"  # the server made it, in the folder named
    listed = run(command, "migrate", "--list", WT_DATABASE_URL=url)
    assert listed.returncode == 0 and "applied" in listed.stdout, listed.stdout + listed.stderr
    copied = run(command, "backup", str(tmp_path / "copy.db"), WT_DATABASE_URL=url)
    assert copied.returncode == 0 and "backed up" in copied.stdout, copied.stderr
    helped = run(command, "import-wordlist", "--help")
    assert helped.returncode == 0 and "usage" in helped.stdout.lower()
