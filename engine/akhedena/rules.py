"""Akhedena's rules, in one place: every module that registers frames, decisions or guards on
``RULES`` (engine/akhedena/flow.py) is listed here, and the registry is sealed once they all have."""

from __future__ import annotations

from engine.akhedena import actions, battle, cards, dragon, fight, quick, structures, supplies, turn, victory
from engine.akhedena.flow import RULES, Ctx
from engine.core.runner import Rules

MODULES = (actions, battle, cards, dragon, fight, quick, structures, supplies, turn, victory)
AKHEDENA_RULES: Rules[Ctx] = RULES.seal()
