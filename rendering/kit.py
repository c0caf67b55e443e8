"""Shared drawing kit: palette, fonts, shapes and PNG encoding. Knows nothing of any game."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.core.text import Translate, fill
from rendering import fonts
from rendering.labels import english

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


def say(tr: Translate, key: str, **args: Any) -> str:
    """The board label ``key`` in the reader's language, with its arguments filled in."""
    return fill(tr(key), args)


def plural(tr: Translate, key: str, n: int, **args: Any) -> str:
    """``key.one`` / ``.few`` / ``.many`` / ``.other`` for ``n``, by the rule the catalog names in
    ``board.plural``: "one-other" (English, Spanish, Italian: one for 1) or "one-few-many" (Russian)."""
    return say(tr, f"{key}.{plural_form(tr('board.plural'), n)}", n=n, **args)


def plural_form(rule: str, n: int) -> str:
    if rule != "one-few-many":
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"


def seat_name(names: Sequence[str], seat: int, tr: Translate = english) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else say(tr, "board.seat", n=seat + 1)


# Noto Sans (SIL OFL) from the pinned ``fontpkg-noto-sans`` package: it has Latin, Cyrillic and Greek,
# so a Russian label or a player called "Бартоломей" is drawn as letters, not boxes (Pillow's bundled
# font has no Cyrillic). A variable font: its default instance is the Regular weight at full width.
# Any other character (emoji, CJK, Arabic, symbols) is drawn by the fallback chain in rendering/fonts.py.
FONT_FILE: Path = fonts.PRIMARY


def font(size: int) -> ImageFont.FreeTypeFont:
    """The board's font at ``size`` pixels, loaded once per size. Text should be measured with
    ``length`` and drawn with ``text`` / ``draw_text``: they use the fallback chain where needed."""
    return fonts.font(0, size)


def length(line: str, size: int) -> float:
    """How wide ``line`` draws at ``size`` px, in whatever fonts its characters need."""
    return fonts.length(line, size)


def draw_text(draw: ImageDraw.ImageDraw, at: tuple[float, float], line: str, size: int, fill: Colour = INK,
              anchor: str = "la", stroke: Colour | None = None) -> None:
    """``line`` at ``at`` (an ``ImageDraw.text`` anchor), every character in a font that has it."""
    fonts.draw(draw, at, line, size, fill, anchor, stroke_width=2 if stroke else 0, stroke_fill=stroke)


def text_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
                  fill: Colour = INK, stroke: Colour | None = None, width: float | None = None) -> None:
    if width:  # as in ``text``: smaller first, then cut
        size, text = fitted(text, size, width)
    draw_text(draw, xy, text, size, fill, "mm", stroke)


def fit(text: str, size: int, width: float) -> str:
    """The text, cut with '..' so that it fits ``width`` pixels."""
    if length(text, size) <= width:
        return text
    while text and length(text + "..", size) > width:
        text = text[:-1]
    return text.rstrip() + ".."


def shrink(text: str, size: int, width: float, smallest: int) -> int:
    """The largest size from ``size`` down to ``smallest`` at which the text fits ``width`` pixels (a
    label in a longer language gets a little smaller before it gets cut)."""
    while size > smallest and length(text, size) > width:
        size -= 1
    return size


def smallest(size: int) -> int:
    """How far a label may shrink before it is cut: three quarters of its size, never below 10 px."""
    return max(10, min(size, round(size * 0.75)))


def text(draw: ImageDraw.ImageDraw, at: tuple[float, float], line: str, size: int, fill: Colour = INK,
         width: float | None = None, anchor: str = "la") -> None:
    """A line of text at ``at``. With ``width``, a line too long is first made smaller (a label in a
    longer language), then cut with '..' if it still does not fit."""
    if width:
        size, line = fitted(line, size, width)
    draw_text(draw, at, line, size, fill, anchor)


@lru_cache(maxsize=8192)
def fitted(line: str, size: int, width: float) -> tuple[int, str]:
    """The size and text at which ``line`` fits ``width`` (remembered: boards repeat their labels)."""
    size = shrink(line, size, width, smallest(size))
    return size, fit(line, size, width)


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
        data = _png_unfiltered(image) if image.mode == "RGB" else _png_pillow(image)
        if len(data) <= MAX_BYTES or image.width < 400:
            return data
        image = image.resize((image.width // 2, image.height // 2))


def _png_pillow(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)  # zlib level 1: a third faster, ~15% larger
    return buffer.getvalue()


def _png_unfiltered(image: Image.Image) -> bytes:
    """An RGB PNG whose rows carry no filter, deflated at level 1. Pillow tries every PNG filter on
    every row, which cost more than the deflate itself: ~11 of the ~17 ms of a seat picture's encode,
    for files ~15% smaller (bench/profile_hotspots.py, docs/store.md "A click's cost"). Same pixels."""
    width, height = image.size
    raw, stride = image.tobytes(), width * 3
    rows = b"".join(b"\x00" + raw[at:at + stride] for at in range(0, len(raw), stride))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, truecolour, no interlace
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 1)) \
        + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
