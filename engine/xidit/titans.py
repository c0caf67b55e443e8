"""Fighting a raging titan after clearing a city's threat, and paying for it, with their two decisions:
``titan`` (which affordable titan, or none) and ``titan_pay`` (which unit goes back to the barracks for
each "?" icon). The chance itself is found when an order acts (engine/xidit/orders.py).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers
from engine.xidit.flow import RULES, Ctx
from engine.xidit.orders import affordable_titans, titan_icons
from engine.xidit.pack import UNITS, XiditPack
from engine.xidit.rewards import offer_rewards
from engine.xidit.state import Pending, State
from engine.xidit.tiles import box_titan


@RULES.builder("titan")
def _ask_titan(ctx: Ctx, pending: Pending, seat: int) -> Prompt:
    state, pack = ctx.state, ctx.pack
    options = tuple(Option(t, "xidit.opt.titan", {"titan": t, "icons": titan_icons(pack, t)})
                    for t in affordable_titans(state, pack, pending.seat))
    return Prompt(pending.seat, "titan", f"titan{state.step}", "xidit.ask.titan",
                  (*options, Option("none", "xidit.opt.no_titan")))


@RULES.decision("titan", each=True)
def _fight(ctx: Ctx, pending: Pending, answers: Answers) -> None:
    state = ctx.state
    for seat, values in answers.items():
        state.pending.pop(0)
        if values[0] == "none":
            ctx.emit("titan_declined", seat=seat)
            continue
        titan = values[0]
        # The titan is boxed once fought; this city is then closed to further titans this year.
        player = state.players[seat]
        assert player.city is not None
        box_titan(state, titan)
        player.cleared_in.append(player.city)
        player.titans_in.append(player.city)
        icons = titan_icons(ctx.pack, titan)
        ctx.emit("titan_fought", seat=seat, titan=titan, icons=icons)
        state.pending.insert(0, Pending(seat, "titan_pay", count=icons, source=f"titan:{titan}"))


@RULES.builder("titan_pay")
def _ask_unit(ctx: Ctx, pending: Pending, seat: int) -> Prompt:
    player = ctx.state.players[pending.seat]
    options = tuple(Option(u, "xidit.opt.unit", {"unit": u, "held": player.units[u]})
                    for u in UNITS if player.units[u] > 0)
    return Prompt(pending.seat, "titan_pay", f"titan_pay{ctx.state.step}", "xidit.ask.titan_pay", options,
                  {"count": pending.count})


def _one_unit_type(ctx: Ctx, pending: Pending) -> bool:
    """Units of a single type held: that type pays without asking."""
    held = [u for u in UNITS if ctx.state.players[pending.seat].units[u] > 0]
    if len(held) != 1:
        return False
    pay_titan_unit(ctx.state, ctx.pack, pending, held[0], ctx.events)
    return True


@RULES.decision("titan_pay", each=True, auto=_one_unit_type)
def _pay(ctx: Ctx, pending: Pending, answers: Answers) -> None:
    for values in answers.values():
        pay_titan_unit(ctx.state, ctx.pack, pending, values[0], ctx.events)


def pay_titan_unit(state: State, pack: XiditPack, pending: Pending, unit: str,
                   events: list[Event]) -> None:
    """One unit of the player's choice back to the barracks per "?" icon of the titan."""
    player = state.players[pending.seat]
    player.units[unit] -= 1
    state.barracks[unit] += 1
    pending.count -= 1
    events.append(Event("xidit.titan_unit", {"seat": pending.seat, "unit": unit}))
    if pending.count == 0:
        state.pending.pop(0)
        offer_rewards(state, pack, pending.seat, pending.source, events)
