"""The shape the code keeps: no import cycles, actors touch each other only through the runtime,
and the web layer reaches the game only through its facade."""

import ast
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("actors", "models", "protocol", "web", "wordlists")


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports_of(path: Path, known: dict[str, Path]) -> set[str]:
    """Project modules imported by `path` at any level (function-level imports included).

    `from pkg import name` runs (and reads `name` from) pkg's `__init__` whether or not `name`
    is a submodule, so it depends on the package too; `import pkg.sub` and `from pkg.sub
    import x` depend on the submodule."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            names = [node.module, *(m for m in subs if m in known)]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                out.add(name)
    return out


def test_no_import_cycles():
    """Package `__init__` modules included: one that imports its submodules (even inside a
    function) must not be imported back by any of them."""
    known = modules()
    graph = {name: imports_of(path, known) - {name} for name, path in known.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt) :] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_only_the_runtime_touches_an_actor_behind_its_ref():
    for path in (ROOT / "actors").rglob("*.py"):
        if path.name != "runtime.py":
            assert "._actor" not in path.read_text(), f"{path.name} reaches into an actor"
    for path in (ROOT / "web").rglob("*.py"):
        assert "._actor" not in path.read_text(), f"{path.name} reaches into an actor"


def test_the_web_layer_goes_through_the_game_facade():
    known = modules()
    for name, path in known.items():
        if name.startswith("web"):
            used = {m for m in imports_of(path, known) if m.startswith("actors")}
            assert used <= {"actors.system"}, f"{name} imports {sorted(used - {'actors.system'})}"


def test_the_protocol_stands_below_the_actors_and_the_web():
    """The wire protocol is values only: it may use the game's rules, nothing that runs."""
    known = modules()
    for name, path in known.items():
        if name.startswith("protocol"):
            used = imports_of(path, known)
            below = {m for m in used if m.startswith(("actors", "web", "models.store"))}
            assert not below, f"{name} imports {sorted(below)}"


MAX_LINES = 400
#: not the project's source: environments and installed packages anywhere, and the build output,
#: data and test artifacts .gitignore keeps out (hidden folders and *.egg-info too)
NOT_SOURCE = {".venv", "node_modules", "__pycache__"}
NOT_SOURCE_AT_ROOT = {"build", "data", "tests/artifacts"}


def source_files() -> list[Path]:
    """Every .py, .js and .mjs file of the project."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder)
        subfolders[:] = [
            d
            for d in subfolders
            if d not in NOT_SOURCE
            and not d.startswith(".")
            and not d.endswith(".egg-info")
            and (here / d).relative_to(ROOT).as_posix() not in NOT_SOURCE_AT_ROOT
        ]
        found += [here / f for f in files if f.endswith((".py", ".js", ".mjs"))]
    return found


def test_no_source_file_is_over_400_lines():
    """Small modules named after what they hold: a file past the limit is split, not grown."""
    files = source_files()
    assert ROOT / "app.py" in files and ROOT / "web" / "static" / "js" / "board.js" in files
    long = {
        path.relative_to(ROOT).as_posix(): n
        for path in files
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"over {MAX_LINES} lines: {long}"
