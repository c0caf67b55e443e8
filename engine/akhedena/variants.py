"""The bundled Akhedena variants, in one place (the first is a new table's default). A new variant is
its own module and one line here, or a ``register_variant`` call (game.py) from anywhere."""

from __future__ import annotations

from typing import Any

from engine.akhedena import quick, standard, team
from engine.akhedena.variant import Variant, add, named

BUNDLED: tuple[Variant[Any], ...] = (standard.VARIANT, team.VARIANT, quick.VARIANT)

for _variant in BUNDLED:  # a variant registered earlier under the same name (a test's) is kept
    if named(_variant.name) is None:
        add(_variant)
