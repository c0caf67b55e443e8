"""The Horde cards still on the Wall, as the hard search's evaluation reads them at the end of a
playout (engine/ai/greatwall_search.py ``value``): who would claim each card and what it pays.

A playout stops after ``horizon`` decisions, often with soldiers on a card that is not yet defeated.
Its Honor then counts for no one, and the search cannot tell an attack that wins the card from one
that only feeds a rival's claim. The rule it reads [ES p.10, RU p.10, Horde defeated]: a card is
defeated once all its Vital spots are covered (soldiers and wounds); every player with a soldier on
it gains 2 Honor; the player covering the most spots with soldiers (wounds do not count, ties by Tea
order) claims it, and a claimed card scores its Honor at the end unless it carries Shame [ES p.15];
artifacts that count claimed Hordes pay for it too [ES p.15], and with Genghis Khan the claimant may
send a surviving Spearman or Horseman of the card onto him for 6 Honor a spot [IT GK] (``wound_honor``).
The card is only part-way there, so each share is weighted by the part of its spots already covered.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.ai.greatwall_khan import free_left, wound_honor
from engine.greatwall.combat import _claimant as claimant
from engine.greatwall.combat import free_spots
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import GreatWallPack

# How much of a part-covered card's worth the evaluation credits (the rest stays uncertain: the card
# may slide, be breached or be taken over by a rival's soldiers before it is defeated). Measured
# (bench/ai_strength.py, seeds 0..59, hard vs normal): 4p 0.63 -> 0.80, 3p 0.93; vs random 3p and 4p
# 0.88 -> 0.83 each, khan 3p 0.82 -> 0.73, rat 3p 0.87 -> 0.77: it costs strength against random
# seats, where Shame wipes every Honor and claimed cards take Shame tokens (ES p.7, p.15).
CLAIM_WEIGHT = 0.6


def per_claim_honor(pack: GreatWallPack, artifacts: Iterable[str]) -> int:
    """The Honor the Artifacts in play pay at the end for each claimed Horde card [ES p.15]."""
    return sum(pack.artifacts[a].honor for a in artifacts if pack.artifacts[a].per == "horde")


def claim_outlook(ctx: Ctx, kept: dict[int, float] | None = None) -> dict[int, float]:
    """Per seat: the Honor its soldiers on undefeated Horde cards are heading for, each card's
    claim and defeat Honor times the share of its spots already covered [ES p.10, p.15]. The defeat
    Honor goes on the Honor track, where Shame can take it back at the end [ES p.15]: each seat gets
    the share of it ``kept`` says (all of it by default); the claimed card scores apart."""
    state, pack = ctx.state, ctx.pack
    per_claim = per_claim_honor(pack, state.artifacts)
    free = free_left(ctx)
    defeat = pack.costs["defeat_honor"]
    out: dict[int, float] = {}
    for section in state.sections:
        for card in section.hordes:
            if not card.soldiers:
                continue
            spots = len(pack.hordes[card.card].spots)
            share = CLAIM_WEIGHT * (spots - len(free_spots(ctx, card))) / max(spots, 1)
            for seat in {s.seat for s in card.soldiers}:
                out[seat] = out.get(seat, 0.0) + share * defeat * (1.0 if kept is None else kept.get(seat, 1.0))
            who = claimant(ctx, card)
            if who is not None:
                wound = wound_honor(free, (s.unit for s in card.soldiers if s.seat == who))
                out[who] = out.get(who, 0.0) + share * (pack.hordes[card.card].honor + per_claim + wound)
    return out
