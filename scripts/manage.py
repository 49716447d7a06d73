#!/usr/bin/env python3
"""The two set-up commands of the README, needing nothing but Python 3.11+.

    python3 scripts/manage.py serve   # make .venv if needed, install, run the server
    python3 scripts/manage.py test    # make .venv if needed, install with test extras, run pytest

The virtual environment lives in `.venv` beside setup.cfg and is reinstalled only when what
it installs changes (setup.cfg, the command), so both commands are quick after the first run.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("WT_VENV", ROOT / ".venv"))
PYTHON = VENV / "bin" / "python"


def ensure_installed(extras: str) -> None:
    """Create the venv and (re)install the project when what it installs changed: setup.cfg,
    the extras, or the `wordle-tournament` command (installed as a copy)."""
    if not PYTHON.exists():
        print(f"creating virtual environment in {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
    installed = [
        ROOT / "setup.cfg",
        ROOT / "setup.py",
        *sorted((ROOT / "scripts/command").glob("*.py")),
    ]
    key = hashlib.sha256(b"".join(p.read_bytes() for p in installed) + extras.encode()).hexdigest()
    stamp = VENV / f".installed{extras}"
    if stamp.exists() and stamp.read_text() == key:
        return
    target = f"{ROOT}{extras}"
    print(
        f"installing {target} into {VENV}: the first time, pip downloads the dependencies "
        "(about a minute; each one is named below as it comes)",
        flush=True,
    )
    subprocess.check_call([PYTHON, "-m", "pip", "install", "-qq", "--upgrade", "pip"])
    subprocess.check_call([PYTHON, "-m", "pip", "install", "--progress-bar", "off", target])
    stamp.write_text(key)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"serve", "test"}:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    os.chdir(ROOT)
    if command == "serve":
        ensure_installed("")
        os.execv(PYTHON, [str(PYTHON), str(ROOT / "app.py"), *rest])
    ensure_installed("[test]")
    os.execv(PYTHON, [str(PYTHON), "-m", "pytest", *rest])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
