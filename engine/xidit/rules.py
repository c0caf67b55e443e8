"""Lords of Xidit's rules, in one place: the modules that register the year's steps and the decisions
on ``RULES`` (engine/xidit/flow.py), and the registry sealed once they have."""

from __future__ import annotations

from engine.core.runner import Rules
from engine.xidit import census, orders, rewards, setup, titans, year
from engine.xidit.flow import RULES as _RULES
from engine.xidit.flow import Ctx

MODULES = (setup, orders, year, census, rewards, titans)
RULES: Rules[Ctx] = _RULES.seal()
