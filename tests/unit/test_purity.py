"""The rules core stays pure: no gevent, web, database, sockets, clocks or global randomness."""

import ast
import subprocess
import sys
from pathlib import Path

MODELS = Path(__file__).resolve().parents[2] / "models"  # models/store/ may use the database
FORBIDDEN = {
    "gevent",
    "flask",
    "flask_sock",
    "simple_websocket",
    "peewee",
    "playhouse",
    "pymysql",
    "socket",
    "time",
    "threading",
    "asyncio",
    "os",
}


def rules_modules():
    """Every module of models/ but the persistence package (the lobby's step included)."""
    return sorted(p for p in MODELS.rglob("*.py") if "store" not in p.relative_to(MODELS).parts)


def test_the_lobby_step_is_among_the_pure_modules():
    names = {p.relative_to(MODELS).as_posix() for p in rules_modules()}
    assert {"lobby/step.py", "lobby/run.py", "lobby/room.py", "lobby/state.py"} <= names


def test_rules_modules_import_nothing_forbidden():
    for path in rules_modules():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_rules_modules_use_only_injected_randomness():
    for path in rules_modules():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "random":
                    assert node.attr == "Random", f"{path.name} uses random.{node.attr}"


def test_importing_the_rules_pulls_in_no_io_library():
    mods = ", ".join(
        "models." + ".".join(p.relative_to(MODELS).with_suffix("").parts)
        for p in rules_modules()
        if p.stem != "__init__"
    )
    code = (
        f"import sys, {mods}\n"
        "bad = sorted(m for m in ('gevent', 'flask', 'peewee', 'pymysql', 'socket') "
        "if m in sys.modules)\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
