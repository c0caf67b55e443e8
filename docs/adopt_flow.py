"""One-off migration: the Great Wall and Akhedena onto the one flow dialect (docs/flows.md).

    python docs/adopt_flow.py .      # then: ruff check --fix engine && mypy engine && the engine tests

Step 1 (a few lines per game): each ``Ctx`` subclasses ``engine.core.flow.BaseCtx``; its own ``emit``,
``draw``, RNG set-up and write-back go. Step 2 (mechanical): the flow modules' adapter decorators go and
every decision takes the core signature: a builder fn(ctx, item, seat), an answer fn(ctx, item,
answers), a check fn(ctx, item, seat, values). Tried on this branch's snapshot: ruff and mypy clean, the
legacy replays, conformance, secrecy, scenario and AI suites of both games pass. Delete this file once
both games are migrated.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path


def _sub(text: str, old: str, new: str) -> str:
    assert old in text, f"not found: {old[:60]!r}"
    return text.replace(old, new, 1)


def _cut(text: str, start: str, stop: str, put: str = "") -> str:
    a, b = text.index(start), text.index(stop)
    return text[:a] + put + text[b:]


def _with_answers(text: str) -> str:
    if "from engine.core.runner import" in text:
        return re.sub(r"from engine\.core\.runner import ([^\n]+)", lambda m: "from engine.core.runner import "
                      + ", ".join(sorted({*m.group(1).split(", "), "Answers"})), text, count=1)
    return text.replace("\nfrom engine.", "\nfrom engine.core.runner import Answers\nfrom engine.", 1)


def _resign(path: Path, edits: list[tuple[str, str, str]], values_line: bool) -> None:
    """Rewrite the signature of every function decorated ``@<name>(...)``; for an Akhedena answer, its
    first statement (after any docstring) takes back the one seat's values."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    inserts: list[int] = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.FunctionDef):
            continue
        names = {d.func.id for d in node.decorator_list if isinstance(d, ast.Call) and isinstance(d.func, ast.Name)}
        for name, old, new in edits:
            if name not in names:
                continue
            i = node.lineno - 1
            while old not in lines[i]:
                i += 1
            lines[i] = lines[i].replace(old, new, 1)
            if values_line and name == "decision":
                first = node.body[0]
                doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                inserts.append(first.end_lineno or first.lineno if doc else first.lineno - 1)
    for after in sorted(inserts, reverse=True):
        lines.insert(after, '    values = answers[frame["seat"]]')
    changed = "\n".join(lines)
    if changed != text:
        path.write_text(_with_answers(changed), encoding="utf-8")


def _base_ctx(path: Path, old_head: str, new_head: str, emit_to: str, draw: tuple[str, str] | None) -> str:
    s = path.read_text(encoding="utf-8")
    s = _sub(s, "from dataclasses import dataclass, field\nfrom typing import Any\n",
             "from dataclasses import dataclass\nfrom typing import Any, ClassVar\n")
    s = _sub(s, "from engine.core.events import Event\n", "")
    s = _sub(s, "from engine.core.rng import Rng\n", "from engine.core.flow import BaseCtx\n")
    s = _sub(s, old_head, new_head)
    s = _cut(s, "    def emit(self, key: str", emit_to)
    if draw:
        s = _cut(s, *draw)
    return s


def greatwall(root: Path) -> None:
    flow = root / "engine/greatwall/flow.py"
    s = _base_ctx(flow, '''class Ctx:
    state: State
    pack: GreatWallPack
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = Rng(self.state.rng)
''', '''class Ctx(BaseCtx[State, GreatWallPack]):
    prefix: ClassVar[str] = "gw"
''', "    def lethality(self)", None)
    s = _sub(s, "\n    def settle(self) -> None:\n        self.state.rng = self.rng.state\n", "")
    s = _cut(s, "def decision(kind: str", "def run(ctx: Ctx)")
    s = _sub(s, "builder = RULES.builder\n", "builder = RULES.builder\ndecision = RULES.decision\n")
    s = _sub(s, "TaskFn = Callable[[Ctx, Task], None]\nBuildFn = Callable[[Ctx, Ask, int], Prompt]\n"
             "CheckFn = Callable[[Ctx, Ask, int, list[str]], None]\nFinishFn = Callable[[Ctx, Ask], None]\n\n", "")
    flow.write_text(s, encoding="utf-8")
    for path in sorted((root / "engine/greatwall").glob("*.py")):
        _resign(path, [("decision", "(ctx: Ctx, ask: Ask) -> None:",
                        "(ctx: Ctx, ask: Ask, answers: Answers) -> None:")], values_line=False)
    coop = root / "engine/greatwall/coop.py"
    text = coop.read_text(encoding="utf-8")
    s = _sub(text, '''def _take_team_move(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    ctx.state.ask = None
    move_clerks(ctx, seat, values)
    ctx.push({"op": "team_moves", "seats": [s for s in ask.seats if s != seat], "n": ask.data["n"],
              "distinct": ask.data["distinct"]})


RULES.decide("team_move", check=check_move, take=_take_team_move)
''', '''@decision("team_move", check=check_move, each=True)
def _take_team_move(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    for seat, values in answers.items():
        ctx.state.ask = None
        move_clerks(ctx, seat, values)
        ctx.push({"op": "team_moves", "seats": [s for s in ask.seats if s != seat], "n": ask.data["n"],
                  "distinct": ask.data["distinct"]})
''')
    coop.write_text(_with_answers(s), encoding="utf-8")


def akhedena(root: Path) -> None:
    flow = root / "engine/akhedena/flow.py"
    s = _base_ctx(flow, '''class Ctx:
    state: State
    pack: AkhedenaPack
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = Rng(self.state.rng)
        self.geo''', '''class Ctx(BaseCtx[State, AkhedenaPack]):
    prefix: ClassVar[str] = "ak"

    def __post_init__(self) -> None:
        self.geo''', "    def player(self, seat: int)", ("    def draw(self, deck", "    # -- the runner's agenda"))
    s = _sub(s, "            self.state.stack.clear()\n        self.state.rng = self.rng.state\n",
             "            self.state.stack.clear()\n        super().settle()\n")
    s = _cut(s, "def builder(kind: str)", "def run(ctx: Ctx)",
             "builder = RULES.builder\ndecision = RULES.decision\n\n\n")
    s = _sub(s, "AutoFn = Callable[[Ctx, Frame], None]\nBuildFn = Callable[[Ctx, Frame], Prompt]\n"
             "CheckFn = Callable[[Ctx, Frame, list[str]], None]\n"
             "ActFn = Callable[[Ctx, Frame, list[str]], None]\n\n", "")
    flow.write_text(s, encoding="utf-8")
    for path in sorted((root / "engine/akhedena").glob("*.py")):
        _resign(path, [("builder", "(ctx: Ctx, frame: Frame) -> Prompt:",
                        "(ctx: Ctx, frame: Frame, seat: int) -> Prompt:"),
                       ("decision", "(ctx: Ctx, frame: Frame, values: list[str]) -> None:",
                        "(ctx: Ctx, frame: Frame, answers: Answers) -> None:")], values_line=True)
    battle = root / "engine/akhedena/battle.py"
    battle.write_text(_sub(battle.read_text(encoding="utf-8"),
                           "def _check_upkeep(ctx: Ctx, frame: Frame, values: list[str]) -> None:",
                           "def _check_upkeep(ctx: Ctx, frame: Frame, seat: int, values: list[str]) -> None:"),
                      encoding="utf-8")


if __name__ == "__main__":
    where = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    greatwall(where)
    akhedena(where)
