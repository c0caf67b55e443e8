"""A seat's own picture (issue 16, "Your own board"): the part of the board a decision is about, with
the seat's pieces ringed and the legal targets marked and named, readable on a phone.

Drawn from the seat's own view and the open prompt's options only — never from the full state — so a
picture shows nothing its seat may not know (tests/rendering/test_seat_pictures.py disturbs the other
seats' secrets and compares bytes).

Two palettes: ``standard`` and ``cb`` (colour-blind safe: Okabe–Ito blue and orange, which stay apart
for the common colour-vision deficiencies). In both, colour is never the only cue: a target carries
its name in a label and a corner tag, the seat's own pieces a double ring.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core.text import Translate
from rendering.kit import INK, PAPER, Colour, draw_text, length

PALETTES = ("standard", "cb")
MAX_WIDTH = 1000  # a phone shows a DM image at its full width: wider would only shrink the text
MAX_HEIGHT = 1300  # taller would not fit a phone's screen with the panel's buttons
LABEL = 24  # the target names and edge labels, drawn after scaling: the smallest text we add
MIN_FONT = 20  # every text on a seat picture, measured after scaling (tests/rendering)
WHITE: Colour = (255, 255, 255)


@dataclass(frozen=True)
class Marks:
    """How a palette marks the decision: the legal targets and the seat's own pieces."""

    target: Colour
    target_fill: tuple[int, int, int, int]  # RGBA, laid over the square
    own: Colour
    hatch: bool  # diagonal lines over a target: a pattern, not a hue, tells it apart


MARKS: dict[str, Marks] = {
    "standard": Marks((24, 130, 50), (60, 200, 90, 90), (250, 200, 20), False),
    # The seat colours are Okabe–Ito already (rendering/kit.py SEATS), so a target in any hue could
    # match a seat's: the colour-blind palette marks in black and white, hatched, which no seat uses.
    "cb": Marks((0, 0, 0), (255, 255, 255, 120), (255, 255, 255), True),
}


def marks(palette: str) -> Marks:
    return MARKS.get(palette, MARKS["standard"])


Box = tuple[float, float, float, float]


def mark_targets(image: Image.Image, rects: list[Box], mark: Marks) -> None:
    """A translucent fill, a thick outline and (colour-blind palette) a corner hatch on each square."""
    if not rects:
        return
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    shade = ImageDraw.Draw(overlay)
    for rect in rects:
        shade.rectangle(rect, fill=mark.target_fill)
    # Blended inside the shaded squares' bounding box only: outside it the overlay is transparent and
    # leaves every pixel as it was, and converting the whole picture cost a click ~15 ms (docs/store.md).
    area = overlay.getbbox()
    if area is not None:
        blended = Image.alpha_composite(image.crop(area).convert("RGBA"), overlay.crop(area))
        image.paste(blended.convert("RGB"), area[:2])
    draw = ImageDraw.Draw(image)
    for rect in rects:
        x0, y0, x1, _ = rect
        if mark.hatch:
            step = (x1 - x0) / 4
            for i in range(1, 4):
                draw.line((x0 + i * step, y0, x0, y0 + i * step), fill=mark.target, width=2)
        draw.rectangle(rect, outline=mark.target, width=5)


def ring_own(draw: ImageDraw.ImageDraw, rect: Box, mark: Marks) -> None:
    """Two rings round a square holding one of the seat's pieces: a shape, not only a colour."""
    x0, y0, x1, y1 = rect
    draw.ellipse((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=INK, width=2)
    draw.ellipse((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=mark.own, width=4)


def tag(draw: ImageDraw.ImageDraw, at: tuple[float, float], label: str, mark: Marks, size: int = LABEL) -> None:
    """A target's name on a solid tag at its top-left corner, readable over any ground."""
    width = length(label, size) + 10
    x, y = at
    draw.rounded_rectangle((x, y, x + width, y + size + 8), radius=5, fill=mark.target, outline=INK, width=2)
    draw_text(draw, (x + 5, y + 4 + size / 2), label, size, WHITE, "lm")


def zoom(image: Image.Image, rect: Box, scale: float) -> Image.Image:
    """The area ``rect`` of ``image``, enlarged by ``scale`` (text drawn before grows with it)."""
    x0, y0, x1, y1 = (round(v) for v in rect)
    crop = image.crop((x0, y0, x1, y1))
    return crop.resize((round(crop.width * scale), round(crop.height * scale)), Image.Resampling.LANCZOS)


LEGEND = 56  # the band under the picture that says what the marks mean


def with_legend(image: Image.Image, tr: Translate, mark: Marks, own: bool = True) -> Image.Image:
    """The picture over a band with one sample of each mark used (``own``: the ring round the seat's
    pieces) and what it means, in the reader's language."""
    out = Image.new("RGB", (image.width, image.height + LEGEND), PAPER)
    out.paste(image, (0, 0))
    x, y = 12.0, image.height + 8.0
    sample = LEGEND - 16
    if own:
        ring_own(ImageDraw.Draw(out), (x, y, x + sample, y + sample), mark)
        x = _legend_text(out, x + sample + 8, y + sample / 2, tr("board.seat.yours")) + 28
    mark_targets(out, [(x, y, x + sample, y + sample)], mark)
    _legend_text(out, x + sample + 8, y + sample / 2, tr("board.seat.targets"))
    return out


def _legend_text(image: Image.Image, x: float, y: float, line: str) -> float:
    draw_text(ImageDraw.Draw(image), (x, y), line, LABEL, INK, "lm")
    return x + length(line, LABEL)
