"""Pillow rendering: a game's spectator view → PNG. Imports engine views and data packs only."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.game import Game, View


def render(game: Game, view: View, names: Sequence[str]) -> bytes | None:
    if game.id == "akhedena":
        from rendering.akhedena import render_board as akhedena_board

        return akhedena_board(view, getattr(game, "pack"), names)  # noqa: B009
    if game.id == "greatwall":
        from rendering.greatwall import render_board as greatwall_board

        return greatwall_board(view, getattr(game, "pack"), names)  # noqa: B009
    if game.id == "xidit":
        from rendering.xidit import render_board

        return render_board(view, getattr(game, "pack"), names)  # noqa: B009
    return None


def alt_text(game: Game, view: View, names: Sequence[str]) -> str:
    if game.id == "akhedena":
        from rendering.akhedena import alt_text as akhedena_alt

        return akhedena_alt(view, getattr(game, "pack"), names)  # noqa: B009
    if game.id == "greatwall":
        from rendering.greatwall import alt_text as greatwall_alt

        return greatwall_alt(view, getattr(game, "pack"), names)  # noqa: B009
    if game.id == "xidit":
        from rendering.xidit import alt_text as xidit_alt

        return xidit_alt(view, getattr(game, "pack"), names)  # noqa: B009
    return ""
