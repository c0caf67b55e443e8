"""The Akhedena board picture: a PNG of the expected size, under 1 MB, deterministic, following the
pieces, the crown and the dragon, described in its alt text, with squares named as players type them."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.ai import choose
from engine.akhedena.game import AkhedenaGame
from rendering.akhedena import BOARD, HEIGHT, WIDTH, Grid, render_board, square_name
from rendering.akhedena_text import alt_text

# The bundled pack's heroes: their names are the catalogs' content.ak.hero.<id> (issue 24).
HEROES = ("henry", "ysolde", "barak", "nerys")

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _piece(pid: str, seat: int, kind: str, at: list[int], cls: str | None = None, army: list[str] | None = None,
           crown: bool = False, card: tuple[str, str] | None = None) -> dict[str, Any]:
    card_id, name = card or (f"{kind}{pid}", f"{kind.title()} {pid}")  # a pack's card: its id and name
    return {"id": pid, "seat": seat, "kind": kind, "card": card_id, "name": name,
            "cls": cls, "weapon": None, "at": at, "army": army or [], "crown": crown}


def _player(seat: int, vp: int, team: int | None = None) -> dict[str, Any]:
    return {"seat": seat, "hero": HEROES[seat], "hero_name": HEROES[seat].title(),
            "gold": 3 + seat, "food": 6 - seat, "vp": vp, "origin_vp": 2 * seat + 1, "dragon_cards": seat % 2,
            "hand": 4, "black": 1 + seat, "team": team, "castles": 1, "walls": 1, "generals": 2}


def standard_view() -> dict[str, Any]:
    """A rich four-player standard game: kingdoms in the corners, the crown taken, the dragon out."""
    corners = [((0, 4), (0, 4), [0, 0]), ((0, 4), (10, 14), [0, 14]), ((10, 14), (10, 14), [14, 14]),
               ((10, 14), (0, 4), [14, 0])]
    pieces = [
        _piece("p0", 0, "hero", [3, 3]), _piece("p1", 0, "general", [5, 6], "infantry", ["axe1"]),
        _piece("p2", 0, "castle", [1, 1], "ranged", ["bow2", "bow2"]),
        _piece("p3", 1, "hero", [2, 11]), _piece("p4", 1, "general", [6, 10], "cavalry", ["lance1", "sabre1"]),
        _piece("p5", 1, "castle", [1, 13], "infantry", ["sword1"], crown=True, card=("c01", "Stone Keep")),
        _piece("p6", 2, "hero", [11, 12]), _piece("p7", 2, "general", [9, 9], "ranged"),
        _piece("p8", 2, "castle", [13, 13], "cavalry"),
        _piece("p9", 3, "hero", [11, 2]), _piece("p10", 3, "general", [11, 2], "infantry", ["spear1", "axe1"]),
        _piece("p11", 3, "castle", [13, 1], "ranged", ["crossbow1"]),
    ]
    return {
        "game": "akhedena", "mode": "standard", "seats": 4, "size": 15, "round": 7, "round_limit": 20,
        "active": 2, "over": False, "winners": [], "target_vp": 70, "scoring": "vp", "outcome": "free_for_all",
        "sides": [],
        "dice": {"black": "dragon", "steps": 3, "direction": "E"},
        "alert": None, "alert_spaces": 5, "dragon": [7, 4],
        "tunnels": [[2, 7], [7, 12], [12, 7], [7, 2]], "rock": 1,
        "fortress": [6, 6, 8, 8], "centre": [7, 7],
        "crown": {"at": [1, 13], "seat": 1, "castle": "p5"},
        "territories": [{"seat": s, "rows": list(rows), "cols": list(cols), "origin": origin}
                        for s, (rows, cols, origin) in enumerate(corners)],
        "walls": [{"at": [4, 2], "seat": 0}, {"at": [4, 3], "seat": 0}, {"at": [3, 10], "seat": 1},
                  {"at": [10, 12], "seat": 2}, {"at": [12, 4], "seat": 3}],
        "pieces": pieces,
        "queue": [1, 3],
        "players": [_player(s, vp) for s, vp in enumerate([34, 41, 28, 19])],
    }


def quick_view() -> dict[str, Any]:
    """A two-player quick game on 13x13: no kingdoms, tunnels, fortress, VP or dragon (the view still carries an
    unused alert position); the crown still at the centre."""
    return {
        "game": "akhedena", "mode": "quick", "seats": 2, "size": 13, "round": 2, "round_limit": 0,
        "active": 0, "over": False, "winners": [], "target_vp": 0, "scoring": "cards", "outcome": "free_for_all",
        "sides": [], "dice": None,
        "alert": 2, "alert_spaces": 5, "dragon": None, "tunnels": [], "rock": None, "fortress": None,
        "centre": [6, 6], "crown": {"at": [6, 6], "seat": None, "castle": None},
        "territories": [], "walls": [{"at": [5, 5], "seat": 1}],
        "pieces": [_piece("p0", 0, "hero", [0, 0]), _piece("p1", 0, "general", [2, 3], "cavalry", ["lance1"]),
                   _piece("p2", 1, "hero", [12, 12]), _piece("p3", 1, "castle", [10, 11], "infantry")],
        "queue": [],
        "players": [_player(0, 0), _player(1, 0)],
    }


def engine_quick_view() -> dict[str, Any]:
    """A real quick-play view, a few AI moves in."""
    game = AkhedenaGame()
    state = game.setup(2, {"mode": "quick"}, 7)
    moves = 0
    while moves < 8 and game.prompts(state):
        prompt = game.prompts(state)[0]
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, moves))
        moves += 1
    return game.view(state, None)


def _panel(png: bytes) -> Image.Image:
    return _image(png).crop((BOARD, 0, WIDTH, HEIGHT))


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _changed(before: dict[str, Any], after: dict[str, Any], names: list[str]) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(_image(render_board(before, None, names)),
                                 _image(render_board(after, None, names))).getbbox()


@pytest.mark.parametrize(("view", "names"), [(standard_view(), NAMES), (quick_view(), NAMES[:2])])
def test_the_board_is_a_small_deterministic_png(view: dict[str, Any], names: list[str]) -> None:
    png = render_board(view, None, names)
    assert png.startswith(PNG_MAGIC)
    assert len(png) < 1_000_000
    assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT)
    assert render_board(copy.deepcopy(view), None, names) == png


def test_the_picture_follows_a_moving_piece() -> None:
    before = standard_view()
    after = copy.deepcopy(before)
    general = next(p for p in after["pieces"] if p["id"] == "p1")
    general["at"] = [5, 7]
    changed = _changed(before, after, NAMES)
    assert changed is not None
    grid = Grid.for_size(15)
    x0, y0, x1, y1 = changed
    left, top, _, _ = grid.rect(5, 6)
    _, _, right, bottom = grid.rect(5, 7)
    assert left - 2 <= x0 and x1 <= right + 2 and top - 2 <= y0 and y1 <= bottom + 2  # only those two squares


def test_the_picture_follows_the_crown_and_the_dragon() -> None:
    before = standard_view()
    crowned = copy.deepcopy(before)
    for piece in crowned["pieces"]:
        piece["crown"] = piece["id"] == "p8"
    crowned["crown"] = {"at": [13, 13], "seat": 2, "castle": "p8"}
    assert _changed(before, crowned, NAMES) is not None
    flown = copy.deepcopy(before)
    flown["dragon"] = [9, 4]
    assert _changed(before, flown, NAMES) is not None
    quick = quick_view()
    taken = copy.deepcopy(quick)
    taken["crown"] = {"at": [10, 11], "seat": 1, "castle": "p3"}
    taken["pieces"][3]["crown"] = True
    assert _changed(quick, taken, NAMES[:2]) is not None


def test_the_dragon_leaving_the_alert_track_changes_the_picture() -> None:
    waiting = standard_view()
    waiting["alert"], waiting["dragon"] = 2, None
    out = copy.deepcopy(waiting)
    out["alert"], out["dragon"] = None, [4, 4]
    assert _changed(waiting, out, NAMES) is not None


def test_alt_text_names_every_player_with_their_vp() -> None:
    view = standard_view()
    text = alt_text(view, None, NAMES)
    for player in view["players"]:
        assert f"{NAMES[player['seat']]} {player['vp']} VP" in text
    assert "Acting: Chiara." in text
    assert "Dragon on the map at E8." in text
    assert "Crown held by Bruno on Stone Keep at N2." in text  # the Castle card it sits on, by name
    assert "Kingdom Completion queue: Bruno, Dmitri." in text
    assert len(text) <= 1000  # the bot cuts the description there
    quick = alt_text(quick_view(), None, NAMES[:2])
    assert "Crown at G7 (centre)." in quick
    assert "Alice (hero Henry) 2 pieces left, 1 army card;" in quick
    assert "Chiara" not in quick


def test_quick_play_shows_no_dragon_vp_or_economy() -> None:
    view = engine_quick_view()
    assert view["mode"] == "quick"
    text = alt_text(view, None, NAMES[:2])
    for absent in ("dragon", "alert", "vp", "gold", "food", "kingdom"):
        assert absent not in text.lower()
    for player in view["players"]:
        seat = player["seat"]
        left = sum(1 for p in view["pieces"] if p["seat"] == seat)
        cards = sum(len(p["army"]) for p in view["pieces"] if p["seat"] == seat)
        assert f"{NAMES[seat]} (hero {player['hero_name']}) {left} pieces left, {cards} army cards" in text
    # Neither the Dragon Alert track nor the dice are drawn: moving them changes nothing.
    moved = copy.deepcopy(view)
    moved["alert"] = (view["alert"] or 0) + 2
    moved["dice"] = {"black": "dragon", "steps": 3, "direction": "E"}
    assert render_board(moved, None, NAMES[:2]) == render_board(view, None, NAMES[:2])


def test_the_quick_panel_counts_pieces_and_the_crown() -> None:
    view = engine_quick_view()
    seat = 1
    before = sum(1 for p in view["pieces"] if p["seat"] == seat)
    fewer = copy.deepcopy(view)
    fewer["pieces"].remove(next(p for p in fewer["pieces"] if p["seat"] == seat and p["kind"] == "general"))
    assert f"{NAMES[seat]} (hero " in alt_text(fewer, None, NAMES[:2])
    assert f"{before - 1} pieces left" in alt_text(fewer, None, NAMES[:2])
    png = render_board(view, None, NAMES[:2])
    assert ImageChops.difference(_panel(png), _panel(render_board(fewer, None, NAMES[:2]))).getbbox() is not None
    crowned = copy.deepcopy(view)
    castle = next(p for p in crowned["pieces"] if p["seat"] == seat and p["kind"] == "castle")
    castle["crown"] = True
    crowned["crown"] = {"at": castle["at"], "seat": seat, "castle": castle["id"]}
    assert "holds the crown" in alt_text(crowned, None, NAMES[:2])
    assert ImageChops.difference(_panel(png), _panel(render_board(crowned, None, NAMES[:2]))).getbbox() is not None


def test_a_finished_game_names_its_winners() -> None:
    view = standard_view()
    view["over"], view["winners"] = True, [1]
    assert "Game over. Winner: Bruno." in alt_text(view, None, NAMES)
    assert render_board(view, None, NAMES) != render_board(standard_view(), None, NAMES)


def test_square_names_are_column_letter_then_row_number() -> None:
    assert square_name(0, 0) == "A1"
    assert square_name(4, 2) == "C5"
    assert square_name(14, 14) == "O15"
    assert square_name(12, 0) == "A13"
