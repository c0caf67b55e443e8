"""A tiny game that lives only in tests: noughts and crosses for two, opened by a secret simultaneous
first move (each seat locks a cell; both are revealed together; a clash leaves the cell empty), then
X and O take turns. Its parts register through the public registries only (``install``), the same
way a bundled game's do: engine (tests/toy/game.py), presenter and AI (here), the test support
registries (secrecy audit: tests/engine/games.py; fuzz: tests/fuzz/fuzzkit.py reads the engine
registry). It has no board renderer: text only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.reference import NoReference, Reference
from engine.core.game import Game, View
from engine.core.prompt import Choice, Option, Prompt
from engine.core.rng import Rng
from toy.game import CELLS, GAME_ID, ToyGame, make_toy

Translate = Any


def cell_name(cell: str) -> str:
    return cell.upper()


LINES = {
    "toy.locked": "{name} locked a secret first move",
    "toy.revealed": "Reveal: X took {x}, O took {o}",
    "toy.clash": "Reveal: both chose {cell}; it stays empty",
    "toy.marked": "{name} marks {cell}",
    "toy.won": "{name} wins with three in a row",
    "toy.draw": "A draw: the grid is full",
    "toy.you_locked": "You secretly chose {cell}",
}


class ToyPresenter:
    """English only (a test game has no catalogs)."""

    def line(self, tr: Translate, key: str, args: dict[str, Any], names: Sequence[str]) -> str:
        shown = {k: cell_name(v) if k in ("cell", "x", "o") else v for k, v in args.items()}
        if "seat" in args:
            shown["name"] = names[args["seat"]]
        return LINES.get(key, key).format(**shown)

    def option_label(self, tr: Translate, option: Option, names: Sequence[str]) -> str:
        return cell_name(option.id)

    def prompt_text(self, tr: Translate, prompt: Prompt, view: View, names: Sequence[str],
                    draft: Sequence[str | None] = ()) -> str:
        grid = "\n".join(" ".join(view["board"][r * 3 + c] or "·" for c in range(3)) for r in range(3))
        ask = "Pick your secret first cell" if prompt.kind == "first" else "Your move"
        return f"{ask}\n```\n{grid}\n```"

    def screen(self, tr: Translate, view: View, me: dict[str, Any]) -> str:
        return ""

    def reference(self) -> Reference:
        return NoReference()


class ToyAI:
    """A random legal cell (every open cell is legal)."""

    def choose(self, view: View, prompt: Prompt, rng: Rng) -> Choice:
        return Choice(prompt.kind, (rng.pick([o.id for o in prompt.options]),))


def toy_ai(game: Game, level: str) -> ToyAI:
    return ToyAI()


def toy_presenter(game: Game) -> ToyPresenter:
    return ToyPresenter()


def install() -> None:
    """One registration per floor, through the public registries."""
    import bot.presenters
    import engine.ai
    from engine.games import register_game

    register_game(ToyGame.caps, make_toy)
    bot.presenters.register(GAME_ID, toy_presenter)
    engine.ai.register_ai(GAME_ID, toy_ai)
    _register_support()


def _register_support() -> None:
    """The secrecy audit's registry (tests/engine/games.py): the cases and the two hooks."""
    from games import Case, Support, register

    register(Support(GAME_ID, (Case(GAME_ID, 2, {"mode": "secret"}, secrets=False),
                               Case(GAME_ID, 2, {"mode": "open"}, secrets=False)), _disturb, _hidden))


def _disturb(state: Any, seat: int) -> Any:
    """The only secret: a locked first cell (another free cell). Its owner's view does not echo it back
    (the panel closes once locked), so no view of the owner changes either: ``secrets=False``."""
    other = ToyGame().loads(ToyGame().dumps(state))
    locked = other.locked.get(str(seat))
    if locked is not None:
        other.locked[str(seat)] = next(c for c in CELLS if c != locked)
    return other


def _hidden(game: Any, state: Any, seat: int, presenter: Any, tr: Translate) -> list[str]:
    locked = state.locked.get(str(seat))
    return [LINES["toy.you_locked"].format(cell=cell_name(locked))] if locked else []
