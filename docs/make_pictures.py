"""Redraw the README's pictures: a seeded game of each, stopped part-way, as the channel sees it
(``<game>-board.png``), and one seat's DM panel with its own picture (``panel-<game>.png``: the panel's
text and its buttons or selects drawn over the seat's picture, as a phone shows them).

    .venv/bin/python docs/make_pictures.py
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

from games import Case, game_of, playout, states_along  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

from bot.i18n import translator  # noqa: E402
from bot.presenters import presenter_for  # noqa: E402
from engine.core.prompt import Prompt  # noqa: E402
from rendering import render, seat_picture  # noqa: E402
from rendering.kit import font  # noqa: E402

# (case, decisions played before the picture): mid-game, with hordes, orders or armies on the board
PICTURES = {"greatwall": (Case("greatwall", 3), 260), "xidit": (Case("xidit", 4, {"length": "short"}), 60),
            "akhedena": (Case("akhedena", 2, {"mode": "standard"}), 160)}
NAMES = ["Ana", "Bruno", "Chen", "Dana"]
WIDTH = 760  # a README column; the seat picture is scaled to it
TEXT, BUTTON = 22, 20
Draft = list[str | None]


def _akhedena(game: Any, view: Any, prompt: Prompt) -> Draft | None:
    from rendering import akhedena_seat

    return [] if len(akhedena_seat._targets(view, prompt, view["size"])) >= 3 else None


def _greatwall(game: Any, view: Any, prompt: Prompt) -> Draft | None:
    return [] if "sec" in prompt.args and len(prompt.options) >= 3 else None


def _xidit(game: Any, view: Any, prompt: Prompt) -> Draft | None:
    """A programme half drafted, so that its route shows: a road, an action, the next road, a road."""
    if prompt.kind != "program":
        return None
    pack, city = game.pack, view["players"][prompt.seat]["city"]
    draft: Draft = []
    came: int | None = None
    for _ in range(2):  # onward, never back along the road just taken
        colour, there = next((c, o) for c, o in sorted(pack.roads[city].items()) if o != came)
        draft += [colour, "act"]
        came, city = city, there
    return [*draft, None, None]


# (case, seed, which decision to show and the seat's draft of it)
PANELS: dict[str, tuple[Case, int, Callable[[Any, Any, Prompt], Draft | None]]] = {
    "akhedena": (Case("akhedena", 2, {"mode": "standard"}), 11, _akhedena),
    "greatwall": (Case("greatwall", 3), 5, _greatwall),
    "xidit": (Case("xidit", 4, {"length": "short"}), 5, _xidit),
}


def main() -> None:
    for game_id, (case, steps) in PICTURES.items():
        state, _ = playout(case, 11, max_steps=steps)
        game = game_of(case)
        png = render(game, game.view(state, None), NAMES[:case.seats])
        assert png is not None
        (ROOT / "docs" / f"{game_id}-board.png").write_bytes(png)
    for game_id, (case, seed, pick) in PANELS.items():
        (ROOT / "docs" / f"panel-{game_id}.png").write_bytes(panel_picture(case, seed, pick))


def panel_picture(case: Case, seed: int, pick: Callable[[Any, Any, Prompt], Draft | None]) -> bytes:
    game, tr, names = game_of(case), translator("en"), NAMES[:case.seats]
    for state in states_along(case, seed=seed, every=3, max_steps=400):
        for prompt in game.prompts(state):
            view = game.view(state, prompt.seat)
            draft = pick(game, view, prompt)
            picture = None if draft is None else seat_picture(game, view, prompt, names, tr, "standard", draft)
            if picture is not None and draft is not None:
                presenter = presenter_for(game)
                text = presenter.prompt_text(tr, prompt, view, names, draft)
                labels = _controls(presenter, tr, prompt, names, draft)
                return _compose(text, labels, Image.open(io.BytesIO(picture)))
    raise LookupError(f"no decision to show for {case.label}")


def _controls(presenter: Any, tr: Any, prompt: Prompt, names: Sequence[str], draft: Draft) -> list[str]:
    """The panel's buttons (or a programme's selects, with the orders drafted) as the seat sees them."""
    label = {o.id: presenter.option_label(tr, o, names) for o in prompt.options}
    if prompt.slots > 1:
        chosen = [*draft, *[None] * prompt.slots][:prompt.slots]
        slots = [f"{n + 1}: {label[v] if v else '…'}" for n, v in enumerate(chosen)]
        return [*slots, "Lock in"]
    return [label[o.id] for o in prompt.options][:9]


def _compose(text: str, labels: list[str], picture: Image.Image) -> bytes:
    """The panel's text, then its controls as Discord draws them, then the seat's picture."""
    picture = picture.resize((WIDTH, round(picture.height * WIDTH / picture.width)), Image.Resampling.LANCZOS)
    lines = [line for paragraph in text.splitlines() for line in _wrap(paragraph, WIDTH - 24, TEXT)][:6]
    rows = _rows(labels, WIDTH - 24)
    top = 12 + len(lines) * (TEXT + 8) + 8
    height = top + len(rows) * (BUTTON + 26) + 8 + picture.height
    out = Image.new("RGB", (WIDTH, height), (54, 57, 63))  # Discord's dark theme
    draw = ImageDraw.Draw(out)
    for row, line in enumerate(lines):
        draw.text((12, 12 + row * (TEXT + 8)), line, font=font(TEXT), fill=(230, 230, 230))
    for row, items in enumerate(rows):
        x, y = 12.0, top + row * (BUTTON + 26)
        for item in items:
            width = font(BUTTON).getlength(item) + 24
            draw.rounded_rectangle((x, y, x + width, y + BUTTON + 16), radius=6, fill=(88, 101, 242))
            draw.text((x + 12, y + 8), item, font=font(BUTTON), fill=(255, 255, 255))
            x += width + 8
    out.paste(picture, (0, height - picture.height))
    buffer = io.BytesIO()
    out.quantize(colors=96, method=Image.Quantize.MEDIANCUT).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _wrap(line: str, width: float, size: int) -> list[str]:
    out, current = [], ""
    # The panel's markdown stars go; an arrow the board's font lacks is drawn as "->".
    for word in line.replace("*", "").replace("→", "->").split(" "):
        candidate = f"{current} {word}" if current else word
        if current and font(size).getlength(candidate) > width:
            out.append(current)
            candidate = word
        current = candidate
    return [*out, current]


def _rows(labels: list[str], width: float) -> list[list[str]]:
    rows: list[list[str]] = [[]]
    used = 0.0
    for label in labels:
        need = font(BUTTON).getlength(label) + 32
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0.0
        rows[-1].append(label)
        used += need
    return rows


if __name__ == "__main__":
    main()
