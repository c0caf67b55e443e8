"""The board at 5 players (the fifth player [IT 5P]): the fifth clan drawn in its own colour, its box
and its Overseers kept inside their places, still a small PNG."""

from __future__ import annotations

import io
from itertools import pairwise

from PIL import Image

from engine.ai import choose
from engine.greatwall.game import GreatWallGame
from engine.greatwall.state import Overseer, State
from rendering.greatwall import HEIGHT, SIDE_X, WIDTH, location_rects, render_board
from rendering.kit import INK, SEATS

GAME = GreatWallGame()
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Elena"]


def _play(options: dict[str, str], steps: int | None) -> State:
    state = GAME.setup(5, dict(options), 4)
    done = 0
    while (prompts := GAME.prompts(state)) and (steps is None or done < steps):
        GAME.apply(state, prompts[0].seat, choose(GAME, GAME.view(state, prompts[0].seat), prompts[0], 1))
        done += 1
    return state


def _image(state: State) -> tuple[bytes, Image.Image]:
    png = render_board(GAME.view(state, None), GAME.pack, NAMES)
    return png, Image.open(io.BytesIO(png)).convert("RGB")


def _box_rows(image: Image.Image, colour: tuple[int, int, int]) -> list[int]:
    """Rows of the side panel's player boxes where a clan's outline runs down the left edge."""
    x = SIDE_X + 7
    return [y for y in range(HEIGHT) if image.getpixel((x, y)) == colour]


def test_five_clans_each_have_a_box_in_their_colour_and_their_lines_stay_in_it() -> None:
    """IT 5P: a fifth clan plays; its box is drawn in the fifth colour, and no box's lines run into
    the next one (the boxes share the side panel's height), mid-game and at the end (a line more)."""
    for options, steps in (({}, 160), ({}, None), ({"mode": "coop"}, 160)):
        png, image = _image(_play(options, steps))
        assert len(png) < 1_000_000 and image.size == (WIDTH, HEIGHT)
        spans = [(min(rows), max(rows)) for rows in (_box_rows(image, SEATS[s]) for s in range(5))]
        assert all(bottom < HEIGHT - 6 for _, bottom in spans)
        for (_, bottom), (top, _) in pairwise(spans):
            assert bottom < top
            gap = [image.getpixel((x, y)) for y in range(bottom + 1, top) for x in range(SIDE_X + 20, WIDTH - 20)]
            assert all(sum(abs(a - b) for a, b in zip(px, INK, strict=True)) > 120 for px in gap), (options, steps)


def test_five_overseers_at_one_location_stay_inside_it() -> None:
    """Max 1 Overseer per player per Production Location [ES p.11]: 5 at 5 players, all drawn inside."""
    state = _play({}, 40)
    state.overseers["mill"] = {seat: Overseer(1, "spearman") for seat in range(5)}
    _, image = _image(state)
    x0, y0, x1, y1 = location_rects(GAME.pack)["mill"]
    for seat in range(5):
        inside = [(x, y) for y in range(int(y0), int(y1)) for x in range(int(x0), int(x1))
                  if image.getpixel((x, y)) == SEATS[seat]]
        assert inside, seat
    below = [image.getpixel((x, y)) for y in range(int(y1) + 1, int(y1) + 6) for x in range(int(x0), int(x1))]
    assert not set(below) & set(SEATS)
