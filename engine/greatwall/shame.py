"""Shame [ES p.7]: gaining a token, placing it at once, and the −5 Honor cases."""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.flow import Ctx, builder, decision, prompt, task
from engine.greatwall.pack import UNITS
from engine.greatwall.state import Ask, Player, Task

BUY_BACK = "honor"


def shame_job(seat: int, reason: str) -> Task:
    """The task that gives ``seat`` one Shame token (push it where it belongs in the sequence)."""
    return {"op": "shame", "seat": seat, "reason": reason}


def places(player: Player, cards: bool = True) -> list[str]:
    """Where a new token may go: under a reserve soldier without one (by type), or onto an empty
    Shame slot of a claimed horde card (2 per card) — never on a card in co-op [ES p.19]."""
    out = [u for u in UNITS if player.reserve[u] > player.shamed[u]]
    out += [f"card{i}" for i, c in enumerate(player.claimed) if c.shame < 2 and cards]
    return out


def _places(ctx: Ctx, seat: int) -> list[str]:
    return places(ctx.state.players[seat], ctx.every(lambda v: v.shame_on_cards(ctx)))


def _buy_back(ctx: Ctx, seat: int) -> int | None:
    """The Honor for which the new token may be discarded at once, if a variant allows it (co-op:
    10 [ES p.19])."""
    return ctx.first(lambda v: v.shame_buy_back(ctx, seat))


@task("shame")
def _shame(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    seat = job["seat"]
    if state.is_automaton(seat):  # the Reed clan never gains Shame [ES p.15]
        return
    player = state.players[seat]
    penalty = ctx.pack.costs["shame_penalty"]
    # A token due from an empty supply: a variant may end the game (solo [ES p.17], co-op [ES p.19]).
    if state.shame_supply == 0 and ctx.some(lambda v: v.shame_supply_empty(ctx, seat)):
        return
    if state.shame_supply == 0:
        player.honor = max(0, player.honor - penalty)
        ctx.emit("shame_empty", seat=seat, honor=penalty)
        return
    spots = _places(ctx, seat)
    if not spots:
        state.shame_supply -= 1
        state.shame_boxed += 1
        player.honor = max(0, player.honor - penalty)
        ctx.emit("shame_boxed", seat=seat, honor=penalty)
        return
    if len(spots) == 1 and _buy_back(ctx, seat) is None:
        _place(ctx, seat, spots[0], job["reason"])
    else:
        ctx.ask("shame", [seat], reason=job["reason"])


@builder("shame")
def _build(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(p, "gw.opt.shame_unit" if p in UNITS else "gw.opt.shame_card",
                      {"unit": p} if p in UNITS else {"card": int(p[4:]) + 1}) for p in _places(ctx, seat)]
    honor = _buy_back(ctx, seat)
    if honor is not None:
        options.append(Option(BUY_BACK, "gw.opt.shame_honor", {"honor": honor}))
    return prompt(ask, seat, "shame", options, args={"reason": ask.data["reason"]})


@decision("shame")
def _finish(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    where = ask.answers[seat][0]
    if where == BUY_BACK:  # the token goes straight back to the supply
        honor = _buy_back(ctx, seat) or 0  # offered only when allowed (the Honor is unchanged since)
        ctx.state.players[seat].honor -= honor
        ctx.emit("shame_bought", seat=seat, honor=honor, reason=ask.data["reason"])
        return
    _place(ctx, seat, where, ask.data["reason"])


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
        ctx.ask("unshame", [seat], n=n, paid=job.get("paid", "chi"))
    else:
        _discard(ctx, seat, [o.id for o in options[:n]], job.get("paid", "chi"))


@builder("unshame")
def _build_unshame(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = tokens(ctx, ctx.state.players[seat])
    n = ask.data["n"]
    return prompt(ask, seat, "unshame", options, args={"n": n}, pick_min=n, pick_max=n,
                  default=tuple(o.id for o in options[:n]))


@decision("unshame")
def _finish_unshame(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    _discard(ctx, seat, ask.answers[seat], ask.data.get("paid", "chi"))


def _discard(ctx: Ctx, seat: int, picks: list[str], paid: str) -> None:
    player = ctx.state.players[seat]
    for pick in picks:
        place = pick.partition(".")[0]
        if place in UNITS:
            player.shamed[place] -= 1
        else:
            player.claimed[int(place[4:])].shame -= 1
    ctx.state.shame_supply += len(picks)
    # Paid in Chi [ES p.7], or in Honor in co-op [ES p.19].
    ctx.emit("shame_discarded" if paid == "chi" else "shame_discarded_honor", seat=seat, n=len(picks))


def shame_count(player: Player) -> int:
    return sum(player.shamed.values()) + sum(c.shame for c in player.claimed)
