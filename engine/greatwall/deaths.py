"""Soldier death and saving, after a defeat or in a breach [ES p.10].

In the rules' order: Lethality (plus a horde's ability) says how many of each player's soldiers die
on each card; the owner names which (``casualties``); then every owner may Save dying soldiers for
2 Chi each or with a tactic (``losses``, asked of every seat losing soldiers, so the prompt never
tells what is in a hand); if only some are Saved, the owner names which (``rescue``). A question
with nothing to decide is not asked: all die, or those that may die are all of one kind (alike
soldiers end in the same place whichever is named: a removed soldier's spots keep a wound either way).
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import tactics
from engine.greatwall.abilities import gain, modifier, trigger
from engine.greatwall.flow import Ctx, builder, compose, decision, prompt, refuse, task
from engine.greatwall.pack import UNITS
from engine.greatwall.resources import pay
from engine.greatwall.state import Ask, Claimed, HordeCard, Section, Task

# The careful player's preselection (what the engine chose before the choice became the player's):
# the cheapest soldiers die first, and saving keeps the dearest first.
DEATH_ORDER = ("spearman", "horseman", "archer", "bannerman")  # the one Bannerman last [IT GK]


def to_rest(section: Section, seat: int, unit: str, n: int) -> None:
    zone = section.rest.setdefault(seat, {u: 0 for u in UNITS})
    zone[unit] = zone.get(unit, 0) + n


def dying(ctx: Ctx, card: HordeCard) -> int:
    """How many of each player's soldiers die on ``card``: lethality plus the card's ability."""
    return ctx.lethality() + ctx.pack.hordes[card.card].ability.get("lethality", 0)


def _mine(card: HordeCard, seat: int) -> list[int]:
    return [i for i, s in enumerate(card.soldiers) if s.seat == seat]


def default_victims(ctx: Ctx, card: HordeCard, seat: int) -> list[int]:
    mine = sorted(_mine(card, seat), key=lambda i: DEATH_ORDER.index(card.soldiers[i].unit))
    return mine[:dying(ctx, card)]


def _has_choice(ctx: Ctx, card: HordeCard, seat: int) -> bool:
    mine = _mine(card, seat)
    return len(mine) > dying(ctx, card) and len({card.soldiers[i].unit for i in mine}) > 1


def start(ctx: Ctx, kind: str, sec: int, rows: list[int], **extra: Any) -> None:
    """Begin the deaths of ``kind`` (defeat: one card; breach: every card of the section)."""
    ctx.push({"op": "casualties", "mode": kind, "sec": sec, "rows": rows, "victims": {}, "extra": extra})


@task("casualties")
def _casualties(ctx: Ctx, job: Task) -> None:
    """Name the dying soldiers card by card; then the saving step."""
    rows, victims = list(job["rows"]), {k: list(v) for k, v in job["victims"].items()}
    section = ctx.state.sections[job["sec"]]
    while rows:
        row = rows.pop(0)
        card = section.hordes[row]
        asked = []
        for seat in ctx.state.tea:
            if _has_choice(ctx, card, seat):
                asked.append(seat)
            elif _mine(card, seat):
                victims.setdefault(str(seat), []).extend(f"r{row}.s{i}" for i in default_victims(ctx, card, seat))
        if asked:
            ctx.ask("casualties", asked, mode=job["mode"], sec=job["sec"], row=row, rows=rows,
                    victims=victims, extra=job["extra"])
            return
    _ask_losses(ctx, job["mode"], job["sec"], victims, job["extra"])


@builder("casualties")
def _build_casualties(ctx: Ctx, ask: Ask, seat: int) -> Any:
    card = ctx.state.sections[ask.data["sec"]].hordes[ask.data["row"]]
    n = dying(ctx, card)
    options = [Option(f"s{i}", "gw.opt.casualty", {"unit": card.soldiers[i].unit, "row": ask.data["row"] + 1,
                                                   "spots": card.soldiers[i].spots}) for i in _mine(card, seat)]
    return prompt(ask, seat, "casualties", options, pick_min=n, pick_max=n,
                  args={"n": n, "sec": ask.data["sec"], "row": ask.data["row"] + 1, "mode": ask.data["mode"]},
                  default=tuple(f"s{i}" for i in default_victims(ctx, card, seat)))


@decision("casualties")
def _finish_casualties(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    victims = {k: list(v) for k, v in ask.data["victims"].items()}
    row = ask.data["row"]
    for seat in ask.seats:
        victims.setdefault(str(seat), []).extend(f"r{row}.{v}" for v in ask.answers[seat])
    ctx.push({"op": "casualties", "mode": ask.data["mode"], "sec": ask.data["sec"], "rows": ask.data["rows"],
              "victims": victims, "extra": ask.data["extra"]})


def _ask_losses(ctx: Ctx, kind: str, sec: int, victims: dict[str, list[str]], extra: dict[str, Any]) -> None:
    """Every seat losing soldiers answers (uniformly: also with no Chi and no tactic). In a breach
    every archer in the section's firing spots dies as well [ES p.10 Brecha step 4]."""
    section = ctx.state.sections[sec]
    if kind == "breach":
        for seat in ctx.state.tea:
            archers = section.firing.count(seat)
            if archers:
                victims.setdefault(str(seat), []).extend(f"a{k}" for k in range(archers))
    victims = {s: v for s, v in victims.items() if v}
    # The Reed clan never Saves its soldiers [ES p.15]: only players are asked.
    seats = [s for s in ctx.state.tea_humans() if str(s) in victims]
    if not seats:
        _apply(ctx, {"mode": kind, "sec": sec, "victims": victims, **extra}, {})
        return
    ctx.ask("losses", seats, mode=kind, sec=sec, counts={s: len(v) for s, v in victims.items()},
            victims=victims, **extra)


def save_cost(ctx: Ctx, seat: int) -> int:
    cheaper = modifier(ctx.pack, ctx.state.players[seat], "save_chi")
    return min([ctx.pack.costs["save_chi"], *(a.value for a in cheaper)])


@builder("losses")
def _build_losses(ctx: Ctx, ask: Ask, seat: int) -> Any:
    n = ask.data["counts"][str(seat)]
    cost = save_cost(ctx, seat)
    chi = ctx.state.players[seat].res["chi"]
    saves = [Option(f"save.{k}", "gw.opt.save", {"n": k, "chi": k * cost}) for k in range(n + 1)
             if k * cost <= chi]
    windows = {"losses", "defeat"} if ask.data["mode"] == "defeat" else {"losses"}
    return compose(ask, seat, "losses", [("save", saves), ("tactic", tactics.options(ctx, seat, windows))],
                   args={"n": n, "sec": ask.data["sec"], "mode": ask.data["mode"], "cost": cost})


def _check_losses(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    paid = int(values[0].split(".")[1]) * save_cost(ctx, seat)
    boost = tactics.boost_cost(ctx, seat, values[1]) if len(values) > 1 else {}
    if paid + boost.get("chi", 0) > ctx.state.players[seat].res["chi"]:
        raise refuse("cannot_pay")


@decision("losses", _check_losses)
def _finish_losses(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    saved: dict[str, list[str]] = {}
    asked = []
    for seat in ask.seats:
        values = ask.answers[seat]
        effect = tactics.play(ctx, seat, values[1]) if len(values) > 1 else {}
        chi_saves = int(values[0].split(".")[1])
        pay(ctx.state.players[seat], {"chi": chi_saves * save_cost(ctx, seat)})
        if "gain" in effect:
            gain(ctx, seat, effect["gain"], reason="tactic")
        mine = ask.data["victims"][str(seat)]
        n = min(len(mine), chi_saves + effect.get("save", 0))
        saved[str(seat)] = _default_saves(ctx, ask.data, mine)[:n]
        if 0 < n < len(mine) and len({_unit(ctx, ask.data, v) for v in mine}) > 1:
            asked.append(seat)
    if asked:
        ctx.ask("rescue", asked, **{**ask.data, "saved": saved})
    else:
        _apply(ctx, ask.data, saved)


def _unit(ctx: Ctx, data: dict[str, Any], victim: str) -> str:
    """The unit of a victim id: r<row>.s<index> on a card, a<k> an archer in a firing spot."""
    if victim.startswith("a"):
        return "archer"
    row, _, index = victim.partition(".")
    return str(ctx.state.sections[data["sec"]].hordes[int(row[1:])].soldiers[int(index[1:])].unit)


def _default_saves(ctx: Ctx, data: dict[str, Any], victims: list[str]) -> list[str]:
    return sorted(victims, key=lambda v: -DEATH_ORDER.index(_unit(ctx, data, v)))


@builder("rescue")
def _build_rescue(ctx: Ctx, ask: Ask, seat: int) -> Any:
    section = ctx.state.sections[ask.data["sec"]]
    options = []
    for v in ask.data["victims"][str(seat)]:
        args: dict[str, Any] = {"unit": _unit(ctx, ask.data, v), "row": 0, "spots": []}
        if v.startswith("r"):
            row, _, index = v.partition(".")
            args.update(row=int(row[1:]) + 1, spots=section.hordes[int(row[1:])].soldiers[int(index[1:])].spots)
        options.append(Option(v, "gw.opt.rescue" if v.startswith("r") else "gw.opt.rescue_archer", args))
    n = len(ask.data["saved"][str(seat)])
    return prompt(ask, seat, "rescue", options, pick_min=n, pick_max=n, args={"n": n, "sec": ask.data["sec"]},
                  default=tuple(ask.data["saved"][str(seat)]))


@decision("rescue")
def _finish_rescue(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    saved = {**ask.data["saved"], **{str(seat): list(ask.answers[seat]) for seat in ask.seats}}
    _apply(ctx, ask.data, saved)


def _apply(ctx: Ctx, data: dict[str, Any], saved: dict[str, list[str]]) -> None:
    if data["mode"] == "defeat":
        _after_defeat(ctx, data["sec"], data["row"], data["claimant"], data["victims"], saved)
    else:
        _breach_deaths(ctx, data["sec"], data["victims"], saved)


def _after_defeat(ctx: Ctx, sec: int, row: int, claimant: int | None, victims: dict[str, list[str]],
                  saved: dict[str, list[str]]) -> None:
    """Steps 4–7: deaths, survivors and Saved soldiers to the Rest Zone, the claim, the slide [ES p.10]."""
    state = ctx.state
    section = state.sections[sec]
    card = section.hordes[row]
    killed: dict[int, dict[str, int]] = {}
    survivors: list[str] = []  # the claimant's, in the Rest Zone now
    for i, soldier in enumerate(card.soldiers):
        victim = f"r{row}.s{i}"
        if victim in victims.get(str(soldier.seat), []) and victim not in saved.get(str(soldier.seat), []):
            killed_to_reserve(ctx, soldier.seat, soldier.unit)
            lost = killed.setdefault(soldier.seat, {})
            lost[soldier.unit] = lost.get(soldier.unit, 0) + 1
        elif state.is_automaton(soldier.seat):  # never to a Rest Zone: back to its reserve [ES p.15]
            state.players[soldier.seat].reserve[soldier.unit] += 1
        else:
            to_rest(section, soldier.seat, soldier.unit, 1)
            survivors += [soldier.unit] if soldier.seat == claimant else []
    section.hordes.pop(row)
    if claimant is None:
        state.horde_discard.append(card.card)
    else:
        state.players[claimant].claimed.append(Claimed(card.card))
        for variant in ctx.variants:  # co-op: a Horde's Honor at once [ES p.19, FAQ #3]
            variant.on_claim(ctx, claimant, card.card)
        trigger(ctx, claimant, "claim")
    ctx.emit("deaths", sec=sec, killed={str(s): k for s, k in killed.items()})
    for variant in ctx.variants:  # Genghis Khan: a survivor may wound him [IT GK]
        variant.after_defeat(ctx, claimant, sec, survivors)


def _breach_deaths(ctx: Ctx, sec: int, victims: dict[str, list[str]], saved: dict[str, list[str]]) -> None:
    """All deaths of one breached section happen at once (one triggered event) [ES p.10, p.14]:
    the named soldiers on every card, every archer in the firing spots; removed soldiers leave
    wounds; survivors stay on their cards."""
    state = ctx.state
    section = state.sections[sec]
    for key, mine in victims.items():
        seat = int(key)
        for v in mine:
            unit = _unit(ctx, {"sec": sec}, v)
            if v in saved.get(key, []):
                to_rest(section, seat, unit, 1)
            else:
                killed_to_reserve(ctx, seat, unit)
        section.firing = [s for s in section.firing if s != seat]
    # Off the cards last, highest index first, so every seat's victim ids still point right.
    on_cards = sorted((_row_index(v) for mine in victims.values() for v in mine if v.startswith("r")), reverse=True)
    for row, index in on_cards:
        soldier = section.hordes[row].soldiers.pop(index)
        section.hordes[row].wounds.extend(soldier.spots)
    ctx.emit("breach_losses", sec=sec)


def killed_to_reserve(ctx: Ctx, seat: int, unit: str) -> None:
    """A killed Soldier goes back to its owner's reserve [ES p.10], unless a variant takes it."""
    if not ctx.some(lambda v: v.soldier_killed(ctx, seat, unit)):
        ctx.state.players[seat].reserve[unit] += 1


def _row_index(victim: str) -> tuple[int, int]:
    row, _, index = victim.partition(".")
    return int(row[1:]), int(index[1:])


def upgrade_saved_losses(ctx: Ctx) -> None:
    """A table saved while its ``losses`` decision was open, by the version before owners named
    their dying soldiers, has no victims in the decision: name the ones that version would have
    killed (the default order), so the table plays on exactly as it would have."""
    ask = ctx.state.ask
    if ask is None or ask.kind != "losses" or "victims" in ask.data:
        return
    section = ctx.state.sections[ask.data["sec"]]
    rows = [ask.data["row"]] if ask.data["mode"] == "defeat" else list(range(len(section.hordes)))
    victims: dict[str, list[str]] = {}
    for key in ask.data["counts"]:
        seat = int(key)
        mine = victims.setdefault(key, [])
        for row in rows:
            mine += [f"r{row}.s{i}" for i in default_victims(ctx, section.hordes[row], seat)]
        if ask.data["mode"] == "breach":
            mine += [f"a{k}" for k in range(section.firing.count(seat))]
    ask.data["victims"] = victims
