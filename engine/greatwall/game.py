"""The Great Wall behind the engine contract (engine/core/game.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import engine.greatwall.variants  # noqa: F401  (the bundled variants, registered)
from engine.core.codec import JsonCodec, checked, guarded
from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome, TableOption, View, register_game
from engine.core.prompt import Choice, Prompt
from engine.greatwall import rules  # noqa: F401  (the rules modules, registered on RULES)
from engine.greatwall.combat import answered_alone
from engine.greatwall.deaths import upgrade_saved_losses
from engine.greatwall.flow import Ctx, answer, prompts, run
from engine.greatwall.pack import GreatWallPack, load_pack
from engine.greatwall.seasons import deal, ranking
from engine.greatwall.state import State, no_units
from engine.greatwall.variant import (
    MODE,
    Variant,
    active,
    chosen_variants,
    compatible,
    mode_seats,
    on_change,
    registered,
)
from engine.greatwall.view import make_view

# Fields added with the modes, left out of the canonical form while at their defaults: a standard game
# then dumps byte for byte as before (tests/engine/legacy hashes), and loads fills them in.
_ADDED: dict[str, Any] = {"mode": "standard", "reed": None, "blocked": 0, "rulings": {}, "qin": None,
                          "time_loss": "unmet", "demands": [], "demand_deck": [], "fulfilled": [],
                          "event_deck": [], "events": [], "won": None, "variants": [],
                          "rat": None, "khan": None, "chronicle": None}


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


def build_caps(variants: tuple[Variant[Any], ...]) -> Capabilities:
    """What the lobby offers, from the registered variants (engine/greatwall/variant.py): the
    ``mode`` option's values with their seats and outcome kinds, an option per expansion (offered
    with the modes it joins, refused with an expansion it is not played with), and each variant's
    rulings, read when one of the variants declaring it is played and none that drops it is. A
    variant turned on by seat count (``at_seats``: the fifth player) widens the seats of the modes it
    combines with, and its rulings are read with those modes (the lobby does not know the final seat
    count yet). Variants that share
    an option name (the Ancient Chronicles scenarios, ``scenario``) are the values of one choice,
    read before the mode: each is played in one mode, which it then sets (IT AC, "Preparazione")."""
    modes = [v for v in variants if v.is_mode]
    mode_names = {v.name for v in modes}
    expansions = [v for v in variants if v.is_option]
    groups: dict[str, list[Variant[Any]]] = {}
    for v in expansions:
        groups.setdefault(v.option[0], []).append(v)
    choices = [_choice(name, group, variants) for name, group in groups.items() if _is_choice(group)]
    ranges = {v.option[1]: mode_seats(v, variants) for v in modes if v.seats}
    options = [*choices, TableOption(MODE, tuple(v.option[1] for v in modes), modes[0].option[1],
                                     follows=tuple((c.name, value, mode) for c in choices
                                                   for value, _, (mode, *more) in c.requires if not more),
                                     seats=tuple((m, *r) for m, r in ranges.items()),
                                     outcomes=tuple((v.option[1], v.outcome_kind) for v in modes if v.outcome_kind))]
    options += [TableOption(v.option[0], ("off", v.option[1]), "off",
                            when=tuple((MODE, m) for m in sorted(v.combines & mode_names)), expansion=True,
                            excludes=_excluded(v, expansions))
                for group in groups.values() if not _is_choice(group) for v in group]
    values = [v for group in groups.values() if _is_choice(group) for v in group]
    rulings = _rulings(variants, mode_names, values)
    return Capabilities("greatwall", min(r[0] for r in ranges.values()), max(r[1] for r in ranges.values()),
                        options=(*options, *rulings.values()))


def _rulings(variants: tuple[Variant[Any], ...], mode_names: set[str],
             values: list[Variant[Any]]) -> dict[str, TableOption]:
    """Each variant's rulings, read when a variant declaring it is played (``when``), and not read
    (``unless``) where a choice's value (a scenario) is played that drops it (its own rules replace
    it: co-op's time_loss at a co-op scenario) or that no declaring variant is played with (the fifth
    player's rulings at a scenario table, which seats its mode's base count [IT AC])."""
    rulings: dict[str, TableOption] = {}
    declared: dict[str, list[Variant[Any]]] = {}
    for variant in variants:
        when = ((variant.option,) if variant.option[0]
                else tuple((MODE, m) for m in sorted(variant.combines & mode_names)))
        for ruling in variant.rulings:
            first = rulings.get(ruling.name, ruling)
            rulings[ruling.name] = replace(first, when=(*first.when, *when))
            declared.setdefault(ruling.name, []).append(variant)
    for name, option in rulings.items():
        unless = tuple(v.option for v in values
                       if name in v.drops or not any(d is v or compatible((d, v)) for d in declared[name]))
        rulings[name] = replace(option, unless=(*option.unless, *unless))
    return rulings


def _is_choice(group: list[Variant[Any]]) -> bool:
    """Variants that are the values of one choice: several sharing an option name, or one whose value
    is its own name (a lone scenario is still one value of ``scenario``, which sets the mode; an
    expansion is turned "on")."""
    return len(group) > 1 or group[0].option[1] == group[0].name


def _excluded(variant: Variant[Any], expansions: list[Variant[Any]]) -> tuple[tuple[str, str], ...]:
    """The other options' values ``variant`` is not played with."""
    return tuple(w.option for w in expansions
                 if w.option[0] != variant.option[0] and not compatible((variant, w)))


def _choice(name: str, group: list[Variant[Any]], variants: tuple[Variant[Any], ...]) -> TableOption:
    """One option whose values are variants (off by default): each value requires the modes it is
    played in, narrows the seats to theirs (widened only by a seat-count variant it joins) and its
    own, and excludes the expansions it does not join."""
    expansions = [v for v in variants if v.is_option]
    values = []
    for v in group:
        modes = [m for m in variants if m.is_mode and m.name in v.combines]
        joined = tuple(w for w in variants if not w.at_seats or compatible((v, w)))
        ranges = [mode_seats(m, joined) for m in modes]
        own = v.seats or (0, 99)
        values.append((v, modes, (max(own[0], min(r[0] for r in ranges)), min(own[1], max(r[1] for r in ranges)))))
    return TableOption(name, ("off", *(v.option[1] for v in group)), "off",
                       seats=tuple((v.option[1], *r) for v, _, r in values),
                       requires=tuple((v.option[1], MODE, tuple(m.option[1] for m in modes)) for v, modes, _ in values),
                       excludes=tuple(dict.fromkeys(o for v in group for o in _excluded(v, expansions))))


class GreatWallGame(Game):
    # The modes and expansions are the registered variants (engine/greatwall/variants/): the
    # capabilities are rebuilt whenever one is registered (``_refresh`` below).
    caps = build_caps(registered())
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
        variants = chosen_variants(chosen, seats)
        if not compatible(variants):
            raise IllegalChoice("option", "gw.error.option", option=MODE)
        state = State(seats=seats, rng=seed, mode=chosen[MODE], variants=[v.name for v in variants if not v.is_mode])
        for variant in variants:
            variant.setup_state(state, chosen)
        ctx = Ctx(state, self.pack)
        deal(ctx)
        run(ctx)
        return state

    def prompts(self, state: State) -> list[Prompt]:
        return prompts(Ctx(state, self.pack))

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Validate, then change the state; an illegal choice leaves it exactly as it was."""
        if answered_alone(state, seat, choice):  # an old log's answer to a question no longer asked
            state.step += 1
            return []
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
            rival = next((r for v in active(state) if (r := v.rival(state)) is not None), None)
            view["outcome"] = {"kind": outcome.kind.value, "winners": list(outcome.winners),
                               "player": outcome.ranking[0], "margin": outcome.margin, "rival": rival}
        return view

    def outcome(self, state: State) -> Outcome | None:
        if state.season != "over":
            return None
        scores = {s: dict(f) for s, f in state.final.items() if s < state.seats}
        kind = self.caps.outcome_kind({MODE: state.mode})
        for variant in active(state):  # co-op: all together [ES p.18]; solo: against Qin [ES p.17]
            outcome = variant.outcome(state, scores, kind)
            if outcome is not None:
                return outcome
        order = ranking(state)
        return Outcome((order[0],), tuple(order), scores, kind=kind)

    def unknown(self, state: State) -> tuple[object, ...]:
        """What no seat knows yet: the random generator and the order of every face-down pile. A
        choice that changes it drew or shuffled something, so it can never be taken back."""
        return (state.rng, tuple(state.horde_deck), tuple(state.tactic_deck), tuple(state.advisor_deck),
                *(tuple(pile) for pile in state.plain_piles()))

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


def _refresh() -> None:
    """A variant was registered (or removed): the lobby, the bot and the AI read the new caps
    through the engine's registry (engine/core/game.py)."""
    GreatWallGame.caps = build_caps(registered())
    GreatWallGame.min_seats, GreatWallGame.max_seats = GreatWallGame.caps.min_seats, GreatWallGame.caps.max_seats
    register_game(GreatWallGame.caps, make_game)


on_change(_refresh)

