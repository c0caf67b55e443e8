"""The bundled Akhedena variants, in one place (the first is a new table's default). A new variant is
its own module and one line here, or a ``register_variant`` call (game.py) from anywhere."""

from __future__ import annotations

from engine.akhedena import quick, standard, team
from engine.akhedena.variant import Variant

BUNDLED: tuple[Variant, ...] = (standard.VARIANT, team.VARIANT, quick.VARIANT)
