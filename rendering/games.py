"""The bundled games' renderers, registered in one place (rendering/registry.py loads this table)."""

from __future__ import annotations

from engine.core.game import Game
from rendering.contract import BoardRenderer, RendererFactory


def _greatwall(game: Game) -> BoardRenderer | None:
    from engine.greatwall.game import GreatWallGame
    from rendering.greatwall import GreatWallRenderer

    return GreatWallRenderer(game.pack) if isinstance(game, GreatWallGame) else None


def _xidit(game: Game) -> BoardRenderer | None:
    from engine.xidit.game import XiditGame
    from rendering.xidit import XiditRenderer

    return XiditRenderer(game.pack) if isinstance(game, XiditGame) else None


def _akhedena(game: Game) -> BoardRenderer | None:
    from engine.akhedena.game import AkhedenaGame
    from rendering.akhedena import AkhedenaRenderer

    return AkhedenaRenderer() if isinstance(game, AkhedenaGame) else None


BUILTIN: dict[str, RendererFactory] = {"greatwall": _greatwall, "xidit": _xidit, "akhedena": _akhedena}
