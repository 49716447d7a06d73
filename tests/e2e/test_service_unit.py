"""The shipped systemd unit (docs/deploy/wordle-tournament.service) as systemd reads it."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from models.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "docs" / "deploy" / "wordle-tournament.service"
INSTALLED = "/srv/wordle-tournament"


def service() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # keys keep their case
    parser.read_string(UNIT.read_text())
    return parser["Service"]


def test_the_unit_runs_unprivileged_with_room_for_every_player_and_a_clean_stop():
    unit = service()
    assert unit["User"] not in ("", "root") and unit["NoNewPrivileges"] == "yes"
    assert int(unit["LimitNOFILE"]) >= 10_000 + 128  # one descriptor per player (README Limits)
    assert unit["Restart"] == "on-failure" and unit["KillSignal"] == "SIGTERM"
    defaults = Settings()
    grace = defaults.shutdown_grace_seconds + defaults.shutdown_write_seconds
    assert float(unit["TimeoutStopSec"]) > grace  # SIGTERM's grace is respected, not cut
    assert "2" in unit["RestartPreventExitStatus"].split()  # a bad setting: no restart loop
    assert unit["ExecStart"].split() == [f"{INSTALLED}/.venv/bin/python", f"{INSTALLED}/app.py"]
    assert "WT_TRUSTED_PROXIES=1" in UNIT.read_text()  # behind docs/deploy/nginx.conf


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_analyze_verifies_the_unit(tmp_path):
    # the unit as installed on this machine: this checkout and its interpreter
    text = UNIT.read_text().replace(f"{INSTALLED}/.venv/bin/python", sys.executable)
    text = text.replace(INSTALLED, str(ROOT))
    good = tmp_path / "wordle-tournament.service"
    good.write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(good)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    broken = tmp_path / "broken.service"  # the check can fail: a unit systemd cannot run
    broken.write_text(text.replace(f"ExecStart={sys.executable}", "ExecStart=/nonexistent/py"))
    done = subprocess.run(["systemd-analyze", "verify", str(broken)], capture_output=True)
    assert done.returncode != 0
