"""The co-op survival scenarios' team play [IT AC, "L'Assedio di Diaoyucheng" and "La Rivolta dei
Turbanti Rossi"] (engine/greatwall/chronicles/survival.py): the table wins by lasting to the last
Year, with no Demands to meet. What a careful team does differently from base co-op:

- Every Raid boxes a Shame per player [ES p.7] (and in the Siege adds a token beside the Fortress
  [IT AC, "Razzie"]), and the team loses when the supply is due empty [IT AC]: a Raid comes when a
  new Horde finds its Section full [ES p.8]. So in the Siege the team's resources go into soldiers
  that defeat Hordes, not into Honor: a donation buys 2 Honor a resource [ES p.11], and Honor only
  buys back a Shame token given to a player (10 Honor [ES p.19]), never the ones a Raid boxes. (With
  the Red Turbans Honor also hires a Clerk back [IT AC, "Reddito del Sorvegliante"]: there the team
  donates as in base co-op. Measured, a table of hard seats, seeds 60..119: the Siege without
  donations 2p 0.47 -> 0.48, 3p 0.67 -> 0.78; the Red Turbans without them did worse, 2p 0.27 -> 0.17, 3p 0.63 -> 0.43.)
- A Horde falls once every Vital spot is covered [ES p.10]: an archer on a Firing spot wounds one
  spot every Winter for the rest of the game [ES p.9, p.12], so archers go to the Wall's Firing spots
  first, then horsemen (two spots at once), then spearmen, where the Section is fullest. Measured
  (seeds 60..119, hard tables; base co-op's order put horsemen and spearmen first for the claims a
  Demand asks): Siege 2p 0.28 -> 0.48, 3p 0.63 -> 0.78; Red Turbans 2p 0.27 -> 0.65, 3p 0.63 -> 0.73,
  4p 0.95 -> 1.00. In the Siege the Fortress's archers come from the Barracks only when its
  Defence needs them (``_siege_barracks``).

These picks replace the team's (engine/ai/greatwall_team.py ``TEAM_PICKS``) only at a survival
scenario's table (the view shows the Fortress or the Red Turbans' card).
"""

from __future__ import annotations

from engine.ai.greatwall_siege import NORMAL, SIEGE_PICKS, defence_short
from engine.ai.greatwall_turn import Pick, Turn
from engine.core.game import View
from engine.core.prompt import Option


def danger(t: Turn, sec: int) -> tuple[int, int]:
    """How soon a Section brings a Raid: the fullest first, then the Horde nearest defeat."""
    hordes = t.view["sections"][sec]["hordes"]
    return len(hordes), -min((len(h["free"]) for h in hordes), default=99)


def survival(view: View) -> bool:
    """A co-op survival scenario's table: the Siege's Fortress or the Red Turbans' card is shown."""
    return bool(view.get("siege") or view.get("turban"))


def _donate(t: Turn) -> list[str]:
    """Production step 3 [ES p.11]: keep the resource for soldiers (see the module's reasons)."""
    ids = [o.id for o in t.prompt.options]
    if not t.view.get("siege"):
        return ["donate" if "donate" in ids else ids[0]]
    return ["pass" if "pass" in ids else ids[0]]


UNIT_ORDER = ("archer", "horseman", "spearman")


def _recruit(t: Turn) -> list[str]:
    """Recruits attack (never wait in a Rest Zone while a Section has a Horde): archers first (a
    Firing spot wounds every Winter [ES p.12]), then horsemen (two spots [ES p.12]), then spearmen,
    each where the Section is fullest (a fourth Horde there is a Raid [ES p.8]), then the Horde
    nearest defeat."""
    def ordered(options: list[Option]) -> list[Option]:
        return sorted(options, key=lambda o: (o.id == "pass", ".rest." in o.id, _unit(o),
                                              tuple(-d for d in danger(t, o.args.get("sec", 0)))))
    return t.recruits(ordered)


def _unit(o: Option) -> int:
    unit = o.args.get("unit")
    return UNIT_ORDER.index(unit) if unit in UNIT_ORDER else len(UNIT_ORDER)


def _siege_barracks(t: Turn) -> list[str]:
    """An archer recruited into the Fortress cancels one token for one Night and wounds once, then
    goes to a Rest Zone [IT AC, "Fase della Notte"], from where an archer never climbs back to a
    Firing spot [ES p.13]; one recruited to a Firing spot of the Wall wounds every Winter [ES p.9].
    So the Fortress gets recruits only while the coming Nights would bring its Defence to 0
    (engine/ai/greatwall_siege.py ``defence_short``); else the Clerks recruit as usual (``_recruit``).
    Measured (seeds 60..119, hard tables): Siege 2p 0.48 -> 0.77, 3p 0.78 -> 0.93, 4p 1.00."""
    if defence_short(t.view, int(t.view["siege"]["defence"])):
        return SIEGE_PICKS["siege_barracks"](t)
    return [NORMAL] * max(1, t.prompt.slots)


SURVIVAL_PICKS: dict[str, Pick] = {"donate": _donate, "recruit": _recruit, "siege_barracks": _siege_barracks}
