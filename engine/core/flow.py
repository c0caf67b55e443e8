"""The base of every game's flow context (engine/core/runner.py says how a flow is written).

A game's ``Ctx`` subclasses ``BaseCtx`` with its state and pack types, sets its event ``prefix`` and
implements the runner's ``Agenda`` (where its state keeps the work to do). What the games share lives
here: the state, the pack, the events of this step, the random generator kept in the state, ``emit``
and ``draw``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.core.events import Event
from engine.core.rng import Rng

T = TypeVar("T")


class Seeded(Protocol):
    """A game state that keeps its random generator's whole state (one integer, engine/core/rng.py)."""

    rng: int


S = TypeVar("S", bound=Seeded)
P = TypeVar("P")
Private = dict[int, tuple[str, dict[str, Any]]]  # seat -> (message key, args) only that seat may read


@dataclass
class BaseCtx(Generic[S, P]):
    """One run of a game's flow: the state it changes, the game's data pack, and the events of this
    run, in order. ``rng`` reads the state's generator on first use and ``settle`` writes it back, so
    a step that never draws leaves the state's generator as it was (a game whose helpers still keep a
    ``Rng(state.rng)`` of their own, like Xidit's reinforcements, never mixes the two)."""

    state: S
    pack: P
    events: list[Event] = field(default_factory=list)
    _rng: Rng | None = field(default=None, init=False, repr=False)

    prefix: ClassVar[str] = ""  # the game's message-key prefix: "gw", "ak", "xidit"

    @property
    def rng(self) -> Rng:
        if self._rng is None:
            self._rng = Rng(self.state.rng)
        return self._rng

    def emit(self, key: str, board: bool = False, private: Private | None = None, **args: Any) -> None:
        """An event ``<prefix>.<key>`` with its public ``args``, per-seat ``private`` lines, and
        ``board`` at a milestone that deserves a fresh board image (engine/core/events.py)."""
        self.events.append(Event(f"{self.prefix}.{key}", args, private or {}, board))

    def draw(self, deck: list[T], discard: list[T]) -> T | None:
        """The top card of ``deck``; an empty deck is first refilled from its discard, shuffled (the
        Great Wall [ES p.14, War Academy] and Akhedena [Tomar 1 carta de acción] read it alike)."""
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
        return deck.pop(0) if deck else None

    def settle(self) -> None:
        """After a run (the runner's ``Agenda.settle``): the generator back into the state."""
        if self._rng is not None:
            self.state.rng = self._rng.state
