"""The base game, 3 or 4 clans [ES p.4–15]: every hook keeps its default (engine/greatwall/variant.py)."""

from __future__ import annotations

from typing import Any

from engine.greatwall.variant import Variant

STANDARD: Variant[Any] = Variant("standard", seats=(3, 4))
