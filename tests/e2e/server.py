"""Start the real server the way the README does (`python3 scripts/manage.py serve`), as a
subprocess with its own database, port and short timings, and stop it with SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from actors.bot_client import sign_in  # noqa: F401 - the tests' way to make an account

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen
    base: str
    db_path: Path
    log_path: Path

    @property
    def ws_url(self) -> str:
        return self.base.replace("http", "ws", 1) + "/ws?v=1"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, timeout: float = 20.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def start_server(
    tmp: Path, port: int | None = None, open_files: int | None = None, **settings: object
) -> Server:
    """The server with its database (and log, appended to) in `tmp`; `port` to start it again
    where it was; `open_files` to run it under that open-file limit. Rate limits are generous
    here: tests sign in many players from one address."""
    port = port or free_port()
    db_path = tmp / "wordle.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    env.update(
        WT_PORT=str(port),
        WT_DATABASE_URL=f"sqlite:///{db_path}",
        WT_TURN_SECONDS="0.6",
        WT_INTRO_SECONDS="0.1",
        WT_RECAP_SECONDS="0.1",
        WT_RECONNECT_GRACE_SECONDS="2",
        WT_BOT_FILL="off",
        WT_SHUTDOWN_GRACE_SECONDS="1",
        WT_JOURNAL_PATH=str(tmp / "pending-writes.jsonl"),
        WT_SIGNIN_RATE="10000/minute",
        WT_REST_RATE="100000/minute",
        WT_VENV=str(Path(sys.executable).resolve().parent.parent),
    )
    env.update({f"WT_{k.upper()}": str(v) for k, v in settings.items()})
    log_path = tmp / "server.log"
    log = open(log_path, "a")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "manage.py"), "serve"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        preexec_fn=None if open_files is None else lambda: _limit_open_files(open_files),
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {log_path.read_text()}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                if json.loads(r.read()) == {"status": "ok"}:
                    return Server(process, base, db_path, log_path)
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"server did not start: {log_path.read_text()}")


def _limit_open_files(n: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))


def call(
    base: str, method: str, path: str, token: str, body: dict | None = None
) -> tuple[int, dict]:
    """A REST call as a non-browser client (Bearer token); returns (status, JSON body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path,
        data=data,
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else {}
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")
