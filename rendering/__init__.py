"""Pillow rendering: a game's spectator view → PNG and its alt text, in the reader's language.
Imports engine views and data packs only. Which game draws how is rendering/registry.py's business."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.game import Game, View
from engine.core.text import Translate
from rendering.labels import english
from rendering.registry import BoardRenderer, register, renderer_for

__all__ = ["BoardRenderer", "alt_text", "register", "render", "renderer_for"]


def render(game: Game, view: View, names: Sequence[str], tr: Translate = english) -> bytes | None:
    """The board PNG, or None for a game without a renderer (text only)."""
    renderer = renderer_for(game)
    return renderer.board(view, names, tr) if renderer else None


def alt_text(game: Game, view: View, names: Sequence[str], tr: Translate = english) -> str:
    renderer = renderer_for(game)
    return renderer.alt(view, names, tr) if renderer else ""
