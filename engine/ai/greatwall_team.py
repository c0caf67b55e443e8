"""The co-op team's outcome as the hard seats' search weighs it (engine/ai/greatwall_search.py
``value``): the whole table wins by fulfilling the Demand target and loses together when the Shame
supply runs dry or time runs out [ES p.18–19]. Besides the Demands already met, a position is worth
how close the table stands to paying each Demand still on the board — so partners keep what a
Demand asks for rather than spend it, and the search sees a Demand coming before the Winter it is
paid in — and how far the Shame supply stands from what the next Demand step takes from it.

Only what is on the board counts, never a seat's hidden supply: the search calls this on its own
sampled worlds (greatwall_world.py), where every hidden value is redrawn from what the seat may know.

The hard seat's own answers at a co-op table (``TEAM_PICKS``, used by engine/ai/greatwall.py before
the hard heuristic's) read its view alone: what it keeps back for the Demands (``kept_for_demands``),
a new Shame token bought back with spare Honor, recruits and attacks where a Raid is coming and on
the Horde nearest defeat, claims left to the partners without a Horde, and a first clerk sent where
the team needs it (the Siege's Fortress and the Red Turbans' Breaches included).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.ai.greatwall_hard import HARD_PICKS
from engine.ai.greatwall_normal import move_by_preference
from engine.ai.greatwall_siege import fortress_wants
from engine.ai.greatwall_survival import SURVIVAL_PICKS, survival
from engine.ai.greatwall_turban import TURBAN_TEAM_PICKS
from engine.ai.greatwall_turn import Pick, Turn
from engine.core.game import View
from engine.core.prompt import Option
from engine.greatwall.coop import active_slots
from engine.greatwall.demands import demand, need_count
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import Demand, GreatWallPack
from engine.greatwall.state import Player, State

# Weights against the search's scale (a Demand met is worth 10, a won game 100): a Demand fully
# within reach is worth a good part of one met; Shame due beyond the supply is a loss in the making.
READY = 4.0
# How many partners keep back the whole of a "one player" Demand, by table size (else every player).
# Measured with a table of hard seats (bench/ai_strength.py tables, seeds 0..59 at 3-4p, 0..29 at
# 2/5p), one saver / two / every player: 3p 0.52 / 0.67 / 0.62, 4p 0.55 / 0.68 / 0.80, 5p (0..29)
# 0.27 / - / 0.63. A Demand left unpaid hands every player a Shame each Winter [ES p.18]; where
# several partners hold what it asks, whoever pays first meets it. At 3 players the Shame supply is
# what runs out (a saver is a seat that recruits less), so two partners save there.
ONE_SAVERS = {3: 2}
DANGER = 1.5


def team_progress(ctx: Ctx, state: State) -> float:
    """How near the table is to its next Demands, and how safe its Shame supply is."""
    active = [d for d in state.demands[:active_slots(state)] if d is not None]
    ready = sum(readiness(ctx, state, demand(ctx, d)) for d in active)
    due = len(active) * len(state.humans())  # the Shame the next Demand step hands out [ES p.18]
    short = max(0, due - state.shame_supply)
    return READY * ready - DANGER * short


def kept_for_demands(pack: GreatWallPack, view: View, seat: int) -> dict[str, int]:
    """What the hard seat keeps back from spending for the Demands on the board that are paid in
    resources or Honor: its own share of each "all players" Demand, and the whole of a "one player"
    Demand the team's convention gives it. The convention reads only public facts — the Demand at slot
    i falls to the i-th player in Tea order and the next ``ONE_SAVERS`` - 1 after it — so every
    partner knows who saves for which Demand without seeing anyone's screen [ES p.5]."""
    panel = view.get("coop")
    if not panel:
        return {}
    players = [s for s in view["tea"] if s < view["seats"]]
    kept: dict[str, int] = {}
    for i, did in enumerate(panel["demands"]):
        if did is None:
            continue
        asked = pack.demands[did].with_x(view["seats"])  # "X": the player count (coop.x_value)
        count = ONE_SAVERS.get(len(players), len(players))
        savers = {players[(i + k) % len(players)] for k in range(count)} if players else set()
        if asked.who == "all" or (asked.who == "one" and seat in savers):
            for key, n in asked.pay.items():
                kept[key] = kept.get(key, 0) + n
    return kept


def readiness(ctx: Ctx, state: State, asked: Demand) -> float:
    """0..1: how much of the Demand the table could meet now. "All players": every player's share
    (the weakest one counts most); "one": the best-placed player; "team": the board's sum."""
    seats = state.humans()  # never the Reed clan (FAQ #38)
    if asked.need:
        if asked.who == "team":
            return _mean(min(1.0, sum(need_count(state, s, k) for s in seats) / max(n, 1))
                         for k, n in asked.need.items())
        shares = [_mean(min(1.0, need_count(state, s, k) / max(n, 1)) for k, n in asked.need.items()) for s in seats]
    else:
        cost = {**asked.pay, **{f"unit.{u}": n for u, n in asked.sacrifice.items()}}
        shares = [_share(state.players[s], cost) for s in seats]
    if not shares:
        return 0.0
    return min(shares) * 0.5 + _mean(shares) * 0.5 if asked.who == "all" else max(shares)


def _share(player: Player, cost: dict[str, int]) -> float:
    """The part of ``cost`` the player holds (resources and Honor, soldiers free of Shame in reserve)."""
    parts = []
    for key, n in cost.items():
        if key.startswith("unit."):
            have = player.reserve[key[5:]] - player.shamed[key[5:]]
        else:
            have = player.honor if key == "honor" else player.res[key]
        parts.append(min(1.0, max(have, 0) / max(n, 1)))
    return _mean(parts)


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0


# --- The team's answers where co-op changes what a careful player does ------------------------------

BUY_BACK = "honor"  # engine/greatwall/shame.py: the new token straight back to the supply


def _shame(t: Turn) -> list[str]:
    """A new Shame token in co-op may go straight back to the supply for 10 Honor [ES p.19], the same
    price as the Summer discard; and the team loses the moment a token is due from an empty supply
    [ES p.19]. Honor buys nothing else in co-op but the Demands that ask for it, so the seat pays
    at once whenever the Honor it keeps back for those (``keep_back``: ``t.honor`` is already net of
    it) allows; a token under a soldier would also freeze that soldier for a Sacrifice Demand."""
    ids = [o.id for o in t.prompt.options]
    back = next((o for o in t.prompt.options if o.id == BUY_BACK), None)
    if back is not None and t.honor >= int(back.args.get("honor", 0)):
        return [BUY_BACK]
    for unit in ("spearman", "archer", "horseman"):
        if unit in ids:
            return [unit]
    return [next((i for i in ids if i != BUY_BACK), ids[0])]


def _danger(t: Turn, sec: int) -> tuple[int, int]:
    """How soon a Section costs the team Shame: a fourth Horde due there is a Raid, one Shame per
    player into the box [ES p.7]; so the fullest Section first, then the Horde nearest defeat."""
    hordes = t.view["sections"][sec]["hordes"]
    return len(hordes), -min((len(h["free"]) for h in hordes), default=99)


def _recruit(t: Turn) -> list[str]:
    """Recruits attack where a Raid is coming (``_danger``), never wait in a Rest Zone while a
    Section has a Horde to fight; the prompt's tactic as the normal seat plays it."""
    units = _unit_order(t)

    def ordered(options: list[Option]) -> list[Option]:
        return sorted(options, key=lambda o: (o.id == "pass", ".rest." in o.id,
                                              tuple(-d for d in _danger(t, o.args.get("sec", 0))),
                                              units.index(o.args.get("unit", "archer"))
                                              if o.args.get("unit") in units else len(units)))
    return t.recruits(ordered)


def _claims(t: Turn) -> list[int]:
    """Hordes each player has claimed (public: the cards lie before their screens [ES p.10])."""
    return [len(t.view["players"][s].get("claimed", ())) for s in _players(t)]


def _players(t: Turn) -> list[int]:
    return [s for s in t.view["tea"] if s < t.view["seats"]]


def _needy(t: Turn, seat: int) -> bool:
    """A player with fewer claimed Hordes than anyone else at the table (the "Taunt Them" Demand
    asks each player for one)."""
    claims = dict(zip(_players(t), _claims(t), strict=True))
    return claims.get(seat, 0) <= min(claims.values(), default=0)


def _unit_order(t: Turn) -> list[str]:
    """The claimant of a defeated Horde is whoever covers most of it with soldiers; Wounds claim
    nothing [ES p.10]. A seat behind in claims sends horsemen and spearmen (they claim); one ahead
    wounds with archers, so the claims fall to the partners who still need one."""
    if _needy(t, t.seat):
        return ["horseman", "spearman", "archer"]
    return ["archer", "horseman", "spearman"]


def _target(t: Turn) -> list[str]:
    """Focus the attack: the Horde with the fewest uncovered Vital spots falls first (a Horde is
    defeated only once every spot is covered [ES p.10]); a seat that has claimed no Horde yet
    prefers one where its soldiers would lead the claim ("Taunt Them": every player a Horde)."""
    sec = t.prompt.args["sec"]
    hordes = t.view["sections"][sec]["hordes"]

    def score(o: Any) -> tuple[int, int, int]:
        row = int(o.args.get("row", 1)) - 1
        horde = hordes[row] if row < len(hordes) else {"free": [], "soldiers": []}
        lead = _lead(t, horde, len(o.args.get("spots", [])) if t.prompt.args.get("unit") != "archer" else 0)
        return (len(horde["free"]) - len(o.args.get("spots", [])), -lead, -len(o.args.get("rewards", [])))
    return [min(t.prompt.options, key=score).id]


def _lead(t: Turn, horde: dict[str, Any], adding: int) -> int:
    """1 when the claim of ``horde`` would go where the team wants it after we add ``adding`` spots:
    to us if we are behind in claims, else to a partner behind in claims (or to nobody's loss)."""
    spots: dict[int, int] = {}
    for x in horde["soldiers"]:
        spots[x["seat"]] = spots.get(x["seat"], 0) + len(x["spots"])
    spots[t.seat] = spots.get(t.seat, 0) + adding
    leader = max(spots, key=lambda s: (spots[s], -_players(t).index(s) if s in _players(t) else 0))
    if _needy(t, t.seat):
        return 1 if leader == t.seat else 0
    return 1 if _needy(t, leader) or not adding else 0


def _move(t: Turn) -> list[str]:
    """The hard seat's clerk plan, but its first clerk goes where the team needs it
    (``_needed_locations``, most urgent first): the Red Turbans' Encampment while a Breach looms, the
    Siege's Fortress needs, the Barracks when a Raid threatens and a recruit is payable (a Raid
    boxes a Shame per player [ES p.7], and only a Horde defeated makes room), else the Production
    Location whose resource a Demand this seat keeps back for is short of (a Demand is paid whole in
    the Winter or it hands out Shame [ES p.18-19]), the shortest resource first."""
    plan = HARD_PICKS["move"](t)
    wanted = _needed_locations(t)
    if not wanted:
        return plan
    first = move_by_preference(t, lambda clerks: wanted)
    # Only the first clerk changes: the rest keep the hard plan (its Encampment and Temple needs).
    if len(first) >= 2 and first[1] != "skip" and len(plan) >= 2 and first[1] not in plan[3::2]:
        return [*first[:2], *plan[2:]]
    return plan


def _needed_locations(t: Turn) -> list[str]:
    out = ["encampment"] if _breach_threat(t) else []
    out += fortress_wants(t)  # the Siege of Diaoyucheng's Fortress [IT AC]
    if _raid_threat(t) and _can_recruit(t):
        out.append("barracks")
    kept = kept_for_demands(t.pack, t.view, t.seat)
    short = {r: n - int(t.me["res"].get(r, 0)) for r, n in kept.items() if r in t.me["res"]}
    out += [loc for r, n in sorted(short.items(), key=lambda kv: -kv[1]) if n > 0
            for loc, spec in t.pack.locations.items() if spec.resource == r and spec.regular]
    return out


def _breach_threat(t: Turn) -> bool:
    """The Red Turbans: a Section whose Hordes' power beats its Defence breaches at the Winter
    Assault [ES p.9-10], which loses the game at once [IT AC]; and we hold what a Barricade costs.
    (In base co-op a Breach's Shame weighed less than the Raids: sending this clerk there too lost
    3p 0.67 -> 0.53, seeds 0..59.)"""
    if not t.view.get("turban"):
        return False
    open_gap = any(int(s["power"]) > int(s["defence"]) for s in t.view["sections"])
    return open_gap and t.build_money() >= t.pack.costs["barricade"]


RAID_NEAR = 2  # Hordes in a Section from which the next Spring may bring a Raid


def _raid_threat(t: Turn) -> bool:
    return any(len(s["hordes"]) >= RAID_NEAR for s in t.view["sections"])


def _can_recruit(t: Turn) -> bool:
    """A soldier of some kind is in the reserve free of Shame and its cost is in the running budget."""
    free = {u: t.player["reserve"][u] - t.player["shamed"][u] for u in t.player["reserve"]}
    return any(free.get(u, 0) > 0 and t.affordable(cost) for u, cost in t.pack.recruit.items())


TEAM_PICKS: dict[str, Pick] = {"shame": _shame, "recruit": _recruit, "target": _target, "move": _move,
                               **TURBAN_TEAM_PICKS}


def team_pick(kind: str, view: View) -> Pick | None:
    """The team's answer to a decision of ``kind``, where co-op changes it: a survival scenario's
    own first (engine/ai/greatwall_survival.py), else base co-op's."""
    if survival(view) and kind in SURVIVAL_PICKS:
        return SURVIVAL_PICKS[kind]
    return TEAM_PICKS.get(kind)
