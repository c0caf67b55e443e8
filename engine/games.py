"""The bundled games, registered in one place (engine/core/game.py loads this module on first use).
A new game is one line here (and one per floor: rendering/games.py, bot/presenters.py, engine/ai/__init__.py)."""

from __future__ import annotations

from engine.akhedena.game import AkhedenaGame
from engine.akhedena.game import make_game as make_akhedena
from engine.core.game import register_game
from engine.greatwall.game import GreatWallGame
from engine.greatwall.game import make_game as make_greatwall
from engine.xidit.game import XiditGame
from engine.xidit.game import make_game as make_xidit

for _caps, _factory in ((GreatWallGame.caps, make_greatwall), (XiditGame.caps, make_xidit),
                        (AkhedenaGame.caps, make_akhedena)):
    register_game(_caps, _factory)
