"""Akhedena's rules, in one place: every module that registers frames, decisions or guards on
``RULES`` (engine/akhedena/flow.py) is listed here, and the registry is sealed once they all have."""

from __future__ import annotations

from engine.akhedena import actions, battle, cards, dragon, fight, structures, supplies, turn, variants, victory
from engine.akhedena.flow import RULES, Ctx
from engine.core.runner import Rules

# variants: the bundled variant modules, which may register their own steps (quick play's turn).
MODULES = (actions, battle, cards, dragon, fight, structures, supplies, turn, victory, variants)
AKHEDENA_RULES: Rules[Ctx] = RULES.seal()
