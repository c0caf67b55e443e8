"""Shame [ES p.7]: gaining a token, placing it at once, and the −5 Honor cases."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.greatwall.flow import Ctx, builder, decision, prompt, task
from engine.greatwall.pack import UNITS
from engine.greatwall.state import Ask, Player, Task


def shame_job(seat: int, reason: str) -> Task:
    """The task that gives ``seat`` one Shame token (push it where it belongs in the sequence)."""
    return {"op": "shame", "seat": seat, "reason": reason}


def places(player: Player) -> list[str]:
    """Where a new token may go: under a reserve soldier without one (by type), or onto an empty
    Shame slot of a claimed horde card (2 per card)."""
    out = [u for u in UNITS if player.reserve[u] > player.shamed[u]]
    out += [f"card{i}" for i, c in enumerate(player.claimed) if c.shame < 2]
    return out


@task("shame")
def _shame(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    seat = job["seat"]
    player = state.players[seat]
    penalty = ctx.pack.costs["shame_penalty"]
    if state.shame_supply == 0:
        player.honor = max(0, player.honor - penalty)
        ctx.emit("shame_empty", seat=seat, honor=penalty)
        return
    spots = places(player)
    if not spots:
        state.shame_supply -= 1
        state.shame_boxed += 1
        player.honor = max(0, player.honor - penalty)
        ctx.emit("shame_boxed", seat=seat, honor=penalty)
        return
    if len(spots) == 1:
        _place(ctx, seat, spots[0], job["reason"])
    else:
        ctx.ask("shame", [seat], reason=job["reason"])


@builder("shame")
def _build(ctx: Ctx, ask: Ask, seat: int) -> Any:
    player = ctx.state.players[seat]
    options = [Option(p, "gw.opt.shame_unit" if p in UNITS else "gw.opt.shame_card",
                      {"unit": p} if p in UNITS else {"card": int(p[4:]) + 1}) for p in places(player)]
    return prompt(ask, seat, "shame", options, args={"reason": ask.data["reason"]})


@decision("shame")
def _finish(ctx: Ctx, ask: Ask) -> None:
    seat = ask.seats[0]
    _place(ctx, seat, ask.answers[seat][0], ask.data["reason"])


def _place(ctx: Ctx, seat: int, where: str, reason: str) -> None:
    player = ctx.state.players[seat]
    ctx.state.shame_supply -= 1
    if where in UNITS:
        player.shamed[where] += 1
    else:
        player.claimed[int(where[4:])].shame += 1
    ctx.emit("shame", seat=seat, place=where if where in UNITS else "card", reason=reason)


def tokens(ctx: Ctx, player: Player) -> list[Option]:
    """Every Shame token a Summer payment may clear, one option each, in the careful player's order:
    reserve soldiers first (each is −5 Honor and a frozen figure), then cards, highest Honor first."""
    out = [Option(f"{unit}.{k}", "gw.opt.unshame_unit", {"unit": unit, "k": k})
           for unit in ("horseman", "archer", "spearman") for k in range(1, player.shamed[unit] + 1)]
    cards = sorted(range(len(player.claimed)), key=lambda i: -ctx.pack.hordes[player.claimed[i].card].honor)
    out += [Option(f"card{i}.{k}", "gw.opt.unshame_card", {"card": i + 1, "horde": player.claimed[i].card, "k": k})
            for i in cards for k in range(1, player.claimed[i].shame + 1)]
    return out


@task("unshame")
def _unshame(ctx: Ctx, job: Task) -> None:
    """Summer: ``n`` tokens (already paid for) go back to the supply, from anywhere [ES p.7]. The
    player picks which, unless every way leaves the same (all of them, or one place only)."""
    seat, n = job["seat"], job["n"]
    options = tokens(ctx, ctx.state.players[seat])
    places = {o.id.partition(".")[0] for o in options}
    if n < len(options) and len(places) > 1:
        ctx.ask("unshame", [seat], n=n)
    else:
        _discard(ctx, seat, [o.id for o in options[:n]])


@builder("unshame")
def _build_unshame(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = tokens(ctx, ctx.state.players[seat])
    n = ask.data["n"]
    return prompt(ask, seat, "unshame", options, args={"n": n}, pick_min=n, pick_max=n,
                  default=tuple(o.id for o in options[:n]))


@decision("unshame")
def _finish_unshame(ctx: Ctx, ask: Ask) -> None:
    seat = ask.seats[0]
    _discard(ctx, seat, ask.answers[seat])


def _discard(ctx: Ctx, seat: int, picks: list[str]) -> None:
    player = ctx.state.players[seat]
    for pick in picks:
        place = pick.partition(".")[0]
        if place in UNITS:
            player.shamed[place] -= 1
        else:
            player.claimed[int(place[4:])].shame -= 1
    ctx.state.shame_supply += len(picks)
    ctx.emit("shame_discarded", seat=seat, n=len(picks))


def shame_count(player: Player) -> int:
    return sum(player.shamed.values()) + sum(c.shame for c in player.claimed)
