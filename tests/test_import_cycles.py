"""No import circles in the project: a module never needs, through any chain of imports, a module that
needs it back. Circles hide which module a thing belongs to and break on the first import-order change.

The test reads every module of engine/, rendering/ and bot/ with ``ast`` (nothing is imported) and
walks the graph. It is strict: every ``import``/``from … import`` counts wherever it stands — at the
top, inside a function (a lazy import is still a circle, only deferred) and inside
``if TYPE_CHECKING:`` (a type-only circle is still two modules each needing the other's vocabulary;
the type belongs in the module both can import). ``from pkg import name`` points at ``pkg.name`` when
that is a module, else at ``pkg``. A package's own ``__init__`` running first is not counted as an
edge (every submodule import would otherwise touch its parent)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
AREAS = ("engine", "rendering", "bot")


def _modules() -> dict[str, Path]:
    found = {}
    for area in AREAS:
        for path in (ROOT / area).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _targets(node: ast.AST, package: str, modules: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*parts, base] if base else parts)
    subs = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
    return subs + ([base] if len(subs) < len(node.names) else [])


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            edges.update(t for t in _targets(node, package, modules) if t in modules and t != name)
        graph[name] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def _circles_in(area: str) -> list[list[str]]:
    return [c for c in circles(import_graph()) if any(m.split(".")[0] == area for m in c)]


@pytest.mark.parametrize("area", ["engine", "rendering", "bot"])
def test_no_import_circle(area: str) -> None:
    assert _circles_in(area) == []


def test_the_walk_finds_a_circle() -> None:
    """The finder itself: a lazy import back is a circle; a one-way chain is not."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_relative_and_package_imports_resolve() -> None:
    modules = {"p": ROOT, "p.q": ROOT, "p.r": ROOT}
    assert _targets(ast.parse("from . import q").body[0], "p", modules) == ["p.q"]
    assert _targets(ast.parse("from p import thing").body[0], "p", modules) == ["p"]
    assert _targets(ast.parse("from .r import thing").body[0], "p", modules) == ["p.r"]
