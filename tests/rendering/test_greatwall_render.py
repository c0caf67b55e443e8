"""The Great Wall board picture: a PNG of the expected size, under 1 MB, deterministic, following the
board, described in its alt text, and never drawing a seat's private view."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine.ai import choose
from engine.greatwall.game import GreatWallGame
from engine.greatwall.state import Soldier, State
from rendering.greatwall import HEIGHT, WIDTH, render_board
from rendering.greatwall_text import alt_text
from rendering.kit import seat_letters

GAME = GreatWallGame()
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _play(seats: int, seed: int, steps: int | None = None) -> State:
    """An AI-played game, stopped after ``steps`` decisions (or at its end)."""
    state = GAME.setup(seats, {}, seed)
    done = 0
    while (prompts := GAME.prompts(state)) and (steps is None or done < steps):
        prompt = prompts[0]
        GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, 1))
        done += 1
    return state


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize(("seats", "seed", "steps"), [(3, 5, 137), (4, 3, 150)])
def test_a_mid_game_board_is_a_small_png(seats: int, seed: int, steps: int) -> None:
    state = _play(seats, seed, steps)
    assert state.season not in ("draft", "over") and state.year >= 2
    view = GAME.view(state, None)
    png = render_board(view, GAME.pack, NAMES[:seats])
    assert png.startswith(PNG_MAGIC)
    assert len(png) < 1_000_000
    assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT) == (1400, 1000)
    assert render_board(view, GAME.pack, NAMES[:seats]) == png


def test_a_finished_game_is_drawn_with_its_ranking() -> None:
    state = _play(3, 5)
    assert state.season == "over"
    view = GAME.view(state, None)
    png = render_board(view, GAME.pack, NAMES[:3])
    assert png.startswith(PNG_MAGIC)
    assert len(png) < 1_000_000
    assert Image.open(io.BytesIO(png)).size == (1400, 1000)
    text = alt_text(view, GAME.pack, NAMES[:3])
    winner = NAMES[view["ranking"][0]]
    assert f"Winner: {winner}." in text


@pytest.mark.parametrize(("seats", "seed", "steps"), [(3, 5, 137), (4, 3, 150), (4, 3, None)])
def test_alt_text_names_every_player_and_the_season(seats: int, seed: int, steps: int | None) -> None:
    state = _play(seats, seed, steps)
    view = GAME.view(state, None)
    text = alt_text(view, GAME.pack, NAMES[:seats])
    season = {"over": "Game over"}.get(state.season, state.season.title())
    assert f"year {state.year}, {season}." in text
    for seat in range(seats):
        assert f"{NAMES[seat]} {state.players[seat].honor} honor" in text
    assert NAMES[3] not in text or seats == 4
    assert len(text) <= 1000  # the bot cuts the description there


def test_the_seat_view_draws_the_same_as_the_spectator_view() -> None:
    state = _play(4, 3, 150)
    private = GAME.view(state, 0)
    assert "me" in private
    private["me"]["res"] = {"wood": 9, "stone": 9, "gold": 9, "chi": 9}
    public = GAME.view(state, None)
    assert "me" not in public
    assert render_board(private, GAME.pack, NAMES) == render_board(public, GAME.pack, NAMES)
    assert alt_text(private, GAME.pack, NAMES) == alt_text(public, GAME.pack, NAMES)


def test_the_picture_follows_the_hordes() -> None:
    state = _play(4, 3, 150)
    section = next(i for i, s in enumerate(state.sections) if s.hordes)
    card = state.sections[section].hordes[0]
    card.soldiers.clear()
    card.wounds.clear()
    before = _image(render_board(GAME.view(state, None), GAME.pack, NAMES))
    spot = GAME.pack.hordes[card.card].spots[0]
    card.soldiers.append(Soldier(2, "spearman", [spot]))
    after = _image(render_board(GAME.view(state, None), GAME.pack, NAMES))
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None
    x0, _, x1, y1 = changed
    left = 10 + section * 310
    assert left <= x0 and x1 <= left + 300  # only that section's column moved
    assert y1 < 460  # in the first row of hordes, above the wall


def test_names_with_the_same_initial_fall_back_to_seat_numbers() -> None:
    assert seat_letters(["Alice", "Bruno", "Chiara"], 3) == ["A", "B", "C"]
    assert seat_letters(["Anna", "Alex", "Chiara"], 3) == ["1", "2", "3"]
    assert seat_letters(["Zoe"], 2) == ["Z", "2"]
