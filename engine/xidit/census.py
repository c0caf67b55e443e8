"""The Military Census (end of years 4, 8, 12; 3, 6, 9 in the short game).

Rulebook, "Fase cuatro: censo militar": unit type by unit type, every player secretly decides how
many of that type to show, all reveal at once, the most shown wins the noble houses' reward; tied
players each get one gold / one bard / one story.

Ruling (issue 24 asked for one census panel): the five counts stay five questions. Each type is
revealed before the next is chosen, so a player picks the Archers knowing the Militia shown; one
panel for all five would take that away (tests/engine/test_census_steps.py).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.prompt import Option, Prompt
from engine.core.runner import Answers, Frame
from engine.xidit.flow import RULES, Ctx
from engine.xidit.pack import UNITS, XiditPack
from engine.xidit.rewards import census_story, queue_bards
from engine.xidit.state import Census, State

# Reward of the majority per unit type: (kind, amount for a sole winner). A tie gives 1 each.
CENSUS_REWARDS: dict[str, tuple[str, int]] = {
    "militia": ("gold", 1),
    "archer": ("gold", 2),
    "infantry": ("bards", 1),
    "cleric": ("bards", 2),
    "mage": ("stories", 1),
}


def start_census(state: State, events: list[Event]) -> None:
    state.phase = "census"
    state.census = Census()
    state.opened = state.step
    events.append(Event("xidit.census_start", {"year": state.year}))


@RULES.builder("census")
def _ask_count(ctx: Ctx, item: None, seat: int) -> Prompt:
    # Every seat is asked, even with none of the type, so that being asked reveals nothing.
    state = ctx.state
    assert state.census is not None
    unit = UNITS[state.census.unit]
    held = state.players[seat].units[unit]
    options = tuple(Option(str(n), "xidit.opt.show", {"count": n, "unit": unit})
                    for n in range(held + 1))
    pid = f"census{state.opened}"
    return Prompt(seat, "census", pid, "xidit.ask.census", options, {"unit": unit, "held": held},
                  secret=True, group=pid)


@RULES.decision("census", each=True)
def _show(ctx: Ctx, item: None, answers: Answers) -> None:
    """A count is locked as it comes, hidden until every seat has locked one (then ``census_unit``)."""
    census = ctx.state.census
    assert census is not None
    for seat, values in answers.items():
        census.shown[seat] = int(values[0])
        ctx.emit("census_locked", seat=seat)


@RULES.task("census_unit")
def _reveal_unit(ctx: Ctx, frame: Frame) -> None:
    resolve_unit(ctx.state, ctx.pack, ctx.events)


def resolve_unit(state: State, pack: XiditPack, events: list[Event]) -> None:
    """Reveal the counts shown for the current unit type and hand out its reward.

    Ruling: when nobody shows a single unit of a type, nobody "has the most" and no reward is given.
    Tied bard placements happen in play order from the first player (rulebook note).
    """
    census = state.census
    assert census is not None
    unit = UNITS[census.unit]
    shown = dict(census.shown)
    census.history.append(shown)
    census.shown = {}
    census.unit += 1
    state.opened = state.step
    top = max(shown.values())
    winners = [s for s in state.play_order() if shown[s] == top] if top > 0 else []
    events.append(Event("xidit.census_reveal", {"unit": unit, "shown": {str(k): v for k, v in
                                                                          sorted(shown.items())},
                                                "winners": winners}, board=False))
    kind, amount = CENSUS_REWARDS[unit]
    if len(winners) > 1:
        amount = 1
    for seat in winners:
        _reward(state, pack, seat, kind, amount, events)


def _reward(state: State, pack: XiditPack, seat: int, kind: str, amount: int,
            events: list[Event]) -> None:
    if kind == "gold":
        state.players[seat].gold += amount
        events.append(Event("xidit.census_gold", {"seat": seat, "gold": amount}))
    elif kind == "bards":
        queue_bards(state, pack, seat, amount, events, census=True)
    else:
        census_story(state, seat, events)
