"""Akhedena behind the engine contract (engine/core/game.py). Its modes are variants on hooks
(engine/akhedena/variant.py, listed in variants.py): the capabilities are assembled from them, and
``register_variant`` adds one and re-registers the game."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from engine.akhedena import rules, victory  # noqa: F401  (rules: the modules registered on RULES)
from engine.akhedena.flow import Ctx, answer, current, run
from engine.akhedena.pack import AkhedenaPack, load_pack
from engine.akhedena.state import Player, State, copies
from engine.akhedena.variant import Variant, add, named, of, remove, variants
from engine.akhedena.view import make_view
from engine.core.codec import JsonCodec, checked, guarded
from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome, OutcomeKind, TableOption, View, register_game
from engine.core.prompt import Choice, Prompt

# Table options beyond the mode (the first value is the full game's default):
# - rounds: a round limit is not in the rulebook, which ends the game only by crown + VP [Objetivo del
#   Juego]: off in the full game; a variant may turn it on by default (``Variant.rounds``).
# - after_battle (C6): "stop" = the rulebook's own section [Movimiento después de una batalla o
#   destrucción]; "move_on" = the worked infantry example of [4. Acción: Mover tu ejército y luchar].
ROUNDS = ("off", "on")
AFTER_BATTLE = ("stop", "move_on")
_codec = JsonCodec(State)


def limit_score(mode: str) -> str:
    """The score ("vp" or "cards") that ranks sides after the crown at a round limit in ``mode``:
    the variant declares it (``Variant.scoring``); ``outcome`` ranks by it and the lobby names it."""
    return of(mode).scoring


def assemble(found: tuple[Variant[Any], ...]) -> Capabilities:
    """The game's capabilities from its variants: the ``mode`` option lists them (the first is the
    default) with the seats, outcome kind and sides each declares; the round limit follows each
    variant's default; a variant's own options are read only at its tables. No variant combines
    with another today, so one ``mode`` value names the whole variant."""
    low, high = min(v.seats[0] for v in found), max(v.seats[1] for v in found)
    names = tuple(v.name for v in found)
    mode = TableOption("mode", names, names[0],
                       seats=tuple((v.name, *v.seats) for v in found if v.seats != (low, high)),
                       outcomes=tuple((v.name, v.outcome) for v in found if v.outcome is not OutcomeKind.FREE_FOR_ALL),
                       teams=tuple((v.name, v.sides) for v in found if v.sides))
    rounds = TableOption("rounds", ROUNDS, ROUNDS[0],
                         follows=tuple(("mode", v.name, v.rounds) for v in found if v.rounds != ROUNDS[0]))
    own = tuple(o if o.when else replace(o, when=(("mode", v.name),)) for v in found for o in v.options)
    return Capabilities("akhedena", low, high, options=(mode, rounds, TableOption("after_battle", AFTER_BATTLE,
                                                                                  "stop"), *own))


class AkhedenaGame(Game):
    caps = assemble(variants())
    id, min_seats, max_seats = caps.id, caps.min_seats, caps.max_seats

    def __init__(self, pack: AkhedenaPack | None = None) -> None:
        self.pack = pack or default_pack()

    def setup(self, seats: int, options: dict[str, str], seed: int) -> State:
        given = options.get("mode") or self.caps.table_options({})["mode"]
        variant = named(given)
        if variant is None:
            raise IllegalChoice("mode", "ak.error.mode", mode=given)
        low, high = self.caps.seat_range(options)
        if not low <= seats <= high:
            raise IllegalChoice("seat_count", "ak.error.seat_count", seats=seats, mode=given)
        state = State(mode=variant.name, seats=seats, rng=seed, round_limit=_round_limit(self.pack, variant, options),
                      after_battle=_option(options, "after_battle", AFTER_BATTLE[0], AFTER_BATTLE))
        state.players = [Player(seat=s, hero="", team=variant.team(s)) for s in range(seats)]
        ctx = Ctx(state, self.pack)
        _decks(ctx)
        variant.setup(ctx)
        run(ctx)
        return state

    def prompts(self, state: State) -> list[Prompt]:
        found = current(Ctx(state, self.pack))
        return [found] if found is not None else []

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Validate, then change the state; an illegal choice leaves it exactly as it was."""
        checked(self, state, seat, choice)
        ctx = Ctx(state, self.pack)

        def act() -> list[Event]:
            state.step += 1
            answer(ctx, list(choice.values))
            return ctx.events

        return guarded(_codec, state, act)

    def view(self, state: State, seat: int | None) -> View:
        return make_view(state, self.pack, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Ranked by victory.py ``standings``; the kind and the sides are the variant's declaration."""
        if not state.over:
            return None
        ctx = Ctx(state, self.pack)
        ranked = victory.standings(ctx)
        return Outcome(ranked.winners, ranked.order, ranked.scores, ranked.places, kind=ctx.variant.outcome,
                       teams=ctx.variant.sides)

    def unknown(self, state: State) -> tuple[object, ...]:
        """What no seat knows yet: the random generator and the order of every face-down pile. A
        choice that changes it drew or shuffled something, so it can never be taken back."""
        return (state.rng, tuple(state.army_deck), tuple(state.general_deck), tuple(state.black_deck),
                tuple(state.action_deck))

    def dumps(self, state: State) -> str:
        return _codec.dumps(state)

    def loads(self, text: str) -> State:
        return _codec.loads(text)


def _option(options: dict[str, str], key: str, default: str, allowed: tuple[str, ...]) -> str:
    value = options.get(key, default)
    if value not in allowed:
        raise IllegalChoice(key, "ak.error.option", option=key, value=value)
    return value


def _round_limit(pack: AkhedenaPack, variant: Variant[Any], options: dict[str, str]) -> int:
    """``rounds``: off, on (the pack's stand-in number) or a number of rounds; the variant's default."""
    text = options.get("rounds", "")
    if text.isdigit():
        return int(text)
    chosen = _option(options, "rounds", variant.rounds, ROUNDS)
    return pack.n("round_limit") if chosen == "on" else 0


def _decks(ctx: Ctx) -> None:
    state, pack = ctx.state, ctx.pack
    state.army_deck = copies(pack.armies.values())
    state.black_deck = copies(pack.black.values())
    state.action_deck = copies(pack.actions.values())
    state.general_deck = list(pack.generals)
    state.castle_supply = list(pack.castles)
    for deck in (state.army_deck, state.black_deck, state.action_deck, state.general_deck):
        ctx.rng.shuffle(deck)


@cache
def default_pack() -> AkhedenaPack:
    return load_pack()


def make_game(packs: Path | None = None) -> AkhedenaGame:
    return AkhedenaGame(load_pack(packs) if packs else None)



def register_variant(variant: Variant[Any]) -> None:
    """Add a variant, or replace the one of the same name, and re-register the game's capabilities
    (engine/core/game.py ``register_game``): the lobby and ``setup`` then know it with no other edit."""
    add(variant)
    _reregister()


def unregister_variant(name: str) -> None:
    """Take a variant away (a test's own, say) and re-register the game without it."""
    remove(name)
    _reregister()


def _reregister() -> None:
    caps = assemble(variants())
    AkhedenaGame.caps, AkhedenaGame.min_seats, AkhedenaGame.max_seats = caps, caps.min_seats, caps.max_seats
    register_game(caps, make_game)
