"""The hard Great Wall seat's soldiers: where it recruits them and which Horde card they attack.

The rule it plays for [ES p.10, RU p.10]: when a Section is breached, every player gains 1 Shame per
Horde card there on which they have no Soldier, and each Shame costs 5 Honor at the end [ES p.15]. One
soldier on a card spares that Shame whoever lets the Section fall. So a spearman or horseman goes first
to a Section the Hordes would breach now (power above Defence) with the most cards still without one of
ours, and onto such a card; elsewhere it plays as the normal seat (engine/ai/greatwall_normal.py).
"""

from __future__ import annotations

from typing import Any

from engine.ai.greatwall_khan import bannerman_first
from engine.ai.greatwall_turn import Pick, Turn
from engine.core.prompt import Option


def unguarded(t: Turn, sec: int, unit: str) -> int:
    """Horde cards in ``sec`` a ``unit`` may attack that have none of our soldiers, when the Hordes'
    power there exceeds the Defence (a breach would shame us once per such card [ES p.10]); 0 when the
    Section holds. A spearman reaches row 1 only, a horseman any row [ES p.12]."""
    section = t.view["sections"][sec]
    if section["power"] <= section["defence"]:
        return 0
    cards = section["hordes"] if unit != "spearman" else section["hordes"][:1]
    return sum(1 for card in cards if all(s["seat"] != t.seat for s in card["soldiers"]))


def _order(t: Turn, o: Option) -> tuple[Any, ...]:
    """Real recruits before passing, to a card before a Rest Zone, where the most Shame is spared."""
    unit = o.args.get("unit", "")
    guard = unguarded(t, o.args["sec"], unit) if ".atk." in o.id and unit != "archer" else 0
    return o.id == "pass", ".rest." in o.id, -guard, unit == "horseman"


def _recruit(t: Turn) -> list[str]:
    """Every recruit slot [ES p.11, Barracks]: the soldier that spares the most breach Shame first."""
    def ordered(options: list[Option]) -> list[Option]:
        t.rng.shuffle(options)
        return bannerman_first(t, sorted(options, key=lambda o: _order(t, o)))  # [IT GK]
    return t.recruits(ordered)


def _target(t: Turn) -> list[str]:
    """A soldier's card [ES p.10]: one without our soldier first (it spares a breach Shame), then the
    most rewards, then the nearest row; an archer's shot as the normal seat aims it."""
    sec, unit = int(t.prompt.args["sec"]), t.prompt.args["unit"]
    hordes = t.view["sections"][sec]["hordes"]

    def key(o: Option) -> tuple[Any, ...]:
        row = int(o.args.get("row", 1)) - 1
        bare = unit != "archer" and row < len(hordes) and all(s["seat"] != t.seat for s in hordes[row]["soldiers"])
        return bare, len(o.args.get("rewards", [])), -row, t.rng.below(8)

    return [max(t.prompt.options, key=key).id]


GUARD_PICKS: dict[str, Pick] = {"recruit": _recruit, "target": _target}
