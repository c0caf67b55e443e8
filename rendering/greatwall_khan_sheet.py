"""The picture on a seat's panel when it may send a soldier against Genghis Khan [IT GK, "Ferire
Genghis Khan"]: his card and his 2 Skills, each a row of vital spots — a numbered spot greyed out while
the player count leaves it inactive [IT GK, "Punti vitali di Genghis Khan"], a covered one holding the
coverer's chip — and every card the seat may choose marked and named, as any seat picture marks its
targets (rendering/seat.py). A Skill switched off says so.

Drawn from the view's public Khan panel (engine/greatwall/khan.py ``view_panel``) and the prompt's
options only, at the seat picture's sizes (no zoom: every text is drawn at least at MIN_FONT)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.game import View
from engine.core.prompt import Prompt
from engine.core.text import Translate
from engine.greatwall.pack import GreatWallPack
from rendering import kit
from rendering.greatwall_khan import khan_name
from rendering.greatwall_text import panel
from rendering.kit import INK, PANEL, PAPER, SEATS, Colour, encode, say
from rendering.seat import LABEL, MAX_WIDTH, Box, mark_targets, marks, with_legend

SPOT = 64  # a vital spot's square
PAD = 16
ROW = LABEL + 12 + SPOT + PAD  # a card: its name line, then its spots
INACTIVE: Colour = (200, 196, 186)
MUTED: Colour = (120, 110, 95)
WHITE: Colour = (255, 255, 255)


def offered_cards(prompt: Prompt, view: View) -> list[str]:
    """The Khan's cards the prompt's options name (``<unit>.<card>``), in his panel's order."""
    khan = panel(view, "khan")
    if khan is None:
        return []
    named = {o.id.partition(".")[2] for o in prompt.options}
    return [c["card"] for c in khan["cards"] if c["card"] in named]


def picture(view: View, pack: GreatWallPack, prompt: Prompt, names: Sequence[str], tr: Translate,
            palette: str) -> bytes:
    khan = panel(view, "khan") or {"cards": []}
    letters = kit.seat_letters(names, len(view["players"]))
    seats = int(view.get("seats", len(names)))
    widest = max((len(c["spots"]) for c in khan["cards"]), default=1)
    width = min(MAX_WIDTH, max(640, 2 * PAD + widest * (SPOT + 8)))
    image = Image.new("RGB", (width, PAD + len(khan["cards"]) * ROW), PAPER)
    draw = ImageDraw.Draw(image)
    offered = set(offered_cards(prompt, view))
    rows: list[tuple[str, Box]] = []
    for i, card in enumerate(khan["cards"]):
        top = PAD + i * ROW
        rect = (PAD / 2, top - 4, width - PAD / 2, top + ROW - PAD / 2)
        kit.box(draw, rect, PANEL)
        label = khan_name(tr, pack, card["card"])
        if not card["on"]:
            label = say(tr, "board.gw.khan_off", name=label)
        kit.text(draw, (PAD, top + 2), label, LABEL, width=width - 2 * PAD)
        _spots(draw, card, (PAD, top + LABEL + 12), seats, letters)
        if card["card"] in offered:
            rows.append((label, rect))
    mark = marks(palette)
    mark_targets(image, [r for _, r in rows], mark)
    return encode(with_legend(image, tr, mark, own=False))


def _spots(draw: ImageDraw.ImageDraw, card: dict[str, Any], at: tuple[float, float], seats: int,
           letters: Sequence[str]) -> None:
    """Each spot: its number (none: always active), grey while inactive, a chip where covered."""
    covered = {spot: s["seat"] for s in card["soldiers"] for spot in s["spots"]}
    x, y = at
    for index, number in enumerate(card["spots"]):
        left = x + index * (SPOT + 8)
        active = number <= seats
        draw.rounded_rectangle((left, y, left + SPOT, y + SPOT), radius=8, fill=PAPER if active else INACTIVE,
                               outline=INK, width=2)
        centre = (left + SPOT / 2, y + SPOT / 2)
        if index in covered:
            seat = covered[index]
            kit.disc(draw, centre, SPOT / 2 - 6, SEATS[seat % len(SEATS)])
            kit.text_centered(draw, centre, letters[seat] if seat < len(letters) else "?", LABEL, fill=WHITE)
        elif number:
            kit.text_centered(draw, centre, str(number), LABEL, fill=INK if active else MUTED)

