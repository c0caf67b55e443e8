"""The hard Xidit seat's value model: what gold, guild stories, bards and units are worth to one
seat, in one common unit, given what its view shows. Used by ``engine.ai.xidit_hard``.

Rulebook "Fin del juego": three assessments (Wealth = gold, Influence = stories on the board,
Reputation = bard majorities per region) each eliminate the lowest remaining player, and the last
one standing wins. A point is therefore worth more in a later assessment (it decides among fewer
players and the last one picks the winner) and less in a measure whose totals run high.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from typing import Any

from engine.ai.xidit_rivals import Acts, Planner, before, predict
from engine.core.game import View
from engine.core.rng import Rng
from engine.xidit.pack import COLOURS, UNITS, Titan, XiditPack

Board = dict[int, tuple[str, tuple[str, ...]]]
Routes = dict[int, dict[int, tuple[str, ...]]]

# Weight of an assessment by its place in the Hall of Fame (first, second, last).
ASSESS_WEIGHT = (1.0, 1.2, 1.45)
# Typical end-of-game totals of a 4-seat short game (measured): one gold moves the Wealth
# ranking about as much as three reputation points.
SCALE = {"wealth": 6.0, "influence": 6.0, "reputation": 12.0}
GUILD_MAX = 4  # rulebook: a guild is at most four stories high
POSITION_WEIGHT = 0.3  # standing near next year's target, against a target reached this year
# Units held toward a threat are worth a share of its rewards, well below clearing it now (the
# rewards are certain, and a rival may clear it first); any unit a little more (titan fodder).
POTENTIAL = 0.5
UNIT_FLEX = 0.08
# A recruit in itself, kept even when the unit is later spent: armies grow by recruiting, and a
# bigger one wins census majorities and tied assessments (rulebook "Resolver lazos").
RECRUIT_GAIN = 0.8
LEAD_SPREAD = 0.2  # a lead of a fifth of a typical total makes surviving it ~73% sure
# Guessed gold of a rival per reward lot (stories or bards) it shows on the board.
GOLD_PER_LOT = 1.0
# Chance that one rival who can get there first takes the target (it needs the right units).
THREAT_RISK = 0.65
# Trust in the predicted rival programmes (engine.ai.xidit_rivals) over the reach count above: the
# prediction guesses the rivals' armies and plans, so some of the reach count is kept (seeds
# 60..359, 5 seats, against normal: 0.5, 0.85 and 1.0 measured no better than 0.7).
PREDICTED = 0.7
_ROUTES: dict[int, tuple[XiditPack, Routes]] = {}


def routes(pack: XiditPack) -> Routes:
    """Road colours of a shortest route between every two cities (breadth-first, cached)."""
    cached = _ROUTES.get(id(pack))
    if cached is not None and cached[0] is pack:
        return cached[1]
    table: Routes = {city: _from(pack, city) for city in pack.cities}
    _ROUTES[id(pack)] = (pack, table)
    return table


def _from(pack: XiditPack, start: int) -> dict[int, tuple[str, ...]]:
    seen: dict[int, tuple[str, ...]] = {start: ()}
    queue = deque([start])
    while queue:
        city = queue.popleft()
        for colour in COLOURS:
            nxt = pack.road(city, colour)
            if nxt is not None and nxt not in seen:
                seen[nxt] = (*seen[city], colour)
                queue.append(nxt)
    return seen


def falls(seats: int, index: int) -> int:
    """Players an assessment eliminates: two in the first of a five-player game, else one
    (rulebook "Fin del juego"; engine/xidit/assessment.py)."""
    return 2 if index == 0 and seats == 5 else 1


def _log_sigmoid(x: float) -> float:
    """log(1 / (1 + e^-x)), without overflow far below zero."""
    return -math.log1p(math.exp(-x)) if x > -30 else x


class Values:
    def __init__(self, pack: XiditPack, view: View) -> None:
        self.pack, self.view = pack, view
        self.me: dict[str, Any] = view["me"]
        self.seat: int = self.me["seat"]
        self.routes = routes(pack)
        players = view["players"]
        self.my_city: int = next(p["city"] for p in players if p["seat"] == self.seat) or 0
        self.years_left: int = view["years"] - view["year"]
        self.census_now: bool = view["year"] in view["census_years"]
        order: list[int] = view["order"]
        self.rivals = [(p["city"], order.index(p["seat"]) < order.index(self.seat))
                       for p in players if p["seat"] != self.seat and p["city"] is not None]
        self.lead: dict[str, float] = {}
        self.assess_weight: dict[str, float] = {}
        self.weight = self._weights()
        self.counts = self._counts()
        self.position_weight = POSITION_WEIGHT if self.years_left > 0 else 0.0
        self.recruit_gain = RECRUIT_GAIN if self.years_left > 0 else 0.0
        self._bards_cache: dict[tuple[int, int], float] = {}
        self._threat_cache: dict[int, float] = {}
        self.acts: Acts | None = None  # the rivals' predicted acts this year (``predict``)

    def _weights(self) -> dict[str, float]:
        """Value of one more point per measure. Surviving needs every assessment, so the value is
        d log P(survive)/dx with P a logistic in our lead over the rival that assessment makes us
        beat: at four players the lowest of three rivals first, the middle one next, the best one
        last; at five the first assessment takes two, so its bar is the second lowest of four. A
        comfortable lead is worth little more; a deficit is worth closing."""
        order: list[str] = self.view["assessments"]
        mine, rivals = self._standings()
        out = {}
        beaten = 0  # rivals that must rank below us once this assessment is done
        for i, kind in enumerate(order):
            beaten += falls(len(self.view["players"]), i)
            others = sorted(rivals[kind]) or [0.0]
            bar = others[min(beaten - 1, len(others) - 1)]
            lead = (mine[kind] - bar) / (SCALE[kind] * LEAD_SPREAD)
            self.lead[kind], self.assess_weight[kind] = lead, ASSESS_WEIGHT[i]
            survive = 1 / (1 + math.exp(-lead))
            out[kind] = ASSESS_WEIGHT[i] * 2 * (1 - survive) / SCALE[kind]
        return out

    def gain(self, kind: str, points: float) -> float:
        """What ``points`` more in one measure are worth: the change in log P(survive) itself,
        not the slope at today's lead times the points. A reward of four stories is several
        spreads wide, so the slope overprices a lead being stretched (surplus gold that no
        assessment needs) and underprices a deficit being closed; in the same unit as
        ``weight`` (whose slope is 2 * LEAD_SPREAD * d log P / dx per assessment weight)."""
        if points <= 0:
            return 0.0
        step = points / (SCALE[kind] * LEAD_SPREAD)
        lead = self.lead[kind]
        delta = _log_sigmoid(lead + step) - _log_sigmoid(lead)
        return self.assess_weight[kind] * 2 * LEAD_SPREAD * delta

    def _standings(self) -> tuple[dict[str, float], dict[str, list[float]]]:
        """Our measures and our estimates of each rival's (their gold is secret: guessed from the
        stories and bards they show, as each threat pays two of its three rewards)."""
        players = {p["seat"]: p for p in self.view["players"]}
        rep = self._reputations()
        mine = {"wealth": float(self.me["gold"]),
                "influence": float(players[self.seat]["stories_on_board"]),
                "reputation": rep.get(self.seat, 0.0)}
        rivals: dict[str, list[float]] = {k: [] for k in SCALE}
        for seat, p in players.items():
            if seat == self.seat or p["out"]:
                continue
            lots = p["stories_on_board"] / 2.7 + p["bards_on_board"] / 3.0
            rivals["wealth"].append(GOLD_PER_LOT * lots)
            rivals["influence"].append(float(p["stories_on_board"]))
            rivals["reputation"].append(rep.get(seat, 0.0))
        return mine, rivals

    def _reputations(self) -> dict[int, float]:
        totals: dict[int, float] = {}
        for region in self.pack.regions:
            if region == self.pack.central:
                continue
            counts = {int(s): n for s, n in self.view["bards"].get(region, {}).items() if n}
            if not counts:
                continue
            lyre = self.pack.regions[region]
            levels = sorted(set(counts.values()), reverse=True)
            firsts = [s for s, n in counts.items() if n == levels[0]]
            for s, n in counts.items():
                if n == levels[0]:
                    totals[s] = totals.get(s, 0.0) + lyre.lyre_high
                elif len(firsts) == 1 and n == levels[1]:
                    totals[s] = totals.get(s, 0.0) + lyre.lyre_low
        return totals

    def _counts(self) -> dict[str, dict[int, int]]:
        counts = {r: {int(s): n for s, n in self.view["bards"].get(r, {}).items()}
                  for r in self.pack.regions}
        # The Bastion is secret: our own bards there, against a guessed rival who adds one
        # every other year (the central region pays the most, so rivals go there).
        central = {self.seat: int(self.me["bastion"]), -2: self.view["year"] // 2}
        counts[self.pack.central] = {s: n for s, n in central.items() if n}
        return counts

    # -- reputation -----------------------------------------------------------------------------
    def _points(self, region: str, counts: dict[int, int]) -> float:
        """Rulebook "Reputación": most bards score the lyre's high number (ties for first all do),
        a sole second place (behind a sole first) the low one."""
        mine = counts.get(self.seat, 0)
        if mine == 0:
            return 0.0
        levels = sorted({c for c in counts.values() if c > 0}, reverse=True)
        lyre = self.pack.regions[region]
        if mine == levels[0]:
            return float(lyre.lyre_high)
        firsts = sum(1 for c in counts.values() if c == levels[0])
        return float(lyre.lyre_low) if firsts == 1 and mine == levels[1] else 0.0

    def _robust(self, region: str, counts: dict[int, int]) -> float:
        """Points now, hedged against one rival (or a newcomer) adding a bard before the end."""
        now = self._points(region, counts)
        worst = now
        for rival in [*(s for s in counts if s != self.seat), -1]:
            after = dict(counts)
            after[rival] = after.get(rival, 0) + 1
            worst = min(worst, self._points(region, after))
        return 0.6 * now + 0.4 * worst

    def bard_gain(self, region: str, extra: dict[str, int] | None = None) -> float:
        counts = dict(self.counts[region])
        counts[self.seat] = counts.get(self.seat, 0) + (extra or {}).get(region, 0)
        before = self._robust(region, counts)
        counts[self.seat] += 1
        return self._robust(region, counts) - before

    def bards_value(self, city: int, count: int) -> float:
        """Reputation points of ``count`` bards placed one by one in the best adjacent regions."""
        key = (city, count)
        if key not in self._bards_cache:
            extra: dict[str, int] = {}
            total = 0.0
            for _ in range(count):
                region = max(self.pack.cities[city].regions, key=lambda r: self.bard_gain(r, extra))
                total += self.bard_gain(region, extra)
                extra[region] = extra.get(region, 0) + 1
            self._bards_cache[key] = total
        return self._bards_cache[key]

    # -- rewards --------------------------------------------------------------------------------
    def _stories_placed(self, city: int, stories: int) -> int:
        guild = self.view["guilds"].get(str(city))
        if guild is not None and guild["owner"] != self.seat:
            return 0  # one colour per guild: the stories would stay in the supply
        room = GUILD_MAX - (guild["height"] if guild else 0)
        return min(stories, room, int(self.me["stories_left"]))

    def reward_parts(self, city: int, gold: int, bards: int, stories: int,
                     exact: bool = False) -> dict[str, float]:
        """Each reward's worth. ``exact`` prices it by ``gain`` (the two-of-three pick made once
        the threat is cleared, where the whole reward lands on today's lead); the year's search
        keeps the slope, which measured better there (seeds 60..299 against normal: the exact
        gain in the search lost 6-8 points in the long game)."""

        def worth(kind: str, points: float) -> float:
            return self.gain(kind, points) if exact else points * self.weight[kind]

        parts = {"gold": worth("wealth", gold),
                 "stories": worth("influence", self._stories_placed(city, stories))}
        left = int(self.me["bards_left"])
        if left > 0:
            parts["bards"] = worth("reputation", self.bards_value(city, min(bards, left)))
        return parts

    def reward_value(self, city: int, gold: int, bards: int, stories: int) -> float:
        """Two of the three rewards (rulebook "Tres tipos de recompensa"): the best two."""
        parts = sorted(self.reward_parts(city, gold, bards, stories).values(), reverse=True)
        return sum(parts[:2])

    def threat_worth(self, city: int) -> float:
        if city not in self._threat_cache:
            tile = self.pack.tiles[city]
            self._threat_cache[city] = self.reward_value(city, tile.gold, tile.bards, tile.stories)
        return self._threat_cache[city]

    def titan(self, titan_id: str) -> Titan:
        return next(t for t in self.pack.titans if t.id == titan_id)

    def raging_titans(self) -> list[str]:
        return [s["top"]["id"] for s in self.view["titans"] if s["top"] and s["top"]["raging"]]

    # -- units ----------------------------------------------------------------------------------
    def _threats(self, board: Board, next_threat: int | None) -> list[int]:
        cities = [c for c, (side, _) in board.items() if side == "threat"]
        return [*cities, next_threat] if next_threat is not None else cities

    def coverage(self, units: Counter[str], city: int) -> float:
        need = Counter(self.pack.tiles[city].need)
        return sum(min(units[u], n) for u, n in need.items()) / sum(need.values())

    def units_value(self, units: Counter[str], board: Board, next_threat: int | None) -> float:
        total = sum(n for n in units.values() if n > 0)
        value = 0.02 * total  # rulebook "Resolver lazos": more units wins a tied assessment
        if self.census_now:
            value += self._census_value(units)
        if self.years_left > 0:
            pots = sorted((self.threat_worth(c) * self.coverage(units, c) ** 2
                           for c in self._threats(board, next_threat)), reverse=True)
            value += POTENTIAL * sum(p * w for p, w in zip(pots, (1.0, 0.5), strict=False))
            value += UNIT_FLEX * min(total, 6)
        return value

    def _census_value(self, units: Counter[str]) -> float:
        """Rulebook "Censo militar": each type's majority pays gold, bards or a story."""
        rep = self.weight["reputation"] * 1.5  # a bard is worth ~1.5 reputation points
        reward = {"militia": self.weight["wealth"], "archer": 2 * self.weight["wealth"],
                  "infantry": rep, "cleric": 2 * rep, "mage": self.weight["influence"]}
        return sum(reward[u] * 0.35 * min(units[u], 3) for u in UNITS if units[u] > 0)

    def cheapest_payment(self, units: Counter[str], count: int, board: Board,
                         next_threat: int | None) -> Counter[str]:
        """The ``count`` units whose loss costs the least (titans take any units)."""
        left, paid = Counter(units), Counter[str]()
        for _ in range(count):
            held = [u for u in UNITS if left[u] > 0]
            if not held:
                break
            unit = max(held, key=lambda u: self._after_loss(left, u, board, next_threat))
            left[unit] -= 1
            paid[unit] += 1
        return paid

    def _after_loss(self, units: Counter[str], unit: str, board: Board,
                    next_threat: int | None) -> float:
        after = Counter(units)
        after[unit] -= 1
        return self.units_value(after, board, next_threat) - UNITS.index(unit) * 1e-3

    # -- position and risk ----------------------------------------------------------------------
    def next_target(self, city: int, units: Counter[str], board: Board,
                    next_threat: int | None) -> tuple[int | None, float]:
        """Next year's most promising tile from ``city``: (city, worth), or (None, 0)."""
        if self.years_left <= 0:
            return None, 0.0
        best: tuple[float, int | None, float] = (0.0, None, 0.0)
        for target, (side, left) in board.items():
            if side == "recruit":
                worth = 0.3 if left else 0.0
            else:
                worth = self.threat_worth(target) * self.coverage(units, target) ** 2
            score = worth / (1 + len(self.routes[city][target]))
            if score > best[0]:
                best = (score, target, worth)
        return best[1], best[2]

    def contenders(self, city: int, slot: int) -> int:
        """Rivals who could act in ``city`` before our order at ``slot`` (0-based) resolves:
        orders resolve slot by slot in play order (rulebook "Fase dos")."""
        count = 0
        for rival_city, ahead in self.rivals:
            dist = len(self.routes[rival_city][city])
            if dist < slot or (dist == slot and ahead):
                count += 1
        return count

    def predict(self, rng: Rng, plan: Planner) -> None:
        """Predict the rivals' programmes for this year, each planned by ``plan``
        (``engine.ai.xidit_rivals``)."""
        self.acts = predict(self.pack, self.view, rng, plan)

    def recruit_risk(self, city: int, slot: int, units_left: int) -> float:
        # A rival's recruit only leaves a stronger unit for us, unless it empties the tile: the
        # tile holds ``units_left`` + 1 units before our recruit, so that many rival recruits
        # ahead of us leave nothing.
        return self._predicted(city, slot, units_left, (0.97 if units_left else 0.75) ** self.contenders(city, slot))

    def threat_risk(self, city: int, slot: int) -> float:
        # The first rival to act on a threat clears it (it plans only threats it can pay for).
        return self._predicted(city, slot, 0, THREAT_RISK ** self.contenders(city, slot))

    def _predicted(self, city: int, slot: int, room: int, guess: float) -> float:
        """The chance the target is still there at our ``slot``: the share of predicted years with at
        most ``room`` rival acts there before ours, blended with the reach count's ``guess``."""
        if self.acts is None:
            return guess
        ahead = before(self.acts, city, slot)
        kept = sum(1 for n in ahead if n <= room) / len(ahead)
        return PREDICTED * kept + (1 - PREDICTED) * guess

    def titan_risk(self, slot: int) -> float:
        return 0.97 ** min(slot, len(self.rivals))

    def start_value(self, city: int) -> float:
        """Where to put the Idrakys at setup: near many tiles, recruitment ones above all."""
        value = 0.0
        for key, tile in self.view["board"].items():
            weight = 1.0 if tile["side"] == "recruit" else 0.5
            value += weight / (1 + len(self.routes[city][int(key)])) ** 1.5
        return value
