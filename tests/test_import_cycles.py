"""No import circles in the project: a module never needs, through any chain of imports, a module that
needs it back. Circles hide which module a thing belongs to and break on the first import-order change.

The test reads every module of engine/, rendering/ and bot/ with ``ast`` (nothing is imported) and
walks the graph. It is strict: every ``import``/``from … import`` counts wherever it stands — at the
top, inside a function (a lazy import is still a circle, only deferred) and inside
``if TYPE_CHECKING:`` (a type-only circle is still two modules each needing the other's vocabulary;
the type belongs in the module both can import). ``from pkg import name`` points at ``pkg.name`` when
that is a module, else at ``pkg``. A package's own ``__init__`` running first is not counted as an
edge (every submodule import would otherwise touch its parent).

A module named in a string counts too: ``importlib.import_module("x")``, ``__import__("x")``, and any
other string (outside a docstring) that is a project module's dotted name or ``module:attribute`` (a
registry listing its entries by path). A string import still runs the module and is still a circle,
only one that ``ast``'s import nodes do not show. An import by a computed name (an f-string, a variable)
cannot be followed, so none is allowed in the areas read."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
AREAS = ("engine", "rendering", "bot")


def _modules(root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for area in AREAS:
        for path in (root / area).rglob("*.py"):
            parts = path.relative_to(root).with_suffix("").parts
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


IMPORTERS = frozenset({"import_module", "__import__"})


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (prose may name a module without needing it)."""
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree) if isinstance(node, owners) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def _named_in_strings(tree: ast.AST) -> list[str]:
    """Modules named by a string: an import by name, or a registry's ``module`` / ``module:attr``."""
    prose = _docstrings(tree)
    return [node.value.partition(":")[0] for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose]


def _importer(call: ast.Call) -> str | None:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    return name if name in IMPORTERS else None


def computed_imports(tree: ast.AST) -> list[int]:
    """Lines importing a module whose name is computed (not a plain string): the graph cannot follow them."""
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call) and _importer(node)
            and not (node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))]


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = _modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges = {t for node in ast.walk(tree) for t in _targets(node, package, modules)}
        edges.update(_named_in_strings(tree))
        graph[name] = {t for t in edges if t in modules and t != name}
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


def test_the_core_needs_nothing_above_it() -> None:
    """engine/core is the contract every game imports: it names no game and no catalog, by import or
    by string (the game catalog, engine/games.py, sits above the games)."""
    graph = import_graph()
    above = {(m, t) for m, targets in graph.items() if m.startswith("engine.core") for t in targets
             if not t.startswith("engine.core")}
    assert above == set()


def test_no_import_by_computed_name() -> None:
    """Every import by name spells the module out, so the graph above sees it."""
    found = [(str(path.relative_to(ROOT)), line) for path in _modules().values()
             for line in computed_imports(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == []


def test_a_string_import_is_an_edge(tmp_path: Path) -> None:
    """A core that loads its games by name while the games import the core is a circle; so is a
    registry naming ``module:attr``. A docstring naming a module is not an edge."""
    for area, files in {"engine": {"__init__.py": "", "core.py": 'import importlib\n'
                                   'def load() -> None:\n    importlib.import_module("engine.games")\n',
                                   "games.py": "import engine.core\n",
                                   "ai.py": '"""Reads engine.games."""\nFACTORIES = ["rendering.board:draw"]\n'},
                        "rendering": {"__init__.py": "", "board.py": "import engine.ai\n"},
                        "bot": {"__init__.py": "", "main.py": '__import__("bot.main")\n'}}.items():
        (tmp_path / area).mkdir()
        for name, text in files.items():
            (tmp_path / area / name).write_text(text, encoding="utf-8")
    graph = import_graph(tmp_path)
    assert graph["engine.core"] == {"engine.games"} and graph["engine.ai"] == {"rendering.board"}
    assert circles(graph) == [["engine.ai", "rendering.board"], ["engine.core", "engine.games"]]
    assert computed_imports(ast.parse('import importlib\nimportlib.import_module(f"engine.{name}")\n')) == [2]


def test_the_walk_finds_a_circle() -> None:
    """The finder itself: a lazy import back is a circle; a one-way chain is not."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_relative_and_package_imports_resolve() -> None:
    modules = {"p": ROOT, "p.q": ROOT, "p.r": ROOT}
    assert _targets(ast.parse("from . import q").body[0], "p", modules) == ["p.q"]
    assert _targets(ast.parse("from p import thing").body[0], "p", modules) == ["p"]
    assert _targets(ast.parse("from .r import thing").body[0], "p", modules) == ["p.r"]
