"""Lords of Xidit seat AIs at four strengths. They read only their seat's view and the public pack.

- ``random`` (the bench baseline): a uniformly random legal answer from the prompt's options.
- ``easy``: a beginner — the normal heuristic, but a good share of its answers are random ones
  and its year's programme aims at a single target.
- ``normal``: plans a route to the best reachable tile, fights what it can pay for, shows its
  whole army at the census.
- ``hard``: ``engine.ai.xidit_hard`` — a bounded search over the year's programme with a value
  model of the three assessments, against its rivals' years as the normal planner would play them.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from engine.ai.xidit_hard import HardXidit
from engine.core.game import Game, View
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.xidit.game import XiditGame
from engine.xidit.pack import COLOURS, UNITS

UNIT_VALUE = {"militia": 1.0, "archer": 1.4, "infantry": 1.8, "cleric": 2.2, "mage": 2.6}
SLOTS = 6
# Share (in %) of an easy seat's decisions answered at random: enough to make it clearly weaker
# than normal, few enough that it still recruits and fights like someone who knows the rules.
EASY_RANDOM_PCT = 35


@dataclass
class _Target:
    city: int
    value: float
    need: tuple[str, ...] = ()
    recruit: str | None = None


class XiditAI:
    def __init__(self, game: Game, level: str = "normal") -> None:
        self.level = level
        assert isinstance(game, XiditGame)  # the registry pairs each game with its own part
        self.pack = game.pack
        # Its own programme is the normal level's (only easy plans fewer targets): hard predicts its
        # rivals' years with it.
        self.hard = HardXidit(self.pack, self.programme) if level == "hard" else None
        # An easy seat looks only one target ahead when it programmes its year.
        self.targets_per_year = 1 if level == "easy" else SLOTS

    def choose(self, view: View, prompt: Prompt, rng: Rng) -> Choice:
        if self.level == "random" or (self.level == "easy" and rng.below(100) < EASY_RANDOM_PCT):
            return Choice(prompt.kind, random_answer(prompt, rng))
        if self.hard is not None:
            return Choice(prompt.kind, self.hard.choose(view, prompt, rng))
        handler = getattr(self, f"_{prompt.kind}")
        values: tuple[str, ...] = handler(view, prompt, rng)
        return Choice(prompt.kind, values)

    # -- routes ---------------------------------------------------------------------------------
    def _route(self, start: int, goal: int) -> list[str]:
        """Road colours of a shortest route (breadth-first; the map is small)."""
        seen = {start: [""]}
        queue = deque([start])
        while queue:
            city = queue.popleft()
            if city == goal:
                return [c for c in seen[city] if c]
            for colour in COLOURS:
                nxt = self.pack.road(city, colour)
                if nxt is not None and nxt not in seen:
                    seen[nxt] = [*seen[city], colour]
                    queue.append(nxt)
        return []

    def _targets(self, view: View, units: Counter[str], done: set[int]) -> list[_Target]:
        out = []
        for key, tile in view["board"].items():
            city = int(key)
            if city in done:
                continue
            if tile["side"] == "recruit" and tile.get("units"):
                weakest = min(tile["units"], key=UNITS.index)
                out.append(_Target(city, UNIT_VALUE[weakest] + 0.5, recruit=weakest))
            elif tile["side"] == "threat":
                info = self.pack.tiles[tile["tile"]]
                gains = sorted((info.gold, info.bards * 1.2, info.stories * 1.4), reverse=True)
                cost = sum(UNIT_VALUE[u] for u in info.need) * 0.6
                out.append(_Target(city, gains[0] + gains[1] - cost + 2, need=info.need))
        return out

    def _program(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        return self.programme(view, rng)

    def programme(self, view: View, rng: Rng) -> tuple[str, ...]:
        """The year's six orders: the best reachable target, then the next from there. The hard
        seat also runs it to predict its rivals' years (``engine.ai.xidit_rivals``)."""
        me = view["me"]
        city = next(p["city"] for p in view["players"] if p["seat"] == me["seat"])
        units = Counter({u: n for u, n in me["units"].items() if n})
        done = set(me["recruited_in"]) | set(me["cleared_in"])
        orders: list[str] = []
        targets = 0
        while len(orders) < SLOTS:
            best = None
            if targets < self.targets_per_year:
                best = self._best_target(view, city, units, done, SLOTS - len(orders), rng)
            if best is None:
                orders.append(rng.pick(list(COLOURS)) if rng.below(3) else "wait")
                continue
            target, route = best
            targets += 1
            orders.extend([*route, "act"])
            city = target.city
            done.add(city)
            if target.recruit:
                units[target.recruit] += 1
            else:
                units.subtract(Counter(target.need))
        return tuple(orders[:SLOTS])

    def _best_target(self, view: View, city: int, units: Counter[str], done: set[int],
                     slots_left: int, rng: Rng) -> tuple[_Target, list[str]] | None:
        best: tuple[float, _Target, list[str]] | None = None
        for target in self._targets(view, units, done):
            if target.need and any(units[u] < n for u, n in Counter(target.need).items()):
                continue
            route = self._route(city, target.city)
            if (target.city != city and not route) or len(route) + 1 > slots_left:
                continue
            score = target.value / (len(route) + 1) + rng.below(100) / 400
            if best is None or score > best[0]:
                best = (score, target, route)
        return (best[1], best[2]) if best else None

    # -- other decisions ------------------------------------------------------------------------
    def _place(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        tiles = {int(c) for c in view["board"]}

        def near(city: int) -> float:
            close = sum(1 for t in tiles if len(self._route(city, t)) <= 2)
            return close + (2 if city in tiles else 0) + rng.below(10) / 10

        return (max(prompt.options, key=lambda o: near(int(o.id))).id,)

    def _rewards(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        me = view["me"]
        city = next(p["city"] for p in view["players"] if p["seat"] == me["seat"])
        guild = view["guilds"].get(str(city))
        room = 4 - guild["height"] if guild and guild["owner"] == me["seat"] else (0 if guild else 4)
        worth = {"gold": 1.0 + rng.below(10) / 20, "bards": 1.1 + rng.below(10) / 20,
                 "stories": 1.3 * min(room, me["stories_left"]) / 2}
        ranked = sorted((o.id for o in prompt.options), key=lambda r: worth[r], reverse=True)
        return tuple(r for r in (o.id for o in prompt.options) if r in ranked[:2])

    def _bard(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        seat = view["me"]["seat"]

        def gain(region_id: str) -> float:
            region = self.pack.regions[region_id]
            counts: dict[str, int] = view["bards"].get(region_id, {})
            mine = counts.get(str(seat), 0)
            lead = max((n for s, n in counts.items() if s != str(seat)), default=0)
            if region.central:
                return region.lyre_high / 2 + rng.below(10) / 10
            closeness = 2.0 if mine <= lead else 0.5
            return region.lyre_high * closeness / (1 + abs(lead - mine)) + rng.below(10) / 10

        return (max((o.id for o in prompt.options), key=gain),)

    def _titan(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        fights = [o for o in prompt.options if o.id != "none"]
        if not fights:
            return ("none",)
        return (min(fights, key=lambda o: int(o.args["icons"])).id,)

    def _titan_pay(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        return (min(prompt.options, key=lambda o: UNIT_VALUE[o.id]).id,)

    def _census(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        # Shown units go straight back behind the screen: showing everything costs nothing but
        # information, which this AI does not weigh.
        return (prompt.options[-1].id,)

    def _guild(self, view: View, prompt: Prompt, rng: Rng) -> tuple[str, ...]:
        return (prompt.options[0].id,)


def random_answer(prompt: Prompt, rng: Rng) -> tuple[str, ...]:
    """A uniformly random legal answer. Every Xidit prompt lists exactly its legal options (the
    engine's decisions module says so), so any slot filling or any pick of the allowed size is
    accepted by ``game.apply``."""
    if prompt.slots > 1:
        return tuple(rng.pick([o.id for o in prompt.options_for(i)]) for i in range(prompt.slots))
    ids = [o.id for o in prompt.options]
    rng.shuffle(ids)
    count = prompt.pick_min + rng.below(prompt.pick_max - prompt.pick_min + 1)
    picked = set(ids[:count])
    return tuple(o.id for o in prompt.options if o.id in picked)
