"""The `wordle-tournament` command that `pip install .` puts on the PATH.

    wordle-tournament serve                 # the server (as python app.py)
    wordle-tournament migrate [--list|--dry-run]
    wordle-tournament admin …               # moderation (reports, rename, ban, void, log)
    wordle-tournament import-wordlist …
    wordle-tournament backup PATH

The server runs from its checkout (the project's folders are not installed as packages, so
their generic names never land in site-packages): this command finds the checkout it was
installed from, works there, and runs each subcommand with the interpreter it is installed
in. Settings are the WT_* environment variables, as for every command of the project. A file
named on the command line (a backup's destination, a word file to import) is the caller's: it is
made absolute before the move to the checkout.
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

# The arguments that name the caller's files, per subcommand: positions among the positional
# arguments, options whose value is a file, and every option that takes a value (so that the
# positions are counted right).
FILE_ARGUMENTS: dict[str, tuple[set[int], set[str], set[str]]] = {
    "backup": ({0}, set(), set()),
    "import-wordlist": (
        {2},
        {"--folder"},
        {"--format", "--encoding", "--top", "--min-count", "--folder"},
    ),
}


def callers_files(name: str, args: list[str], cwd: Path) -> list[str]:
    """`args` with the files they name made absolute against `cwd`."""
    if name not in FILE_ARGUMENTS:
        return args
    positions, file_options, valued = FILE_ARGUMENTS[name]
    out: list[str] = []
    position, pending = 0, None  # pending: the option whose value comes next
    for arg in args:
        if pending is not None:
            out.append(str(cwd / arg) if pending in file_options else arg)
            pending = None
        elif arg.startswith("--") and "=" in arg:
            option, value = arg.split("=", 1)
            out.append(f"{option}={cwd / value}" if option in file_options else arg)
        elif arg.startswith("-"):
            pending = arg if arg in valued else None
            out.append(arg)
        else:
            out.append(str(cwd / arg) if position in positions else arg)
            position += 1
    return out


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
    usage = __doc__.split("\n\n")[1]
    if args[:1] in (["-h"], ["--help"], ["help"]):
        print(usage)
        return 0
    if not args or args[0] not in COMMANDS:
        print(usage, file=sys.stderr)
        return 2
    root = checkout()
    if not (root / "app.py").is_file():
        print(f"wordle-tournament: the checkout {root} is gone; install again from it",
              file=sys.stderr)  # fmt: skip
        return 2
    rest = callers_files(args[0], args[1:], Path.cwd())
    os.chdir(root)  # relative settings (the default SQLite file) are the checkout's, as for serve
    command = COMMANDS[args[0]]
    target = [str(root / command[0])] if command[0].endswith(".py") else command
    os.execv(sys.executable, [sys.executable, *target, *rest])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
