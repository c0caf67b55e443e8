"""How Akhedena ends: the victory points a side counts, the crown, and the win checked before every
step of the runner (a guard on ``RULES``) [Objetivo del Juego]."""

from __future__ import annotations

from engine.akhedena.flow import Ctx, guard


def total_vp(ctx: Ctx, seat: int) -> int:
    player = ctx.player(seat)
    queue_bonus = ctx.pack.n("completion_vp") if ctx.state.queue[:1] == [seat] else 0
    return player.origin_vp + player.dragon_cards * ctx.pack.n("dragon_card_vp") + queue_bonus


def target_vp(ctx: Ctx) -> int:
    small = ctx.state.seats == 2 or ctx.state.mode == "team"
    return ctx.pack.n("win_vp_small" if small else "win_vp")


def crown_seat(ctx: Ctx) -> int | None:
    castle = ctx.state.piece(ctx.state.crown) if ctx.state.crown else None
    return castle.seat if castle is not None else None


@guard
def check_win(ctx: Ctx) -> None:
    """The side whose turn it is wins holding the crown with enough VP (team: any ally each)."""
    state = ctx.state
    if state.mode == "quick" or not state.players[0].hero or not state.stack:
        return
    side = ctx.allies(state.active)
    holder = crown_seat(ctx)
    if holder in side and max(total_vp(ctx, s) for s in side) >= target_vp(ctx):
        finish(ctx, sorted(side), "crown")


def finish(ctx: Ctx, winners: list[int], reason: str) -> None:
    ctx.state.over, ctx.state.winners, ctx.state.end = True, winners, reason
    ctx.state.stack.clear()
    ctx.emit("game_over", reason=reason, winners=winners, board=True)
