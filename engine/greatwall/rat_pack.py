"""The Rat expansion's own cards (data/rat.toml) [IT Rat; fact sheet §13.4]: the 5 Rat cards, each
naming who moves the Rat. Its Artifacts use the base vocabulary and are read by
engine/greatwall/pack.py beside the base ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall.pack_fields import read_items

# A Rat card's condition: public counts only [IT Rat, "Carte Ratto"].
RAT_METRICS = {"honor", "soldiers", "hordes", "walls", "clerks"}


@dataclass(frozen=True)
class RatCard:
    """A Rat card: the player with the most (or least) of ``metric`` moves the Rat [IT Rat]."""

    id: str
    name: str
    most: bool
    metric: str


def read_rat_cards(file: str, data: dict[str, Any]) -> dict[str, RatCard]:
    out = {}
    for f in read_items(data, "rat_cards", file, 5):  # 5 Rat cards [IT Rat, components]
        condition = f.get("condition", dict)
        if len(condition) != 1 or next(iter(condition)) not in ("most", "least") \
                or next(iter(condition.values())) not in RAT_METRICS:
            raise f.fail("condition", f"expected most or least of one of {', '.join(sorted(RAT_METRICS))}")
        (sense, metric), = condition.items()
        rid = f.get("id", str)
        out[rid] = RatCard(rid, f.get("name", str), sense == "most", metric)
    return out
