"""The hard seat's quick-play search [Modo de Partida Rápida]: every move of one piece (and its
optional attack) is played out on a model of the seat's view, then scored after the opponent's best
single reply. Quick play hides nothing but the deck order, so the model is exact up to the reach
shortcut below; battles there have no black cards, so every exchange is certain.

A game is won by beating an enemy hero, or an enemy castle once you hold the crown [Condiciones de
Victoria]; the score is that first, then material (ATK + DEF of the cards on the field), then the
crown and the approach of hero-killers. The search is a fixed enumeration (no clock, no sampling),
so a decision is the same on any machine.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from engine.akhedena.board import name
from engine.akhedena.pack import AkhedenaPack
from engine.akhedena.state import Piece
from engine.akhedena.strength import Boost, Exchange, Stats, clash, stats
from engine.core.game import View
from engine.core.prompt import Prompt

Square = tuple[int, int]
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
WIN = 100_000.0
CROWN = 60.0  # the crown lets its holder storm castles and swap two cards a turn [La Corona]
APPROACH = 3.0  # per square a hero-killer closes on the enemy hero
SIDE_THREATS = 0.25  # threats beyond the opponent's best one: they can carry out only one a turn


@dataclass(frozen=True)
class Unit:
    id: str
    seat: int
    kind: str
    card: str
    at: Square
    army: tuple[str, ...]  # card instances (type.index), so a volley's losses map back
    archer: bool
    cavalry: bool
    fought: bool

    def piece(self) -> Piece:
        return Piece(self.id, self.seat, self.kind, self.card, [self.at[0], self.at[1]], list(self.army))


@dataclass(frozen=True)
class Plan:
    unit: str
    to: Square | None  # None: stays
    target: str | None


def _ortho(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _king(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class QuickPlanner:
    def __init__(self, pack: AkhedenaPack, view: View, me: int) -> None:
        self.pack, self.me = pack, me
        self.size: int = view["size"]
        self.centre: Square = (view["centre"][0], view["centre"][1])
        self.crown_seat: int | None = view["crown"]["seat"]
        self.crown_free = view["crown"]["castle"] is None
        self.units = {p["id"]: _unit(p) for p in view["pieces"]}
        self._fights: dict[tuple[str, tuple[str, ...], str, tuple[str, ...], bool], Exchange] = {}
        self._stats: dict[tuple[str, str, tuple[str, ...]], Stats] = {}
        self._scores: dict[Plan, float] = {}
        self._reaches: dict[str, frozenset[Square]] = {}
        self._spots: dict[tuple[Square, bool], tuple[Square, ...]] = {}
        self._crown_sq = self.centre if self.crown_free else None

    # -- answering the prompts ------------------------------------------------------------------------
    def answer(self, prompt: Prompt) -> str | None:
        ids = [o.id for o in prompt.options]
        if prompt.kind == "qturn":
            return self._turn(ids)
        if prompt.kind in ("move", "qmove"):  # quick play's move step is its own kind (quick.py)
            unit = self._by_card(prompt.args.get("unit"))
            return None if unit is None else self._move(unit, ids)
        if prompt.kind == "attack":
            unit = self._by_card(prompt.args.get("unit"))
            return None if unit is None else self._attack(unit, ids)
        if prompt.kind == "replace":
            return self._replace(prompt)
        return None

    def _turn(self, ids: list[str]) -> str:
        plans = [p for p in self._plans() if p.unit in ids]
        idle = self._score(self.units, None, self.crown_seat, None)
        if not plans:
            return "replace" if "replace" in ids else ids[0]
        best = max(plans, key=self._plan_score)
        if "replace" in ids and self._plan_score(best) <= idle and self._weak_card() is not None:
            return "replace"  # nothing on the field beats waiting: improve a weak card instead [Turnos]
        return best.unit

    def _move(self, unit: Unit, ids: list[str]) -> str:
        plans = [p for p in self._plans_of(unit, ids) if p.to is None or name(p.to) in ids]
        best = max(plans, key=self._plan_score, default=None)
        return "stay" if best is None or best.to is None else name(best.to)

    def _attack(self, unit: Unit, ids: list[str]) -> str:
        plans = [Plan(unit.id, None, t) for t in ids if t in self.units] + [Plan(unit.id, None, None)]
        best = max(plans, key=self._plan_score)
        return best.target or "none"

    def _replace(self, prompt: Prompt) -> str:
        """Swap the card furthest below its class's average; stop when none is below it."""
        cards = [o.id for o in prompt.options if o.id != "done"]
        worst = min(cards, key=lambda c: (self._card_edge(c), c), default=None)
        if worst is None or ("done" in [o.id for o in prompt.options] and self._card_edge(worst) >= 0):
            return "done"
        return worst

    # -- candidate moves -----------------------------------------------------------------------------
    def _plans(self) -> list[Plan]:
        out: list[Plan] = []
        for unit in self._mine():
            out += self._plans_of(unit, None)
        return out

    def _plans_of(self, unit: Unit, labels: list[str] | None) -> list[Plan]:
        occupied = self._occupied(self.units)
        squares = [None, *sorted(self._reach(unit, occupied))]
        out: list[Plan] = []
        for sq in squares:
            if labels is not None and sq is not None and name(sq) not in labels:
                continue
            here = unit.at if sq is None else sq
            out.append(Plan(unit.id, sq, None))
            out += [Plan(unit.id, sq, t.id) for t in self._targets(unit, here, self.units)]
        return out

    def _targets(self, unit: Unit, here: Square, units: dict[str, Unit]) -> list[Unit]:
        """Who ``unit`` may strike from ``here`` (quick.targets): adjacent pieces, archers within two
        squares any way; castles only for the crown holder [Reglas del Castillo]."""
        if unit.fought or not unit.army or unit.kind == "castle":
            return []
        out = []
        for other in units.values():
            if other.seat == unit.seat or (other.kind == "castle" and self.crown_seat != unit.seat):
                continue
            d = _ortho(here, other.at)
            if d == 1 or (unit.archer and _king(here, other.at) <= self.pack.quick.range):
                out.append(other)
        return out

    # -- playing a plan out ----------------------------------------------------------------------------
    def _plan_score(self, plan: Plan) -> float:
        if plan not in self._scores:
            units, winner = self._play(plan)
            crown = self.crown_seat
            if plan.to is not None and self.crown_free and _ortho(plan.to, self.centre) == 1:
                crown = self.me  # ending a move next to the crown picks it up [La Corona]
            moved = (self.units[plan.unit].at, plan.to) if plan.to is not None else None
            self._scores[plan] = self._score(units, winner, crown, moved)
        return self._scores[plan]

    def _play(self, plan: Plan) -> tuple[dict[str, Unit], int | None]:
        """The field after ``plan`` and the winner it makes, if any."""
        units = dict(self.units)
        unit = units[plan.unit]
        if plan.to is not None:
            unit = replace(unit, at=plan.to)
            units[unit.id] = unit
        if plan.target is None:
            return units, None
        return self._battle(units, unit, units[plan.target])

    def _battle(self, units: dict[str, Unit], att: Unit, dfn: Unit) -> tuple[dict[str, Unit], int | None]:
        ranged = _ortho(att.at, dfn.at) > 1
        result = self._fight(att, dfn, ranged)
        if result.lost_cards:
            left = list(dfn.army)
            for card in result.lost_cards:
                left.remove(card)
            dfn = replace(dfn, army=tuple(left))
            units[dfn.id] = dfn
        if result.defender_lost:
            del units[dfn.id]
            return units, att.seat if dfn.kind in ("hero", "castle") else None
        if result.attacker_lost:
            del units[att.id]
            return units, dfn.seat if att.kind == "hero" else None
        return units, None

    def _fight(self, att: Unit, dfn: Unit, ranged: bool) -> Exchange:
        """battle.exchange without black cards (quick play has none): a volley when archers shoot a
        non-archer at range, else the standard exchange with its counter-attack [Cómo Batallar]."""
        key = (att.card, att.army, dfn.card, dfn.army, ranged)
        if key not in self._fights:
            structure = self.pack.castles[dfn.card].base if dfn.kind == "castle" else None
            self._fights[key] = clash(self._stats_of(att), self._stats_of(dfn), Boost(), Boost(), ranged, dfn.archer,
                                      structure)
        return self._fights[key]

    def _stats_of(self, unit: Unit) -> Stats:
        key = (unit.kind, unit.card, unit.army)
        if key not in self._stats:
            self._stats[key] = stats(self.pack, unit.piece())
        return self._stats[key]

    # -- scoring a field -------------------------------------------------------------------------------
    def _score(self, units: dict[str, Unit], winner: int | None, crown: int | None,
               moved: tuple[Square, Square] | None) -> float:
        if winner is not None:
            return WIN if winner == self.me else -WIN
        mine = [u for u in units.values() if u.seat == self.me]
        theirs = [u for u in units.values() if u.seat != self.me]
        material = sum(self._worth(u) for u in mine) - sum(self._worth(u) for u in theirs)
        return material - self._reply(units, crown, moved) + self._crown_term(units, crown) - self._approach(units)

    def _worth(self, unit: Unit) -> float:
        s = self._stats_of(unit)
        return float(s.atk + s.df) if unit.kind != "castle" else 0.0

    def _reply(self, units: dict[str, Unit], crown: int | None, moved: tuple[Square, Square] | None) -> float:
        """What each opponent's best single strike takes (a beaten hero is the game), plus a little
        for every other threat standing."""
        occupied: dict[Square, Unit] | None = None
        mine = [m for m in units.values() if m.seat == self.me]
        gains: dict[int, list[float]] = {}
        for enemy in units.values():
            if enemy.seat == self.me or not enemy.army or enemy.kind == "castle":
                continue
            near = [m for m in mine if enemy.cavalry or _ortho(enemy.at, m.at) <= self._span(enemy)]
            if not near:
                continue
            if enemy.cavalry:  # a rider's lines are cheap to redraw exactly
                occupied = occupied if occupied is not None else self._occupied(units)
                reach = frozenset(self._lines(enemy.at, occupied, self._crown_sq)) | {enemy.at}
            else:
                reach = self._shifted(enemy, moved)
            gains.setdefault(enemy.seat, []).extend(self._threat(enemy, m, reach, crown) for m in near)
        # Every rival plays a turn before mine comes back [Turnos]: each carries out its own best
        # strike; the rest stay a small worry.
        total = 0.0
        for seat_gains in gains.values():
            found = sorted((g for g in seat_gains if g > 0), reverse=True)
            total += found[0] + SIDE_THREATS * sum(found[1:]) if found else 0.0
        return total

    def _threat(self, enemy: Unit, mine: Unit, reach: frozenset[Square], crown: int | None) -> float:
        if mine.kind == "castle" and crown != enemy.seat:
            return 0.0
        hits = [sq for sq in self._strike_spots(enemy, mine) if sq in reach]
        if not hits:
            return 0.0
        best = 0.0
        for ranged in sorted({_ortho(sq, mine.at) > 1 for sq in hits}):
            result = self._fight(enemy, mine, ranged)
            if result.defender_lost:
                return WIN / 2 if mine.kind in ("hero", "castle") else self._worth(mine)
            if result.attacker_lost:
                continue
            best = max(best, self._worth(mine) - self._worth(self._after_volley(mine, result)))
        return best

    def _after_volley(self, unit: Unit, result: Exchange) -> Unit:
        left = list(unit.army)
        for card in result.lost_cards:
            left.remove(card)
        return replace(unit, army=tuple(left))

    def _span(self, enemy: Unit) -> int:
        """How far (orthogonally) a walker can be from a piece it may still strike this turn."""
        steps = self.pack.quick.hero_steps if enemy.kind == "hero" else self.pack.quick.foot_steps
        return steps + (2 * self.pack.quick.range if enemy.archer else 1)

    def _shifted(self, enemy: Unit, moved: tuple[Square, Square] | None) -> frozenset[Square]:
        """The walker's reach on the current field, less the square my piece moved to, plus the
        square it left when the walker reaches next to it (a shortcut for a full search per plan:
        a path that ran through the new square is not taken away)."""
        base = self._base_reach(enemy)
        if moved is None:
            return base
        left, to = moved
        out = base - {to}
        steps = self.pack.quick.hero_steps if enemy.kind == "hero" else self.pack.quick.foot_steps
        if _ortho(enemy.at, left) <= steps and any((left[0] + dr, left[1] + dc) in out for dr, dc in STEPS):
            out = out | {left}
        return out

    def _base_reach(self, enemy: Unit) -> frozenset[Square]:
        if enemy.id not in self._reaches:
            self._reaches[enemy.id] = self._reach(enemy, self._occupied(self.units)) | {enemy.at}
        return self._reaches[enemy.id]

    def _strike_spots(self, enemy: Unit, target: Unit) -> tuple[Square, ...]:
        key = (target.at, enemy.archer)
        if key not in self._spots:
            r, c = target.at
            spots = [(r + dr, c + dc) for dr, dc in STEPS]
            if enemy.archer:
                span = self.pack.quick.range
                spots += [(r + dr, c + dc) for dr in range(-span, span + 1) for dc in range(-span, span + 1)
                          if abs(dr) + abs(dc) > 1]
            self._spots[key] = tuple(sq for sq in spots if self._inside(sq))
        return self._spots[key]

    def _crown_term(self, units: dict[str, Unit], crown: int | None) -> float:
        if crown is not None:
            return CROWN if crown == self.me else -CROWN
        near = [_ortho(u.at, self.centre) for u in units.values() if u.seat == self.me and u.kind == "general"]
        return -float(min(near, default=0))

    def _approach(self, units: dict[str, Unit]) -> float:
        """Hero-killers close in: each of my units that would beat the enemy hero outright pays for
        its distance to it."""
        heroes = [u for u in units.values() if u.seat != self.me and u.kind == "hero"]
        total = 0.0
        for hero in heroes:
            for u in units.values():
                if u.seat == self.me and u.kind == "general" and u.army:
                    ranged = u.archer and not hero.archer
                    if self._fight(u, hero, ranged).defender_lost:
                        total += APPROACH * _ortho(u.at, hero.at)
        return total

    # -- the board -------------------------------------------------------------------------------------
    def _mine(self) -> list[Unit]:
        return [u for u in self.units.values() if u.seat == self.me and u.kind != "castle"]

    def _by_card(self, card: Any) -> Unit | None:
        return next((u for u in self.units.values() if u.seat == self.me and u.card == card), None)

    def _occupied(self, units: dict[str, Unit]) -> dict[Square, Unit]:
        return {u.at: u for u in units.values()}

    def _inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.size and 0 <= sq[1] < self.size

    def _reach(self, unit: Unit, occupied: dict[Square, Unit]) -> frozenset[Square]:
        """quick.reach: riders run any distance in a straight line, others walk their steps; no one
        passes a piece (one's own castle excepted) or the uncollected crown."""
        if unit.kind == "castle":
            return frozenset()
        if unit.cavalry:
            return frozenset(self._lines(unit.at, occupied, self._crown_sq))
        steps = self.pack.quick.hero_steps if unit.kind == "hero" else self.pack.quick.foot_steps
        return frozenset(self._walk(unit, steps, occupied, self._crown_sq))

    def _lines(self, start: Square, occupied: dict[Square, Unit], crown: Square | None) -> Iterable[Square]:
        for dr, dc in STEPS:
            sq = (start[0] + dr, start[1] + dc)
            while self._inside(sq) and sq not in occupied and sq != crown:
                yield sq
                sq = (sq[0] + dr, sq[1] + dc)

    def _walk(self, unit: Unit, steps: int, occupied: dict[Square, Unit], crown: Square | None) -> set[Square]:
        best = {unit.at: 0}
        queue = deque([unit.at])
        while queue:
            sq = queue.popleft()
            for dr, dc in STEPS:
                nxt = (sq[0] + dr, sq[1] + dc)
                if not (0 <= nxt[0] < self.size and 0 <= nxt[1] < self.size) or nxt == crown:
                    continue
                other = occupied.get(nxt)
                own_castle = other is not None and other.kind == "castle" and other.seat == unit.seat
                if other is not None and not own_castle:
                    continue
                cost = best[sq] + (0 if own_castle else 1)
                if cost <= steps and cost < best.get(nxt, steps + 1):
                    best[nxt] = cost
                    (queue.appendleft if own_castle else queue.append)(nxt)
        return {sq for sq in best if sq not in occupied}

    # -- card swaps ------------------------------------------------------------------------------------
    def _weak_card(self) -> str | None:
        """My card furthest below its class's average, when one is below it."""
        cards = [(self._card_edge(c), c) for u in self._mine_all() for c in u.army]
        worst = min(cards, default=None)
        return worst[1] if worst is not None and worst[0] < 0 else None

    def _mine_all(self) -> list[Unit]:
        return [u for u in self.units.values() if u.seat == self.me]

    @cached_property
    def _class_mean(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for cls in {a.cls for a in self.pack.armies.values()}:
            same = [a for a in self.pack.armies.values() if a.cls == cls]
            out[cls] = sum((a.atk + a.df) * a.count for a in same) / sum(a.count for a in same)
        return out

    def _card_edge(self, card: str) -> float:
        army = self.pack.armies.get(card.split(".", 1)[0])
        if army is None:
            return 0.0
        return army.atk + army.df - self._class_mean[army.cls]


def _unit(p: dict[str, Any]) -> Unit:
    army = tuple(f"{t}.{i}" for i, t in enumerate(p["army"]))
    at = (p["at"][0], p["at"][1])
    return Unit(p["id"], p["seat"], p["kind"], p["card"], at, army, p["cls"] == "ranged", p["cls"] == "cavalry",
                p["fought"])
