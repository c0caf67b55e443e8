"""What the rendering registry holds: a game's board renderer and the factory that builds it (apart
from rendering/registry.py so that rendering/games.py, the bundled table, does not import the registry
that loads it: no import circle)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from engine.core.game import Game, View
from engine.core.text import Translate


class BoardRenderer(Protocol):
    def board(self, view: View, names: Sequence[str], tr: Translate) -> bytes:
        """The PNG of the spectator ``view``, labelled in the reader's language."""
        ...

    def alt(self, view: View, names: Sequence[str], tr: Translate) -> str:
        """The image's description for screen readers, in the reader's language."""
        ...


RendererFactory = Callable[[Game], BoardRenderer | None]
