"""What the coming Winter assault will cost each seat, as the hard search's evaluation reads it at the
end of a playout (engine/ai/greatwall_search.py ``value``).

A playout stops after ``horizon`` decisions, often before the Winter's assault. Its Shame is then
invisible to a plain count of the Shame already taken, and the search cannot tell a move that
defends a Section (a wall, a barricade, a soldier on a Horde card) from one that does not. The rule it
reads [ES p.10, RU p.10]: at the assault, a Section whose Hordes' power exceeds its Defence is
breached, and every player gains 1 Shame per Horde card there without one of their soldiers on it;
each Shame under a soldier costs 5 Honor at the end [ES p.15], and one due from an empty supply costs
5 Honor at once [ES p.7].
"""

from __future__ import annotations

from engine.greatwall.combat import defence, power
from engine.greatwall.flow import Ctx


def breaching(ctx: Ctx) -> list[int]:
    """The Sections the assault would breach if it came now: the Hordes' power above the Defence."""
    return [sec for sec, section in enumerate(ctx.state.sections)
            if section.hordes and power(ctx, sec) > defence(ctx, sec)]


def breach_shame(ctx: Ctx, seat: int) -> int:
    """Shame ``seat`` takes if the assault came now: 1 per Horde card without its soldier in every
    Section whose power exceeds its Defence [ES p.10]; none in La Grande Carestia, where a breach
    lowers the shared cap instead and nobody takes Shame for it [IT AC] (the search weighs that fall:
    engine/ai/greatwall_great_famine.py ``famine_risk``)."""
    if shameless_breaches(ctx):
        return 0
    sections = ctx.state.sections
    return sum(1 for sec in breaching(ctx) for card in sections[sec].hordes
               if all(s.seat != seat for s in card.soldiers))


def shameless_breaches(ctx: Ctx) -> bool:
    """Whether a breach gives no Shame at this table, as its variants declare (``Variant.breach_shame``):
    La Grande Carestia ("Non prendete né scartate alcun tassello Onta" [IT AC]). Measured (3p against
    normal seats, seeds 0..59, the cap's old start 20): counting the Shame anyway, the hard seat covered
    Horde cards for nothing and its table lost 34 games; without it 27 (a table of three normal seats:
    27), and the seat won 0.433 -> 0.55."""
    return not ctx.every(lambda v: v.breach_shame)


def assault_pending(ctx: Ctx) -> bool:
    """Whether this year's assault is still to come: it falls in Winter [ES p.9], so from Spring to
    Fall it is ahead; in Winter (or once over) it is played or being played."""
    return ctx.state.season in ("spring", "summer", "fall")
