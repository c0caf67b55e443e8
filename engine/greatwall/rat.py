"""The Rat expansion [IT "Espansione Ratto"; fact sheet §13.4], its rules: the Rat's placement, its
presence payout, its Fall move and the Summer's new Rat card. Its variant (which hooks call these) is
engine/greatwall/variants/rat.py; its cards and Artifacts are data/rat.toml.

Rulings (the table option ``rat_payout`` and the readings below; README's rulings table):
- Payout, conflict C4: the IT text lost the icon ("ottiene 1 [icon]"); the current fan reference says
  1 Gold (our default), its older version 1 Honor (``rat_payout=honor``).
- Placement [IT Rat, "Preparazione" steps 18–19]: step 19 comes after the base setup's draft, which is
  what sets the Tea order [ES p.5 steps 12–20], so the top Tea player places the Rat once the draft is
  revealed, before Year 1's Fall. "A Location of their choice": never the Warehouse (errata 46; our
  board has no Warehouse Location, the check guards an owner's pack that adds one).
- Who is paid: each *player* ("giocatore") with a Clerk there; a rules-driven clan (the Reed clan,
  Qin) never collects: the Reed clan never gains resources or Honor [ES p.15], and Qin gains Honor
  only from the base game's sources [ES p.16 rule 5]. Paid as the Location activates, before its
  effects (the IT text: "each time [it] is Activated").
- The move [IT Rat, "Carte Ratto"]: "each Fall, after the Horde Defeat check" is read as after the
  Fall's last Horde defeat check (the one after the last command card's turn), once per Fall. Every
  clan can meet the card's condition (the Reed clan plays as the 3rd player [ES p.15], Qin as a
  player [ES p.16]); ties go to the higher Tea marker. A rules-driven clan moves the Rat by a fixed
  rule (``preferred``): to the Location where it has the most Clerks, ties in board order.
- The new card [IT Rat, same section] comes after the Summer's reclaim step; co-op has no reclaim
  step [ES p.19], so there it comes at the same point, before Fall. An empty deck is reshuffled
  (errata 46) from every revealed card, the active one included, and one is revealed.
"""

from __future__ import annotations

from typing import Any

from engine.core.game import TableOption
from engine.core.prompt import Option
from engine.core.runner import Answers
from engine.greatwall.abilities import gain
from engine.greatwall.announce import announce
from engine.greatwall.flow import Ctx, builder, compose, decision, task
from engine.greatwall.state import Ask, Rat, State, Task

WAREHOUSE = "warehouse"  # never a Rat Location (errata 46)
PAYOUTS = ("gold", "honor")  # conflict C4: [ref] 1 Gold (default), [ref-old] 1 Honor
OPTIONS: tuple[TableOption, ...] = (TableOption("rat_payout", PAYOUTS, "gold"),)


def setup(ctx: Ctx) -> None:
    """Step 18: the Rat deck shuffled, 1 card revealed; step 19 is asked once the draft set the Tea
    order (the task runs right after the draft's answer)."""
    state = ctx.state
    deck = list(ctx.pack.rat_cards)
    ctx.rng.shuffle(deck)
    state.rat = Rat(deck=deck)
    _reveal(ctx)
    # Under everything else the setup left on the stack (engine/greatwall/announce.py): the setup
    # lines are read before the top Tea player is asked.
    ctx.state.tasks.insert(0, {"op": "rat_place"})
    announce(ctx, "rat_card", rat_card=state.rat.card)


def _reveal(ctx: Ctx) -> None:
    rat = _rat(ctx.state)
    if not rat.deck:  # errata 46: reshuffle when the deck runs out
        rat.deck, rat.shown = rat.shown, []
        ctx.rng.shuffle(rat.deck)
    rat.shown.append(rat.deck.pop(0))
    ctx.emit("rat_card", rat_card=rat.card)


def _rat(state: State) -> Rat:
    assert state.rat is not None, "the Rat is not played at this table"
    return state.rat


def locations(ctx: Ctx) -> list[str]:
    """Where the Rat may go now: any Location but the Warehouse and its own (it must move)."""
    here = _rat(ctx.state).loc
    return [loc for loc in ctx.pack.locations if loc not in (WAREHOUSE, here)]


def preferred(ctx: Ctx, seat: int, options: list[str]) -> str:
    """The preselection, and a rules-driven clan's move: where ``seat`` has the most Clerks (so it
    is paid when that Location activates), ties in board order."""
    return max(options, key=lambda loc: (ctx.state.clerks_at.get(loc, []).count(seat), -options.index(loc)))


def _place(ctx: Ctx, seat: int, loc: str, key: str) -> None:
    _rat(ctx.state).loc = loc
    ctx.emit(key, seat=seat, loc=loc)


# --- placement [IT Rat step 19] -----------------------------------------------------------------

@task("rat_place")
def _rat_place(ctx: Ctx, job: Task) -> None:
    _ask_or_move(ctx, "rat_place", ctx.state.tea[0])


def _ask_or_move(ctx: Ctx, kind: str, seat: int) -> None:
    if ctx.state.is_automaton(seat):
        _place(ctx, seat, preferred(ctx, seat, locations(ctx)), "rat_placed" if kind == "rat_place" else "rat_moved")
    else:
        ctx.ask(kind, [seat])


def _build(ctx: Ctx, ask: Ask, seat: int) -> Any:
    options = locations(ctx)
    picks = [Option(loc, "gw.opt.rat_location", {"loc": loc}) for loc in options]
    rat = _rat(ctx.state)
    args = {"rat_card": rat.card, **({"loc": rat.loc} if rat.loc else {})}
    return compose(ask, seat, ask.kind, [("location", picks)], default=(preferred(ctx, seat, options),), args=args)


def _register(kind: str, event: str) -> None:
    """Placing the Rat at setup and moving it in Fall ask the same thing of one seat (a Location,
    never the Warehouse); only the log line differs."""
    builder(kind)(_build)

    @decision(kind)
    def _finish(ctx: Ctx, ask: Ask, answers: Answers) -> None:
        seat = ask.seats[0]
        _place(ctx, seat, answers[seat][0], event)


_register("rat_place", "rat_placed")


# --- presence [IT Rat, "Presenza del Ratto"] --------------------------------------------------------

def payout(ctx: Ctx, loc: str, present: list[int]) -> None:
    """Each player with at least 1 Clerk at the Rat's activated Location gains 1 (C4: Gold or Honor)."""
    state = ctx.state
    if _rat(state).loc != loc or not present:
        return
    what = state.rulings.get("rat_payout", "gold")
    for seat in present:
        ctx.emit("rat_payout", seat=seat, loc=loc, resource=what)  # public: the Clerks are on the board
        gain(ctx, seat, {what: 1}, reason="rat")


# --- the Fall move [IT Rat, "Carte Ratto"] ----------------------------------------------------------

def measure(ctx: Ctx, seat: int, metric: str) -> int:
    """A Rat card's public count for one clan (data/rat.toml's vocabulary)."""
    state = ctx.state
    player = state.players[seat]
    if metric == "honor":
        return player.honor
    if metric == "soldiers":
        return sum(1 for s in state.sections for h in s.hordes for soldier in h.soldiers if soldier.seat == seat)
    if metric == "hordes":
        return len(player.claimed)
    if metric == "walls":
        return player.walls_built
    return state.clerks_at.get(_rat(state).loc or "", []).count(seat)  # "clerks": at the Rat's Location


def mover(ctx: Ctx) -> int:
    """The clan meeting the active card's condition; ties: the higher Tea marker."""
    rat = _rat(ctx.state)
    card = ctx.pack.rat_cards[rat.card or ""]
    sign = -1 if card.most else 1
    tea = ctx.state.tea
    return min(tea, key=lambda s: (sign * measure(ctx, s, card.metric), tea.index(s)))


@task("rat_move")
def _rat_move(ctx: Ctx, job: Task) -> None:
    _ask_or_move(ctx, "rat_move", mover(ctx))


_register("rat_move", "rat_moved")


# --- the Summer's new card [IT Rat, "Carte Ratto"] ------------------------------------------------

@task("rat_reveal")
def _rat_reveal(ctx: Ctx, job: Task) -> None:
    _reveal(ctx)


def view_panel(state: State) -> dict[str, Any]:
    """Public: where the Rat stands and its active card."""
    rat = _rat(state)
    return {"loc": rat.loc, "card": rat.card}
