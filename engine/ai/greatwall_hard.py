"""The "hard" Great Wall seat: it plays for final Honor over the whole game, not for the next
decision. It reads only its own view. Where it has no better idea it defers to the normal heuristic
(engine/ai/greatwall_normal.py).

What it knows that the normal seat does not:
- Keeping command cards in the discard pays 2 Honor per card every Summer [ES p.8]; six cards last
  the whole game, so it takes them back only when its hand would run dry before the end.
- Shame costs 5 Honor per frozen soldier at the end [ES p.15], or the Honor of a claimed card it is
  put on [ES p.7]; 2 Chi discards a token in Summer [ES p.7-8]. So it avoids being alone in a Shame
  Location [ES p.7], keeps Chi to discard Shame, and puts a token on its cheapest claimed card.
- Donating turns 1 resource into 2 Honor [ES p.11], twice the rate of walls and barricades.
- Builds are planned for the Honor they pay plus the breach Shame they spare [ES p.9-10].
- At a table of five, low on the Tea stack, it climbs with the Tea House, which alone moves the stack
  [ES p.14] (engine/ai/greatwall_tea.py).
- Once its Honor track is doomed (the Shame held and to come will take it all [ES p.15]) it stops
  paying for Honor and plays for what the final scoring still counts: the Artifacts and its claimed
  cards (engine/ai/greatwall_doom.py).
"""

from __future__ import annotations

from engine.ai.greatwall_advisors import best_hire, most_icons
from engine.ai.greatwall_doom import advisor_hire, artifact_first, artifact_rate, doomed
from engine.ai.greatwall_draft import hard_draft
from engine.ai.greatwall_great_famine import moving
from engine.ai.greatwall_guard import GUARD_PICKS
from engine.ai.greatwall_normal import embassy_hire, move_by_preference, wanted_order
from engine.ai.greatwall_tea import tea_house_first
from engine.ai.greatwall_turn import Pick, Turn
from engine.core.prompt import Option
from engine.greatwall.resources import build_payment
from engine.greatwall.state import Player

# A build worth this much (Honor plus the Shame it spares) sends a clerk to the Encampment first.
ENCAMPMENT_FIRST = 6.0
# Command cards by what their owner part is worth to us, best first (engine data commands.toml).
COMMAND_ORDER = ("economy", "mobilise", "despotism", "diplomacy", "betrayal", "attack")


def _falls_left(t: Turn) -> int:
    """Falls still to play, this year's included: the game ends on the Time track's last space."""
    return t.years_after() + (1 if t.view["season"] != "fall" else 0)


def _shame_tokens(t: Turn) -> int:
    return sum(int(n) for n in t.player["shamed"].values()) + sum(int(c["shame"]) for c in t.player["claimed"])


# --- Summer and Shame ---------------------------------------------------------------------------

def _summer(t: Turn) -> list[str]:
    """Discard as much Shame as Chi allows (2 Chi saves 5 Honor); keep the cards in the discard for
    Honor unless the hand cannot last until the end. Neither once the track is doomed."""
    doom = doomed(t)
    shame = _shame_discard(t, t.slot(0), doom)
    reclaim = t.slot(1)
    honor = next(o.id for o in reclaim if o.id == "honor")
    take = next(o.id for o in reclaim if o.id == "take")
    return [shame, honor if _keep_discard(t, reclaim[0].args["n"], doom) else take, t.tactic(t.slot(2))]


def _summer_shame(t: Turn) -> list[str]:
    """Summer step 2 alone [ES p.8]: as much Shame as Chi allows, then the best tactic."""
    return [_shame_discard(t, t.slot(0), doomed(t)), t.tactic(t.slot(1))]


def _shame_discard(t: Turn, options: tuple[Option, ...], doom: bool) -> str:
    """As many tokens as Chi pays for (2 Chi spares 5 Honor [ES p.7-8]); none when the Honor they
    would spare is ``doom``-ed anyway (engine/ai/greatwall_doom.py): the Chi counts as a resource."""
    affordable = [o for o in options if o.args["chi"] <= t.res["chi"]]
    shame = min(affordable, key=lambda o: o.args["n"]) if doom else max(affordable, key=lambda o: o.args["n"])
    t.spend({"chi": shame.args["chi"]})
    return shame.id


def _keep_discard(t: Turn, back: int, doom: bool) -> bool:
    """Leave the command cards in the discard for 2 Honor each [ES p.8] unless the hand cannot last
    to the end, or that Honor is ``doom``-ed (engine/ai/greatwall_doom.py)."""
    if back == 0:
        return True
    return len(t.player["hand"]) >= _falls_left(t) and not doom


def _reclaim(t: Turn) -> list[str]:
    """Summer step 4 alone [ES p.8]: Honor for the cards unless the hand cannot last to the end."""
    return ["honor" if _keep_discard(t, t.prompt.options[0].args["n"], doomed(t)) else "take"]


def _shame(t: Turn) -> list[str]:
    """A token on a claimed card costs that card's Honor; under a soldier it costs 5 and freezes the
    soldier [ES p.7, p.15]: pick the cheaper, spearmen (the most plentiful) before other units."""
    ids = [o.id for o in t.prompt.options]
    cards = [i for i in ids if i.startswith("card")]
    units = [u for u in ("spearman", "horseman", "archer") if u in ids]
    if units and doomed(t):  # the track's 5 Honor is lost anyway; the card's Honor is not
        return [units[0]]
    cheapest = min(cards, key=lambda c: t.pack.hordes[t.me["claimed"][int(c[4:])]["card"]].honor, default=None)
    penalty = t.pack.costs["shame_penalty"]
    if cheapest is not None and t.pack.hordes[t.me["claimed"][int(cheapest[4:])]["card"]].honor < penalty:
        return [cheapest]
    return [units[0] if units else cheapest or ids[0]]


# --- Production [ES p.11] ------------------------------------------------------------------------

def _produce(t: Turn) -> list[str]:
    """Upgrade the overseer while there are summers left to repay it, always donate (2 Honor for 1
    resource), then the best tactic the rest pays for."""
    loc = t.prompt.args["loc"]
    resource = t.pack.locations[loc].resource or "wood"
    out = []
    doom = doomed(t)  # read from the view, which the decision does not change
    for i in range(t.prompt.slots - 1):
        ids = [o.id for o in t.slot(i)]
        if "donate" in ids:
            donate = t.res.get(resource, 0) >= 1 and not doom
            out.append("donate" if donate else "pass")
            if donate:
                t.spend({resource: 1})
            continue
        ups = [o for o in t.slot(i) if o.id != "pass" and t.affordable(o.args.get("cost", {}))
               and o.id != "up.horseman" and o.id != "up.archer"]
        spare_chi = t.res["chi"] - (0 if doom else 2 * _shame_tokens(t))
        # A level repays itself over the summers left, or at the end when an Artifact pays for it.
        lasting = _falls_left(t) >= 2 or (doom and artifact_rate(t, "overseer_level") > 0)
        up = ups[0] if ups and lasting else None
        if up is not None and (up.args["cost"].get("chi", 0) <= spare_chi):
            t.spend(up.args["cost"])
            out.append(up.id)
        else:
            out.append("pass")
    out.append(t.tactic(t.slot(t.prompt.slots - 1)))
    return out


def _donate(t: Turn) -> list[str]:
    """Production step 3 [ES p.11]: donate (2 Honor for 1 resource) unless that Honor is doomed; the
    prompt comes only when we hold one."""
    ids = [o.id for o in t.prompt.options]
    return ["donate" if "donate" in ids and not doomed(t) else ("pass" if "pass" in ids else ids[0])]


# --- Clerks [ES p.7] -------------------------------------------------------------------------------

@moving  # the Great Famine's Market when the Food runs short (engine/ai/greatwall_great_famine.py)
def _move(t: Turn) -> list[str]:
    """The normal seat's preferences, less the moves that make us the lone worker of a Shame
    Location [ES p.7]; the Encampment first when a build there spares a breach or raises a wall."""
    return move_by_preference(t, lambda clerks: _wanted(t, clerks))


@moving
def _climb(t: Turn) -> list[str]:
    """The hard Clerk moves with the Tea House first while the seat is low on the Tea stack at a
    table of five (engine/ai/greatwall_tea.py): an answer the hard search weighs beside its own, never
    the rollouts' (rivals that climb in every playout crowd the Tea House the seat wants)."""
    return move_by_preference(t, lambda clerks: (["teahouse"] if tea_house_first(t, clerks) else [])
                              + _wanted(t, clerks))


def _wanted(t: Turn, clerks: dict[str, list[int]]) -> list[str]:
    order = wanted_order(t)
    mine = clerks.get("encampment", []).count(t.seat)
    plan = plan_builds(t, mine + 1, t.build_money())
    if len(plan) > mine and plan[-1][1] >= ENCAMPMENT_FIRST:
        order = ["encampment", *order]
    doom = doomed(t)
    if _shame_tokens(t) * t.pack.costs["shame_discard_chi"] > t.res["chi"] and not doom:
        order = ["temple", *order]
    order = artifact_first(t, order)
    return [loc for loc in order if not _lone_shame(t, clerks, loc)]


def _lone_shame(t: Turn, clerks: dict[str, list[int]], loc: str) -> bool:
    spec = t.pack.locations[loc]
    here = clerks.get(loc, [])
    return spec.regular and spec.shame and len(here) + 1 >= spec.slots and all(s == t.seat for s in here)


def plan_builds(t: Turn, n: int, money: int) -> list[tuple[str, float]]:
    """Up to ``n`` builds ("wall.<sec>" / "bar.<sec>") chosen greedily by value: the Honor they pay
    (a wall level pays its cost, a barricade 2 [ES p.13]) plus the Shame they spare us when they
    lift a section's Defence to the Hordes' power before the Winter assault [ES p.9-10]; nothing
    worth less than 0 (a doomed track's build that costs an Artifact more than it pays)."""
    secs = t.view["sections"]
    walls = [s["wall"] for s in secs]
    bars = [s["barricades"] for s in secs]
    gaps = [s["power"] - s["defence"] for s in secs]
    plan: list[tuple[str, float]] = []
    doom = doomed(t)
    for _ in range(n):
        best: tuple[float, str, int, int] | None = None
        for sec in range(len(secs)):
            for kind in ("wall", "bar"):
                cost, gain = _build_step(t, sec, kind, walls[sec], bars[sec])
                if cost is None or cost > money:
                    continue
                value = _build_value(t, sec, kind, cost, gain, gaps[sec], doom)
                if value >= 0 and (best is None or value > best[0]):
                    best = (value, f"{kind}.{sec}", cost, gain)
        if best is None:
            break
        value, choice, cost, gain = best
        sec = int(choice.partition(".")[2])
        walls[sec] += choice.startswith("wall")
        bars[sec] += choice.startswith("bar")
        gaps[sec] -= gain
        money -= cost
        plan.append((choice, value))
    return plan


def _build_step(t: Turn, sec: int, kind: str, wall: int, bars: int) -> tuple[int | None, int]:
    """(cost, Defence gained) of one more wall level or barricade in ``sec``; cost None if full."""
    hordes = [t.pack.hordes[h["card"]] for h in t.view["sections"][sec]["hordes"]]
    if kind == "wall":
        if wall >= 3:
            return None, 0
        gain = t.pack.walls[wall + 1].defence - t.pack.walls[wall].defence
        if wall == 0:  # some Hordes hit harder while the wall space is empty
            gain += sum(h.ability.get("empty_wall_power", 0) for h in hordes)
        return t.pack.walls[wall + 1].cost, gain
    if bars >= 3:
        return None, 0
    malus = sum(h.ability.get("barricade_malus", 0) for h in hordes)
    return t.pack.costs["barricade"], max(0, t.pack.costs["barricade_defence"] - malus)


def _build_value(t: Turn, sec: int, kind: str, cost: int, gain: int, gap: int, doom: bool) -> float:
    """The Honor a build pays and the breach Shame it spares. Once the track is doomed
    (engine/ai/greatwall_doom.py) only the Artifacts count: what one pays per wall built, less what
    one pays for the resources kept [ES p.15]; where neither is in play the build is worth 0 and is
    still made (the resources have no other use at the end, and the Wall holds for the table)."""
    scroll = float(artifact_rate(t, "wall_built")) if kind == "wall" else 0.0
    if doom:
        return scroll - cost * artifact_rate(t, "resources3") / 3
    honor = float(cost if kind == "wall" else t.pack.costs["barricade_honor"]) + scroll
    if gap < 0 or gain <= 0:
        return honor
    at_risk = _breach_shame(t, sec)
    # Closing the gap spares the whole breach; part of a gap is worth its share of it.
    spared = at_risk if gain > gap else at_risk * gain / (gap + 1) * 0.7
    return honor + spared


def _breach_shame(t: Turn, sec: int) -> float:
    """Honor a breach of ``sec`` would cost us: 1 Shame per card there without our soldier [ES p.10]."""
    cards = t.view["sections"][sec]["hordes"]
    free = sum(1 for c in cards if all(s["seat"] != t.seat for s in c["soldiers"]))
    return float(t.pack.costs["shame_penalty"] * free)


# --- Cards ---------------------------------------------------------------------------------------

def _command(t: Turn) -> list[str]:
    ids = [o.id for o in t.prompt.options]
    rest = any(s["rest"].get(str(t.seat)) and s["hordes"] for s in t.view["sections"])
    order = ("attack", *COMMAND_ORDER) if rest else COMMAND_ORDER
    return [next((c for c in order if c in ids), ids[0])]


def _activate(t: Turn) -> list[str]:
    """Normal activations in the order offered; an Advanced Activation only where we have the most
    clerks (it skips the lone-player Shame [ES p.7])."""
    ids = [o.id for o in t.prompt.options]
    normal = [i for i in ids if not i.startswith("adv.") and i != "done"]
    if normal:
        return [normal[0]]
    clerks = t.view["clerks"]
    advanced = [i for i in ids if i.startswith("adv.") and clerks.get(i[4:], []).count(t.seat) > 0]
    best = max(advanced, key=lambda i: clerks[i[4:]].count(t.seat) * 2 - len(clerks[i[4:]]), default=None)
    return [best] if best is not None else ["done" if "done" in ids else ids[0]]


def _build(t: Turn) -> list[str]:
    """The planned builds, then the best tactic that what they leave behind our screen pays for
    (the Warehouse pays first [ES p.13])."""
    plan = plan_builds(t, t.prompt.slots - 1, t.build_money())
    out = [choice for choice, _ in plan] + ["pass"] * (t.prompt.slots - 1 - len(plan))
    spent = 0
    walls = [s["wall"] for s in t.view["sections"]]
    for v in out:
        kind, _, sec = v.partition(".")
        if kind == "wall":
            walls[int(sec)] += 1
            spent += t.pack.walls[walls[int(sec)]].cost
        elif kind == "bar":
            spent += t.pack.costs["barricade"]
    paid = build_payment(dict(t.prompt.args["warehouse"]), Player(res=dict(t.res)), spent)
    for r, n in (paid[1] if paid else {}).items():
        t.res[r] -= n
    last = t.slot(t.prompt.slots - 1)
    return [*out, t.tactic(last) if spent else last[0].id]


def _embassy(t: Turn) -> list[str]:
    """An Advisor when an Artifact pays for it (engine/ai/greatwall_doom.py); else the normal seat's kind
    of hire, with the Advisor worth the most to us rather than one at random
    (engine/ai/greatwall_advisors.py)."""
    doom = doomed(t)
    hire = advisor_hire(t, doom)
    if hire is not None:
        return [hire]
    return embassy_hire(t, lambda supports: most_icons(t, supports), lambda actives: best_hire(t, actives, doom))


HARD_PICKS: dict[str, Pick] = {
    "draft": hard_draft, "summer": _summer, "summer_shame": _summer_shame, "reclaim": _reclaim, "shame": _shame,
    "produce": _produce, "upgrade": _produce, "donate": _donate,
    "move": _move, "team_move": _move, "command": _command,
    "activate": _activate, "build": _build, "embassy": _embassy, **GUARD_PICKS,
}
# The hard search's climbing candidate (engine/ai/greatwall.py ``hard_search``): its Clerk moves.
CLIMB_PICKS: dict[str, Pick] = {"move": _climb}
