"""The Great Wall seat AIs and the Genghis Khan expansion [IT GK; fact sheet §13.1].

Every level answers every decision the expansion adds (tests/scenarios/test_greatwall_khan.py,
test_greatwall_rat.py and test_greatwall_khan_ai.py hold each to a legal answer):
- the Khan's wound (``khan_wound``), the Bannerman's Winter attack (``banner_attack``), the Rat's
  placement and move (``rat_place``, ``rat_move``): normal and hard take the prompt's preselection
  (the most spots, a working Skill first; both free attacks; the Location with most of our Clerks),
  which is what a careful player picks; random and easy answer at random as they do everywhere;
- recruiting the Bannerman (this module): normal and hard recruit it as soon as they can pay for it.

Why the Bannerman first: each player has one [IT GK, "Portabandiera"]; it fights as a Spearman and,
while it stands in a Section, gives its owner 2 free attacks there at the start of every Winter,
before the archers fire. The earlier it is out, the more Winters it serves; its cost (2 Gold + 1
Wood, or 2 Stone + 1 Wood by conflict C3) is paid once. Where: the Section where we already have the
most Soldiers resting (they are the 2 attackers it lends its attacks to), then the most threatened one
(Horde power over Defence), as an attack where a Horde allows it (it fights at once and still counts
for the Winter), else to the Rest Zone.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.ai.greatwall_turn import Turn
from engine.core.prompt import Option
from engine.greatwall import khan as khan_rules
from engine.greatwall.flow import Ctx

BANNERMAN = "bannerman"  # engine/greatwall/bannermen.py; the AI reads only the view and the prompt


def bannerman_first(t: Turn, options: list[Option]) -> list[Option]:
    """``options`` (one recruit slot's) with our preferred Bannerman recruit first, when the
    Bannerman is still in our free reserve and we can pay for it; else unchanged."""
    ours = [o for o in options if o.args.get("unit") == BANNERMAN]
    free = t.player["reserve"].get(BANNERMAN, 0) - t.player["shamed"].get(BANNERMAN, 0)
    if not ours or free <= 0 or not t.affordable(ours[0].args.get("cost", {})):
        return options
    best = max(ours, key=lambda o: (_resting(t, o.args["sec"]), _threat(t, o.args["sec"]), ".atk." in o.id,
                                    -ours.index(o)))
    return [best, *(o for o in options if o is not best)]


def _resting(t: Turn, sec: int) -> int:
    return sum(t.view["sections"][sec]["rest"].get(str(t.seat), {}).values())


def _threat(t: Turn, sec: int) -> int:
    section = t.view["sections"][sec]
    return int(section["power"]) - int(section["defence"])


def wound_honor(free: int, units: Iterable[str]) -> int:
    """The Honor the claimant of a defeated Horde earns by sending its best surviving soldier of
    ``units`` onto the Khan or a Skill: 6 a spot, a Spearman 1 and a Horseman 2, never more than the
    ``free`` active spots left (0 once he is defeated or without him) [IT GK, "Ferire Genghis Khan"]."""
    if free <= 0:
        return 0
    return khan_rules.SPOT_HONOR * min(free, max((khan_rules.WOUNDERS.get(u, 0) for u in units), default=0))


def free_shown(t: Turn) -> int:
    """The Khan's and his Skills' uncovered active spots as the table shows them (0 once he is defeated)."""
    panel = t.view.get("khan")
    return 0 if not panel or panel["defeated"] else sum(int(c["free"]) for c in panel["cards"])


def free_left(ctx: Ctx) -> int:
    """The same read from the game state (the search's playouts)."""
    if ctx.state.khan is None or ctx.state.khan.defeated:
        return 0
    return sum(len(khan_rules.free_spots(ctx, sheet.id)) for sheet in khan_rules.sheets(ctx))
