"""The bundled variants of The Great Wall, registered in one place (engine/greatwall/variant.py
says what a variant is and how to add one): a new one is its module and one entry in ``BUNDLED``,
in the order the ``mode`` option lists them."""

from __future__ import annotations

from typing import Any

from engine.greatwall.variant import Variant, register_variant
from engine.greatwall.variants.coop import COOP
from engine.greatwall.variants.duel import DUEL
from engine.greatwall.variants.emperors_visit import EMPERORS_VISIT
from engine.greatwall.variants.five import FIVE
from engine.greatwall.variants.ghost_festival import GHOST_FESTIVAL
from engine.greatwall.variants.great_famine import GREAT_FAMINE
from engine.greatwall.variants.khan import KHAN
from engine.greatwall.variants.long_winter import LONG_WINTER
from engine.greatwall.variants.rat import RAT
from engine.greatwall.variants.red_turban import RED_TURBAN
from engine.greatwall.variants.siege import SIEGE
from engine.greatwall.variants.solo import SOLO
from engine.greatwall.variants.standard import STANDARD

BUNDLED: tuple[Variant[Any], ...] = (STANDARD, DUEL, SOLO, COOP, RAT, KHAN, FIVE, LONG_WINTER, GREAT_FAMINE,
                                     EMPERORS_VISIT, GHOST_FESTIVAL, SIEGE, RED_TURBAN)

for _variant in BUNDLED:
    register_variant(_variant)
