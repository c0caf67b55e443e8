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
from engine.greatwall.chronicles import (
    emperors_visit,
    ghost_festival,
    great_famine,
    long_winter,
    red_turban,
    siege,
    survival,
)
from engine.greatwall.flow import RULES, Ctx

MODULES = (bannermen, clerks, combat, command, coop, deaths, demands, encampment, events, khan, locations, logistics,
           qin, rat, reed, seasons, shame, tactics, long_winter, great_famine, emperors_visit, ghost_festival,
           survival, siege, red_turban)
GREATWALL_RULES: Rules[Ctx] = RULES.seal()
