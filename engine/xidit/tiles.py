"""City tiles on the Path of Destiny: removal, replacement, queue refills, titans and reinforcements.

Rulebook, "Fase tres: Gestión de baldosas de la ciudad" and "Despertar de los titanes / Llegada de
refuerzos". All of it happens at once, before the next player's order.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.rng import Rng
from engine.xidit.pack import XiditPack
from engine.xidit.state import CityTile, State, TitanTile


def fill_recruit_tile(state: State, pack: XiditPack, tile: int) -> CityTile:
    """A recruitment tile takes its units from the barracks; missing types stay empty (no swaps)."""
    units = []
    for unit in pack.tiles[tile].recruit:
        if state.barracks[unit] > 0:
            state.barracks[unit] -= 1
            units.append(unit)
    return CityTile(tile, "recruit", units)


def _refill_recruit_queue(state: State) -> None:
    if state.next_recruit is not None:
        return
    if not state.recruit_pile and state.threat_discard:
        # Empty recruitment pile: the threat discard, flipped, becomes the new pile.
        state.recruit_pile, state.threat_discard = state.threat_discard, []
    if state.recruit_pile:
        state.next_recruit = state.recruit_pile.pop(0)
    elif state.threat_pile:
        # Queue empty and nothing to rebuild it with: top threat tile, recruitment side up.
        state.next_recruit = state.threat_pile.pop(0)


def _rebuild_threat_queue(state: State) -> None:
    if state.next_threat is not None:
        return
    if not state.threat_pile and state.recruit_discard:
        # Empty threat pile: the recruitment discard, flipped, becomes the new pile.
        state.threat_pile, state.recruit_discard = state.recruit_discard, []
    if state.threat_pile:
        state.next_threat = state.threat_pile.pop(0)


def _refill_threat_queue(state: State, pack: XiditPack, events: list[Event]) -> None:
    """After a threat tile went onto its city: refill Next Threat, or wake the titans."""
    _rebuild_threat_queue(state)
    if state.next_threat is None:
        awaken_titans(state, pack, events)


def place_next_recruit(state: State, pack: XiditPack, events: list[Event]) -> None:
    """Put the Next Recruitment tile on its city and refill the queue.

    Ruling (not in the rulebook): a tile that gets no unit at all because the barracks lack every
    type it shows would sit on its city forever; it goes straight to the discard and the next tile
    comes out instead. Bounded by the number of tiles.
    """
    for _ in range(len(pack.tiles)):
        _refill_recruit_queue(state)
        tile = state.next_recruit
        if tile is None:
            return
        state.next_recruit = None
        placed = fill_recruit_tile(state, pack, tile)
        if placed.units:
            state.board[tile] = placed
            events.append(Event("xidit.tile_recruit", {"city": tile}))
            _refill_recruit_queue(state)
            return
        state.recruit_discard.append(tile)
        events.append(Event("xidit.tile_unfilled", {"city": tile}))


def place_next_threat(state: State, pack: XiditPack, events: list[Event]) -> None:
    """Put the Next Threat tile on its city and refill the queue (waking the titans if it cannot).

    Ruling (rulebook, phase three A, "Reponer la cola..."; phase three B, "Despertar de los
    titanes" step 1): the titans wake in the refill that follows a tile leaving Next Threat, once
    per running-out. When Next Threat is already empty (they woke and the reinforcements had no
    tile for it), a cleared threat is replaced only if the recruitment discard can rebuild the pile;
    otherwise no tile comes and the titans do not wake a second time.
    """
    _rebuild_threat_queue(state)
    tile = state.next_threat
    if tile is None:
        events.append(Event("xidit.threat_queue_empty", {}))
        return
    state.next_threat = None
    state.board[tile] = CityTile(tile, "threat")
    events.append(Event("xidit.tile_threat", {"city": tile}))
    _refill_threat_queue(state, pack, events)


def remove_tile(state: State, pack: XiditPack, city: int, events: list[Event]) -> None:
    """An emptied recruitment tile or a cleared threat leaves, and the next one of its kind comes."""
    tile = state.board.pop(city)
    if tile.side == "recruit":
        state.recruit_discard.append(tile.tile)
        place_next_recruit(state, pack, events)
    else:
        state.threat_discard.append(tile.tile)
        place_next_threat(state, pack, events)


def awaken_titans(state: State, pack: XiditPack, events: list[Event]) -> None:
    """Awakening of the Titans, always followed by the Arrival of Reinforcements."""
    woke = 0
    for stack in state.titans:
        if stack and not stack[-1].raging:
            stack[-1].raging = True
            woke += 1
    events.append(Event("xidit.titans_awaken", {"count": woke}))
    _reinforcements(state)


def _reinforcements(state: State) -> None:
    # Threat discard flipped, remaining recruitment pile on top; the first two form the recruitment
    # pile, the rest is shuffled into the threat pile, whose top goes to Next Threat.
    stack = state.recruit_pile + state.threat_discard
    state.threat_discard = []
    state.recruit_pile = stack[:2]
    rest = stack[2:]
    rng = Rng(state.rng)
    rng.shuffle(rest)
    state.rng = rng.state
    state.threat_pile = rest
    if state.threat_pile:
        state.next_threat = state.threat_pile.pop(0)
    if state.next_recruit is None:
        _refill_recruit_queue(state)


def raging_titans(state: State) -> list[TitanTile]:
    return [stack[-1] for stack in state.titans if stack and stack[-1].raging]


def box_titan(state: State, titan_id: str) -> None:
    for stack in state.titans:
        if stack and stack[-1].id == titan_id:
            stack.pop()
            return
    raise KeyError(titan_id)
