"""The Siege of Diaoyucheng [IT AC, "L'Assedio di Diaoyucheng"]: co-op without the Demands
(engine/greatwall/chronicles/survival.py) and the Fortress (engine/greatwall/chronicles/siege.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall.chronicles import siege
from engine.greatwall.flow import Ctx
from engine.greatwall.state import Task
from engine.greatwall.variants.chronicles import cooperative
from engine.greatwall.variants.survival import Survival


@dataclass(frozen=True)
class Siege(Survival):
    def extra_setup(self, ctx: Ctx) -> None:
        super().extra_setup(ctx)
        siege.setup(ctx)

    def on_raid(self, ctx: Ctx, sec: int) -> None:
        siege.on_raid(ctx, sec)  # "Razzie" [IT AC]

    def location_jobs(self, ctx: Ctx, loc: str, jobs: list[Task]) -> list[Task]:
        return siege.location_jobs(jobs)  # the Fortress actions [IT AC; FAQ #30, #31]

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        out: list[Task] = []
        for step in super().winter_steps(ctx, steps):
            if step["op"] == "firing":  # the Fortress archers fire first
                out.append({"op": "siege_fire"})
            out.append(step)
            if step["op"] == "assault":  # the Night, after the Assault
                out.append({"op": "siege_night"})
        return out

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        super().view_extras(ctx, view)
        view["siege"] = siege.view_panel(ctx)
        view.setdefault("panels", []).append({"kind": "siege", "data": "siege"})


SIEGE = cooperative(Siege, "siege")
