"""The three end-game assessments: Wealth, Influence, Reputation, each eliminating the lowest.

Rulebook, "Fin del juego" and "Resolver lazos".
"""

from __future__ import annotations

from engine.core.events import Event
from engine.xidit.pack import XiditPack
from engine.xidit.state import Assessment, State


def wealth(state: State, pack: XiditPack) -> dict[int, int]:
    return {s: p.gold for s, p in enumerate(state.players)}


def influence(state: State, pack: XiditPack) -> dict[int, int]:
    # Only stories on the board count; stories behind the screen are ignored.
    totals = {s: 0 for s in range(state.seats)}
    for guild in state.guilds.values():
        totals[guild.owner] += guild.height
    return totals


def region_counts(state: State, pack: XiditPack) -> dict[str, dict[int, int]]:
    """Bards per region and seat, with the Bastion opened."""
    counts = {r: dict(state.bards.get(r, {})) for r in pack.regions}
    counts[pack.central] = {s: p.bastion for s, p in enumerate(state.players) if p.bastion}
    return counts


def reputation(state: State, pack: XiditPack) -> dict[int, int]:
    """Most bards in a region scores the lyre's higher number, second most the lower one.

    Ties for first all score the higher number and nobody scores second; ties for second all score
    the lower number. Ruling: bards of players eliminated earlier stay on the board and still take
    part in majorities (no rule removes them); only the ranking ignores those players.
    """
    totals = {s: 0 for s in range(state.seats)}
    for rid, counts in region_counts(state, pack).items():
        region = pack.regions[rid]
        levels = sorted({c for c in counts.values() if c > 0}, reverse=True)
        if not levels:
            continue
        firsts = [s for s, c in counts.items() if c == levels[0]]
        for s in firsts:
            totals[s] += region.lyre_high
        if len(firsts) == 1 and len(levels) > 1:
            for s, c in counts.items():
                if c == levels[1]:
                    totals[s] += region.lyre_low
    return totals


MEASURES = {"wealth": wealth, "influence": influence, "reputation": reputation}


def rank(state: State, values: dict[int, int], active: list[int]) -> list[int]:
    """Best first. Ties: more units behind the screen, then farther from the first player in play
    order (the example: Stephanie 2 units vs Paul 4 at 18 gold each, Stephanie is out)."""
    def key(seat: int) -> tuple[int, int, int]:
        distance = (seat - state.first) % state.seats
        return (values[seat], sum(state.players[seat].units.values()), distance)

    return sorted(active, key=key, reverse=True)


def run_assessments(state: State, pack: XiditPack, events: list[Event]) -> None:
    for index, kind in enumerate(state.assessment_order):
        active = [s for s, p in enumerate(state.players) if not p.out]
        values = MEASURES[kind](state, pack)
        ranking = rank(state, values, active)
        # Two players fall in the first assessment of a five-player game, one otherwise.
        count = 2 if index == 0 and state.seats == 5 else 1
        fallen = ranking[-count:]
        for seat in fallen:
            state.players[seat].out = True
        state.assessments.append(Assessment(kind, values, ranking, fallen))
        events.append(Event("xidit.assessment", {
            "kind": kind, "values": {str(s): values[s] for s in active},
            "ranking": ranking, "eliminated": fallen}, board=False))
    winner = next(s for s, p in enumerate(state.players) if not p.out)
    events.append(Event("xidit.winner", {"seat": winner}, board=True))
