"""Shared drawing kit: palette, fonts, shapes and PNG encoding. Knows nothing of any game."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]
# Seat colours chosen to stay apart for common colour-vision deficiencies; every seat also gets a
# letter so that colour is never the only cue.
SEATS: tuple[Colour, ...] = ((213, 94, 0), (0, 114, 178), (0, 158, 115), (230, 159, 0), (204, 121, 167))
INK: Colour = (35, 31, 32)
PAPER: Colour = (246, 240, 225)
PANEL: Colour = (233, 225, 205)
MAX_BYTES = 7_500_000  # Discord's attachment limit for bots is 8 MB (some servers allow less)


def seat_letters(names: Sequence[str], seats: int) -> list[str]:
    """Each seat's initial, or its number for every seat when two initials would clash."""
    initials = []
    for seat in range(seats):
        name = names[seat] if seat < len(names) else ""
        letters = [c for c in name if c.isascii() and c.isalnum()]
        initials.append(letters[0].upper() if letters else str(seat + 1))
    return initials if len(set(initials)) == len(initials) else [str(s + 1) for s in range(seats)]


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"Seat {seat + 1}"


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def text_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
                  fill: Colour = INK, stroke: Colour | None = None) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm",
              stroke_width=2 if stroke else 0, stroke_fill=stroke)


def fit(text: str, size: int, width: float) -> str:
    """The text, cut with '..' so that it fits ``width`` pixels."""
    if font(size).getlength(text) <= width:
        return text
    while text and font(size).getlength(text + "..") > width:
        text = text[:-1]
    return text.rstrip() + ".."


def text(draw: ImageDraw.ImageDraw, at: tuple[float, float], line: str, size: int, fill: Colour = INK,
         width: float | None = None, anchor: str = "la") -> None:
    """A line of text at ``at``, cut to ``width`` pixels when given."""
    draw.text(at, fit(line, size, width) if width else line, font=font(size), fill=fill, anchor=anchor)


def disc(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, fill: Colour,
         outline: Colour = INK, width: int = 2) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=width)


def box(draw: ImageDraw.ImageDraw, rect: tuple[float, float, float, float], fill: Colour,
        outline: Colour = INK, radius: int = 8) -> None:
    draw.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=2)


def encode(image: Image.Image) -> bytes:
    """PNG bytes, halved in size until under the attachment limit."""
    while True:
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=1)  # zlib level 1: a third faster, ~15% larger
        data = buffer.getvalue()
        if len(data) <= MAX_BYTES or image.width < 400:
            return data
        image = image.resize((image.width // 2, image.height // 2))
