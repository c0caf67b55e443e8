"""The toy's engine part (see tests/toy/__init__.py): the Game contract, typed capabilities."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome, TableOption, View
from engine.core.prompt import Choice, Option, Prompt

GAME_ID = "toy"
CELLS = tuple(f"{r}{c}" for r in "abc" for c in "123")
MARKS = ("X", "O")
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@dataclass
class State:
    mode: str = "secret"
    board: list[str] = field(default_factory=lambda: [""] * 9)
    phase: str = "first"  # first (the secret simultaneous move), play, over
    locked: dict[str, str] = field(default_factory=dict)  # seat (as text: JSON keys) → cell
    turn: int = 0
    moves: int = 0
    winner: int | None = None


class ToyGame(Game):
    caps = Capabilities(GAME_ID, 2, 2, options=(TableOption("mode", ("secret", "open"), "secret"),))
    id, min_seats, max_seats = caps.id, caps.min_seats, caps.max_seats

    def setup(self, seats: int, options: dict[str, str], seed: int) -> State:
        mode = options.get("mode", "secret")
        if seats != 2 or mode not in ("secret", "open"):
            raise IllegalChoice("setup", "error.not_enough_seats", min=2)
        return State(mode=mode, phase="first" if mode == "secret" else "play")

    def prompts(self, state: State) -> list[Prompt]:
        free = tuple(Option(c, f"toy.cell.{c}") for c, m in zip(CELLS, state.board, strict=True) if not m)
        # The careful player's default: the centre while it is free, else the first free cell.
        default = ("b2",) if any(o.id == "b2" for o in free) else (free[0].id,) if free else ()
        if state.phase == "first":
            return [Prompt(s, "first", "first", "toy.ask.first", free, secret=True, group="first",
                           default=default) for s in (0, 1) if str(s) not in state.locked]
        if state.phase == "play":
            return [Prompt(state.turn, "mark", f"mark{state.moves}", "toy.ask.mark", free, default=default)]
        return []

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        prompt = next((p for p in self.prompts(state) if p.seat == seat), None)
        if prompt is None:
            raise IllegalChoice("not_your_turn", "error.stale")
        prompt.check(choice)
        cell = choice.values[0]
        if state.phase == "first":
            state.locked[str(seat)] = cell
            events = [Event("toy.locked", {"seat": seat}, private={seat: ("toy.you_locked", {"cell": cell})})]
            return events + (self._reveal(state) if len(state.locked) == 2 else [])
        return self._mark(state, seat, cell)

    def _reveal(self, state: State) -> list[Event]:
        x, o = state.locked["0"], state.locked["1"]
        state.phase, state.locked, state.moves = "play", {}, 2
        if x == o:  # a clash: neither mark is placed
            return [Event("toy.clash", {"cell": x}, board=True)]
        state.board[CELLS.index(x)], state.board[CELLS.index(o)] = "X", "O"
        return [Event("toy.revealed", {"x": x, "o": o}, board=True)]

    def _mark(self, state: State, seat: int, cell: str) -> list[Event]:
        state.board[CELLS.index(cell)] = MARKS[seat]
        state.moves += 1
        events = [Event("toy.marked", {"seat": seat, "cell": cell}, board=True)]
        if any(all(state.board[i] == MARKS[seat] for i in line) for line in LINES):
            state.phase, state.winner = "over", seat
            return [*events, Event("toy.won", {"seat": seat})]
        if all(state.board):
            state.phase = "over"
            return [*events, Event("toy.draw")]
        state.turn = 1 - seat
        return events

    def view(self, state: State, seat: int | None) -> View:
        return {"board": list(state.board), "phase": state.phase, "turn": state.turn, "mode": state.mode,
                "locked": sorted(state.locked)}  # who has locked, never which cell

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.winner is None:
            return Outcome((0, 1), (0, 1), places=(1, 1))
        return Outcome((state.winner,), (state.winner, 1 - state.winner))

    def dumps(self, state: State) -> str:
        return json.dumps(asdict(state))

    def loads(self, text: str) -> State:
        data: dict[str, Any] = json.loads(text)
        return State(**data)


def make_toy(packs: Path | None = None) -> Game:
    return ToyGame()
