"""The board picture: a valid PNG, deterministic, changing with the board, never showing secrets."""

from __future__ import annotations

import io

from PIL import Image

from engine.core.prompt import Choice
from engine.xidit.game import XiditGame
from engine.xidit.state import Guild
from rendering.xidit import alt_text, render_board

GAME = XiditGame()
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]


def _state():  # type: ignore[no-untyped-def]
    state = GAME.setup(4, {}, 21)
    for city in (1, 2, 3, 4):
        prompt = GAME.prompts(state)[0]
        GAME.apply(state, prompt.seat, Choice.of("place", str(city)))
    return state


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_a_valid_deterministic_png() -> None:
    view = GAME.view(_state(), None)
    png = render_board(view, GAME.pack, NAMES)
    image = _pixels(png)
    assert image.size == (1460, 1000)
    assert render_board(view, GAME.pack, NAMES) == png


def test_the_picture_follows_the_board() -> None:
    state = _state()
    before = _pixels(render_board(GAME.view(state, None), GAME.pack, NAMES))
    city = next(c for c in GAME.pack.cities if c not in state.board)
    state.guilds[city] = Guild(0, 3)
    after = _pixels(render_board(GAME.view(state, None), GAME.pack, NAMES))
    x, y = (int(v) for v in GAME.pack.cities[city].pos)
    box = (x + 25, y - 40, x + 50, y)
    assert before.crop(box).tobytes() != after.crop(box).tobytes()


def test_private_parts_of_a_view_are_never_drawn() -> None:
    state = _state()
    public = GAME.view(state, None)
    state.players[0].bastion = 5
    state.players[0].gold = 40
    private = GAME.view(state, 0)
    assert render_board(private, GAME.pack, NAMES) == render_board(public, GAME.pack, NAMES)


def test_alt_text_describes_the_board() -> None:
    state = _state()
    text = alt_text(GAME.view(state, None), GAME.pack, NAMES)
    assert f"year {state.year}" in text
    assert all(str(city) in text for city in state.board)
    assert "Alice in" in text
