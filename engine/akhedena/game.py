"""Akhedena behind the engine contract (engine/core/game.py): full game, team mode, quick play."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.akhedena import actions, quick, rules, turn, victory  # noqa: F401  (rules: the modules registered on RULES)
from engine.akhedena.flow import Ctx, answer, current, run
from engine.akhedena.pack import AkhedenaPack, load_pack
from engine.akhedena.state import Player, State
from engine.akhedena.view import make_view
from engine.core.codec import JsonCodec, checked, guarded
from engine.core.errors import IllegalChoice
from engine.core.events import Event
from engine.core.game import Capabilities, Game, Outcome, OutcomeKind, TableOption, View
from engine.core.prompt import Choice, Prompt

MODES = ("standard", "team", "quick")
# Table options beyond the mode (the first value is the full game's default):
# - rounds: a round limit is not in the rulebook, which ends the game only by crown + VP [Objetivo del
#   Juego]: off in the full game; quick play keeps it on, since its duel may never force a win.
# - after_battle (C6): "stop" = the rulebook's own section [Movimiento después de una batalla o
#   destrucción]; "move_on" = the worked infantry example of [4. Acción: Mover tu ejército y luchar].
ROUNDS = ("off", "on")
# What ranks sides after the crown when the round limit stops a game (declared here: ``outcome`` ranks
# by it and the lobby names it). Quick play has no VP [Modo de Partida Rápida], so army cards left
# (engine/akhedena/quick.py); the full game counts VP [Objetivo del Juego].
LIMIT_SCORES = {"quick": "cards"}


def limit_score(mode: str) -> str:
    """The score ("vp" or "cards") that ranks sides after the crown at a round limit in ``mode``."""
    return LIMIT_SCORES.get(mode, "vp")

AFTER_BATTLE = ("stop", "move_on")
_codec = JsonCodec(State)


class AkhedenaGame(Game):
    caps = Capabilities("akhedena", 2, 4, options=(
        # Team mode: partners sit across the table, seats 0+2 against 1+3 [Modo Avanzado].
        TableOption("mode", MODES, "standard", seats=(("team", 4, 4),), outcomes=(("team", OutcomeKind.TEAMS),),
                    teams=(("team", ((0, 2), (1, 3))),)),
        TableOption("rounds", ROUNDS, "off", follows=(("mode", "quick", "on"),)),
        TableOption("after_battle", AFTER_BATTLE, "stop")))
    id, min_seats, max_seats = caps.id, caps.min_seats, caps.max_seats

    def __init__(self, pack: AkhedenaPack | None = None) -> None:
        self.pack = pack or default_pack()

    def setup(self, seats: int, options: dict[str, str], seed: int) -> State:
        mode = options.get("mode", "standard")
        if mode not in MODES:
            raise IllegalChoice("mode", "ak.error.mode", mode=mode)
        low, high = self.caps.seat_range(options)
        if not low <= seats <= high:
            raise IllegalChoice("seat_count", "ak.error.seat_count", seats=seats, mode=mode)
        state = State(mode=mode, seats=seats, rng=seed, round_limit=_round_limit(self.pack, mode, options),
                      after_battle=_option(options, "after_battle", AFTER_BATTLE[0], AFTER_BATTLE))
        # Team mode: partners sit across the table and play alternately [Modo Avanzado].
        state.players = [Player(seat=s, hero="", team=s % 2 if mode == "team" else s) for s in range(seats)]
        ctx = Ctx(state, self.pack)
        _decks(ctx)
        if mode == "quick":
            quick.setup(ctx)
        else:
            turn.setup(ctx)
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
        """Sides rank by: won, then holding the crown, then VP (quick play: army cards left); sides
        nothing separates share a place. A game stopped by a table's round limit has no rulebook
        winner, so the crown (half of the rulebook's win) counts first, then VP, and an exact tie
        shares first place — never the seat order [Objetivo del Juego]. Team mode: both allies."""
        if not state.over:
            return None
        view = self.view(state, None)
        score = {int(s): v for s, v in view.get("scores", {}).items()}
        material = {p["seat"]: p["cards"] for p in view["players"]}
        scores = {s: {"vp": score.get(s, 0), "cards": material[s]} for s in range(state.seats)}
        ctx = Ctx(state, self.pack)
        holder = victory.crown_seat(ctx)
        amount = {s: scores[s][limit_score(state.mode)] for s in range(state.seats)}

        def standing(seat: int) -> tuple[bool, bool, int]:
            side = ctx.allies(seat)
            return (not set(state.winners) & side, holder not in side, -max(amount[s] for s in side))

        order = sorted(range(state.seats), key=lambda s: (standing(s), s))
        places = tuple(1 + next(i for i, o in enumerate(order) if standing(o) == standing(s)) for s in order)
        winners = state.winners or [s for s, place in zip(order, places, strict=True) if place == 1]
        chosen = {"mode": state.mode}
        return Outcome(tuple(sorted(winners)), tuple(order), scores, places,
                       kind=self.caps.outcome_kind(chosen), teams=self.caps.teams(chosen))

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


def _round_limit(pack: AkhedenaPack, mode: str, options: dict[str, str]) -> int:
    """``rounds``: off, on (the pack's stand-in number) or a number of rounds."""
    text = options.get("rounds", "")
    if text.isdigit():
        return int(text)
    chosen = _option(options, "rounds", "on" if mode == "quick" else "off", ROUNDS)
    return pack.n("round_limit") if chosen == "on" else 0


def _decks(ctx: Ctx) -> None:
    state, pack = ctx.state, ctx.pack
    state.army_deck = [f"{a.id}.{i}" for a in pack.armies.values() for i in range(a.count)]
    state.black_deck = [f"{b.id}.{i}" for b in pack.black.values() for i in range(b.count)]
    state.action_deck = [f"{a.id}.{i}" for a in pack.actions.values() for i in range(a.count)]
    state.general_deck = list(pack.generals)
    state.castle_supply = list(pack.castles)
    for deck in (state.army_deck, state.black_deck, state.action_deck, state.general_deck):
        ctx.rng.shuffle(deck)
    if state.mode != "quick":
        actions.refill(ctx)


@cache
def default_pack() -> AkhedenaPack:
    return load_pack()


def make_game(packs: Path | None = None) -> AkhedenaGame:
    return AkhedenaGame(load_pack(packs) if packs else None)

