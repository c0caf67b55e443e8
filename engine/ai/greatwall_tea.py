"""The Tea stack as the hard Great Wall seat weighs it during play, at tables of ``TEA_SEATS`` players.

The rule [ES p.6, p.14]: the Tea stack orders the Command picks, every Location's Clerks and the
claims' ties, all game; only the Tea House moves it: each player with a Clerk there moves up one
place when it activates, and a player who fills all of its slots alone goes straight to the top.

Why it matters at five: with four rivals, every Location the seat wants has fewer places left by the
time its Clerks come, and a seat low on the stack is shut out of them year after year. Measured
(Genghis Khan, 5p against normal seats, seeds 120..239, before this module): the hard seat won 0.84
of its games from the top of the stack, 0.66 / 0.46 / 0.38 from the next three places and 0.20 from
the bottom, and it never went to the Tea House to climb: a playout of one season ends before a
higher place pays, and the search's estimate of the final scoring had no place for it. The draft
weighs the place for the same reason (engine/ai/greatwall_draft.py ``TEA_PLACE_WORTH``).

Two parts: the search's estimate counts each seat's place (``tea_outlook``), and low on the stack
the search weighs one more answer to a Clerk move, the Tea House first while no rival's Clerk is
there (``tea_house_first``; engine/ai/greatwall_hard.py ``CLIMB_PICKS``). The climb is a candidate,
never the rollouts' answer: the rollouts play the rivals with the hard heuristic too, and when it
climbed, the playouts showed every low rival in the Tea House first (Genghis Khan, 5p against
normal seats, seeds 120..207: 0.648 with the heuristic climbing, 0.682 with the climb as a
candidate). Against normal seats at 5 players, Genghis Khan went 0.62 -> 0.75 over seeds 0..239
(docs/ai-strength.md, its two newest sections, with the other lines).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engine.ai.greatwall_draft import tea_rivals
from engine.ai.greatwall_shame_forecast import assaults_after
from engine.ai.greatwall_turn import Turn
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State

# From how many players the Tea stack is weighed during play. Measured at 5 players only; tables of
# 2 to 4 play as before until it is measured there.
TEA_SEATS = 5
# Honor a seat expects, per Fall still to play, for each rival below it on the stack: about the
# draft's TEA_PLACE_WORTH (3 a rival over a 4-year game) spread over the years.
TEA_YEAR_WORTH = 1.0
# How far down the stack (0 = the top) the hard heuristic starts to climb with the Tea House.
TEA_HOUSE_BELOW = 2


def tea_outlook(ctx: Ctx, humans: Sequence[int]) -> dict[int, float]:
    """Each deciding seat's place on the Tea stack as Honor still to come: ``TEA_YEAR_WORTH`` for
    every rival below it, for every Fall left in which the stack orders the Clerks [ES p.6, p.9]
    (this year's while it is still ahead); nothing at smaller tables (``TEA_SEATS``)."""
    if len(humans) < TEA_SEATS:
        return {}
    # The years after this one, and this year's Fall while it is still ahead.
    falls = assaults_after(ctx) + (1 if ctx.state.season in ("spring", "summer") else 0)
    order = [s for s in ctx.state.tea if s in humans]
    return {s: TEA_YEAR_WORTH * falls * (len(order) - 1 - i) for i, s in enumerate(order)}


def climbs(state: State, seat: int, levels: Sequence[str | None] | None, weak: Collection[str]) -> bool:
    """Whether the hard search weighs the climb (``tea_house_first``) at this table: a free-for-all
    of ``TEA_SEATS`` players or more where some rival contests the Locations in earnest, a person
    (level None) or an AI of a level not in ``weak`` (those that answer at random much of the time).
    Elsewhere it asks no climbing candidate, so tables of 2 to 4 search as before, down to the random
    answers' draws. Against four random seats the climb cost games (Genghis Khan 5p, seeds 0..26:
    0.926 -> 0.741, the sweep stopped there; without it 0.917 over 0..119), so there it is not
    weighed. Why it cost games there was not read."""
    if state.mode == "coop" or len(state.humans()) < TEA_SEATS:
        return False
    rivals = [levels[s] if levels is not None and s < len(levels) else None for s in state.humans() if s != seat]
    return any(level is None or level not in weak for level in rivals)


def tea_house_first(t: Turn, clerks: dict[str, list[int]]) -> bool:
    """Whether our next Clerk goes to the Tea House before anything else: at a free-for-all table of
    ``TEA_SEATS`` or more, ``TEA_HOUSE_BELOW`` places or more down the stack, while no rival's
    Clerk is there (ours alone fill it and take us to the top [ES p.14])."""
    tea = t.view["tea"]
    if tea_rivals(t) + 1 < TEA_SEATS or t.seat not in tea:  # co-op: the stack orders nothing [ES p.18-19]
        return False
    return tea.index(t.seat) >= TEA_HOUSE_BELOW and all(s == t.seat for s in clerks.get("teahouse", []))
