"""Shared helpers for Xidit engine tests: playouts and invariants."""

from __future__ import annotations

from collections import Counter

from engine.ai import choose
from engine.core.prompt import Choice
from engine.core.rng import Rng
from engine.xidit.game import XiditGame
from engine.xidit.pack import UNITS
from engine.xidit.state import State

GAME = XiditGame()


def check_invariants(state: State) -> None:
    pack = GAME.pack
    units = Counter(state.barracks)
    for tile in state.board.values():
        units.update(tile.units)
    for p in state.players:
        units.update(p.units)
        assert all(n >= 0 for n in p.units.values()), p.units
        assert p.gold >= 0
    assert units == Counter({u: pack.units_per_type for u in UNITS}), units
    for seat, p in enumerate(state.players):
        on_board = sum(c.get(seat, 0) for c in state.bards.values())
        assert p.bards_left >= 0 and p.bastion >= 0
        assert on_board + p.bastion + p.bards_left == pack.bards_per_player
        stories = sum(g.height for g in state.guilds.values() if g.owner == seat)
        assert p.stories_left >= 0 and p.waiting_stories >= 0
        assert stories + p.stories_left + p.waiting_stories == pack.stories_per_player
    for guild in state.guilds.values():
        assert 1 <= guild.height <= 4
    for city, tile in state.board.items():
        assert tile.tile == city
        if tile.side == "recruit":
            assert tile.units, "an empty recruitment tile must have left the board"
    places = [*state.board, *state.recruit_pile, *state.threat_pile, *state.recruit_discard,
              *state.threat_discard]
    places += [t for t in (state.next_recruit, state.next_threat) if t is not None]
    assert sorted(places) == sorted(pack.tiles), "every city tile is in exactly one place"


def playout(seed: int, seats: int = 4, length: str = "long", ai_seats: int | None = None,
            check: bool = True) -> tuple[State, list[tuple[int, str]]]:
    """Play a whole game: the sensible AI for the first ``ai_seats`` seats, random for the rest."""
    state = GAME.setup(seats, {"length": length}, seed)
    smart = seats if ai_seats is None else ai_seats
    order = Rng.from_seed(seed * 7919 + 1)
    log: list[tuple[int, str]] = []
    while prompts := GAME.prompts(state):
        prompt = prompts[order.below(len(prompts))]
        view = GAME.view(state, prompt.seat)
        decision_seed = seed * 1_000_003 + len(log)
        if prompt.seat < smart:
            choice = choose(GAME, view, prompt, decision_seed)
        else:
            from engine.ai import random_choice

            choice = random_choice(prompt, Rng.from_seed(decision_seed))
        GAME.apply(state, prompt.seat, choice)
        log.append((prompt.seat, str(choice)))
        if check:
            check_invariants(state)
    return state, log


def replay(seed: int, seats: int, length: str, log: list[tuple[int, str]]) -> State:
    state = GAME.setup(seats, {"length": length}, seed)
    for seat, text in log:
        GAME.apply(state, seat, Choice.parse(text))
    return state
