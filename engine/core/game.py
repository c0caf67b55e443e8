"""The Game protocol every game implements, and the registry the bot finds games through."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.events import Event
from engine.core.prompt import Choice, Prompt

View = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ranking best first; ``scores`` are per seat, for the summary. ``places``
    (optional, parallel to ``ranking``) shares a place between seats nothing separates (1, 1, 3);
    left empty, the places are 1, 2, 3… A shared first place has every one of those seats in ``winners``."""

    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    scores: dict[int, dict[str, int]] = field(default_factory=dict)
    places: tuple[int, ...] = ()

    def placed(self) -> list[tuple[int, int]]:
        """(place, seat), best first."""
        places = self.places or tuple(range(1, len(self.ranking) + 1))
        return list(zip(places, self.ranking, strict=True))


class Game(Protocol):
    id: str
    min_seats: int
    max_seats: int

    def setup(self, seats: int, options: dict[str, str], seed: int) -> Any: ...

    def prompts(self, state: Any) -> list[Prompt]: ...

    def apply(self, state: Any, seat: int, choice: Choice) -> list[Event]: ...

    def view(self, state: Any, seat: int | None) -> View: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def dumps(self, state: Any) -> str: ...

    # Optional: ``unknown(state) -> tuple`` — the RNG and face-down pile orders (see bot/undo.py).
    # A game without it never offers undo.

    def loads(self, text: str) -> Any: ...


_REGISTRY: dict[str, Callable[[], Game]] = {}


def register_game(game_id: str, factory: Callable[[], Game]) -> None:
    _REGISTRY[game_id] = factory


def get_game(game_id: str) -> Game:
    """The game registered under ``game_id``; each game's package registers itself on import."""
    if game_id not in _REGISTRY:
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(f"engine.{game_id}.game")
    if game_id not in _REGISTRY:
        raise KeyError(game_id)
    return _REGISTRY[game_id]()


def game_ids() -> list[str]:
    return sorted(_REGISTRY)
