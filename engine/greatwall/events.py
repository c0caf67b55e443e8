"""Co-op Events [ES p.18–19]: at the end of each Winter, after the Demand step (errata), one Event is
revealed. Its instant effect happens now; its passive effect lasts the rest of the game, and the
card is never discarded. The vocabulary (data/coop.toml) is small and every kind is played here or at
its hook: ``Ctx.passive`` for lethality, defence, power and spring_hordes; coop.passive_income.
"""

from __future__ import annotations

from engine.greatwall.abilities import draw_tactics, gain
from engine.greatwall.flow import Ctx, task
from engine.greatwall.seasons import invade
from engine.greatwall.shame import shame_job
from engine.greatwall.state import Task


@task("event_step")
def _event_step(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    if not state.event_deck:  # 12 Events outlast any co-op game; nothing to reveal is nothing to do
        return
    event = state.event_deck.pop(0)
    state.events.append(event)
    ctx.emit("event", event=event)
    instant(ctx, event)


def instant(ctx: Ctx, event: str) -> None:
    """The instant effect, for each player. Ruling (2 players): never the Reed clan's part, not even
    resources for the Warehouse [ES p.15]: an Event speaks to the players, and co-op leaves Reed out
    of every per-player count (FAQ #38)."""
    state = ctx.state
    effect = ctx.pack.events[event].instant
    for seat in state.tea_humans():
        if effect.get("gain"):
            gain(ctx, seat, dict(effect["gain"]), reason="event")
        if effect.get("lose"):
            res = state.players[seat].res
            for r, n in effect["lose"].items():  # what you have of it, never below 0 (amounts stay secret)
                res[r] -= min(n, res[r])
        if effect.get("tactics"):
            draw_tactics(ctx, seat, effect["tactics"])
    for section in state.sections:  # at most 3 barricades per section [ES p.13]
        section.barricades = min(3, section.barricades + effect.get("barricades", 0))
    for _ in range(effect.get("hordes", 0)):
        invade(ctx)
    ctx.push(*[shame_job(seat, "event") for seat in state.tea_humans() for _ in range(effect.get("shame", 0))])
