"""Lords of Xidit written in the one flow dialect (engine/core/runner.py): each decision's prompt and
answer live in one module, registered with ``@RULES.builder`` / ``@RULES.decision``; its flow module
keeps only the context and the agenda (no decision routed through a phase if-chain)."""

from __future__ import annotations

from pathlib import Path

import engine.xidit.flow as flow
from engine.core.flow import BaseCtx
from engine.xidit.rules import MODULES, RULES

ROOT = Path(__file__).parents[2]

# Where each decision lives: the topic the rulebook gives it.
OWNERS = {"place": "engine.xidit.setup", "program": "engine.xidit.orders", "census": "engine.xidit.census",
          "rewards": "engine.xidit.rewards", "bard": "engine.xidit.rewards", "guild": "engine.xidit.rewards",
          "titan": "engine.xidit.titans", "titan_pay": "engine.xidit.titans"}


def test_each_decision_owns_its_prompt_and_its_answer_in_one_module() -> None:
    """The census (rulebook, "Fase cuatro: censo militar": every player secretly shows a count per unit
    type) is asked, answered and revealed in census.py alone; so for every other decision."""
    assert {kind: d.module for kind, d in RULES.decisions.items()} == OWNERS
    assert all(RULES.builders[kind].__module__ == module for kind, module in OWNERS.items())
    assert {m.__name__ for m in MODULES} >= set(OWNERS.values())


def test_the_flow_module_keeps_only_the_context_and_the_agenda() -> None:
    assert issubclass(flow.Ctx, BaseCtx) and flow.Ctx.prefix == "xidit"
    registered = [*RULES.tasks.values(), *RULES.builders.values()]
    assert not [fn for fn in registered if fn.__module__ == flow.__name__]
    assert not (ROOT / "engine" / "xidit" / "decisions.py").exists()
    source = (ROOT / "engine" / "xidit" / "flow.py").read_text(encoding="utf-8")
    assert "def _build" not in source and "decide(" not in source
