"""A per-floor registry keyed by game id (renderers, presenters, seat AIs): a factory per game, the
bundled games' factories loaded once on first use so that importing a floor stays light, and a later
registration (e.g. a game living only in the tests) replacing an earlier one.

The bundled list is the floor's own (rendering/games.py, bot/presenters.py, engine/ai/__init__.py): the
core never names a game, and a floor's per-game modules never import its registry back, so the lazy
load is no import circle (tests/test_import_cycles.py counts lazy and string imports alike)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

F = TypeVar("F")


class Registry(Generic[F]):
    def __init__(self, builtins: Callable[[], Iterable[tuple[str, F]]]) -> None:
        self._builtins = builtins
        self._loaded = False
        self._factories: dict[str, F] = {}

    def register(self, game_id: str, factory: F) -> None:
        self._factories[game_id] = factory

    def unregister(self, game_id: str) -> None:
        self._factories.pop(game_id, None)

    def get(self, game_id: str) -> F | None:
        if not self._loaded:  # a registration made before the bundled ones are loaded is kept
            self._loaded = True
            for known, factory in self._builtins():
                self._factories.setdefault(known, factory)
        return self._factories.get(game_id)
