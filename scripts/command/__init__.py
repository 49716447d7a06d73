"""The `wordle-tournament` command that `pip install .` puts on the PATH.

    wordle-tournament serve                 # the server (as python app.py)
    wordle-tournament migrate [--list|--dry-run]
    wordle-tournament admin …               # moderation (reports, rename, ban, void, log)
    wordle-tournament import-wordlist …
    wordle-tournament backup PATH

The server runs from its checkout (the project's folders are not installed as packages, so
their generic names never land in site-packages): this command finds the checkout it was
installed from, works there, and runs each subcommand with the interpreter it is installed
in. Settings are the WT_* environment variables, as for every command of the project.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

COMMANDS = {
    "serve": ["app.py"],
    "migrate": ["-m", "scripts.migrate"],
    "admin": ["-m", "scripts.admin"],
    "import-wordlist": ["-m", "scripts.import_wordlist"],
    "backup": ["-m", "scripts.backup"],
}


def checkout() -> Path:
    """The project folder: written into the package at install time, else (an editable
    install, or run from the checkout) found beside this file."""
    try:
        from wordle_tournament._checkout import ROOT  # type: ignore[import-not-found]

        return Path(ROOT)
    except ImportError:
        return Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in COMMANDS:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root = checkout()
    if not (root / "app.py").is_file():
        print(f"wordle-tournament: the checkout {root} is gone; install again from it",
              file=sys.stderr)  # fmt: skip
        return 2
    os.chdir(root)  # relative paths (the default SQLite file) are the checkout's, as for serve
    command = COMMANDS[args[0]]
    target = [str(root / command[0])] if command[0].endswith(".py") else command
    os.execv(sys.executable, [sys.executable, *target, *args[1:]])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
