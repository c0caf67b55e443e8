"""The hard Lords of Xidit seat: a bounded search over the year's six orders, scored by a value
model of the three end-game assessments. It reads only its seat's view and the public pack. A tile's
worth is discounted by the chance that a rival acts there first, from its rivals' programmes as
predicted by ``engine.ai.xidit_rivals``.

The search is deterministic: it expands at most ``NODE_BUDGET`` plans and breaks ties with the
decision's ``rng``, never with the clock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.ai.xidit_rivals import Planner
from engine.ai.xidit_value import Values, routes
from engine.core.game import View
from engine.core.prompt import Prompt
from engine.core.rng import Rng
from engine.xidit.pack import UNITS, XiditPack

SLOTS = 6
NODE_BUDGET = 2500  # plans expanded per programme; a programme takes ~4 ms here (max ~15 ms)
BRANCH = 7  # the best few next steps of a plan are searched; the rest are rarely worth a slot

Board = dict[int, tuple[str, tuple[str, ...]]]  # city -> (side, units left on a recruitment side)


@dataclass
class Plan:
    """The seat's own picture of the year as its orders would play out if nobody interfered."""

    city: int
    units: Counter[str]
    board: Board
    next_recruit: int | None
    next_threat: int | None
    titans: list[str]  # raging titans still on top of their stacks
    recruited: set[int] = field(default_factory=set)
    cleared: set[int] = field(default_factory=set)
    orders: list[str] = field(default_factory=list)
    gain: float = 0.0

    def copy(self) -> Plan:
        return Plan(self.city, Counter(self.units), dict(self.board), self.next_recruit,
                    self.next_threat, list(self.titans), set(self.recruited), set(self.cleared),
                    list(self.orders), self.gain)


class HardXidit:
    def __init__(self, pack: XiditPack, plan: Planner) -> None:
        """``plan``: the normal level's programme, with which it predicts its rivals' years."""
        self.pack, self.plan = pack, plan
        self.routes = routes(pack)

    def choose(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        values = Values(self.pack, view)
        answer: tuple[str, ...] = getattr(self, f"_{prompt.kind}")(values, view, prompt, rng)
        return answer

    # -- the year's programme -------------------------------------------------------------------
    def _program(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        start = self._start(v, view)
        v.predict(rng, self.plan)
        search = _Search(self, v, rng)
        search.run(start)
        assert search.best is not None
        return tuple(search.best)

    def _start(self, v: Values, view: View) -> Plan:
        board: Board = {int(c): (t["side"], tuple(t.get("units", ()))) for c, t in
                        view["board"].items()}
        me = view["me"]
        return Plan(v.my_city, Counter({u: n for u, n in me["units"].items() if n}), board,
                    view["next_recruit"], view["next_threat"], v.raging_titans(),
                    set(me["recruited_in"]), set(me["cleared_in"]))

    def steps(self, v: Values, plan: Plan) -> list[tuple[float, Plan]]:
        """Every next target of a plan that fits in the slots left: (score per slot, new plan)."""
        left = SLOTS - len(plan.orders)
        out: list[tuple[float, Plan]] = []
        for city, (side, units) in plan.board.items():
            route = self.routes[plan.city][city]
            if len(route) + 1 > left:
                continue
            if side == "recruit" and units and city not in plan.recruited:
                out.append(self._recruit(v, plan, city, route))
            elif side == "threat" and city not in plan.cleared:
                need = self.pack.tiles[city].need
                if all(plan.units[u] >= n for u, n in Counter(need).items()):
                    out.append(self._clear(v, plan, city, route))
        titan = self._titan_step(v, plan, left)
        if titan is not None:
            out.append(titan)
        return out

    def _moved(self, plan: Plan, city: int, route: tuple[str, ...]) -> Plan:
        new = plan.copy()
        new.orders.extend([*route, "act"])
        new.city = city
        return new

    def _recruit(self, v: Values, plan: Plan, city: int,
                 route: tuple[str, ...]) -> tuple[float, Plan]:
        # Rulebook "Reclutar": the weakest unit on the tile, one recruit per city per year; the
        # emptied tile is replaced at once by the Next Recruitment tile on its own city.
        new = self._moved(plan, city, route)
        units = list(plan.board[city][1])
        unit = min(units, key=UNITS.index)
        units.remove(unit)
        new.units[unit] += 1
        new.recruited.add(city)
        if units:
            new.board[city] = ("recruit", tuple(units))
        else:
            del new.board[city]
            if new.next_recruit is not None and new.next_recruit not in new.board:
                new.board[new.next_recruit] = ("recruit", self.pack.tiles[new.next_recruit].recruit)
            new.next_recruit = None
        slot = len(new.orders) - 1
        risk = v.recruit_risk(city, slot, len(units))
        # The units themselves are valued at the end of the plan (``finish``); here only the
        # chance that a rival empties the tile first is charged.
        delta = (v.units_value(new.units, new.board, new.next_threat)
                 - v.units_value(plan.units, plan.board, plan.next_threat))
        new.gain -= (1 - risk) * delta
        new.gain += v.recruit_gain * risk
        return (delta + v.recruit_gain) * risk / (len(route) + 1), new

    def _clear(self, v: Values, plan: Plan, city: int,
               route: tuple[str, ...]) -> tuple[float, Plan]:
        # Rulebook "Eliminar una amenaza": exactly the units shown go back; the Next Threat tile
        # takes the freed place on its own city.
        new = self._moved(plan, city, route)
        tile = self.pack.tiles[city]
        new.units.subtract(Counter(tile.need))
        new.cleared.add(city)
        del new.board[city]
        if new.next_threat is not None and new.next_threat not in new.board:
            new.board[new.next_threat] = ("threat", ())
        new.next_threat = None
        slot = len(new.orders) - 1
        worth = v.reward_value(city, tile.gold, tile.bards, tile.stories) * v.threat_risk(city, slot)
        new.gain += worth
        return worth / (len(route) + 1), new

    def _titan_step(self, v: Values, plan: Plan, left: int) -> tuple[float, Plan] | None:
        """Fight the best raging titan from the nearest city with no tile (rulebook "Titanes")."""
        total = sum(plan.units.values())
        fights = [t for t in plan.titans if v.titan(t).icons <= total]
        empty = [c for c in self.pack.cities if c not in plan.board and c not in plan.cleared
                 and len(self.routes[plan.city][c]) + 1 <= left]
        if not fights or not empty:
            return None
        city = min(empty, key=lambda c: (len(self.routes[plan.city][c]), c))
        route = self.routes[plan.city][city]
        best: tuple[float, Plan] | None = None
        for titan_id in fights:
            titan = v.titan(titan_id)
            new = self._moved(plan, city, route)
            new.cleared.add(city)
            new.titans.remove(titan_id)
            paid = v.cheapest_payment(new.units, titan.icons, new.board, new.next_threat)
            new.units.subtract(paid)
            worth = v.reward_value(city, titan.gold, titan.bards, titan.stories)
            worth *= v.titan_risk(len(new.orders) - 1)
            new.gain += worth
            if best is None or new.gain > best[1].gain:
                best = (worth / (len(route) + 1), new)
        return best

    def finish(self, v: Values, plan: Plan) -> tuple[float, list[str]]:
        """Spend the slots left walking toward next year's best target; value the end position."""
        orders = list(plan.orders)
        left = SLOTS - len(orders)
        target, worth = v.next_target(plan.city, plan.units, plan.board, plan.next_threat)
        if target is not None:
            route = self.routes[plan.city][target]
            walk = route[:left]
            orders.extend(walk)
            worth /= 1 + len(route) - len(walk)
        orders.extend(["wait"] * (SLOTS - len(orders)))
        value = plan.gain + v.units_value(plan.units, plan.board, plan.next_threat)
        return value + v.position_weight * worth, orders

    # -- other decisions ------------------------------------------------------------------------
    def _place(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        return (max(prompt.options, key=lambda o: v.start_value(int(o.id)) + rng.below(10) / 1000).id,)

    def _rewards(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        kind, _, ident = str(prompt.args["source"]).partition(":")
        item: Any = self.pack.tiles[int(ident)] if kind == "tile" else v.titan(ident)
        worth = v.reward_parts(v.my_city, item.gold, item.bards, item.stories, exact=True)
        offered = [o.id for o in prompt.options]
        ranked = sorted(offered, key=lambda r: (worth.get(r, -1.0), r), reverse=True)[:2]
        return tuple(r for r in offered if r in ranked)

    def _bard(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        return (max((o.id for o in prompt.options), key=lambda r: (v.bard_gain(r), r)),)

    def _titan(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        units = Counter({u: n for u, n in view["me"]["units"].items() if n})
        board: Board = {int(c): (t["side"], tuple(t.get("units", ()))) for c, t in
                        view["board"].items()}
        keep = v.units_value(units, board, view["next_threat"])
        best, best_id = 0.0, "none"
        for option in prompt.options:
            if option.id == "none":
                continue
            titan = v.titan(option.id)
            left = units - v.cheapest_payment(units, titan.icons, board, view["next_threat"])
            worth = (v.reward_value(v.my_city, titan.gold, titan.bards, titan.stories)
                     + v.units_value(left, board, view["next_threat"]) - keep)
            if worth > best:
                best, best_id = worth, option.id
        return (best_id,)

    def _titan_pay(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        units = Counter({u: n for u, n in view["me"]["units"].items() if n})
        board: Board = {int(c): (t["side"], tuple(t.get("units", ()))) for c, t in
                        view["board"].items()}
        paid = v.cheapest_payment(units, 1, board, view["next_threat"])
        unit = next(iter(paid), prompt.options[0].id)
        return (unit if prompt.option(unit) else prompt.options[0].id,)

    def _census(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        # Rulebook "Censo militar": shown units go back behind the screen, so showing all of them
        # costs only information and maximises the chance of the majority.
        return (prompt.options[-1].id,)

    def _guild(self, v: Values, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        # A census story: put it where no threat is waiting, so a later threat there still has room.
        board = {int(c) for c, t in view["board"].items() if t["side"] == "threat"}
        return (min(prompt.options, key=lambda o: (int(o.id) in board, o.id)).id,)


class _Search:
    """Depth-first over plans, best steps first, within a node budget (never a time budget)."""

    def __init__(self, ai: HardXidit, values: Values, rng: Rng) -> None:
        self.ai, self.v, self.rng = ai, values, rng
        self.nodes = 0
        self.best: list[str] | None = None
        self.best_value = float("-inf")

    def run(self, plan: Plan) -> None:
        self.nodes += 1
        value, orders = self.ai.finish(self.v, plan)
        value += self.rng.below(1000) / 1e6  # equal plans: a seeded, reproducible pick
        if value > self.best_value:
            self.best, self.best_value = orders, value
        if self.nodes >= NODE_BUDGET:
            return
        steps = self.ai.steps(self.v, plan)
        steps.sort(key=lambda s: s[0], reverse=True)
        for _, child in steps[:BRANCH]:
            if self.nodes >= NODE_BUDGET:
                return
            self.run(child)
