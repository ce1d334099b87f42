"""The package's floors, checked from its source: an import points to its own floor or a lower
one, never up, and no two modules import each other, however far round (DESIGN.md, "Layout").

Every import counts, those inside functions too. Run this file on its own to print the
offending lines: ``python tests/test_layers.py``.
"""

from __future__ import annotations

import ast
import sys
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


def test_no_upward_import():
    problems = upward_imports()
    assert not problems, "imports from a higher floor:\n" + "\n".join(problems)


def test_no_import_circle():
    problems = circles()
    assert not problems, "import circles:\n" + "\n".join(problems)


def test_every_package_has_a_floor():
    assert all(floor(m) for m in modules())


if __name__ == "__main__":
    print("\n".join(upward_imports() + circles()) or "no upward import, no circle")
