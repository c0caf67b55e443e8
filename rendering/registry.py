"""One registry for the rendering floor, keyed by game id: a factory per game builds the game's board
renderer from the game object (typed: each factory checks the game's class before reading its data
pack). A game with no registration, or whose factory declines it, has no board: text only."""

from __future__ import annotations

from functools import cache

from engine.core.game import Game
from rendering.contract import BoardRenderer, Drawn, RendererFactory

__all__ = ["BoardRenderer", "Drawn", "RendererFactory", "register", "renderer_for", "unregister"]


_FACTORIES: dict[str, RendererFactory] = {}


def register(game_id: str, factory: RendererFactory) -> None:
    """Give ``game_id`` a board: one registration per game (a later one replaces it, e.g. in a test)."""
    _FACTORIES[game_id] = factory


def unregister(game_id: str) -> None:
    _FACTORIES.pop(game_id, None)


def renderer_for(game: Game) -> BoardRenderer | None:
    _register_builtins()
    factory = _FACTORIES.get(game.id)
    return factory(game) if factory else None


@cache
def _register_builtins() -> None:
    """The three bundled games, registered once on first use so that ``import rendering`` stays light
    (a registration made before, e.g. by a test, is kept)."""
    from rendering.games import BUILTIN

    for game_id, factory in BUILTIN.items():
        _FACTORIES.setdefault(game_id, factory)
