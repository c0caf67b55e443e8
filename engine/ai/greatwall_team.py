"""The co-op team's outcome as the hard seats' search weighs it (engine/ai/greatwall_search.py
``value``): the whole table wins by fulfilling the Demand target and loses together when the Shame
supply runs dry or time runs out [ES p.18–19]. Besides the Demands already met, a position is worth
how close the table stands to paying each Demand still on the board — so partners keep what a
Demand asks for rather than spend it, and the search sees a Demand coming before the Winter it is
paid in — and how far the Shame supply stands from what the next Demand step takes from it.

Only what is on the board counts, never a seat's hidden supply: the search calls this on its own
sampled worlds (greatwall_world.py), where every hidden value is redrawn from what the seat may know.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.game import View
from engine.greatwall.coop import active_slots
from engine.greatwall.demands import demand, need_count
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import Demand, GreatWallPack
from engine.greatwall.state import Player, State

# Weights against the search's scale (a Demand met is worth 10, a won game 100): a Demand fully
# within reach is worth a good part of one met; Shame due beyond the supply is a loss in the making.
READY = 4.0
DANGER = 1.5


def team_progress(ctx: Ctx, state: State) -> float:
    """How near the table is to its next Demands, and how safe its Shame supply is."""
    active = [d for d in state.demands[:active_slots(state)] if d is not None]
    ready = sum(readiness(ctx, state, demand(ctx, d)) for d in active)
    due = len(active) * len(state.humans())  # the Shame the next Demand step hands out [ES p.18]
    short = max(0, due - state.shame_supply)
    return READY * ready - DANGER * short


def kept_for_demands(pack: GreatWallPack, view: View, seat: int) -> dict[str, int]:
    """What the hard seat keeps back from spending for the Demands on the board that are paid in
    resources or Honor: its own share of each "all players" Demand, and the whole of a "one player"
    Demand the team's convention gives it. The convention reads only public facts — the Demand at slot
    i falls to the i-th player in Tea order — so every partner knows who saves for which Demand
    without seeing anyone's screen [ES p.5], and one player saves for it rather than all of them."""
    panel = view.get("coop")
    if not panel:
        return {}
    players = [s for s in view["tea"] if s < view["seats"]]
    kept: dict[str, int] = {}
    for i, did in enumerate(panel["demands"]):
        if did is None:
            continue
        asked = pack.demands[did].with_x(view["seats"])  # "X": the player count (coop.x_value)
        if asked.who == "all" or (asked.who == "one" and players and players[i % len(players)] == seat):
            for key, n in asked.pay.items():
                kept[key] = kept.get(key, 0) + n
    return kept


def readiness(ctx: Ctx, state: State, asked: Demand) -> float:
    """0..1: how much of the Demand the table could meet now. "All players": every player's share
    (the weakest one counts most); "one": the best-placed player; "team": the board's sum."""
    seats = state.humans()  # never the Reed clan (FAQ #38)
    if asked.need:
        if asked.who == "team":
            return _mean(min(1.0, sum(need_count(state, s, k) for s in seats) / max(n, 1))
                         for k, n in asked.need.items())
        shares = [_mean(min(1.0, need_count(state, s, k) / max(n, 1)) for k, n in asked.need.items()) for s in seats]
    else:
        cost = {**asked.pay, **{f"unit.{u}": n for u, n in asked.sacrifice.items()}}
        shares = [_share(state.players[s], cost) for s in seats]
    if not shares:
        return 0.0
    return min(shares) * 0.5 + _mean(shares) * 0.5 if asked.who == "all" else max(shares)


def _share(player: Player, cost: dict[str, int]) -> float:
    """The part of ``cost`` the player holds (resources and Honor, soldiers free of Shame in reserve)."""
    parts = []
    for key, n in cost.items():
        if key.startswith("unit."):
            have = player.reserve[key[5:]] - player.shamed[key[5:]]
        else:
            have = player.honor if key == "honor" else player.res[key]
        parts.append(min(1.0, max(have, 0) / max(n, 1)))
    return _mean(parts)


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0
