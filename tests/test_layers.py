"""The package's floors, checked from its source: an import points to its own floor or a lower
one, never up, and no two modules import each other, however far round (DESIGN.md, "Layout").
And only a game's own modules name it: its folder ``railkit/games/<game>/`` and its module in
each layer with per-game code (``railkit/agents/<game>.py``, ``railkit/rl/<game>.py``,
``railkit/viz/<game>/``).

Every import counts, those inside functions too. Run this file on its own to print the
offending lines: ``python tests/test_layers.py``.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "railkit"

#: the floors, low to high: a module may import from its own floor or a lower one
FLOORS = {
    "railkit": 1, "railkit.core": 1, "railkit.maps": 2, "railkit.graphs": 3, "railkit.games": 4,
    "railkit.agents": 5, "railkit.rl": 5, "railkit.sim": 6, "railkit.viz": 7, "railkit.cli": 8,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def floor(module: str) -> int:
    while module not in FLOORS:
        module = module.rpartition(".")[0]
    return FLOORS[module]


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """The railkit modules ``name`` imports, with the line of each import."""
    is_package = path.name == "__init__.py"
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if is_package else name.split(".")[:-1]
                here = here[: len(here) - (node.level - 1)]
                base = ".".join(here + ([base] if base else []))
            # ``from pkg import sub`` imports the submodule; ``from mod import name`` the module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("railkit") and target != name:
                out.append((target, node.lineno))
    return out


def graph() -> tuple[dict[str, Path], dict[str, list[tuple[str, int]]]]:
    known = modules()
    return known, {name: imports(name, path, known) for name, path in known.items()}


def upward_imports() -> list[str]:
    known, edges = graph()
    rel = lambda m: known[m].relative_to(PACKAGE.parent)  # noqa: E731
    return [f"{rel(m)}:{line}: {m} (floor {floor(m)}) imports {t} (floor {floor(t)})"
            for m, targets in edges.items() for t, line in targets if floor(t) > floor(m)]


def circles() -> list[str]:
    """Each import circle (a strongly connected set of modules), as one line per import in it."""
    known, edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w, _ in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    out = []
    for group in found:
        members = set(group)
        ties = [f"{known[m].relative_to(PACKAGE.parent)}:{line}: {m} imports {t}"
                for m in group for t, line in edges[m] if t in members]
        out.append(f"circle of {len(group)} modules: " + ", ".join(group) + "\n  " + "\n  ".join(ties))
    return out


#: a game's name in any spelling (``ticket-to-ride``, ``TicketToRide``, ``steam_rollers``), or its solo opponent
GAME_NAME = re.compile(r"ticket.?to.?ride|steam.?rollers|station.?master|olivia", re.IGNORECASE)

def games() -> list[str]:
    """The games' module names (the folders of ``railkit/games/``)."""
    return sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())


def may_name_games(path: Path) -> bool:
    """True for a game's own modules: ``games/<game>/`` and its module in each layer above."""
    rel = path.relative_to(PACKAGE.parent).as_posix()
    own = [f"railkit/games/{g}/" for g in games()] + [f"railkit/{layer}/{g}" for layer in ("agents", "rl", "viz")
                                                         for g in games()]
    return rel.startswith(tuple(own))


def _docstring_lines(tree: ast.AST) -> set[int]:
    """The first lines of the docstrings of a module and of its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(first.lineno)
    return out


def game_names() -> list[str]:
    """Every identifier, import, string (docstrings aside) and comment outside a game's own
    modules that names a game, as ``path:line: text``."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if may_name_games(path):
            continue
        text = path.read_text()
        docs = _docstring_lines(ast.parse(text, str(path)))
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING and tok.start[0] in docs:
                continue
            if tok.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT) and GAME_NAME.search(tok.string):
                out.append(f"{path.relative_to(PACKAGE.parent)}:{tok.start[0]}: {tok.string[:80]}")
    return out


def test_no_upward_import():
    problems = upward_imports()
    assert not problems, "imports from a higher floor:\n" + "\n".join(problems)


def test_no_import_circle():
    problems = circles()
    assert not problems, "import circles:\n" + "\n".join(problems)


def test_every_package_has_a_floor():
    assert all(floor(m) for m in modules())


def test_only_a_games_own_modules_name_it():
    problems = game_names()
    assert not problems, "game names outside the games' own modules:\n" + "\n".join(problems)


if __name__ == "__main__":
    print("\n".join(upward_imports() + circles() + game_names()) or "no upward import, no circle, no game named")
