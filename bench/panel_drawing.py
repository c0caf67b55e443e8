"""Draw a Discord message as a phone shows it, from the message's own payload (issue 24): the README's
panel pictures are drawn from what the bot really sent, so they cannot drift from the panels.

Discord's order: a classic message shows its text, then its attached picture, then its action rows
(buttons side by side, wrapping like a phone; a select as one wide box showing its placeholder or its
chosen options). A Components V2 message shows its components in order (text displays, sections,
media galleries, separators, containers' children, action rows). ``draw`` returns the PNG and the
list of what it drew, in order, so a test can hold the drawing to the payload.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from rendering import fonts

WIDTH, PAD, TEXT, CONTROL = 760, 14, 20, 19
BACKGROUND, INK, FAINT = (49, 51, 56), (219, 222, 225), (148, 155, 164)
STYLES = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60), 5: (78, 80, 88)}
SELECT_FILL, SELECT_EDGE = (30, 31, 34), (20, 20, 22)
V2_FLAG = 1 << 15  # IS_COMPONENTS_V2
_MARKS = re.compile(r"\*\*|__|~~|\|\||`")


@dataclass
class Drawn:
    """One thing drawn: its kind (text, picture, button, select, separator), its words and, for a
    control, its custom_id."""

    kind: str
    label: str = ""
    custom_id: str = ""


@dataclass
class _Block:
    kind: str  # "text", "picture", "row", "separator"
    text: str = ""
    items: list[dict[str, Any]] = field(default_factory=list)


def blocks(payload: dict[str, Any]) -> Iterator[_Block]:
    """The payload's parts top to bottom, as Discord lays them out."""
    if int(payload.get("flags") or 0) & V2_FLAG:
        yield from _v2(payload.get("components") or [])
        return
    if payload.get("content"):
        yield _Block("text", str(payload["content"]))
    if payload.get("attachments"):
        yield _Block("picture")
    for row in payload.get("components") or []:
        yield _Block("row", items=list(row.get("components") or []))


def _v2(components: list[dict[str, Any]]) -> Iterator[_Block]:
    for part in components:
        kind = part.get("type")
        if kind == 1:
            yield _Block("row", items=list(part.get("components") or []))
        elif kind == 10:
            yield _Block("text", str(part.get("content") or ""))
        elif kind == 9:  # a section: its texts, then its accessory (a button or a thumbnail)
            yield from _v2(list(part.get("components") or []))
            accessory = part.get("accessory") or {}
            yield _Block("row", items=[accessory]) if accessory.get("type") == 2 else _Block("picture")
        elif kind in (11, 12, 13):
            yield _Block("picture")
        elif kind == 14:
            yield _Block("separator")
        elif kind == 17:
            yield from _v2(list(part.get("components") or []))


def draw(payload: dict[str, Any], picture: bytes | None) -> tuple[bytes, list[Drawn]]:
    """The message as a PNG, and what was drawn in order. ``picture``: the attached image's bytes."""
    image = Image.open(io.BytesIO(picture)).convert("RGB") if picture else None
    if image is not None:
        image = image.resize((WIDTH - 2 * PAD, round(image.height * (WIDTH - 2 * PAD) / image.width)),
                             Image.Resampling.LANCZOS)
    parts = list(blocks(payload))
    canvas = Image.new("RGB", (WIDTH, sum(_height(b, image) for b in parts) + PAD), BACKGROUND)
    pen = ImageDraw.Draw(canvas)
    drawn: list[Drawn] = []
    y = PAD
    for block in parts:
        _draw_block(canvas, pen, block, image, y, drawn)
        y += _height(block, image)
    buffer = io.BytesIO()
    canvas.save(buffer, "PNG", optimize=True)
    return buffer.getvalue(), drawn


def _height(block: _Block, image: Image.Image | None) -> int:
    if block.kind == "text":
        return len(_lines(block.text)) * (TEXT + 8) + 8
    if block.kind == "picture":
        return (image.height if image is not None else 0) + 10
    if block.kind == "separator":
        return 14
    return len(_rows(block.items)) * (CONTROL + 26)


def _draw_block(canvas: Image.Image, pen: ImageDraw.ImageDraw, block: _Block, image: Image.Image | None,
                y: int, drawn: list[Drawn]) -> None:
    if block.kind == "text":
        for row, line in enumerate(_lines(block.text)):
            fonts.draw(pen, (PAD, y + row * (TEXT + 8)), line, TEXT, INK)
        drawn.append(Drawn("text", block.text))
    elif block.kind == "picture":
        if image is not None:
            canvas.paste(image, (PAD, y))
        drawn.append(Drawn("picture"))
    elif block.kind == "separator":
        pen.line((PAD, y + 6, WIDTH - PAD, y + 6), fill=FAINT, width=1)
        drawn.append(Drawn("separator"))
    else:
        for row, items in enumerate(_rows(block.items)):
            x = float(PAD)
            for item in items:
                x = _control(pen, item, x, y + row * (CONTROL + 26), drawn)


def _control(pen: ImageDraw.ImageDraw, item: dict[str, Any], x: float, y: int, drawn: list[Drawn]) -> float:
    """One button or select at (x, y); returns where the next one starts."""
    label, width = _label(item), _width(item)
    if item.get("type") == 2:
        fill = STYLES.get(int(item.get("style") or 2), STYLES[2])
        if item.get("disabled"):
            fill = (fill[0] // 2, fill[1] // 2, fill[2] // 2)
        pen.rounded_rectangle((x, y, x + width, y + CONTROL + 16), radius=6, fill=fill)
        fonts.draw(pen, (x + 12, y + 8), label, CONTROL, INK)
        drawn.append(Drawn("button", label, str(item.get("custom_id") or "")))
    else:
        pen.rounded_rectangle((x, y, x + width, y + CONTROL + 16), radius=6, fill=SELECT_FILL, outline=SELECT_EDGE)
        fonts.draw(pen, (x + 12, y + 8), _fit(label, width - 48), CONTROL, INK if _chosen(item) else FAINT)
        pen.polygon(((x + width - 30, y + 15), (x + width - 16, y + 15), (x + width - 23, y + 23)), fill=INK)
        drawn.append(Drawn("select", label, str(item.get("custom_id") or "")))
    return x + width + 8


def _chosen(item: dict[str, Any]) -> list[str]:
    return [str(o.get("label", "")) for o in item.get("options") or [] if o.get("default")]


def _label(item: dict[str, Any]) -> str:
    if item.get("type") == 2:
        emoji = (item.get("emoji") or {}).get("name") or ""
        return f"{emoji} {item.get('label') or ''}".strip()
    return ", ".join(_chosen(item)) or str(item.get("placeholder") or "")


def _width(item: dict[str, Any]) -> float:
    if item.get("type") == 2:
        return fonts.length(_label(item), CONTROL) + 24
    return float(WIDTH - 2 * PAD)  # a select takes the row


def _rows(items: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """An action row's controls, wrapped onto more lines where a phone's width ends."""
    rows: list[list[dict[str, Any]]] = [[]]
    used = 0.0
    for item in items:
        need = _width(item) + 8
        if rows[-1] and used + need > WIDTH - 2 * PAD:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += need
    return rows


def _lines(text: str) -> list[str]:
    """The text wrapped to the width, every line of it (Discord shows a message whole)."""
    out: list[str] = []
    for paragraph in _MARKS.sub("", text).splitlines() or [""]:
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and fonts.length(candidate, TEXT) > WIDTH - 2 * PAD:
                out.append(current)
                candidate = word
            current = candidate
        out.append(current)
    return out


def _fit(text: str, width: float) -> str:
    while text and fonts.length(text, CONTROL) > width:
        text = text[:-2] + "…" if len(text) > 1 else ""
    return text
