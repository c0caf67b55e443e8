"""Lords of Xidit behind the engine contract (engine/core/game.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.core.codec import JsonCodec, checked
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome, TableOption, View
from engine.core.prompt import Choice, Prompt
from engine.xidit.flow import advance, answer, prompts
from engine.xidit.pack import XiditPack, load_pack
from engine.xidit.rules import RULES  # noqa: F401  (the sealed registry: its modules are listed there)
from engine.xidit.setup import new_game
from engine.xidit.state import State
from engine.xidit.view import make_view

_codec = JsonCodec(State)


class XiditGame(Game):
    # Three players need the rulebook's Dummy Player, whose pages we do not have: a 3-human table
    # seats an AI as the fourth player instead (said in the lobby).
    caps = Capabilities("xidit", 4, 5, options=(TableOption("length", ("long", "short"), "long"),),
                        fill_to_min_with_ai=True)
    id, min_seats, max_seats = caps.id, caps.min_seats, caps.max_seats

    def __init__(self, pack: XiditPack | None = None) -> None:
        self.pack = pack or default_pack()

    def setup(self, seats: int, options: dict[str, str], seed: int) -> State:
        state = new_game(self.pack, seats, options.get("length", "long"), seed)
        advance(state, self.pack, [])
        return state

    def prompts(self, state: State) -> list[Prompt]:
        return prompts(state, self.pack)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Validate against the open prompt, then change the state; an illegal choice changes nothing."""
        checked(self, state, seat, choice)
        events: list[Event] = []
        state.step += 1
        answer(state, self.pack, seat, list(choice.values), events)
        return events

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, self.pack, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        # Winner first, then the fallen in reverse order of elimination (the last to fall ranks
        # higher; within one assessment, the better placed of two fallen ranks higher).
        ranking = [s for s, p in enumerate(state.players) if not p.out]
        for assessment in reversed(state.assessments):
            ranking.extend(assessment.eliminated)
        scores = {s: {a.kind: a.values[s] for a in state.assessments} for s in range(state.seats)}
        return Outcome((ranking[0],), tuple(ranking), scores)

    def unknown(self, state: State) -> tuple[object, ...]:
        """What no seat knows yet: the random generator and the order of every face-down pile. A
        choice that changes it drew or shuffled something, so it can never be taken back."""
        return (state.rng, tuple(state.recruit_pile), tuple(state.threat_pile))

    def dumps(self, state: State) -> str:
        return _codec.dumps(state)

    def loads(self, text: str) -> State:
        return _codec.loads(text)


@cache
def default_pack() -> XiditPack:
    return load_pack()


def make_game(packs: Path | None = None) -> XiditGame:
    return XiditGame(load_pack(packs) if packs else None)

