"""Lords of Xidit's rules, in one place: the modules that register the year's steps and the decisions
on ``RULES`` (engine/xidit/flow.py), and the registry sealed once they have."""

from __future__ import annotations

from engine.core.runner import Rules
from engine.xidit import flow
from engine.xidit.flow import Ctx

MODULES = (flow,)
RULES: Rules[Ctx] = flow.RULES.seal()
