"""The rendering floor's registry (DESIGN.md: one registry per floor, keyed by game id): a game gets a
board by one registration, a game without one is text only, a factory reads its game's pack in a
typed way, and no module picks a renderer by comparing game ids."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import rendering
from engine.core.game import View
from engine.core.text import Translate
from engine.greatwall.game import GreatWallGame
from engine.xidit.game import XiditGame
from rendering import BoardRenderer, alt_text, register, render, renderer_for
from rendering.labels import english
from rendering.registry import Drawn, unregister


class TinyGame:
    """A game that lives only in this test."""

    id = "tiny-test-game"


class TinyBoard:
    def board(self, view: View, names: Sequence[str], tr: Translate) -> bytes:
        return f"PNG {tr('board.seat')} {view['n']} {','.join(names)}".encode()

    def alt(self, view: View, names: Sequence[str], tr: Translate) -> str:
        return tr("board.game_over")


@pytest.fixture
def tiny() -> Iterator[TinyGame]:
    register(TinyGame.id, lambda game: TinyBoard() if isinstance(game, TinyGame) else None)
    yield TinyGame()
    unregister(TinyGame.id)


def test_a_game_living_only_in_tests_registers_its_renderer(tiny: Any) -> None:
    assert render(tiny, {"n": 3}, ["Ann"]) == b"PNG Seat {n} 3 Ann"
    assert alt_text(tiny, {"n": 3}, ["Ann"], lambda key: "FIN") == "FIN"
    assert isinstance(renderer_for(tiny), TinyBoard)


def test_a_game_without_a_renderer_is_text_only() -> None:
    class Unknown:
        id = "no-such-board"

    game: Any = Unknown()
    assert renderer_for(game) is None
    assert render(game, {}, []) is None
    assert alt_text(game, {}, []) == ""


def test_a_factory_declines_a_game_of_another_class() -> None:
    """The factory checks the game's class before reading its pack: an impostor with the same id but
    no pack gets no board rather than an AttributeError."""

    class Impostor:
        id = "greatwall"

    impostor: Any = Impostor()
    assert renderer_for(impostor) is None


def test_the_bundled_games_are_registered() -> None:
    wall = renderer_for(GreatWallGame())
    assert isinstance(wall, Drawn) and wall.pack is not None
    renderer: BoardRenderer | None = renderer_for(XiditGame())
    assert renderer is not None
    assert english("board.seat") == "Seat {n}"


def test_no_module_picks_a_renderer_by_game_id() -> None:
    root = Path(rendering.__file__).parent
    for path in [*root.glob("*.py"), root.parents[0] / "bot" / "boards.py"]:
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\bgame\.id\s*==", source), path
        assert "getattr(game" not in source and "noqa: B009" not in source, path


def test_the_rendering_floor_imports_engine_only() -> None:
    """Rendering imports engine views and packs, never the bot floor, discord or a database (DESIGN.md,
    three floors): the translator it takes is engine/core/text.py's ``Translate``."""
    import ast

    root = Path(rendering.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offenders += [f"{path.name}: {n}" for n in names
                          if n.split(".")[0] in {"bot", "discord", "sqlite3", "aiosqlite"}]
    assert offenders == []
