"""Co-operative mode [ES p.18–19]: setup changes, Summer without the reclaim step, reclaiming a
command card per Wall level, the team's order at a Location, the co-op Winter, and the shared end.

The Demands live in engine/greatwall/demands.py and the Events in engine/greatwall/events.py; the
base game reaches these rules only through the co-op variant's hooks (engine/greatwall/variants/coop.py).

At 2 players the Reed clan joins exactly as in duel (engine/greatwall/reed.py, overlord.py) on the
2-player board (the leftmost Section blocked) [ES p.15: "2-player games may be normal or co-op"; ES
p.19, "Reglas para 2 jugadores"]: only 2 Demands are active and four are boxed
(``TWO_PLAYER_BOXED``), "X" on a Demand is 2 (``x_value``), the Shame supply is 20, and the Reed
clan counts neither for the Demand target nor for "all players" Demands (FAQ #38). Where the Reed
clan and co-op meet, the rulings are written next to each rule (``starting_hordes``,
``passive_income``, ``_summer_end``, events.instant, demands.py).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from engine.core.game import TableOption
from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall import tactics
from engine.greatwall.abilities import gain
from engine.greatwall.clerks import can_move, check_move, move_clerks, move_slots
from engine.greatwall.flow import Ctx, builder, compose, decision, refuse, task
from engine.greatwall.overlord import overlord
from engine.greatwall.pack import GreatWallPack
from engine.greatwall.state import Ask, State, Task
from engine.greatwall.track import usable_slots

# Demands needed to win by player count [ES p.18, "Objetivo del juego"].
TARGET = {2: 6, 3: 7, 4: 9, 5: 9}
ACTIVE_DEMANDS = 3  # never more than 3 active, one per artifact slot [ES p.18]
TWO_PLAYER_BOXED = ("taunt", "guard", "glory", "escort")  # [ES p.19, "Reglas para 2 jugadores"]
SHAME_DISCARD_HONOR = 10  # Honor per Shame token discarded [ES p.19, "Fichas de deshonra"]
# The co-op Winter [ES p.19, "Flujo de la partida en modo cooperativo"]: firing, assault, fulfil the
# Demands, the end check, the Demand step, the Event step (Errata: the Event step ends the Winter).
WINTER: tuple[Task, ...] = ({"op": "firing"}, {"op": "assault_tactics"}, {"op": "assault"}, {"op": "fulfil"},
                            {"op": "coop_end_check"}, {"op": "demand_step"}, {"op": "event_step"},
                            {"op": "next_year"})


# Table option ``start_hordes`` (2 players only): does "players + 1" starting Hordes [ES p.18 step 5]
# count the Reed clan? Unknown in every source (fact sheet §18). Ruling "humans": the co-op pages
# count players, and wherever a co-op count meets Reed the FAQ leaves Reed out (FAQ #38: target,
# "all players" Demands) as does the Raid (FAQ #4): 3 Hordes on the 2 Sections in play. "clans"
# reads ES p.15 ("play it as a 3-player game") literally: 4 Hordes.
START_HORDES = ("humans", "clans")
# Conflict C14 (``_end_check``): the last Winter is lost only with the target unmet, or always.
TIME_LOSS = ("unmet", "always")
OPTIONS = (TableOption("time_loss", TIME_LOSS, TIME_LOSS[0]),
           TableOption("start_hordes", START_HORDES, START_HORDES[0]))


def with_reed(state: State) -> bool:
    """2-player co-op is played with the Reed clan, as any 2-player game [ES p.15, p.19]."""
    return state.seats == 2


def starting_hordes(state: State) -> int:
    """Players + 1 Hordes at setup [ES p.18 step 5] (table option ``start_hordes`` at 2 players)."""
    counted = state.clans() if state.rulings.get("start_hordes") == "clans" else state.seats
    return counted + 1


def active_slots(state: State) -> int:
    """3 Demands are active, 2 at 2 players: the third slot is not used [ES p.19, "Reglas para 2
    jugadores"]. The state keeps 3 slots either way; the third stays empty."""
    return 2 if state.seats == 2 else ACTIVE_DEMANDS


def demand_pool(pack: GreatWallPack, seats: int) -> list[str]:
    """The Demand deck: every Demand, less the four boxed at 2 players [ES p.19]."""
    return [d for d in pack.demands if seats != 2 or d not in TWO_PLAYER_BOXED]


def x_value(state: State) -> int:
    """What "X" on a Demand card stands for: the number of (human) players. Conflict C8: RU p.18
    says X is always 2 at 2 players, "the number of human players", and ES is silent; we take RU. At
    3–4 players no source says (fact sheet §18): our reading of RU's parenthesis, the player count.
    The bundled stand-in Demands print no X; an owner's pack may (data/coop.toml, ``"X"``)."""
    return state.seats


def setup(ctx: Ctx) -> None:
    """Setup steps 3 and 21 [ES p.18]: 3 Demands (2 at 2 players) on the artifact slots, the Event deck."""
    state = ctx.state
    state.demand_deck = demand_pool(ctx.pack, state.seats)
    ctx.rng.shuffle(state.demand_deck)
    state.demands = [state.demand_deck.pop(0) if i < active_slots(state) else None for i in range(ACTIVE_DEMANDS)]
    state.event_deck = list(ctx.pack.events)
    ctx.rng.shuffle(state.event_deck)


def passive_income(ctx: Ctx, seat: int) -> None:
    """Summer income from the revealed Events' passive effects (events.py vocabulary). Ruling: the
    players' only, never the Reed clan's (it would go to the Warehouse [ES p.15]): an Event speaks to
    the players, and co-op leaves Reed out of every per-player count (FAQ #38)."""
    if ctx.state.is_automaton(seat):
        return
    income: dict[str, int] = {}
    for event in ctx.state.events:
        for r, n in ctx.pack.events[event].passive.get("income", {}).items():
            income[r] = income.get(r, 0) + n
    if income:
        gain(ctx, seat, income, reason="event")


# --- Summer: Shame for Honor, no reclaim step [ES p.19] -------------------------------------------

@task("coop_shame")
def _shame_turn(ctx: Ctx, job: Task) -> None:
    """Summer step 2 for one player, in Tea order [ES p.8]: Tea order still orders what is not a
    Clerk action [ES p.19, "Indicador de Té"]; each player sees the discards above them."""
    ctx.ask("coop_shame", [job["seat"]])


@builder("coop_shame")
@builder("coop_summer")  # the simultaneous panel of earlier versions, for tables saved while open
def _build_summer(ctx: Ctx, ask: Ask, seat: int) -> Any:
    player = ctx.state.players[seat]
    held = sum(player.shamed.values()) + sum(c.shame for c in player.claimed)
    top = min(held, player.honor // SHAME_DISCARD_HONOR)
    shame = [Option(f"shame.{k}", "gw.opt.discard_shame_honor", {"n": k, "honor": k * SHAME_DISCARD_HONOR})
             for k in range(top + 1)]
    return compose(ask, seat, "coop_summer", [("shame", shame), ("tactic", tactics.options(ctx, seat, {"summer"}))])


def _check_summer(ctx: Ctx, ask: Ask, seat: int, values: list[str]) -> None:
    honor = int(values[0].split(".")[1]) * SHAME_DISCARD_HONOR
    boost = tactics.boost_cost(ctx, seat, values[1])
    player = ctx.state.players[seat]
    if honor + boost.get("honor", 0) > player.honor or any(
            player.res.get(r, 0) < n for r, n in boost.items() if r != "honor"):
        raise refuse("cannot_pay")


@decision("coop_shame", _check_summer)
def _finish_shame_turn(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    ctx.push(*_pay_shame(ctx, seat, ask.answers[seat]))


def _pay_shame(ctx: Ctx, seat: int, values: list[str]) -> list[Task]:
    """Shame is discarded for 10 Honor each instead of Chi [ES p.19]; the Summer tactic first."""
    tactics.play_summer(ctx, seat, values[1])
    n = int(values[0].split(".")[1])
    if not n:
        return []
    ctx.state.players[seat].honor -= n * SHAME_DISCARD_HONOR
    return [{"op": "unshame", "seat": seat, "n": n, "paid": "honor"}]


@decision("coop_summer", _check_summer)
def _finish_summer(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """The simultaneous Summer of earlier versions (a saved table plays on): every player's Shame,
    then the track to the discard; the "reclaim command cards" step is gone [ES p.19]."""
    jobs: list[Task] = []
    for seat in ctx.state.tea_humans():
        jobs += _pay_shame(ctx, seat, ask.answers[seat])
    ctx.push(*jobs, {"op": "coop_summer_end"})


@task("coop_summer_end")
def _summer_end(ctx: Ctx, job: Task) -> None:
    state = ctx.state
    # The Reed clan's card comes back to it every year, as in duel: it plays it every Fall [ES p.15].
    state.command_discard.extend(c for c in state.track if c is not None and not state.is_automaton(c.seat))
    state.track = [None] * len(state.track)
    ctx.push({"op": "fall"})


# --- Building a Wall gives back one command card [ES p.19, "Construir una muralla"] ---------------

def reclaimable(ctx: Ctx, seat: int) -> list[str]:
    """Own cards in the discard that may leave it (Betrayal never does [ES p.8]), once per name."""
    cards = [c.card for c in ctx.state.command_discard if c.seat == seat and not ctx.pack.commands[c.card].stays]
    return sorted(set(cards))


@task("wall_reclaim")
def _wall_reclaim(ctx: Ctx, job: Task) -> None:
    if reclaimable(ctx, job["seat"]):
        ctx.ask("reclaim_card", [job["seat"]])


@builder("reclaim_card")
def _build_reclaim(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option(f"take.{card}", "gw.opt.reclaim_card", {"card": card}) for card in reclaimable(ctx, seat)]
    options.append(Option("keep", "gw.opt.reclaim_none"))
    return compose(ask, seat, "reclaim_card", [("card", options)])


@decision("reclaim_card")
def _finish_reclaim(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    seat = ask.seats[0]
    value = ask.answers[seat][0]
    if value == "keep":
        return
    card = value.removeprefix("take.")
    state = ctx.state
    entry = next(c for c in state.command_discard if c.seat == seat and c.card == card)
    state.command_discard.remove(entry)
    state.players[seat].hand.append(card)
    ctx.emit("reclaim", seat=seat, n=1)


# --- The team's order at a Location [ES p.19, "Indicador de Té"] ----------------------------------

def ask_team_order(ctx: Ctx, loc: str, present: list[int], jobs: list[Task]) -> bool:
    """Tea order no longer orders the players at a Location: the team decides. The active player
    (whose card is resolving) gives the order the team agreed on; Tea order is preselected."""
    state = ctx.state
    if len(present) < 2 or not jobs:
        return False
    seat = state.active if state.active is not None else present[0]
    if state.is_automaton(seat):  # the Reed clan's own turn: its Overlord, the top Tea player [ES p.15]
        seat = overlord(state)
    ctx.ask("team_order", [seat], loc=loc, present=present, jobs=jobs)
    return True


def _orders(present: list[int]) -> list[list[int]]:
    return [list(p) for p in permutations(present)]


@builder("team_order")
def _build_order(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = [Option("o" + "".join(map(str, order)), "gw.opt.team_order", {"order": order})
               for order in _orders(ask.data["present"])]
    return compose(ask, seat, "team_order", [("order", options)], args={"loc": ask.data["loc"]})


@decision("team_order")
def _finish_order(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    order = [int(c) for c in ask.answers[ask.seats[0]][0][1:]]
    jobs: list[Task] = ask.data["jobs"]
    ctx.emit("team_order", loc=ask.data["loc"], order=order)
    # A Production Location's steps stay whole: each one done by all before the next [ES p.11]
    # (``stage``, locations.production_steps); the team's order applies within each step.
    ctx.push(*sorted(jobs, key=lambda j: (j.get("stage", 0), order.index(j["seat"]))))


# --- The team's order of Clerk moves [ES p.19, "Indicador de Té"] ----------------------------------

def team_moves(ctx: Ctx, effects: tuple[dict[str, Any], ...], others: list[int]) -> list[Task] | None:
    """An "other players" Clerk move in co-op: Tea order no longer orders the Clerk actions, the
    team does [ES p.19]. Every player still to move is asked at once and the first answer is made
    at once; the rest are asked again on the board it left, so each move is seen by the next [ES
    p.8: each effect resolved fully before the next]. None when Tea order applies: outside co-op,
    with fewer than two players to move, or when the effect is not a lone move (ruling: an "other
    players" effect that also does something else is not only a Clerk action, so it keeps Tea
    order). An automaton among the others (only at 2 players, where no two players are left to
    order) moves after the team, as it does in Tea order."""
    state = ctx.state
    team = [s for s in others if not state.is_automaton(s)]
    if len(team) < 2 or [e["op"] for e in effects] != ["move"]:
        return None
    move = effects[0]
    jobs: list[Task] = [{"op": "team_moves", "seats": team, "n": move.get("n", 1),
                         "distinct": move.get("distinct", False)}]
    return jobs + [{**move, "op": "cmd_move", "seat": s} for s in others if state.is_automaton(s)]


@task("team_moves")
def _team_moves(ctx: Ctx, job: Task) -> None:
    """Ask the players still to move who can (a move never frees a place for another's)."""
    seats = [s for s in job["seats"] if can_move(ctx.state, ctx.pack, s)]
    if seats:
        ctx.ask("team_move", seats, n=job["n"], distinct=job["distinct"])


@builder("team_move")
def _build_team_move(ctx: Ctx, ask: Ask, seat: int) -> Any:
    slots = move_slots(ctx, seat, ask.data["n"])
    return compose(ask, seat, "team_move", slots,
                   args={"n": ask.data["n"], "distinct": ask.data["distinct"], "team": list(ask.seats)})


@decision("team_move", check=check_move, each=True)
def _take_team_move(ctx: Ctx, ask: Ask, answers: Answers) -> None:
    """Each player's move counts as it comes (an open round: variants/coop.py); the players still to
    move are asked again."""
    (seat, values), = answers.items()
    ctx.state.ask = None
    move_clerks(ctx, seat, values)
    ctx.push({"op": "team_moves", "seats": [s for s in ask.seats if s != seat], "n": ask.data["n"],
              "distinct": ask.data["distinct"]})


# --- The end [ES p.19, "Fin de partida"] -------------------------------------------------------------

def target(ctx: Ctx) -> int:
    return TARGET[ctx.state.seats]


@task("coop_end_check")
def _end_check(ctx: Ctx, job: Task) -> None:
    """Win once the Demand target is reached; the Wall end condition is ignored in co-op.

    Conflict C14 (fact sheet §17): ES p.19 says the team also loses when the game ends because the
    Time marker reached the last space; RU p.19 and the fan reference read that loss as applying only
    when the target is still unmet at that check. We take the RU reading as the default (the end
    check is where the target is counted, so a team that meets it there has won); the table option
    ``time_loss=always`` plays the literal ES reading (the last Winter is lost even if the target is
    met in it). The normal Shame end condition [ES p.9] still ends the game: without the target, a loss.
    """
    state = ctx.state
    last = state.time >= len(ctx.time_track()) - 1
    met = len(state.fulfilled) >= target(ctx)
    if met and not (last and state.time_loss == "always"):
        finish(ctx, True, "demands")
    elif last:
        finish(ctx, False, "time")
    elif state.shame_supply == 0:
        finish(ctx, False, "shame")


@task("next_year")
def _next_year(ctx: Ctx, job: Task) -> None:
    ctx.state.year += 1
    ctx.push({"op": "spring"})


def finish(ctx: Ctx, won: bool, reason: str) -> None:
    """Everyone wins or everyone loses, at once (a Shame due from an empty supply ends the game in
    the middle of anything [ES p.19])."""
    state = ctx.state
    state.won = won
    state.end_reasons = [reason]
    for seat in state.humans():  # the Reed clan has no Honor and no result [ES p.15]
        player = state.players[seat]
        state.final[seat] = {"before": player.honor, "shame": 0, "hordes": 0, "artifacts": 0,
                             "total": player.honor}
    state.season = "over"
    state.tasks.clear()
    state.ask = None
    if not ctx.some(lambda v: v.announce_end(ctx, won, reason)):  # a survival scenario's own line [IT AC]
        ctx.emit("coop_over", won=won, reasons=[reason], demands=len(state.fulfilled), target=target(ctx),
                 board=True)


def view_panel(ctx: Ctx) -> dict[str, Any]:
    """The co-op board: Demands on the artifact slots, the revealed Events, the count so far, and the
    planning place: once the command cards are revealed, who plays what and which slots are open."""
    state = ctx.state
    placed = {c.seat for c in state.track if c is not None}
    revealed = {str(s): p.command for s, p in enumerate(state.players)
                if state.season == "fall" and p.command is not None and s not in placed}
    return {
        "mode": state.mode, "demands": state.demands[:active_slots(state)], "fulfilled": list(state.fulfilled),
        "target": TARGET[state.seats], "events": list(state.events), "won": state.won,
        "decks": {"demands": len(state.demand_deck), "events": len(state.event_deck)},
        "plan": {"revealed": revealed, "open_slots": [i + 1 for i in usable_slots(ctx)] if revealed else []},
    }


def outcome_places(state: Any) -> dict[str, Any]:
    """The shared result (engine/core/game.py Outcome): every seat in place 1; winners all or none."""
    seats = tuple(range(state.seats))
    return {"winners": seats if state.won else (), "ranking": seats, "places": (1,) * state.seats}
