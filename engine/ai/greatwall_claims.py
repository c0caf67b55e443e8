"""The Horde cards still on the Wall, as the hard search's evaluation reads them at the end of a
playout (engine/ai/greatwall_search.py ``value``): who would claim each card and what it pays.

A playout stops after ``horizon`` decisions, often with soldiers on a card that is not yet defeated.
Its Honor then counts for no one, and the search cannot tell an attack that wins the card from one
that only feeds a rival's claim. The rule it reads [ES p.10, RU p.10, Horde defeated]: a card is
defeated once all its Vital spots are covered (soldiers and wounds); every player with a soldier on
it gains 2 Honor; the player covering the most spots with soldiers (wounds do not count, ties by Tea
order) claims it, and a claimed card scores its Honor at the end unless it carries Shame [ES p.15];
artifacts that count claimed Hordes pay for it too [ES p.15], and with Genghis Khan the claimant may
send a surviving Spearman or Horseman of the card onto him for 6 Honor a spot [IT GK] (``claim_extra``).
The card is only part-way there, so each share is weighted by the part of its spots already covered.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.greatwall import khan as khan_rules
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


def claim_extra(pack: GreatWallPack, artifacts: Iterable[str], khan_free: int, wounder: str | None) -> float:
    """What claiming a Horde card pays beyond its own Honor: the Honor of the artifacts that count
    claimed Hordes [ES p.15], and with Genghis Khan the wound a surviving ``wounder`` of ours on the
    card may then deal him, 6 Honor a spot, while ``khan_free`` of his and his Skills' active spots
    are uncovered [IT GK, "Ferire Genghis Khan"]."""
    per_claim = sum(pack.artifacts[a].honor for a in artifacts if pack.artifacts[a].per == "horde")
    spots = min(khan_free, khan_rules.WOUNDERS.get(wounder or "", 0))
    return per_claim + khan_rules.SPOT_HONOR * spots


def best_wounder(units: Iterable[str]) -> str | None:
    """Of our soldiers' ``units`` on a card, the one that covers most of the Khan's spots [IT GK]."""
    return max(units, key=lambda u: khan_rules.WOUNDERS.get(u, 0), default=None)


def khan_free(ctx: Ctx) -> int:
    """The Khan's and his Skills' active spots still uncovered (0 without Genghis Khan)."""
    if ctx.state.khan is None or ctx.state.khan.defeated:
        return 0
    return sum(len(khan_rules.free_spots(ctx, sheet.id)) for sheet in khan_rules.sheets(ctx))


def claim_outlook(ctx: Ctx, kept: dict[int, float] | None = None) -> dict[int, float]:
    """Per seat: the Honor its soldiers on undefeated Horde cards are heading for, each card's
    claim and defeat Honor times the share of its spots already covered [ES p.10, p.15]. The defeat
    Honor goes on the Honor track, where Shame can take it back at the end [ES p.15]: each seat gets
    the share of it ``kept`` says (all of it by default); the claimed card scores apart."""
    state, pack = ctx.state, ctx.pack
    free = khan_free(ctx)
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
                wounder = best_wounder(s.unit for s in card.soldiers if s.seat == who)
                extra = claim_extra(pack, state.artifacts, free, wounder)
                out[who] = out.get(who, 0.0) + share * (pack.hordes[card.card].honor + extra)
    return out
