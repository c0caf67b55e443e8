"""The game catalog: the bundled games, registered here, and the lookups every floor finds a game
through (``get_game``, ``make_game``, ``capabilities``, ``game_ids``, ``registration``).

It sits above the games: it imports them, they import the core, and the core imports neither this
module nor any game (tests/test_import_cycles.py reads string imports too, and
tests/test_registries.py checks that ``import engine.core`` loads no game). A new game is one line in
``BUNDLED`` (and one per floor: rendering/games.py, bot/presenters.py, engine/ai/__init__.py); a game
living elsewhere (the tests' toy) calls ``register_game`` itself, before or after the bundled ones.
"""

from __future__ import annotations

from pathlib import Path

from engine.akhedena.game import AkhedenaGame
from engine.akhedena.game import make_game as make_akhedena
from engine.core.game import REGISTERED, Capabilities, Game, GameFactory, Registration, register_game, unregister_game
from engine.greatwall.game import GreatWallGame
from engine.greatwall.game import make_game as make_greatwall
from engine.xidit.game import XiditGame
from engine.xidit.game import make_game as make_xidit

BUNDLED: tuple[tuple[Capabilities, GameFactory], ...] = (
    (GreatWallGame.caps, make_greatwall), (XiditGame.caps, make_xidit), (AkhedenaGame.caps, make_akhedena))

__all__ = ["capabilities", "game_ids", "get_game", "make_game", "register_game", "registration", "unregister_game"]


def registration(game_id: str) -> Registration:
    if game_id not in REGISTERED:
        raise KeyError(game_id)
    return REGISTERED[game_id]


def make_game(game_id: str, packs: Path | None = None) -> Game:
    """The game registered under ``game_id``, built from the owners' packs when given."""
    return registration(game_id).factory(packs)


def get_game(game_id: str) -> Game:
    """The game registered under ``game_id``, with its bundled data pack."""
    return make_game(game_id)


def capabilities(game_id: str) -> Capabilities:
    return registration(game_id).caps


def game_ids() -> list[str]:
    return sorted(REGISTERED)


for _caps, _factory in BUNDLED:
    if _caps.id not in REGISTERED:  # a variant registered earlier has re-registered its game already
        register_game(_caps, _factory)
