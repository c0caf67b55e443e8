"""The co-op mode's own cards (data/coop.toml) [ES p.18–19; fact sheet §12]: the Emperor's Demands
and the Events. Its Hordes, Generals and Tactics use the base vocabulary and are read by
engine/greatwall/pack.py beside the base ones."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core.packs import Fields
from engine.greatwall.pack_fields import GAINS, RESOURCES, UNITS, Cost, read_cost, read_items

DEMAND_WHO = {"all", "one", "team"}
DEMAND_NEEDS = {"walls", "hordes", "overseers"}
EVENT_INSTANT = {"gain", "lose", "hordes", "shame", "tactics", "barricades"}
EVENT_PASSIVE = {"spring_hordes", "lethality", "defence", "power", "income"}
COOP_DECKS = {"hordes": 24, "generals": 8, "tactics": 12}  # fact sheet §1 / §12


@dataclass(frozen=True)
class Demand:
    """An Emperor's Demand (co-op): who meets it, and what it asks (one of pay, sacrifice, need)."""

    id: str
    name: str
    who: str
    pay: Cost
    sacrifice: dict[str, int]
    need: dict[str, int]
    x: tuple[str, ...] = ()  # the amounts printed as "X" (their count here is 0 until ``with_x``)

    def with_x(self, x: int) -> Demand:
        """The Demand as played: every "X" amount replaced by ``x`` (engine/greatwall/coop.x_value)."""
        if not self.x:
            return self

        def fill(part: dict[str, int]) -> dict[str, int]:
            return {k: x if k in self.x else n for k, n in part.items()}

        return replace(self, pay=fill(self.pay), sacrifice=fill(self.sacrifice), need=fill(self.need))


@dataclass(frozen=True)
class CoopEvent:
    """A co-op Event: an instant effect applied once when revealed, a passive one for the rest of the game."""

    id: str
    name: str
    instant: dict[str, Any]
    passive: dict[str, Any]


def read_demands(file: str, data: dict[str, Any]) -> dict[str, Demand]:
    out = {}
    for f in read_items(data, "demands", file, 12):
        who = f.get("who", str)
        if who not in DEMAND_WHO:
            raise f.fail("who", f"expected one of {', '.join(sorted(DEMAND_WHO))}")
        parts = {name: _x_amounts(f, name, allowed) for name, allowed in
                 (("pay", GAINS), ("sacrifice", set(UNITS)), ("need", DEMAND_NEEDS))}
        pay, sacrifice, need = (parts[name][0] for name in ("pay", "sacrifice", "need"))
        if sum(bool(x) for x in (pay, sacrifice, need)) != 1:
            raise f.fail("need", "a demand asks exactly one of pay, sacrifice or need")
        if who == "team" and not need:
            raise f.fail("who", "a team demand is a board condition (need)")
        did = f.get("id", str)
        xs = tuple(k for name in ("pay", "sacrifice", "need") for k in parts[name][1])
        out[did] = Demand(did, f.get("name", str), who, pay, sacrifice, need, xs)
    return out


def _x_amounts(f: Fields, name: str, allowed: set[str]) -> tuple[dict[str, int], list[str]]:
    """A Demand part whose amounts may be printed "X" (co-op, RU p.18): counts, and the X keys."""
    raw = f.opt(name, dict, {})
    xs = [k for k, v in raw.items() if isinstance(v, str) and v.upper() == "X"] if isinstance(raw, dict) else []
    counts = read_cost(f, name, {k: 0 if k in xs else v for k, v in raw.items()} if xs else raw, allowed)
    return counts, xs


def read_events(file: str, data: dict[str, Any]) -> dict[str, CoopEvent]:
    out = {}
    for f in read_items(data, "events", file, 12):
        parts = {}
        for part, allowed in (("instant", EVENT_INSTANT), ("passive", EVENT_PASSIVE)):
            effect = f.opt(part, dict, {})
            if not set(effect) <= allowed:
                raise f.fail(part, f"expected effects among {', '.join(sorted(allowed))}")
            for kind, value in effect.items():
                if kind in ("gain", "lose", "income"):
                    read_cost(f, f"{part}.{kind}", value, set(RESOURCES))
                elif not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= 9:
                    raise f.fail(f"{part}.{kind}", "expected a count from 1 to 9")
            parts[part] = effect
        if not parts["instant"] and not parts["passive"]:
            raise f.fail("instant", "an event needs an instant or a passive effect")
        eid = f.get("id", str)
        out[eid] = CoopEvent(eid, f.get("name", str), parts["instant"], parts["passive"])
    return out
