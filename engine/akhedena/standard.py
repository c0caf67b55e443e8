"""The full game [Objetivo del Juego]: every hook of engine/akhedena/variant.py as it is."""

from __future__ import annotations

from engine.akhedena.variant import HookCtx, Variant


class Standard(Variant[HookCtx]):
    name = "standard"


VARIANT = Standard()
