"""No import circle anywhere in the project (engine, rendering, bot): the imports are read with ast,
module-level and function-level alike (a function-level import is a circle that is merely deferred).

How ``if TYPE_CHECKING:`` imports count: they count. A type-only import is still a dependency a reader
follows, and the circles this test was written against (bot modules importing ``bot.app.MusterBot`` to
reach its parts) were all type-only; annotations go through a small Protocol or the concrete part
instead. Plugin tables loaded by name (``importlib.import_module("engine.games")`` in the registries)
are not imports ast can see: they are how a lower module reaches the table a higher one registers.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGES = ("engine", "rendering", "bot")


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imported(node: ast.AST, package: str, known: set[str]) -> Iterator[str]:
    """What one import statement names: ``from a import b`` names the module a.b when there is one,
    else the module a (b is a name inside it)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            parent = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*parent, *([base] if base else [])])
        for alias in node.names:
            yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base


def graph() -> dict[str, set[str]]:
    """Module → the project modules it imports."""
    found = modules()
    known = set(found)
    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges[name] = {t for node in ast.walk(tree) for t in _imported(node, package, known)
                       if t in known and t != name}
    return edges


def cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative enough for us)."""
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def _engine_only(cycle: list[str]) -> bool:
    return all(m.startswith("engine.") for m in cycle)


def test_no_import_circle_outside_the_engine() -> None:
    """Rendering, bot, and any circle across floors."""
    assert [c for c in cycles() if not _engine_only(c)] == []


def test_no_import_circle_in_the_engine() -> None:
    assert [c for c in cycles() if _engine_only(c)] == []


def test_the_walker_sees_function_level_and_type_checking_imports() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import bot.app\ndef f():\n    import engine.ai\n"
    names = {t for node in ast.walk(ast.parse(source)) for t in _imported(node, "bot", set())}
    assert {"bot.app", "engine.ai"} <= names
