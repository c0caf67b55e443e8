"""A seat's own picture (rendering/seat.py): it keeps every other seat's secrets (byte-identical when
they are disturbed, for every game and mode Case), it is phone-readable (width, text size), it marks
the decision's targets, and the colour-blind palette changes it."""

from __future__ import annotations

import io
from typing import Any

import pytest
from games import SUPPORT, Case, case_params, game_of, states_along
from PIL import Image

from bot.i18n import LANGS, translator
from engine.games import get_game
from rendering import akhedena_seat, fonts, seat, seat_picture
from rendering.registry import renderer_for

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def _draws_pictures(case: Case) -> bool:
    return getattr(renderer_for(game_of(case)), "seat", None) is not None


@pytest.mark.parametrize("case", case_params())
def test_a_seats_picture_never_shows_another_seats_secrets(case: Case) -> None:
    """Each seat's picture is drawn from its own view and prompt: disturbing what another seat hides
    must leave it byte-identical (both palettes, every language in turn)."""
    if not _draws_pictures(case):
        pytest.skip("this game draws no seat pictures: its panels are text only")
    game, disturb = game_of(case), SUPPORT[case.game_id].disturb
    drawn = 0
    # About a dozen positions spread over the game (a hundred in a one-seat or secret-free game):
    # spread by the game's own length, so a short game (2-player co-op) is looked at as often.
    states = list(states_along(case, seed=5, every=1, max_steps=500))
    stride = max(1, len(states) // (12 if case.secrets and case.seats > 1 else 100))
    # The positions one stride apart, from a later start only when none of them had a picture (a
    # game whose sampled decisions all happened to be text-only panels).
    for offset in range(stride):
        for index, state in enumerate(states[offset::stride]):
            prompts = {p.seat: p for p in game.prompts(state)}
            # Every other clan in turn, the rules-driven ones too (a solo game's Qin holds face-down advisors).
            clans = max(case.seats, len(getattr(state, "players", ())))
            for viewer in range(case.seats):
                other = (viewer + 1 + index % (clans - 1)) % clans if clans > 1 else viewer
                disturbed = disturb(state, other)
                theirs = {p.seat: p for p in game.prompts(disturbed)}
                lang, palette = LANGS[index % len(LANGS)], seat.PALETTES[index % 2]
                tr, names = translator(lang), NAMES[:case.seats]
                mine = seat_picture(game, game.view(state, viewer), prompts.get(viewer), names, tr, palette)
                again = seat_picture(game, game.view(disturbed, viewer), theirs.get(viewer), names, tr, palette)
                assert mine == again, (case.label, index, viewer, other)
                drawn += mine is not None
        if drawn:
            break
    assert drawn


def _pictures(case: Case, seed: int, every: int, max_steps: int) -> list[tuple[Any, Any, Any]]:
    """(game, view, prompt) at the open decisions of one game's positions, every ``every`` steps."""
    game = game_of(case)
    return [(game, game.view(state, p.seat), p)
            for state in states_along(case, seed=seed, every=every, max_steps=max_steps) for p in game.prompts(state)]


def _akhedena_pictures() -> list[tuple[Any, Any, Any]]:
    """At open decisions of a 3-seat standard game."""
    return _pictures(Case("akhedena", 3, {"mode": "standard"}), seed=11, every=9, max_steps=300)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every font size asked for while drawing (the test clears it before each picture)."""
    sizes: list[int] = []
    real = fonts.font  # every text is measured and drawn through the fallback chain's fonts
    monkeypatch.setattr(fonts, "font", lambda face, size, shaped=False: sizes.append(size) or real(face, size, shaped))
    return sizes


def _fits_a_phone(png: bytes | None) -> None:
    """At most MAX_WIDTH × MAX_HEIGHT, and well under Discord's upload limit."""
    assert png is not None
    image = Image.open(io.BytesIO(png))
    assert image.width <= seat.MAX_WIDTH and image.height <= seat.MAX_HEIGHT and len(png) < 1_000_000


def test_a_seat_picture_fits_a_phone_and_its_text_is_readable(asked: list[int]) -> None:
    """At most 1000 px wide, well under Discord's upload limit, and (where the decision's squares fit
    the zoom) no text under 20 px once enlarged: every font size asked for while drawing, times the
    zoom, and the labels added after the zoom."""
    full_zoom = 0
    for game, view, prompt in _akhedena_pictures():
        asked.clear()
        _fits_a_phone(seat_picture(game, view, prompt, NAMES[:3], translator("ru"), "standard"))
        _, scale = akhedena_seat.framing(view, prompt)
        if scale == akhedena_seat.ZOOM:  # a wider or taller area is scaled to fit instead
            full_zoom += 1
            assert min(asked) * scale >= seat.MIN_FONT, prompt.key
    assert full_zoom and seat.LABEL >= seat.MIN_FONT


def test_the_targets_are_named_and_the_palette_changes_the_picture() -> None:
    """A decision over squares tags each legal square with its name; the colour-blind palette draws
    different marks."""
    game = get_game("akhedena")
    picked = next((g, v, p) for g, v, p in _akhedena_pictures()
                  if akhedena_seat.target_squares(v, p, v["size"]))
    _, view, prompt = picked
    targets = akhedena_seat.target_squares(view, prompt, view["size"])
    options = {o.id for o in prompt.options}
    pieces = {p["id"]: akhedena_seat.square_name(*p["at"]) for p in view["pieces"] if p.get("at")}
    assert set(targets.values()) <= options | set(pieces.values())
    tr = translator("en")
    standard = seat_picture(game, view, prompt, NAMES[:3], tr, "standard")
    assert standard != seat_picture(game, view, prompt, NAMES[:3], tr, "cb")
    assert standard != seat_picture(game, view, None, NAMES[:3], tr, "standard")  # no decision, no targets


def test_a_great_wall_picture_shows_the_spots_or_locations_of_the_decision(asked: list[int]) -> None:
    """Great Wall: a decision over horde spots shows that section enlarged (no text under 20 px), one
    over Locations shows the Locations; either fits a phone; a decision over neither has no picture."""
    from rendering import greatwall_seat

    case = Case("greatwall", 3)
    game = game_of(case)
    kinds: set[str] = set()
    for state in states_along(case, seed=5, every=5, max_steps=400):
        for prompt in game.prompts(state):
            asked.clear()
            png = seat_picture(game, game.view(state, prompt.seat), prompt, NAMES[:3], translator("en"), "cb")
            planned = greatwall_seat.plan(prompt, game.pack)
            assert (png is None) == (planned is None), prompt.key
            if png is None or planned is None:
                continue
            image = Image.open(io.BytesIO(png))
            assert image.width <= seat.MAX_WIDTH and image.height <= seat.MAX_HEIGHT
            spots = "sec" in prompt.args
            kinds.add("spots" if spots else "locations")
            if spots:
                assert min(asked) * greatwall_seat.scale(planned[0]) >= seat.MIN_FONT, prompt.key
    assert kinds == {"spots", "locations"}


def _xidit_pictures() -> list[tuple[Any, Any, Any]]:
    """At open decisions of a 4-seat short game."""
    return _pictures(Case("xidit", 4, {"length": "short"}), seed=5, every=3, max_steps=150)


def test_a_xidit_picture_fits_a_phone_and_its_text_is_readable(asked: list[int]) -> None:
    """Lords of Xidit: at most 1000 px wide and 1300 high, and where the decision's area fits the zoom,
    no text under 20 px once enlarged (the map's own text times the zoom, the labels added after)."""
    from rendering import xidit_seat

    full_zoom, kinds = 0, set()
    for game, view, prompt in _xidit_pictures():
        asked.clear()
        _fits_a_phone(seat_picture(game, view, prompt, NAMES[:4], translator("ru"), "standard"))
        kinds.add(prompt.kind)
        start = view["players"][prompt.seat]["city"]
        targets = xidit_seat._targets(view, game.pack, prompt, start, translator("ru"))
        scale = xidit_seat.fit_scale(xidit_seat.framing(game.pack, start, targets, []))
        if scale == xidit_seat.ZOOM and prompt.kind != "program":
            full_zoom += 1
            assert min(asked) * scale >= seat.MIN_FONT, prompt.key
    assert full_zoom and {"place", "program"} <= kinds


def test_a_xidit_programme_previews_its_route_numbered_in_order() -> None:
    """Programming orders (rulebook, phase one): the picture follows the seat's own draft — each road
    colour moves the Idrakys along that road from its city, an order still open moves nothing — and
    numbers the cities by the orders that end there; a draft changes the picture, and so does the palette."""
    from rendering import xidit_seat

    game, view, prompt = next((g, v, p) for g, v, p in _xidit_pictures() if p.kind == "program")
    pack, start = game.pack, view["players"][prompt.seat]["city"]
    colour, there = next(iter(sorted(pack.roads[start].items())))
    stops = xidit_seat.route(pack, start, [colour, None, "act", "wait", None, None])
    assert stops == [(1, there), (3, there), (4, there)]
    assert xidit_seat._numbers(stops) == {there: "1,3,4"}
    tr = translator("en")
    empty = seat_picture(game, view, prompt, NAMES[:4], tr, "standard")
    drafted = seat_picture(game, view, prompt, NAMES[:4], tr, "standard", [colour, None, "act", None, None, None])
    assert empty is not None and drafted is not None and empty != drafted
    assert drafted != seat_picture(game, view, prompt, NAMES[:4], tr, "cb", [colour, None, "act", None, None, None])
    # The neighbours one road away are the targets while nothing is chosen, named by the road's colour.
    targets = xidit_seat._targets(view, pack, prompt, start, tr)
    assert {label for _, label, _ in targets} == {tr(f"board.xi.order.{c}") for c in pack.roads[start]}
