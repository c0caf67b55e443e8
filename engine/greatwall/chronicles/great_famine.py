"""La Grande Carestia, a competitive scenario [IT AC, "La Grande Carestia"; fact sheet §13.2]: the
Market, the Food track under one shared cap (the Wound token), Breaches and Raids lowering the cap
instead of Shame, and Winter's Consumption. Its variant (which hooks call these) is
engine/greatwall/variants/great_famine.py; its numbers are data/chronicles/great_famine.toml.

Rulings (README, "Ancient Chronicles"):
- The Market is a Special Location (any number of Clerks; it activates with one), no lone-player
  Shame icon (the text names none). Each Clerk there buys 2 Food for Gold equal to the Lethality now;
  the player says how many of their Clerks buy. Food above the cap is lost ("Un Commesso non può mai
  essere più in alto del segnalino Ferita").
- Each player's Food marker is one of their own Clerks ("usa uno dei propri Commessi"): taken from the
  reserve at setup, it stays on the scenario card. It is not "on the board", so it eats nothing.
- A Breach lowers the cap by 1 per Horde card in the breached Section (every card there "fa Breccia");
  a Raid by 1 (its one card). Nobody takes or boxes Shame for either.
- Consumption: the pieces "sul tabellone" are the Clerks on Locations (not those still on the board's
  Clerk space: nobody has hired them yet), the Overseers, and every Soldier on a Horde card, in a
  firing spot or in a Rest Zone. Each player chooses which pieces go unfed (at least as many as the
  Food lacks; more if they wish: "Se non potete o non volete nutrire"); an unfed Overseer's Soldier
  and an unfed Soldier go to the reserve, an unfed Clerk to the reserve. Asked whenever a player has
  a piece to feed (the Food is public, so nothing hidden is shown by it).
- The cap at 5 or less ends the game at once and every player loses: the table records it as a game
  nobody won (no winner, every seat sharing the last place; the final scoring is still counted, for
  the record only).
"""

from __future__ import annotations

from typing import Any

from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.chronicles.great_famine_pack import GreatFamine
from engine.greatwall.flow import RULES, Ctx, builder, decision, prompt, task
from engine.greatwall.pack import Location
from engine.greatwall.seasons import _final_scoring as final_scoring
from engine.greatwall.state import Ask, State, Task

NAME = "great_famine"
MARKET = "market"
SPEC = Location(MARKET, regular=False, slots=0, shame=False, resource=None)
END = "famine"
guard = RULES.guard


def numbers(ctx: Ctx) -> GreatFamine:
    found: GreatFamine = ctx.pack.scenarios[NAME]
    return found


def at_table(state: State) -> bool:
    """Whether this table plays La Grande Carestia (its card is the table's chronicle)."""
    return state.chronicle is not None and state.chronicle.get("scenario") == NAME


def card(state: State) -> dict[str, Any]:
    assert state.chronicle is not None, "La Grande Carestia is not played at this table"
    return state.chronicle


def setup(ctx: Ctx) -> None:
    """The Wound token on the cap's space; each player's Food marker (one of their Clerks) at its start."""
    n = numbers(ctx)
    for seat in ctx.state.humans():
        ctx.state.players[seat].clerks -= 1
    ctx.state.chronicle = {"scenario": NAME, "cap": n.cap, "food": {str(s): n.food for s in ctx.state.humans()},
                           "clerks": {str(s): 1 for s in ctx.state.humans()}}


def food(state: State, seat: int) -> int:
    return int(card(state)["food"][str(seat)])


def _set_food(state: State, seat: int, value: int) -> None:
    card(state)["food"][str(seat)] = max(0, min(value, card(state)["cap"]))


# --- The Market [IT AC, "Mercato"] ------------------------------------------------------------------

def market_steps(present: list[int], here: list[int]) -> list[Task]:
    return [{"op": "gf_market", "seat": s, "n": here.count(s)} for s in present]


@task("gf_market")
def _gf_market(ctx: Ctx, job: Task) -> None:
    ctx.ask("gf_market", [job["seat"]], n=job["n"])


def _useful(ctx: Ctx, seat: int) -> int:
    """Purchases that still raise the Food (the rest would be over the cap)."""
    room = int(card(ctx.state)["cap"]) - food(ctx.state, seat)
    return -(-room // numbers(ctx).market_food)


@builder("gf_market")
def _build_market(ctx: Ctx, ask: Ask, seat: int) -> Any:
    price = ctx.lethality()
    gold = ctx.state.players[seat].res["gold"]
    top = min(ask.data["n"], gold // price if price else ask.data["n"])
    options = [Option(f"buy.{k}", "gw.opt.gf_buy", {"n": k, "gold": k * price, "food": k * numbers(ctx).market_food})
               for k in range(top + 1)]
    default = f"buy.{min(top, max(0, _useful(ctx, seat)))}"
    return prompt(ask, seat, "gf_market", options, default=(default,),
                  args={"n": ask.data["n"], "gold": price, "food": food(ctx.state, seat)})


@decision("gf_market")
def _finish_market(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    k = int(answers[seat][0][4:])
    if not k:
        return
    price = ctx.lethality()
    ctx.state.players[seat].res["gold"] -= k * price
    _set_food(ctx.state, seat, food(ctx.state, seat) + k * numbers(ctx).market_food)
    ctx.emit("gf_bought", seat=seat, n=k, gold=k * price, food=food(ctx.state, seat))


# --- Breaches and Raids [IT AC, "Breccia e Razzia"] ---------------------------------------------------

def lower_cap(ctx: Ctx, cards: int, sec: int) -> None:
    """The Wound token goes down 1 per Horde card; every Food marker above it comes down to it; at
    5 or less the game ends at once and everyone loses."""
    state = ctx.state
    chronicle = card(state)
    chronicle["cap"] = max(0, chronicle["cap"] - cards)
    for seat in state.humans():
        _set_food(state, seat, food(state, seat))
    ctx.emit("gf_cap", sec=sec, n=cards, cap=chronicle["cap"])


@guard
def famine(ctx: Ctx) -> None:
    """The cap at 5 or less: the game ends at once ("immediatamente"). A guard, run before every step
    (engine/greatwall/flow.py ``run``), as Qin's empty Shame supply is (engine/greatwall/qin.py): the
    step that lowered the cap (a Breach, a Spring's Raids) ends, nothing after it runs."""
    state = ctx.state
    if not at_table(state) or state.season == "over":
        return
    if card(state)["cap"] > numbers(ctx).loss_at:
        return
    ctx.emit("gf_famine", cap=card(state)["cap"])
    state.end_reasons = [END]
    state.ask = None
    state.tasks.clear()
    final_scoring(ctx)


def lost(state: State) -> bool:
    return END in state.end_reasons


# --- Consumption [IT AC, "Fase di Consumo"] ---------------------------------------------------------

def pieces(state: State, seat: int) -> list[str]:
    """Every piece of ``seat`` on the board, cheapest to lose first: Clerks on Locations, Soldiers in a
    Rest Zone, Archers in firing spots, Soldiers on Horde cards, Overseers."""
    out = [f"clerk.{loc}.{k}" for loc, at in state.clerks_at.items() for k in range(at.count(seat))]
    for i, section in enumerate(state.sections):
        for unit, n in sorted(section.rest.get(seat, {}).items()):
            out += [f"rest.{i}.{unit}.{k}" for k in range(n)]
    for i, section in enumerate(state.sections):
        out += [f"fire.{i}.{k}" for k in range(section.firing.count(seat))]
    for i, section in enumerate(state.sections):
        for h, horde in enumerate(section.hordes):
            out += [f"horde.{i}.{h}.{k}" for k in range(sum(1 for s in horde.soldiers if s.seat == seat))]
    out += [f"overseer.{loc}" for loc, at in state.overseers.items() if seat in at]
    return out


@task("gf_consume")
def _gf_consume(ctx: Ctx, job: Task) -> None:
    ctx.push(*[{"op": "gf_feed", "seat": s} for s in ctx.state.tea_humans()])


@task("gf_feed")
def _gf_feed(ctx: Ctx, job: Task) -> None:
    if pieces(ctx.state, job["seat"]):
        ctx.ask("gf_feed", [job["seat"]])


@builder("gf_feed")
def _build_feed(ctx: Ctx, ask: Ask, seat: int) -> Any:
    mine = pieces(ctx.state, seat)
    short = max(0, len(mine) - food(ctx.state, seat))
    options = [Option(p, f"gw.opt.gf_{p.split('.')[0]}", _piece_args(ctx.state, p)) for p in mine]
    return prompt(ask, seat, "gf_feed", options, pick_min=short, pick_max=len(mine), default=tuple(mine[:short]),
                  args={"food": food(ctx.state, seat), "n": len(mine), "short": short})


def _piece_args(state: State, piece: str) -> dict[str, Any]:
    parts = piece.split(".")
    if parts[0] in ("clerk", "overseer"):
        return {"loc": parts[1]}
    if parts[0] == "rest":
        return {"sec": int(parts[1]), "unit": parts[2]}
    if parts[0] == "fire":
        return {"sec": int(parts[1])}
    sec, h = int(parts[1]), int(parts[2])
    soldier = [s for s in state.sections[sec].hordes[h].soldiers][int(parts[3])]
    return {"sec": sec, "row": h + 1, "unit": soldier.unit}


@decision("gf_feed")
def _finish_feed(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    unfed = list(answers[seat])
    fed = len(pieces(ctx.state, seat)) - len(unfed)
    _set_food(ctx.state, seat, food(ctx.state, seat) - fed)
    # Remove from the highest index down, so each piece's number still points at it.
    for piece in sorted(unfed, key=lambda p: [int(x) if x.isdigit() else x for x in p.split(".")], reverse=True):
        _unfeed(ctx.state, seat, piece)
    ctx.emit("gf_fed", seat=seat, n=fed, lost=len(unfed), food=food(ctx.state, seat))


def _unfeed(state: State, seat: int, piece: str) -> None:
    """An unfed piece goes back to its owner's reserve."""
    parts = piece.split(".")
    player = state.players[seat]
    if parts[0] == "clerk":
        state.clerks_at[parts[1]].remove(seat)
        if not state.clerks_at[parts[1]]:
            del state.clerks_at[parts[1]]
        player.clerks += 1
    elif parts[0] == "overseer":
        player.reserve[state.overseers[parts[1]].pop(seat).unit] += 1
        if not state.overseers[parts[1]]:
            del state.overseers[parts[1]]
    elif parts[0] == "rest":
        rest = state.sections[int(parts[1])].rest[seat]
        rest[parts[2]] -= 1
        player.reserve[parts[2]] += 1
    elif parts[0] == "fire":
        state.sections[int(parts[1])].firing.remove(seat)
        player.reserve["archer"] += 1
    else:
        horde = state.sections[int(parts[1])].hordes[int(parts[2])]
        soldier = [s for s in horde.soldiers if s.seat == seat][int(parts[3])]
        horde.soldiers.remove(soldier)
        player.reserve[soldier.unit] += 1


def view_panel(ctx: Ctx) -> dict[str, Any]:
    """Public: the cap, every player's Food, the Clerks at the Market."""
    chronicle = card(ctx.state)
    return {"scenario": NAME, "cap": chronicle["cap"], "loss_at": numbers(ctx).loss_at,
            "food": {s: chronicle["food"][s] for s in chronicle["food"]},
            "market": list(ctx.state.clerks_at.get(MARKET, [])), "price": ctx.lethality()}
