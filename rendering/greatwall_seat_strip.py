"""The expansions' strip under a Great Wall seat's own picture (issue 22, "Boards and seat pictures"):
Genghis Khan's card and Skills with their covered spots, the Emperor's Award and its holder [IT GK],
the Rat's Location and active card [IT Rat], an Ancient Chronicles scenario's card and tracks [IT AC]
(issue 23) — whichever the table plays. A seat deciding where its
soldiers go or which Location it takes sees what the Khan's Skills do to that Section and where the
Rat pays without opening the board.

Drawn from the panels the view declares (public values only: engine/greatwall/khan.py and rat.py
``view_panel``), after the zoom, at the seat picture's label size; its lines wrap to the picture's
width, and the zoom leaves room for them under the phone's height (rendering/greatwall_seat.py)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.text import Translate
from engine.greatwall.pack import GreatWallPack
from rendering import kit
from rendering.greatwall_khan import khan_parts
from rendering.greatwall_scenario_panels import scenario_lines
from rendering.greatwall_text import panel, rat_line
from rendering.kit import INK, PANEL
from rendering.seat import LABEL

PAD = 12  # the band's margin left and right
LINE = LABEL + 10  # one line of the band
SEPARATOR = "  ·  "


def items(view: View, pack: GreatWallPack, names: Sequence[str], tr: Translate) -> list[str]:
    """The strip's labels: the Khan's cards and Award, the Rat, a scenario's card (none: no strip)."""
    out: list[str] = []
    if (khan := panel(view, "khan")) is not None:
        out += khan_parts(khan, pack, names, tr)
    if (rat := rat_line(view, pack, tr)) is not None:
        out.append(rat)
    out += scenario_lines(view, names, tr)
    return out


def wrap(labels: Sequence[str], width: float) -> list[str]:
    """The labels joined into as few lines as fit ``width`` (a label longer than a line is alone on
    its line, made smaller when drawn)."""
    lines: list[str] = []
    for label in labels:
        joined = f"{lines[-1]}{SEPARATOR}{label}" if lines else label
        if lines and kit.length(joined, LABEL) <= width - 2 * PAD:
            lines[-1] = joined
        else:
            lines.append(label)
    return lines


def height(lines: int) -> int:
    return 8 + lines * LINE if lines else 0


def with_strip(image: Image.Image, lines: Sequence[str]) -> Image.Image:
    """``image`` over a band holding ``lines`` (the image itself when there are none)."""
    if not lines:
        return image
    out = Image.new("RGB", (image.width, image.height + height(len(lines))), PANEL)
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    draw.line((0, image.height, image.width, image.height), fill=INK, width=2)
    for i, line in enumerate(lines):
        kit.text(draw, (PAD, image.height + 8 + i * LINE + 2), line, LABEL, width=image.width - 2 * PAD)
    return out
