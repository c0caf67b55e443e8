"""Applying one seat's answer to an open decision.

Every rule of legality is expressed by the open prompt's options (taken cities, affordable titans,
units held, regions adjacent...), and ``XiditGame.apply`` checks the choice against them before
anything here runs, so these functions never meet an illegal answer.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.xidit.census import show
from engine.xidit.orders import titan_icons
from engine.xidit.pack import XiditPack
from engine.xidit.rewards import add_story, offer_rewards, place_bard, take_rewards
from engine.xidit.state import Pending, State
from engine.xidit.tiles import box_titan


def decide(state: State, pack: XiditPack, seat: int, kind: str, values: list[str], events: list[Event]) -> None:
    if kind == "place":
        _place(state, seat, int(values[0]), events)
    elif kind == "program":
        state.players[seat].orders = list(values)
        events.append(Event("xidit.locked", {"seat": seat}))
    elif kind == "census":
        show(state, seat, int(values[0]))
        events.append(Event("xidit.census_locked", {"seat": seat}))
    else:
        pending = state.pending[0]
        if kind == "rewards":
            state.pending.pop(0)
            chosen = [r for r in pending.rewards if r in values]
            take_rewards(state, pack, seat, pending.source, chosen, events)
        elif kind == "bard":
            place_bard(state, pack, pending, values[0], events)
            if pending.count == 0 or state.players[seat].bards_left == 0:
                state.pending.pop(0)
        elif kind == "titan":
            _titan(state, pack, pending, values[0], events)
        elif kind == "titan_pay":
            pay_titan_unit(state, pack, pending, values[0], events)
        elif kind == "guild":
            state.pending.pop(0)
            add_story(state, seat, int(values[0]), events)


def _place(state: State, seat: int, city: int, events: list[Event]) -> None:
    state.players[seat].city = city
    events.append(Event("xidit.placed", {"seat": seat, "city": city}))


def _titan(state: State, pack: XiditPack, pending: Pending, answer: str,
           events: list[Event]) -> None:
    state.pending.pop(0)
    seat = pending.seat
    if answer == "none":
        events.append(Event("xidit.titan_declined", {"seat": seat}))
        return
    # The titan is boxed once fought; this city is then closed to further titans this year.
    player = state.players[seat]
    assert player.city is not None
    box_titan(state, answer)
    player.cleared_in.append(player.city)
    player.titans_in.append(player.city)
    icons = titan_icons(pack, answer)
    events.append(Event("xidit.titan_fought", {"seat": seat, "titan": answer, "icons": icons}))
    state.pending.insert(0, Pending(seat, "titan_pay", count=icons, source=f"titan:{answer}"))


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
