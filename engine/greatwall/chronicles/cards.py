"""The Chronicles' cards shared by every scenario [IT AC, "Preparazione"]: 10 Artifacts shuffled in with
the base ones, 8 Tactics, 4 Generals and 10 Advisors added to their decks (fact sheet §13.2); the cards
are data/chronicles/cards.toml (engine/greatwall/chronicles/cards_pack.py).

Ruling, the Artifacts "in play": IT AC, step 4, "Ricordate che gli effetti degli Artefatti in questa
espansione valgono durante la partita e non solo alla fine di quest'ultima". The printed effects are
unknown (fact sheet §18), so a Chronicles Artifact carries two parts: an in-play ability — a triggered
gain at one of the moments the base rules already name for abilities (Summer income, gathering,
recruiting, building a Wall or a Barricade, a defeat, a claim, hiring), paid to whichever player that
moment happens to while the card lies on an Artifact space (engine/greatwall/abilities.py ``trigger``)
— and a ``score`` counted at the end like a base Artifact's ("non solo alla fine": the end still counts).
The Artifacts are public, face up on the board, so no one's gain is hidden beyond what ``gain`` hides.

Ruling, co-op scenarios: co-op sets out no Artifacts because the Emperor's Demands take their spaces
[ES p.18 step 3], but the Chronicles' setup changes apply to the standard and the co-op setup alike
("Preparate il gioco standard o in cooperazione come di consueto, con le seguenti modifiche:
Mescolate le carte Artefatto … e mettetene 3 negli spazi Artefatto" [IT AC, "Preparazione"]) and
its co-op scenarios play without Demands (fact sheet §13.2), so the spaces are free: 3 Artifacts are
placed from the base 5 and the Chronicles' 10. In co-op their in-play gains help the team; their end
score has no use (co-op is won by surviving [ES p.19])."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.greatwall.flow import Ctx

ADDED = ("tactics", "generals", "advisors")  # the decks the Chronicles' cards join [IT AC steps 9–11]


def artifacts(ctx: Ctx, pool: list[str]) -> list[str]:
    """The Artifacts 3 are drawn from [IT AC setup step 4]: the base ones and the Chronicles'. A mode
    that set out none (co-op, the only such mode a scenario is played in) gets the base ones back: its
    Demands, which took their spaces, are not played in a scenario (the ruling above)."""
    base = pool or ctx.pack.deck("artifacts")
    return [*base, *ctx.pack.chronicles.get("artifacts", ())]


def deck(ctx: Ctx, kind: str, cards: list[str]) -> list[str]:
    """The cards of ``kind`` shuffled into its deck [IT AC setup steps 9–11]: the mode's own (standard
    or co-op) and the Chronicles'."""
    return [*cards, *ctx.pack.chronicles.get(kind, ())] if kind in ADDED else cards
