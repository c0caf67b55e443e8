"""The engine floor imports no I/O, clock, randomness or upper floor (DESIGN.md, three floors)."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "time", "random", "os", "bot", "rendering"}
ENGINE = Path(__file__).parents[2] / "engine"


def test_engine_imports_nothing_impure() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
