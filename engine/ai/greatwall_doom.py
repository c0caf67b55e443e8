"""When a free-for-all seat's Honor track is doomed, and what the hard heuristic plays for then.

Why: the final scoring takes 5 Honor per Soldier with Shame under it and stops at 0 [ES p.15]. Against
seats that leave the Wall open, breaches hand every seat more Shame than its Honor can pay for, and
the game ends on an empty supply [ES p.9] with every track at 0: the claimed Horde cards without
Shame and the Artifacts decide it [ES p.15]. Then Honor gained on the track is lost anyway, and what
the heuristic spends on it (a resource donated for 2 Honor [ES p.11], command cards left in the
discard for 2 Honor each [ES p.8], Chi paid to discard Shame [ES p.7-8], a Shame token laid on a
claimed card to spare the track [ES p.7]) is better kept for what the final scoring still counts.

The hard search scores its playouts with the same forecast (engine/ai/greatwall_search.py); this
module lets the heuristic it plays its playouts with, and proposes as a candidate, see it too. It reads
only the seat's view: every number of the forecast is public.

Measured (bench-style sweeps, 3 players, hard against random seats, development seeds 100..219, 120
games; never the reported seeds): wins 0.825 -> 0.883, and in the games that ended with every track
wiped 0.76 -> 0.86. Variants within the same noise (about +-0.03): building whatever the Artifacts
say (also when the resources kept would count) 0.917; valuing the breach a build spares 0.858. Against
normal seats (4 players, seeds 100..159) tracks are rarely doomed: 0.77 -> 0.75, one game.

An Artifact that pays per Advisor is scored after the Shame too, so the seat hires for it (and sends
its first Clerk to the Embassy while it holds the Gold) whether its track is doomed or not: in the
wiped games lost by a point or two the winner had one Advisor more, hired while the loser's track
was not yet doomed. Measured with only the games that have such an Artifact played again (the rest
play the same): Ghost Festival 3p against random seats, seeds 0..119, 0.867 -> 0.917 (development
seeds 120..239: 2 games more of 66 played), all the lines against random seats 4 games more; against
normal seats, where the track is rarely doomed, 14 fewer over all the lines (docs/ai-strength.md). Next:
hire for it by the share of the track the Shame forecast expects to take, not only when it takes all.
"""

from __future__ import annotations

from engine.ai.greatwall_advisors import best_hire
from engine.ai.greatwall_guard import unguarded
from engine.ai.greatwall_shame_forecast import Tally, kept_share
from engine.ai.greatwall_turn import Turn

# Below this share of one more Honor kept to the end, the track is doomed: the Shame already held and
# the table's pace are sure to take all of it (engine/ai/greatwall_shame_forecast.py).
DOOMED = 0.2


def breach_due(t: Turn) -> int:
    """Shame the seat takes if the assault came now: 1 per Horde card without its soldier in each
    Section whose power exceeds its Defence [ES p.10]; none once this year's assault is past."""
    if t.view["season"] not in ("spring", "summer", "fall"):
        return 0
    # Counted as a horseman's reach: every card of the Section, whatever its row.
    return sum(unguarded(t, sec, "horseman") for sec in range(len(t.view["sections"])))


def free_for_all(t: Turn) -> bool:
    """Whether the seat plays for the final score: not at a co-op or solo table, won on the Demands or
    against Qin's Honor [ES p.16, p.19]."""
    return t.view["mode"] not in ("coop", "solo")


def doomed(t: Turn) -> bool:
    """Whether the seat's Honor track will end at 0 whatever it adds to it now: even the Honor its pace
    so far would bring by the end goes to the Shame held, due and to come. In a free-for-all only
    (co-op and solo play for another goal [ES p.16, p.19]); never before the first assault, when no
    seat has a pace to read."""
    if not free_for_all(t):
        return False
    view = t.view
    tally = Tally.of_view(view)
    if tally.played <= 0:
        return False
    due = breach_due(t)
    future = tally.to_come(t.seat, due)
    honor = t.player["honor"]
    # The track's pace per year so far, over the assaults left (Honor comes all year round [ES p.11-13]).
    final = honor + round(honor / tally.played * tally.left)
    tokens = sum(t.player["shamed"].values()) + due
    return kept_share(final, tokens, future, t.pack.costs["shame_penalty"]) < DOOMED


def artifact_rate(t: Turn, per: str) -> int:
    """Honor the Artifacts in play pay at the end per unit of ``per`` [ES p.15] (engine data
    cards.toml: an overseer level, a wall built, an Advisor, three resources, a claimed Horde)."""
    artifacts = t.pack.artifacts
    return sum(artifacts[a].honor for a in t.view["artifacts"] if artifacts[a].per == per)


def pays_for_advisors(t: Turn) -> bool:
    """Whether an Artifact in play pays at the end for each Advisor the seat holds, in a free-for-all.
    That Honor is scored after the Shame [ES p.15], so no Shame takes it: an Advisor hired for it is
    worth its Honor whether the track is doomed or not (``free_for_all``)."""
    return free_for_all(t) and artifact_rate(t, "advisor") > 0


def advisor_hire(t: Turn, doom: bool) -> str | None:
    """The Embassy hire a seat makes when an Artifact pays for Advisors (``pays_for_advisors``)
    [ES p.14-15]: the one worth the most to it (``doom``: its Honor track is doomed), active (its
    ability works at once [ES p.14]); None otherwise."""
    actives = [o for o in t.prompt.options if o.id.endswith(".a")]
    if not pays_for_advisors(t) or not actives:
        return None
    return best_hire(t, actives, doom).id


def artifact_first(t: Turn, order: list[str]) -> list[str]:
    """The seat's Locations when an Artifact pays for Advisors (``pays_for_advisors``): the Embassy
    first while it can pay for one (an Advisor costs as many Gold as the seat will then have Advisors
    [ES p.14])."""
    if not pays_for_advisors(t):
        return order
    cost = len(t.player["active"]) + int(t.player["support"]) + 1
    return ["embassy", *order] if t.res["gold"] >= cost else order
