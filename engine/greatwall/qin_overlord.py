"""Qin Jiushao as the Reed clan's Overlord [ES p.17 "Qin Jiushao como Señor Feudal"]: he decides by
his own rules, never by search, and never for his own benefit. Each pick takes the legal answers of
the Reed prompt (engine/greatwall/reed.py) and returns one by his printed priority."""

from __future__ import annotations

from engine.greatwall.flow import Ctx
from engine.greatwall.pack import QIN_TOKENS
from engine.greatwall.qin import invasion_order, spot_order, track_locations

STAY = "skip"


def pick(ctx: Ctx, kind: str, values: list[str]) -> str:
    if kind == "reed_move":
        return _move(ctx, values)
    if kind == "reed_gain":
        return _gain(ctx, values)
    if kind in ("reed_barricade", "reed_attack"):
        return _section_first(ctx, kind, values)
    # reed_place: the lowest free slot, as for his own card [ES p.16]; reed_embassy (ruling): the
    # leftmost queue Advisor, the one the Spring step would discard first.
    return values[0]


def _move(ctx: Ctx, values: list[str]) -> str:
    """Reed Clerks go to the lowest Locations possible: first those standing on Locations he never
    uses, otherwise from higher to lower on his track [ES p.17]. "Lowest" reads his track
    (rightmost first); a Location off his track is below all of it (ruling)."""
    order = track_locations(ctx.state)  # highest first
    unused = [loc for loc in (v.partition("-")[0] for v in values if v != STAY) if loc not in QIN_TOKENS.values()]

    def height(loc: str) -> int:
        return len(order) - order.index(loc) if loc in order else 0

    moves = [v.partition("-") for v in values if v != STAY]
    best = [(src, dst) for src, _, dst in moves if dst in order
            and (src in unused or height(src) > height(dst))]
    if not best:
        return STAY
    src, dst = min(best, key=lambda m: (m[0] not in unused, height(m[1]), -height(m[0])))
    return f"{src}-{dst}"


def _gain(ctx: Ctx, values: list[str]) -> str:
    """A resource for the Warehouse: the one lowest on his track (ruling, by his rule of wanting
    the rightmost resource most) [ES p.16]."""
    track = ctx.state.qin.track if ctx.state.qin else []
    return max(values, key=lambda r: track.index(r) if r in track else -1)


def _section_first(ctx: Ctx, kind: str, values: list[str]) -> str:
    """The Invasion Section first, else the other: his rule for his own Walls and Soldiers
    [ES p.16 rule 6, p.17]; a Reed Spearman covers spots in his order."""
    sections = invasion_order(ctx)
    if kind == "reed_barricade":
        return min(values, key=lambda v: sections.index(int(v[3:])))

    def key(value: str) -> tuple[int, tuple[int, int]]:
        sec, _, spot = value.partition(".")
        return sections.index(int(sec)), spot_order(int(spot))

    return min(values, key=key)
