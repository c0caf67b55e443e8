"""What the rendering registry holds: a game's board renderer and the factory that builds it (apart
from rendering/registry.py so that rendering/games.py, the bundled table, does not import the registry
that loads it: no import circle)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from engine.core.game import Game, View
from engine.core.prompt import Prompt
from engine.core.text import Translate


class BoardRenderer(Protocol):
    def board(self, view: View, names: Sequence[str], tr: Translate) -> bytes:
        """The PNG of the spectator ``view``, labelled in the reader's language."""
        ...

    def alt(self, view: View, names: Sequence[str], tr: Translate) -> str:
        """The image's description for screen readers, in the reader's language."""
        ...


RendererFactory = Callable[[Game], BoardRenderer | None]
P = TypeVar("P")
# A seat's own picture (rendering/seat.py): drawn from the seat's own view and its open prompt, in a
# palette ("standard" or "cb"), with the seat's draft of a drafted panel (a programme's slots chosen so
# far, None for a slot still open; empty when nothing is drafted); None when the game has nothing to
# show for that decision.
Draft = Sequence[str | None]
SeatPicture = Callable[[View, P, Prompt | None, Sequence[str], Translate, str, Draft], bytes | None]
# Its alt text (rendering/seat_alt.py), from the same inputs but the palette.
SeatAlt = Callable[[View, P, Prompt | None, Sequence[str], Translate, Draft], str]


@dataclass(frozen=True)
class Drawn(Generic[P]):
    """A game's board and alt-text functions with its data pack: the renderer most games register."""

    pack: P
    draw: Callable[[View, P, Sequence[str], Translate], bytes]
    describe: Callable[[View, P, Sequence[str], Translate], str]
    seat: SeatPicture[P] | None = None  # optional: a game without it sends no picture with a panel
    seat_alt: SeatAlt[P] | None = None  # the seat picture's alt text (issue 24)

    def board(self, view: View, names: Sequence[str], tr: Translate) -> bytes:
        return self.draw(view, self.pack, names, tr)

    def alt(self, view: View, names: Sequence[str], tr: Translate) -> str:
        return self.describe(view, self.pack, names, tr)

    def seat_picture(self, view: View, prompt: Prompt | None, names: Sequence[str], tr: Translate,
                     palette: str, draft: Draft = ()) -> bytes | None:
        return self.seat(view, self.pack, prompt, names, tr, palette, draft) if self.seat else None

    def seat_text(self, view: View, prompt: Prompt | None, names: Sequence[str], tr: Translate,
                  draft: Draft = ()) -> str:
        return self.seat_alt(view, self.pack, prompt, names, tr, draft) if self.seat_alt else ""
