"""The Chronicles' cards shared by every scenario [IT AC, setup]: 10 Artifacts shuffled in with the
base ones, 8 Tactics, 4 Generals and 10 Advisors added to their decks (fact sheet §13.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.greatwall.flow import Ctx


def artifacts(ctx: Ctx, pool: list[str]) -> list[str]:
    """The Artifacts 3 are drawn from [IT AC setup step 4]."""
    return pool


def deck(ctx: Ctx, kind: str, cards: list[str]) -> list[str]:
    """The cards of ``kind`` shuffled into its deck [IT AC setup steps 9–11]."""
    return cards
