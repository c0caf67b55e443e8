"""Seat AIs: fill a table or take over a seat. They see only ``game.view(state, seat)``.

``choose(game, view, prompt, seed, level)`` dispatches to the game's own AI when there is one, else
to a random legal choice. The seed makes every AI decision reproducible: levels that search use an
iteration budget, never a time budget, so a decision is the same on a slow machine and a fast one
(stored logs replay the choices anyway; the crash tests re-derive them).

Levels offered at ``/game addai``: ``LEVELS`` (weakest first). ``BASELINE`` ("random": a uniformly
random *legal* answer, built from the same candidate lists as the real levels) is the yardstick the
strength bench measures them against; it is not offered to players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from engine.core.game import Game, View
from engine.core.prompt import Choice, Prompt
from engine.core.registry import Registry
from engine.core.rng import Rng

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
BASELINE = "random"


class SeatAI(Protocol):
    def choose(self, view: View, prompt: Prompt, rng: Rng) -> Choice: ...


@runtime_checkable
class SearchingAI(Protocol):
    """A seat AI that searches: it simulates from the table's state, after redrawing everything its
    seat cannot see (the game's own sampler, e.g. engine/ai/greatwall_world.py). ``levels`` are the
    seats' AI levels as the table shows them (None for a person): public, so a search may expect a
    rival AI to play as its level does."""

    def search(self, state: object, view: View, prompt: Prompt, rng: Rng,
               levels: Sequence[str | None] | None = None) -> Choice: ...


# The AI registry, keyed by game id: a factory builds the game's seat AI at a level.
AIFactory = Callable[[Game, str], SeatAI]


def register_ai(game_id: str, factory: AIFactory) -> None:
    """Give ``game_id`` its own AI: one registration per game (a later one replaces it, e.g. in a test)."""
    _REGISTRY.register(game_id, factory)


def unregister_ai(game_id: str) -> None:
    _REGISTRY.unregister(game_id)


def seat_ai(game: Game, level: str = DEFAULT_LEVEL) -> SeatAI | None:
    """The game's own AI at ``level`` (one of LEVELS or BASELINE), or None for a game without one
    (its seats answer at random, legally by the prompt's shape)."""
    if level not in (*LEVELS, BASELINE):
        raise ValueError(f"unknown AI level {level!r}")
    factory = _REGISTRY.get(game.id)
    return factory(game, level) if factory else None


def _greatwall(game: Game, level: str) -> SeatAI:
    from engine.ai.greatwall import GreatWallAI

    return GreatWallAI(game, level)


def _akhedena(game: Game, level: str) -> SeatAI:
    from engine.ai.akhedena import AkhedenaAI

    return AkhedenaAI(game, level)


def _xidit(game: Game, level: str) -> SeatAI:
    from engine.ai.xidit import XiditAI

    return XiditAI(game, level)


def _bundled() -> tuple[tuple[str, AIFactory], ...]:
    """The bundled games' AIs, keyed by each engine game's declared id (never a literal)."""
    from engine.akhedena.game import AkhedenaGame
    from engine.greatwall.game import GreatWallGame
    from engine.xidit.game import XiditGame

    return ((GreatWallGame.caps.id, _greatwall), (AkhedenaGame.caps.id, _akhedena), (XiditGame.caps.id, _xidit))


# The bundled games' AIs, loaded on first use (a registration made before is kept).
_REGISTRY: Registry[AIFactory] = Registry(_bundled)


def choose(game: Game, view: View, prompt: Prompt, seed: int, level: str = DEFAULT_LEVEL,
           state: object | None = None, levels: Sequence[str | None] | None = None) -> Choice:
    """The seat's answer. With the table's ``state`` a searching level samples worlds from it (it
    reads only what the seat may know) and reads the seats' public AI ``levels`` (None for a
    person); without it every level answers from the view alone."""
    rng = Rng.from_seed(seed)
    ai = seat_ai(game, level)
    if ai is None:
        return random_choice(prompt, rng)
    if state is not None and isinstance(ai, SearchingAI):
        return ai.search(state, view, prompt, rng, levels)
    return ai.choose(view, prompt, rng)


def random_choice(prompt: Prompt, rng: Rng) -> Choice:
    """Any answer to the prompt's shape (rules beyond the options are the game's AI job)."""
    ids = [o.id for o in prompt.options]
    if prompt.slots > 1:
        return Choice(prompt.kind, tuple(rng.pick([o.id for o in prompt.options_for(i)])
                                         for i in range(prompt.slots)))
    count = prompt.pick_min + rng.below(prompt.pick_max - prompt.pick_min + 1)
    rng.shuffle(ids)
    picked = set(ids[:count])
    return Choice(prompt.kind, tuple(o.id for o in prompt.options if o.id in picked))


NEUTRAL_OPTIONS = frozenset({"pass", "wait", "none", "done", "skip", "hold", "stay"})


def neutral_choice(prompt: Prompt) -> Choice | None:
    """The answer of a seat that does nothing, when the decision has one: pick nothing where that is
    allowed, or a pass/wait/hold option in every slot. None when every answer commits the seat to
    something (a draft, a placement, a census): the table's timeout policy then asks the seat's AI.
    A prompt that carries a careful player's default answers with it (the player-decides slots)."""
    if prompt.default:
        return Choice(prompt.kind, prompt.default)
    if prompt.slots > 1:
        picks = [next((o.id for o in prompt.options_for(i) if o.id in NEUTRAL_OPTIONS), None)
                 for i in range(prompt.slots)]
        return None if None in picks else Choice(prompt.kind, tuple(p for p in picks if p is not None))
    if prompt.pick_min == 0:
        return Choice(prompt.kind, ())
    neutral = next((o.id for o in prompt.options if o.id in NEUTRAL_OPTIONS), None)
    return Choice(prompt.kind, (neutral,)) if neutral is not None and prompt.pick_min <= 1 else None
