"""What the coming Winter assault will cost each seat, as the hard search's evaluation reads it at the
end of a playout (engine/ai/greatwall_search.py ``value``).

A playout stops after ``horizon`` decisions, often before the Winter's assault. Its Shame is then
invisible to a plain count of the Shame already taken, and the search cannot tell a move that
defends a Section (a wall, a barricade, a soldier on a Horde card) from one that does not. The rule it
reads [ES p.10, RU p.10]: at the assault, a Section whose Hordes' power exceeds its Defence is
breached, and every player gains 1 Shame per Horde card there without one of their soldiers on it;
each Shame under a soldier costs 5 Honor at the end [ES p.15], and one due from an empty supply costs
5 Honor at once [ES p.7].

Shame taken is not final while a Summer is ahead: in its Shame step a player may discard any of their
tokens for 2 Chi each [ES p.7-8, RU p.7-8] (``summer_ahead``), so the evaluation may count the Chi
held against them (engine/ai/greatwall_search.py ``estimate``).
"""

from __future__ import annotations

from engine.greatwall.combat import defence, power
from engine.greatwall.flow import Ctx


def breach_shame(ctx: Ctx, seat: int) -> int:
    """Shame ``seat`` takes if the assault came now: 1 per Horde card without its soldier in every
    Section whose power exceeds its Defence [ES p.10]."""
    shame = 0
    for sec, section in enumerate(ctx.state.sections):
        if not section.hordes or power(ctx, sec) <= defence(ctx, sec):
            continue
        shame += sum(1 for card in section.hordes if all(s.seat != seat for s in card.soldiers))
    return shame


def assault_pending(ctx: Ctx) -> bool:
    """Whether this year's assault is still to come: it falls in Winter [ES p.9], so from Spring to
    Fall it is ahead; in Winter (or once over) it is played or being played."""
    return ctx.state.season in ("spring", "summer", "fall")


def summer_ahead(ctx: Ctx) -> bool:
    """Whether a Summer's Shame step [ES p.8] is still to come before the end: the year's own from
    Spring; from Fall, the next year's unless this Winter's end check ends the game [ES p.9]: the
    Time marker on the track's last space, or a Shame supply the coming breaches empty. In Summer
    itself the step may be past, so no."""
    state = ctx.state
    if state.season in ("summer", "over"):
        return False
    if state.season not in ("fall", "winter"):
        return True
    if state.time >= len(ctx.time_track()) - 1:
        return False
    coming = sum(breach_shame(ctx, seat) for seat in state.humans()) if state.season == "fall" else 0
    return state.shame_supply > coming
