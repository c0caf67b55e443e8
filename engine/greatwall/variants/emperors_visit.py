"""The Emperor's Visit [IT AC, "La Visita dell'Imperatore"]: a competitive Ancient Chronicles
scenario (the standard game at 3–4, engine/greatwall/variants/chronicles.py). Its rules are
engine/greatwall/chronicles/emperors_visit.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall.chronicles import emperors_visit as visit
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State, Task
from engine.greatwall.variants.chronicles import ScenarioVariant, competitive


@dataclass(frozen=True)
class EmperorsVisit(ScenarioVariant):
    def extra_setup(self, ctx: Ctx) -> None:
        super().extra_setup(ctx)
        visit.setup(ctx)

    def clerk_places(self, state: State, places: tuple[str, ...]) -> tuple[str, ...]:
        return (*places, visit.WAREHOUSE)  # never in the activation step (clerks.eligible reads the board's)

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        steps = super().winter_steps(ctx, steps)
        at = next(i for i, s in enumerate(steps) if s["op"] == "assault") + 1  # "dopo la fase di Assalto"
        return [*steps[:at], {"op": "emperor_claim"}, {"op": "emperor_warehouse"}, *steps[at:]]

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        super().view_extras(ctx, view)
        view[visit.NAME] = visit.view_panel(ctx)
        view.setdefault("panels", []).append({"kind": visit.NAME, "data": visit.NAME})


EMPERORS_VISIT = competitive(EmperorsVisit, visit.NAME)
