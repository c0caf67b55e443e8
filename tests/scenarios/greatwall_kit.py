"""Building Great Wall positions for rulebook scenarios: a drafted game, a cleared board, and the
engine's own tasks run on it."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.prompt import Choice
from engine.greatwall.flow import Ctx, run
from engine.greatwall.game import GreatWallGame
from engine.greatwall.state import HordeCard, Soldier, State

GAME = GreatWallGame()
PACK = GAME.pack


def drafted(seats: int = 3, seed: int = 1, game: GreatWallGame = GAME,
            options: dict[str, str] | None = None) -> State:
    """A game (with ``options``) just past the draft (everyone took the first general and first advisor)."""
    state = game.setup(seats, options or {}, seed)
    for prompt in game.prompts(state):
        game.apply(state, prompt.seat, Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    return state


def cleared(seats: int = 3, seed: int = 1) -> State:
    """Drafted, then an empty board: no hordes, barricades, clerks, pending work; Tea order 0, 1, 2…"""
    state = drafted(seats, seed)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    for seat in [s for seats_at in state.clerks_at.values() for s in seats_at]:
        state.players[seat].clerks += 1
    state.clerks_at = {}
    state.tea = list(range(seats))
    state.ask, state.tasks = None, []
    for p in state.players:
        p.tactics, p.active, p.support = [], [], []  # no abilities unless a test gives them
        p.res = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
        p.honor = 0
    return state


def players_cleared(state: State) -> State:
    """The players' side of ``cleared`` in a game with automata (Reed, Qin) or an expansion: the
    players' Clerks back in reserve (the automata's stay), nothing pending, Tea order 0, 1, 2… (the
    automata last), no abilities, resources or Honor."""
    for seat in [s for at in state.clerks_at.values() for s in at if s < state.seats]:
        state.players[seat].clerks += 1
    state.clerks_at = {loc: [s for s in at if s >= state.seats] for loc, at in state.clerks_at.items()}
    state.tea = list(range(state.clans()))
    state.ask, state.tasks, state.active = None, [], None
    for p in state.players[:state.seats]:
        p.tactics, p.active, p.support = [], [], []
        p.res = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
        p.honor = 0
    return state


def jobs(state: State, *tasks: dict[str, object]) -> list[Event]:
    ctx = Ctx(state, PACK)
    ctx.push(*tasks)
    run(ctx)
    return ctx.events


def activate(state: State, seat: int, loc: str) -> list[Event]:
    """One of ``seat``'s Clerks placed on ``loc`` and the Location activated (not advanced) [ES p.11]."""
    state.players[seat].clerks -= 1
    state.clerks_at.setdefault(loc, []).append(seat)
    return jobs(state, {"op": "activate", "loc": loc, "advanced": False})


def answer(state: State, seat: int, *values: str) -> list[Event]:
    assert state.ask is not None and seat in state.ask.seats
    return GAME.apply(state, seat, Choice(state.ask.kind, values))


def horde(state: State, sec: int, card: str, soldiers: list[tuple[int, str, list[int]]] = (),  # type: ignore[assignment]
          wounds: list[int] | None = None) -> HordeCard:
    placed = HordeCard(card, [Soldier(s, u, spots) for s, u, spots in soldiers], list(wounds or []))
    for seat, unit, _ in soldiers:
        state.players[seat].reserve[unit] -= 1
    state.sections[sec].hordes.append(placed)
    return placed


def cover_rest(card: HordeCard) -> None:
    """Wound every vital spot not yet covered."""
    taken = set(card.wounds) | {s for soldier in card.soldiers for s in soldier.spots}
    card.wounds += [s for s in PACK.hordes[card.card].spots if s not in taken]


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events if e.key]
