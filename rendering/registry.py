"""One registry for the rendering floor, keyed by game id: a factory per game builds the game's board
renderer from the game object (typed: each factory checks the game's class before reading its data
pack). A game with no registration, or whose factory declines it, has no board: text only."""

from __future__ import annotations

from engine.core.game import Game
from engine.core.registry import Registry
from rendering.contract import BoardRenderer, Drawn, RendererFactory

__all__ = ["BoardRenderer", "Drawn", "RendererFactory", "register", "renderer_for", "unregister"]


def _bundled() -> list[tuple[str, RendererFactory]]:
    from rendering.games import BUILTIN

    return list(BUILTIN.items())


_REGISTRY: Registry[RendererFactory] = Registry(_bundled)


def register(game_id: str, factory: RendererFactory) -> None:
    """Give ``game_id`` a board: one registration per game (a later one replaces it, e.g. in a test)."""
    _REGISTRY.register(game_id, factory)


def unregister(game_id: str) -> None:
    _REGISTRY.unregister(game_id)


def renderer_for(game: Game) -> BoardRenderer | None:
    factory = _REGISTRY.get(game.id)
    return factory(game) if factory else None
