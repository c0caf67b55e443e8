"""What one seat (or a spectator, seat None) may know: the single gate for hidden information.

Hidden: programmed orders until the reveal, census counts until the reveal, everything behind a
screen (units, gold, unplaced bards and stories) and the Bastion's bards.
"""

from __future__ import annotations

from typing import Any

from engine.core.game import View
from engine.xidit.pack import XiditPack
from engine.xidit.state import Player, State


def make_view(state: State, pack: XiditPack, seat: int | None) -> View:
    view: View = {
        "game": "xidit", "year": state.year, "years": state.years,
        "census_years": list(state.census_years), "phase": state.phase,
        "round": state.round if state.phase == "resolve" else None,
        "first": state.first, "order": state.play_order(),
        "players": [_player(state, s, p) for s, p in enumerate(state.players)],
        "board": {str(c): _tile(t.tile, t.side, t.units) for c, t in sorted(state.board.items())},
        "next_recruit": state.next_recruit, "next_threat": state.next_threat,
        "piles": {"recruit": len(state.recruit_pile), "threat": len(state.threat_pile),
                  "recruit_discard": len(state.recruit_discard),
                  "threat_discard": len(state.threat_discard)},
        "titans": [_titans(pack, stack, icons) for stack, icons in
                   zip(state.titans, (3, 4, 5), strict=True)],
        "barracks": dict(state.barracks),
        "bards": {r: {str(s): n for s, n in sorted(c.items())} for r, c in sorted(state.bards.items())
                  if c},
        "guilds": {str(c): {"owner": g.owner, "height": g.height}
                   for c, g in sorted(state.guilds.items())},
        "assessments": list(state.assessment_order),
        "eliminated": [{"assessment": a.kind, "seats": list(a.eliminated)}
                       for a in state.assessments],
        "census": _census(state),
        "winner": next((s for s, p in enumerate(state.players) if not p.out), None)
        if state.phase == "over" else None,
    }
    if seat is not None:
        view["me"] = _private(state, seat)
    return view


def _tile(tile: int, side: str, units: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"tile": tile, "side": side}
    if side == "recruit":
        out["units"] = list(units)
    return out


def _titans(pack: XiditPack, stack: list[Any], icons: int) -> dict[str, Any]:
    top = {"id": stack[-1].id, "raging": stack[-1].raging} if stack else None
    return {"icons": icons, "size": len(stack), "top": top}


def _player(state: State, seat: int, p: Player) -> dict[str, Any]:
    revealed = state.phase != "program"  # orders are public from the reveal to the year's end
    scores = ({a.kind: a.values[seat] for a in state.assessments} if state.assessments else None)
    return {
        "seat": seat, "city": p.city,
        "stories_on_board": sum(g.height for g in state.guilds.values() if g.owner == seat),
        "bards_on_board": sum(c.get(seat, 0) for c in state.bards.values()),
        "locked": p.orders is not None if state.phase == "program" else None,
        "out": p.out,
        "orders": list(p.orders) if revealed and p.orders is not None else None,
        "done": p.done, "scores": scores,
    }


def _census(state: State) -> dict[str, Any] | None:
    if state.census is None:
        return None
    return {"unit": state.census.unit,
            "locked": sorted(state.census.shown),
            "history": [{str(s): n for s, n in sorted(h.items())} for h in state.census.history]}


def _private(state: State, seat: int) -> dict[str, Any]:
    p = state.players[seat]
    me: dict[str, Any] = {
        "seat": seat, "units": dict(p.units), "gold": p.gold, "bards_left": p.bards_left,
        "bastion": p.bastion, "stories_left": p.stories_left,
        "waiting_stories": p.waiting_stories, "orders": list(p.orders) if p.orders else None,
        "recruited_in": list(p.recruited_in), "cleared_in": list(p.cleared_in),
    }
    if state.census is not None and seat in state.census.shown:
        me["census_shown"] = state.census.shown[seat]
    return me
