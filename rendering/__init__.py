"""Pillow rendering: a game's spectator view → PNG and its alt text, in the reader's language.
Imports engine views and data packs only. Which game draws how is rendering/registry.py's business."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.game import Game, View
from engine.core.prompt import Prompt
from engine.core.text import Translate
from rendering.labels import english
from rendering.registry import BoardRenderer, register, renderer_for

__all__ = ["BoardRenderer", "alt_text", "register", "render", "renderer_for", "seat_alt_text", "seat_picture"]


def render(game: Game, view: View, names: Sequence[str], tr: Translate = english) -> bytes | None:
    """The board PNG, or None for a game without a renderer (text only)."""
    renderer = renderer_for(game)
    return renderer.board(view, names, tr) if renderer else None


def alt_text(game: Game, view: View, names: Sequence[str], tr: Translate = english) -> str:
    renderer = renderer_for(game)
    return renderer.alt(view, names, tr) if renderer else ""


def seat_picture(game: Game, view: View, prompt: Prompt | None, names: Sequence[str], tr: Translate = english,
                 palette: str = "standard", draft: Sequence[str | None] = ()) -> bytes | None:
    """A seat's own picture (rendering/seat.py) from ``game.view(state, seat)``, the seat's open
    prompt and its draft of that prompt (a programme's slots chosen so far), or None for a game that
    draws none (its panels stay text only)."""
    renderer = renderer_for(game)
    draw = getattr(renderer, "seat_picture", None)
    picture: bytes | None = draw(view, prompt, names, tr, palette, draft) if draw else None
    return picture


def seat_alt_text(game: Game, view: View, prompt: Prompt | None, names: Sequence[str], tr: Translate = english,
                  draft: Sequence[str | None] = ()) -> str:
    """The alt text of ``seat_picture`` drawn from the same inputs (rendering/seat_alt.py), in the
    reader's language; empty for a game that describes none."""
    renderer = renderer_for(game)
    describe = getattr(renderer, "seat_text", None)
    text: str = describe(view, prompt, names, tr, draft) if describe else ""
    return text
