"""The Hungry Ghost Festival [IT AC, "Il Festival dei Fantasmi"]: a competitive Ancient Chronicles
scenario (the standard game at 3–4, engine/greatwall/variants/chronicles.py). Its rules are
engine/greatwall/chronicles/ghost_festival.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall.chronicles import ghost_festival as ghosts
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State, Task
from engine.greatwall.variants.chronicles import ScenarioVariant, competitive


@dataclass(frozen=True)
class GhostFestival(ScenarioVariant):
    def extra_setup(self, ctx: Ctx) -> None:
        super().extra_setup(ctx)
        ghosts.setup(ctx)

    def clerk_places(self, state: State, places: tuple[str, ...]) -> tuple[str, ...]:
        closed = set(ghosts.haunted(state))  # "I Commessi non possono essere Mossi nei Luoghi infestati"
        return tuple(loc for loc in places if loc not in closed)

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        steps = super().winter_steps(ctx, steps)
        ops = [s["op"] for s in steps]
        start = ops.index("assault_tactics") if "assault_tactics" in ops else ops.index("assault")
        after = ops.index("assault") + 1
        return [*steps[:start], {"op": "ghost_clear"}, *steps[start:after], {"op": "ghost_haunt"}, *steps[after:]]

    def soldier_killed(self, ctx: Ctx, seat: int, unit: str) -> bool:
        return ghosts.killed(ctx, seat, unit)

    def after_defeat(self, ctx: Ctx, claimant: int | None, sec: int, survivors: list[str]) -> None:
        super().after_defeat(ctx, claimant, sec, survivors)
        ghosts.after_defeat(ctx, claimant)

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        super().view_extras(ctx, view)
        view[ghosts.NAME] = ghosts.view_panel(ctx.state)
        view.setdefault("panels", []).append({"kind": ghosts.NAME, "data": ghosts.NAME})


GHOST_FESTIVAL = competitive(GhostFestival, ghosts.NAME)
