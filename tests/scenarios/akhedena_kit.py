"""Building Akhedena positions for rulebook scenarios: a set-up game, an empty board, pieces put
where a test wants them, and the real decisions answered through ``Game.apply``."""

from __future__ import annotations

from typing import Any

from engine.akhedena.board import name
from engine.akhedena.flow import Ctx, run
from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import Piece, State
from engine.core.events import Event
from engine.core.prompt import Choice, Prompt

GAME = AkhedenaGame()
PACK = GAME.pack


def board(seats: int = 2, mode: str = "standard", seed: int = 1) -> State:
    """Set up, then cleared: no pieces, walls, cards in hand or black cards; seat 0 to act; rich."""
    state = GAME.setup(seats, {"mode": mode}, seed)
    state.pieces, state.walls, state.stack = [], [], []
    for p in state.players:
        p.hero = p.hero or list(PACK.heroes)[p.seat]
        p.hand, p.black, p.gold, p.food, p.origin_vp = [], [], 12, 5, 0
    state.active = 0
    return state


_copies: dict[str, int] = {}


def put(state: State, seat: int, kind: str, card: str, square: str, *army: str) -> Piece:
    """A piece on ``square`` ("E5") carrying fresh copies of the ``army`` card types."""
    sq = _sq(square)
    cards = []
    for a in army:
        _copies[a] = _copies.get(a, 100) + 1
        cards.append(f"{a}.{_copies[a]}")
    piece = Piece(f"t{len(state.pieces)}x{state.next_piece}", seat, kind, card, [sq[0], sq[1]], cards)
    state.next_piece += 1
    state.pieces.append(piece)
    return piece


def _sq(label: str) -> tuple[int, int]:
    return (int(label[1:]) - 1, ord(label[0]) - ord("A"))


def frames(state: State, *stack: dict[str, Any]) -> list[Event]:
    """Put frames on the stack (the last one on top) and run the engine to the next decision."""
    ctx = Ctx(state, PACK)
    for frame in stack:
        ctx.push(frame.pop("k"), **frame)
    run(ctx)
    return ctx.events


def fighting(state: State, seat: int = 0) -> None:
    """Seat's Move & Fight action is open (after it the turn ends as usual)."""
    from engine.akhedena.fight import start_fight

    ctx = Ctx(state, PACK)
    ctx.push("turn_end", seat=seat)
    ctx.push("card_step", seat=seat)
    start_fight(ctx, seat)
    run(ctx)


def prompt(state: State) -> Prompt:
    return GAME.prompts(state)[0]


def answer(state: State, *values: str) -> list[Event]:
    p = prompt(state)
    return GAME.apply(state, p.seat, Choice(p.kind, values))


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def event(events: list[Event], key: str) -> dict[str, Any]:
    return next(e.args for e in events if e.key == key)


def square(piece: Piece) -> str:
    return name((piece.at[0], piece.at[1]))
