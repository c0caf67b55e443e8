"""Programming six orders, and executing one programmed order: move by road colour, act (recruit /
clear a threat / a titan), wait.

Rulebook, "Fase uno: órdenes secretas" (all six at once, in secret) and "Fase dos: resolución de
pedidos".
"""

from __future__ import annotations

from collections import Counter

from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers
from engine.xidit.flow import RULES, Ctx
from engine.xidit.pack import COLOURS, UNITS, XiditPack
from engine.xidit.rewards import offer_rewards
from engine.xidit.state import ORDERS, Pending, State
from engine.xidit.tiles import raging_titans, remove_tile

ORDER_SLOTS = 6


@RULES.builder("program")
def _ask_programme(ctx: Ctx, item: None, seat: int) -> Prompt:
    # Every seat programs at once and in secret ("Fase uno: órdenes secretas"); all are revealed together.
    state = ctx.state
    options = tuple(Option(o, f"xidit.order.{o}") for o in ORDERS)
    return Prompt(seat, "program", f"program{state.opened}", "xidit.ask.program", options,
                  {"year": state.year}, slots=ORDER_SLOTS, secret=True,
                  group=f"program{state.opened}")


@RULES.decision("program", each=True)
def _lock_programme(ctx: Ctx, item: None, answers: Answers) -> None:
    for seat, values in answers.items():
        ctx.state.players[seat].orders = list(values)
        ctx.emit("locked", seat=seat)


def path(pack: XiditPack, start: int | None, orders: list[str]) -> list[int | None]:
    """Where the Idrakys stands after each order, ignoring everything but roads (for previews)."""
    out: list[int | None] = []
    city = start
    for order in orders:
        if city is not None and order in COLOURS:
            city = pack.road(city, order) or city
        out.append(city)
    return out


def execute(state: State, pack: XiditPack, seat: int, slot: int, events: list[Event]) -> None:
    player = state.players[seat]
    assert player.orders is not None and player.city is not None
    order = player.orders[slot]
    player.done = slot + 1
    if order in COLOURS:
        _move(state, pack, seat, order, events)
    elif order == "act":
        _act(state, pack, seat, events)
    else:
        events.append(Event("xidit.wait", {"seat": seat, "slot": slot + 1}))


def _move(state: State, pack: XiditPack, seat: int, colour: str, events: list[Event]) -> None:
    # Ruling (fact sheet §10.1, as Board Game Arena plays it): a road colour the city lacks does
    # nothing; programming it is allowed because the route may change before the order comes up.
    player = state.players[seat]
    assert player.city is not None
    dest = pack.road(player.city, colour)
    if dest is None:
        events.append(Event("xidit.no_road", {"seat": seat, "city": player.city, "colour": colour}))
        return
    events.append(Event("xidit.move", {"seat": seat, "from": player.city, "to": dest,
                                       "colour": colour}, board=False))
    player.city = dest


def _act(state: State, pack: XiditPack, seat: int, events: list[Event]) -> None:
    player = state.players[seat]
    assert player.city is not None
    city = player.city
    tile = state.board.get(city)
    if tile is None:
        _titan_chance(state, pack, seat, city, events)
    elif tile.side == "recruit":
        _recruit(state, pack, seat, city, events)
    else:
        _clear_threat(state, pack, seat, city, events)


def _recruit(state: State, pack: XiditPack, seat: int, city: int, events: list[Event]) -> None:
    # One recruit per player per city per year; always the weakest unit on the tile.
    player = state.players[seat]
    tile = state.board[city]
    if city in player.recruited_in:
        events.append(Event("xidit.already_recruited", {"seat": seat, "city": city}))
        return
    unit = min(tile.units, key=UNITS.index)
    tile.units.remove(unit)
    player.units[unit] += 1
    player.recruited_in.append(city)
    events.append(Event("xidit.recruit", {"seat": seat, "city": city, "unit": unit}))
    if not tile.units:
        remove_tile(state, pack, city, events)


def can_pay(units: dict[str, int], need: tuple[str, ...] | list[str]) -> bool:
    return all(units[u] >= n for u, n in Counter(need).items())


def _clear_threat(state: State, pack: XiditPack, seat: int, city: int, events: list[Event]) -> None:
    # Mandatory when the player holds exactly the units shown; stronger units never substitute.
    player = state.players[seat]
    if city in player.titans_in:
        # Rulebook, phase three B, "Eliminando una baldosa de Titán furioso": no threat and titan
        # in one city in one year, in either order. A threat tile that came onto the city after the
        # player's titan there cannot be cleared by them this year, so the Action does nothing.
        # (Two threats in one city in one year stay allowed: the rule names titans only.)
        events.append(Event("xidit.threat_after_titan", {"seat": seat, "city": city}))
        return
    need = pack.tiles[state.board[city].tile].need
    if not can_pay(player.units, need):
        events.append(Event("xidit.cannot_clear", {"seat": seat, "city": city}))
        return
    for unit in need:
        player.units[unit] -= 1
        state.barracks[unit] += 1
    player.cleared_in.append(city)
    events.append(Event("xidit.clear", {"seat": seat, "city": city, "units": list(need)}))
    tile_id = state.board[city].tile
    remove_tile(state, pack, city, events)
    offer_rewards(state, pack, seat, f"tile:{tile_id}", events)


def titan_icons(pack: XiditPack, titan_id: str) -> int:
    return next(t.icons for t in pack.titans if t.id == titan_id)


def affordable_titans(state: State, pack: XiditPack, seat: int) -> list[str]:
    total = sum(state.players[seat].units.values())
    return [t.id for t in raging_titans(state) if titan_icons(pack, t.id) <= total]


def _titan_chance(state: State, pack: XiditPack, seat: int, city: int,
                  events: list[Event]) -> None:
    # In a city with no tile, a raging titan may be fought (optional), once per city per year and
    # not where the same player already cleared a threat this year (phase three B, "Eliminando una
    # baldosa de Titán furioso").
    if not affordable_titans(state, pack, seat):
        events.append(Event("xidit.nothing", {"seat": seat, "city": city}))
        return
    if city in state.players[seat].cleared_in:
        events.append(Event("xidit.titan_after_clear", {"seat": seat, "city": city}))
        return
    state.pending.append(Pending(seat, "titan", source=str(city)))
