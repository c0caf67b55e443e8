"""The Great Wall's rules, in one place: every module that registers tasks and decisions on
``RULES`` (engine/greatwall/flow.py) is listed here, and the registry is sealed once they all have."""

from __future__ import annotations

from engine.core.runner import Rules
from engine.greatwall import (
    bannermen,
    clerks,
    combat,
    command,
    coop,
    deaths,
    demands,
    encampment,
    events,
    khan,
    locations,
    logistics,
    qin,
    rat,
    reed,
    seasons,
    shame,
    tactics,
)
from engine.greatwall.chronicles import red_turban, siege, survival
from engine.greatwall.flow import RULES, Ctx

MODULES = (bannermen, clerks, combat, command, coop, deaths, demands, encampment, events, khan, locations, logistics,
           qin, rat, reed, seasons, shame, tactics, survival, siege, red_turban)
GREATWALL_RULES: Rules[Ctx] = RULES.seal()
