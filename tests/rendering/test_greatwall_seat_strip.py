"""Issue 22, "Boards and seat pictures": a seat's own picture shows, under the enlarged part of the
board, what the expansions put in play — Genghis Khan's card and Skills with their covered vital
spots, the Emperor's Award and its holder [IT GK, "Punti vitali", "Premi dell'Imperatore"], the Rat's
Location and its active card [IT Rat, "Carte Ratto"] — at the 5-player table too [IT 5P], and still
fits a phone with readable text. Public values only: the secrecy audit of every combination
(tests/rendering/test_seat_pictures.py) covers the strip."""

from __future__ import annotations

import io
from typing import Any

import pytest
from games import Case, game_of, states_along
from PIL import Image

from bot.i18n import translator
from rendering import fonts, greatwall_seat, kit, seat, seat_picture
from rendering import greatwall_seat_strip as strip
from rendering.greatwall_khan import khan_parts
from rendering.greatwall_text import rat_line

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def _pictured(case: Case, every: int = 7, max_steps: int = 400) -> list[tuple[Any, Any, Any]]:
    """(game, view, prompt) at open decisions that have a picture."""
    game = game_of(case)
    out = []
    for state in states_along(case, seed=3, every=every, max_steps=max_steps):
        for prompt in game.prompts(state):
            if greatwall_seat.plan(prompt, game.pack) is not None:
                out.append((game, game.view(state, prompt.seat), prompt))
    return out


def test_the_khan_his_skills_the_award_and_the_rat_are_under_the_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = kit.text

    def recording(draw: object, at: object, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(draw, at, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "text", recording)
    tr = translator("it")
    pictured = _pictured(Case("greatwall", 3, {"khan": "on", "rat": "on"}))
    assert pictured
    for game, view, prompt in pictured[:6]:
        drawn.clear()
        assert seat_picture(game, view, prompt, NAMES[:3], tr, "standard") is not None
        shown = "\n".join(drawn)
        expected = [*khan_parts(view["khan"], game.pack, NAMES[:3], tr), rat_line(view, game.pack, tr)]
        assert all(label in shown for label in expected), (prompt.key, expected)


SCENARIOS = ("long_winter", "great_famine", "emperors_visit", "ghost_festival", "siege", "red_turban")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_scenarios_card_and_tracks_are_under_the_picture(scenario: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """IT AC: each scenario's card carries its own tracks and markers (the Production track, the Food
    track and its cap, the wanted resource, the haunted Locations, the Fortress's Defence, Peace or
    War); issue 23 asks the seat pictures to show them as the board does."""
    drawn: list[str] = []
    real = kit.text

    def recording(draw: object, at: object, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(draw, at, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "text", recording)
    tr = translator("es")
    seats = 3
    pictured = _pictured(Case("greatwall", seats, {"scenario": scenario}), max_steps=300)
    assert pictured
    for game, view, prompt in pictured[:3]:
        drawn.clear()
        assert seat_picture(game, view, prompt, NAMES[:seats], tr, "standard") is not None
        expected = strip.items(view, game.pack, NAMES[:seats], tr)
        assert expected, prompt.key  # the scenario's card has lines
        assert all(label in "\n".join(drawn) for label in expected), (prompt.key, expected)


def test_no_expansion_no_strip() -> None:
    """The base game's picture is the enlarged area and its legend only."""
    game, view, prompt = _pictured(Case("greatwall", 3), every=9, max_steps=200)[0]
    png = seat_picture(game, view, prompt, NAMES[:3], translator("en"), "standard")
    assert png is not None and strip.items(view, game.pack, NAMES[:3], translator("en")) == []
    area, _ = greatwall_seat.plan(prompt, game.pack)  # type: ignore[misc]
    factor = greatwall_seat.scale(area)
    assert Image.open(io.BytesIO(png)).height == round((area[3] - area[1]) * factor) + seat.LEGEND


def test_at_five_players_with_both_expansions_it_fits_a_phone_and_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fifth clan's pieces are drawn like the others; the strip takes its room from the zoom, so
    the picture stays within a phone's width and height, under 1 MB, no text under 20 px."""
    sizes: list[int] = []
    real = fonts.font
    monkeypatch.setattr(fonts, "font", lambda face, size, shaped=False: sizes.append(size) or real(face, size, shaped))
    tr = translator("ru")
    pictured = _pictured(Case("greatwall", 5, {"khan": "on", "rat": "on"}), every=11)
    assert {"sec" in p.args for _, _, p in pictured} == {True, False}
    for game, view, prompt in pictured:
        sizes.clear()
        png = seat_picture(game, view, prompt, NAMES, tr, "cb")
        assert png is not None and len(png) < 1_000_000
        image = Image.open(io.BytesIO(png))
        assert image.width <= seat.MAX_WIDTH and image.height <= seat.MAX_HEIGHT
        area, _ = greatwall_seat.plan(prompt, game.pack)  # type: ignore[misc]
        factor, lines = greatwall_seat.framed(area, strip.items(view, game.pack, NAMES, tr))
        assert lines
        if "sec" in prompt.args:  # a Section's spots: the board's text enlarged
            drawn_before_zoom = [s for s in sizes if s < seat.LABEL]
            assert min(drawn_before_zoom) * factor >= seat.MIN_FONT, prompt.key
