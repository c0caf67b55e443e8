"""The presenter registry, keyed by game id (like rendering/registry.py): a factory per game builds its
presenter from the game object. A game with no registration gets the generic presenter (keys shown
with their arguments, seats as names)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games import Presenter
from bot.games.generic import GenericPresenter
from engine.core.game import Game
from engine.core.registry import Registry

PresenterFactory = Callable[[Game], Presenter]


def register(game_id: str, factory: PresenterFactory) -> None:
    """Give ``game_id`` its presenter: one registration per game (a later one replaces it, e.g. in a test)."""
    _REGISTRY.register(game_id, factory)


def unregister(game_id: str) -> None:
    _REGISTRY.unregister(game_id)


def presenter_for(game: Game) -> Presenter:
    factory = _REGISTRY.get(game.id)
    return factory(game) if factory else GenericPresenter()


def _greatwall(game: Game) -> Presenter:
    from bot.games.greatwall import GreatWallPresenter

    return GreatWallPresenter(game)


def _akhedena(game: Game) -> Presenter:
    from bot.games.akhedena import AkhedenaPresenter

    return AkhedenaPresenter(game)


def _xidit(game: Game) -> Presenter:
    from bot.games.xidit import XiditPresenter

    return XiditPresenter(game)


def _bundled() -> tuple[tuple[str, PresenterFactory], ...]:
    """The bundled games' presenters, keyed by each engine game's declared id (never a literal)."""
    from engine.akhedena.game import AkhedenaGame
    from engine.greatwall.game import GreatWallGame
    from engine.xidit.game import XiditGame

    return ((GreatWallGame.caps.id, _greatwall), (AkhedenaGame.caps.id, _akhedena), (XiditGame.caps.id, _xidit))


# The bundled games, loaded on first use (a registration made before is kept).
_REGISTRY: Registry[PresenterFactory] = Registry(_bundled)
