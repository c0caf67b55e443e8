"""How Akhedena ends: the victory points a side counts, the crown, the win checked before every
step of the runner (a guard on ``RULES``) [Objetivo del Juego], and how sides rank when it is over."""

from __future__ import annotations

from dataclasses import dataclass

from engine.akhedena.flow import Ctx, guard


def total_vp(ctx: Ctx, seat: int) -> int:
    player = ctx.player(seat)
    queue_bonus = ctx.pack.n("completion_vp") if ctx.state.queue[:1] == [seat] else 0
    return player.origin_vp + player.dragon_cards * ctx.pack.n("dragon_card_vp") + queue_bonus


def target_vp(ctx: Ctx) -> int:
    """The variant's target (variant.py ``target_vp``): 0 when it has no crown-and-VP win."""
    return ctx.variant.target_vp(ctx)


def crown_seat(ctx: Ctx) -> int | None:
    castle = ctx.state.piece(ctx.state.crown) if ctx.state.crown else None
    return castle.seat if castle is not None else None


@guard
def check_win(ctx: Ctx) -> None:
    """The side whose turn it is wins holding the crown with enough VP (a side: any ally each)."""
    state = ctx.state
    target = target_vp(ctx)
    if not target or not state.players[0].hero or not state.stack:
        return
    side = ctx.allies(state.active)
    holder = crown_seat(ctx)
    if holder in side and max(total_vp(ctx, s) for s in side) >= target:
        finish(ctx, sorted(side), "crown")


def finish(ctx: Ctx, winners: list[int], reason: str) -> None:
    ctx.state.over, ctx.state.winners, ctx.state.end = True, winners, reason
    ctx.state.stack.clear()
    ctx.emit("game_over", reason=reason, winners=winners, board=True)


def army_cards(ctx: Ctx, seat: int) -> int:
    return sum(len(p.army) for p in ctx.state.pieces if p.seat == seat)


@dataclass(frozen=True)
class Standings:
    """Sides ranked, best first (``places`` parallel to ``order``; a shared place repeats)."""

    order: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    scores: dict[int, dict[str, int]]


def standings(ctx: Ctx) -> Standings:
    """Sides rank by: won, then holding the crown, then the variant's ``scoring`` (VP; army cards
    left where there are no VP); sides nothing separates share a place. A game stopped by a table's
    round limit has no rulebook winner, so the crown (half of the rulebook's win) counts first, then
    the score, and an exact tie shares first place — never the seat order [Objetivo del Juego]. A
    side's allies rank together."""
    state, variant = ctx.state, ctx.variant
    counts_vp = variant.scoring == "vp"
    scores = {s: {"vp": total_vp(ctx, s) if counts_vp else 0, "cards": army_cards(ctx, s)}
              for s in range(state.seats)}
    holder = crown_seat(ctx)
    amount = {s: scores[s][variant.scoring] for s in range(state.seats)}

    def standing(seat: int) -> tuple[bool, bool, int]:
        side = ctx.allies(seat)
        return (not set(state.winners) & side, holder not in side, -max(amount[s] for s in side))

    order = sorted(range(state.seats), key=lambda s: (standing(s), s))
    places = tuple(1 + next(i for i, o in enumerate(order) if standing(o) == standing(s)) for s in order)
    winners = state.winners or [s for s, place in zip(order, places, strict=True) if place == 1]
    return Standings(tuple(order), places, tuple(sorted(winners)), scores)
