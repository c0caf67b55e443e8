"""Who the hard Xidit seat expects to get to a tile before it this year.

Rulebook "Fase dos": orders resolve slot by slot, each slot in play order from the first player, and
a threat is cleared (or a recruitment tile emptied) by whoever acts there first. Rather than count
every rival who could reach a tile in time, the seat predicts each rival's programme with a plain
planner (the normal level's: the best reachable tile it can pay for, one after another) from what
the seat can see. The rivals' units are secret, but their sum by type is not: every unit is in the
barracks, on a recruitment tile or behind a screen. Each sample deals that sum out to the rivals at
random and plans every rival's year from its dealt army.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from engine.core.game import View
from engine.core.rng import Rng
from engine.xidit.orders import path
from engine.xidit.pack import UNITS, XiditPack

# Dealt armies per prediction: ~1 ms a programme; 24 measured no better (seeds 60..359, 5 seats).
PREDICT_SAMPLES = 8

# The normal level's programme of a year for the seat a view is given to (engine/ai/xidit.py
# ``XiditAI.programme``), passed in by the hard seat: that module imports this one's caller.
Planner = Callable[[View, Rng], Sequence[str]]

# city -> per sample, the rivals' acts there this year: (slot, whether that rival's order resolves
# before ours within the same slot, being ahead of us in play order)
Acts = dict[int, list[list[tuple[int, bool]]]]


def rival_units(pack: XiditPack, view: View) -> Counter[str]:
    """The units all rivals hold together, by type (public: see the module docstring)."""
    held = Counter({u: pack.units_per_type - int(view["barracks"].get(u, 0)) for u in UNITS})
    for tile in view["board"].values():
        if tile["side"] == "recruit":
            held.subtract(Counter(tile.get("units", ())))
    held.subtract(Counter({u: int(n) for u, n in view["me"]["units"].items()}))
    return Counter({u: max(0, n) for u, n in held.items()})


def predict(pack: XiditPack, view: View, rng: Rng, plan: Planner) -> Acts:
    """``PREDICT_SAMPLES`` guesses of where and when each rival acts this year, each rival's year
    planned by ``plan``. Reads only the seat's view: the rivals' cities, the board and the public
    unit count."""
    me: int = view["me"]["seat"]
    order: list[int] = view["order"]
    rivals = [p for p in view["players"] if p["seat"] != me and p["city"] is not None
              and not p["out"]]
    pool = rival_units(pack, view)
    acts: Acts = {}
    for sample in range(PREDICT_SAMPLES):
        armies = _deal(pool, len(rivals), rng)
        for rival, army in zip(rivals, armies, strict=True):
            seen = dict(view)
            seen["me"] = {"seat": rival["seat"], "units": dict(army), "recruited_in": [],
                          "cleared_in": []}
            orders = plan(seen, rng)
            ahead = order.index(rival["seat"]) < order.index(me)
            for slot, (city, what) in enumerate(zip(path(pack, rival["city"], list(orders)),
                                                    orders, strict=True)):
                if what == "act" and city is not None:
                    rows = acts.setdefault(city, [[] for _ in range(PREDICT_SAMPLES)])
                    rows[sample].append((slot, ahead))
    return acts


def _deal(pool: Counter[str], rivals: int, rng: Rng) -> list[Counter[str]]:
    """Each rival-held unit to one rival, uniformly: nothing the seat sees tells them apart."""
    armies: list[Counter[str]] = [Counter() for _ in range(rivals)]
    if rivals == 0:
        return armies
    for unit, count in sorted(pool.items()):
        for _ in range(count):
            armies[rng.below(rivals)][unit] += 1
    return armies


def before(acts: Acts, city: int, slot: int) -> list[int]:
    """Per sample, how many rival acts in ``city`` resolve before our act at ``slot`` (0-based)."""
    rows = acts.get(city)
    if rows is None:
        return [0] * PREDICT_SAMPLES
    return [sum(1 for s, ahead in row if s < slot or (s == slot and ahead)) for row in rows]

