"""What the co-op Ancient Chronicles scenarios share as a variant [IT AC]: co-op without the Emperor's
Demands, survive to the end (the rules: engine/greatwall/chronicles/survival.py). The Siege of
Diaoyucheng and the Red Turban Rebellion subclass it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall.chronicles import survival
from engine.greatwall.flow import Ctx
from engine.greatwall.state import Task
from engine.greatwall.variants.chronicles import ScenarioVariant


@dataclass(frozen=True)
class Survival(ScenarioVariant):
    """A co-op scenario: co-op's rules and setup without the Emperor's Demands; the team wins by
    surviving to the end [IT AC]. Ordered after co-op, so these hooks see co-op's work."""

    # co-op's ``time_loss`` (conflict C14) words how co-op's Demand-counting end check treats the last
    # Winter; the survival end check replaces that check (IT AC: survive to the end, no Demands), so
    # the ruling changes nothing here and the lobby does not offer it. co-op's other rulings stay read:
    # ``start_hordes`` (co-op's setup [ES p.18 step 5]) and the Reed clan's at 2 players [ES p.15].
    drops: frozenset[str] = frozenset({"time_loss"})

    def extra_setup(self, ctx: Ctx) -> None:
        super().extra_setup(ctx)
        survival.setup(ctx)

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        return survival.winter_steps(super().winter_steps(ctx, steps))

    def announce_end(self, ctx: Ctx, won: bool, reason: str) -> bool:
        return survival.announce(ctx, won, reason)

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        super().view_extras(ctx, view)
        survival.view_extras(view)
