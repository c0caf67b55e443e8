"""The bundled games' renderers, registered in one place (rendering/registry.py loads this table on
first use), keyed by each engine game's declared id (never a literal)."""

from __future__ import annotations

from engine.akhedena.game import AkhedenaGame
from engine.core.game import Game
from engine.greatwall.game import GreatWallGame
from engine.xidit.game import XiditGame
from rendering.contract import BoardRenderer, Drawn, RendererFactory


def _greatwall(game: Game) -> BoardRenderer | None:
    from rendering import greatwall, greatwall_seat, greatwall_text, seat_alt

    return (Drawn(game.pack, greatwall.render_board, greatwall_text.alt_text, greatwall_seat.seat_picture,
                  seat_alt.greatwall)
            if isinstance(game, GreatWallGame) else None)


def _xidit(game: Game) -> BoardRenderer | None:
    from rendering import seat_alt, xidit, xidit_seat

    return (Drawn(game.pack, xidit.render_board, xidit.alt_text, xidit_seat.seat_picture, seat_alt.xidit)
            if isinstance(game, XiditGame) else None)


def _akhedena(game: Game) -> BoardRenderer | None:
    from rendering import akhedena, akhedena_seat, akhedena_text, seat_alt

    # The Akhedena board needs no data pack: the view names every hero and card.
    return (Drawn(None, akhedena.render_board, akhedena_text.alt_text, akhedena_seat.seat_picture,
                  seat_alt.akhedena)
            if isinstance(game, AkhedenaGame) else None)


BUILTIN: dict[str, RendererFactory] = {GreatWallGame.caps.id: _greatwall, XiditGame.caps.id: _xidit,
                                       AkhedenaGame.caps.id: _akhedena}
