"""The Great Wall behind the engine contract (engine/core/game.py)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.codec import JsonCodec, checked, guarded
from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome, OutcomeKind, TableOption, View
from engine.core.prompt import Choice, Prompt
from engine.greatwall import rules  # noqa: F401  (the rules modules, registered on RULES)
from engine.greatwall.coop import START_HORDES, outcome_places, with_reed
from engine.greatwall.deaths import upgrade_saved_losses
from engine.greatwall.flow import Ctx, answer, prompts, run
from engine.greatwall.pack import GreatWallPack, load_pack
from engine.greatwall.qin import QIN_RULINGS
from engine.greatwall.reed import RULINGS
from engine.greatwall.seasons import deal, ranking
from engine.greatwall.state import State, no_units
from engine.greatwall.view import make_view

MODES = ("standard", "duel", "solo", "coop")
# Fields added with the modes, left out of the canonical form while at their defaults: a standard game
# then dumps byte for byte as before (tests/engine/legacy hashes), and loads fills them in.
_ADDED: dict[str, Any] = {"mode": "standard", "reed": None, "blocked": 0, "rulings": {}, "qin": None,
                          "time_loss": "unmet", "demands": [], "demand_deck": [], "fulfilled": [],
                          "event_deck": [], "events": [], "won": None}


class _Codec(JsonCodec[State]):
    def dumps(self, state: State) -> str:
        raw = self.converter.unstructure(state)
        for key, default in _ADDED.items():
            if raw.get(key) == default:
                del raw[key]
        for player in raw["players"]:
            if player.get("sacrificed") == no_units():
                del player["sacrificed"]
        return json.dumps(raw, sort_keys=True, separators=(",", ":"))


_codec = _Codec(State)


class GreatWallGame(Game):
    # The base competitive game, 3 or 4 clans; "duel": 2 players and the Reed clan [ES p.15]; "solo":
    # 1 player against Qin Jiushao, with the Reed clan [ES p.16–17]; "coop": the co-operative mode
    # [ES p.18–19], 2 to 4 players (at 2 the Reed clan joins as in duel [ES p.15, p.19]).
    # ``time_loss`` is conflict C14 (engine/greatwall/coop.py): "unmet" (RU p.19, default) or
    # "always" (the literal ES p.19). The Reed rulings are read in co-op too, where they matter at
    # 2 players only; so is ``start_hordes`` (engine/greatwall/coop.py).
    caps = Capabilities("greatwall", 1, 4, options=(
        TableOption("mode", MODES, "standard",
                    seats=(("standard", 3, 4), ("duel", 2, 2), ("solo", 1, 1), ("coop", 2, 4)),
                    outcomes=(("solo", OutcomeKind.AGAINST_AUTOMATON), ("coop", OutcomeKind.COOP))),
        *(TableOption(name, values, values[0], when=(("mode", "duel"), ("mode", "solo"), ("mode", "coop")))
          for name, values in RULINGS.items()),
        *(TableOption(name, values, values[0], when=(("mode", "solo"),)) for name, values in QIN_RULINGS.items()),
        TableOption("time_loss", ("unmet", "always"), "unmet", when=(("mode", "coop"),)),
        TableOption("start_hordes", START_HORDES, START_HORDES[0], when=(("mode", "coop"),))))
    id, min_seats, max_seats = caps.id, caps.min_seats, caps.max_seats

    def __init__(self, pack: GreatWallPack | None = None) -> None:
        self.pack = pack or default_pack()

    def setup(self, seats: int, options: dict[str, str], seed: int) -> State:
        chosen = self.caps.table_options(options)
        low, high = self.caps.seat_range(chosen)
        for option in self.caps.options:
            if option.name in chosen and chosen[option.name] not in option.values:
                raise IllegalChoice("option", "gw.error.option", option=option.name)
        if not low <= seats <= high:
            raise IllegalChoice("seat_count", "gw.error.seat_count", seats=seats)
        state = State(seats=seats, rng=seed, mode=chosen["mode"])
        if state.mode in ("duel", "solo") or with_reed(state):
            state.blocked = 1  # the leftmost Section [ES p.15 step 1, p.16 step 1]
            state.rulings = {k: chosen[k] for k in (*RULINGS, *QIN_RULINGS, "start_hordes") if k in chosen}
        if state.mode == "coop":
            state.time_loss = chosen["time_loss"]
        ctx = Ctx(state, self.pack)
        deal(ctx)
        run(ctx)
        return state

    def prompts(self, state: State) -> list[Prompt]:
        return prompts(Ctx(state, self.pack))

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Validate, then change the state; an illegal choice leaves it exactly as it was."""
        checked(self, state, seat, choice)
        ctx = Ctx(state, self.pack)

        def act() -> list[Event]:
            state.step += 1
            answer(ctx, seat, list(choice.values))
            return ctx.events

        return guarded(_codec, state, act)

    def view(self, state: State, seat: int | None) -> View:
        view = make_view(state, self.pack, seat)
        outcome = self.outcome(state)
        if outcome is not None:  # public, once over: the board says what happened by the declared kind
            view["outcome"] = {"kind": outcome.kind.value, "winners": list(outcome.winners),
                               "player": outcome.ranking[0], "margin": outcome.margin,
                               "rival": state.qin.seat if state.qin is not None else None}
        return view

    def outcome(self, state: State) -> Outcome | None:
        if state.season != "over":
            return None
        scores = {s: dict(f) for s, f in state.final.items() if s < state.seats}
        kind = self.caps.outcome_kind({"mode": state.mode})
        if kind is OutcomeKind.COOP:  # everyone wins or everyone loses, together [ES p.18]
            return Outcome(scores=scores, kind=kind, **outcome_places(state))
        order = ranking(state)
        if state.qin is not None:  # solo: you win only by beating Qin's final Honor [ES p.17]
            qin = state.players[state.qin.seat].honor
            scores[0]["qin"] = qin
            won = not state.qin.lost and state.players[0].honor > qin
            # An empty Shame supply loses at once, whatever the Honor [ES p.17]: no margin to tell.
            margin = None if state.qin.lost else state.players[0].honor - qin
            return Outcome((0,) if won else (), (0,), scores, kind=kind, rival="gw.qin", margin=margin)
        return Outcome((order[0],), tuple(order), scores, kind=kind)

    def unknown(self, state: State) -> tuple[object, ...]:
        """What no seat knows yet: the random generator and the order of every face-down pile. A
        choice that changes it drew or shuffled something, so it can never be taken back."""
        return (state.rng, tuple(state.horde_deck), tuple(state.tactic_deck), tuple(state.advisor_deck),
                tuple(state.demand_deck), tuple(state.event_deck))

    def dumps(self, state: State) -> str:
        return _codec.dumps(state)

    def loads(self, text: str) -> State:
        state = _codec.loads(text)
        upgrade_saved_losses(Ctx(state, self.pack))  # a table saved by the previous version
        return state


@cache
def default_pack() -> GreatWallPack:
    return load_pack()


def make_game(packs: Path | None = None) -> GreatWallGame:
    return GreatWallGame(load_pack(packs) if packs else None)

