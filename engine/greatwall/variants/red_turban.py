"""The Red Turban Rebellion [IT AC, "La Rivolta dei Turbanti Rossi"]: co-op without the Demands
(engine/greatwall/chronicles/survival.py) and the rebellion's rules (engine/greatwall/chronicles/red_turban.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall.chronicles import red_turban
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import GreatWallPack
from engine.greatwall.state import State, Task
from engine.greatwall.variant import TimeTrack
from engine.greatwall.variants.chronicles import cooperative
from engine.greatwall.variants.survival import Survival


@dataclass(frozen=True)
class RedTurban(Survival):
    def setup_state(self, state: State, chosen: dict[str, str]) -> None:
        super().setup_state(state, chosen)
        state.rulings = {**state.rulings, "turban_length": chosen.get("turban_length", red_turban.LENGTHS[0])}

    def extra_setup(self, ctx: Ctx) -> None:
        super().extra_setup(ctx)
        red_turban.setup(ctx)

    def time_track(self, state: State, pack: GreatWallPack, track: TimeTrack) -> TimeTrack:
        return red_turban.time_track(state, track)  # conflict C9

    def spring_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        return red_turban.spring_steps(ctx, steps)  # Peace or War, after Time advances [IT AC]

    def summer_steps(self, ctx: Ctx, seats: list[int], steps: list[Task]) -> list[Task]:
        # During the income phase, before co-op's Shame steps [IT AC, "Reddito del Sorvegliante"].
        return [*({"op": "turban_hire", "seat": s} for s in ctx.state.tea_humans()), *steps]

    def can_upgrade(self, ctx: Ctx, loc: str) -> bool:
        return red_turban.can_upgrade(ctx, loc)

    def on_activate(self, ctx: Ctx, loc: str, present: list[int]) -> None:
        red_turban.on_activate(ctx, loc, present)

    def on_raid(self, ctx: Ctx, sec: int) -> None:
        red_turban.on_raid(ctx, sec)

    def on_breach(self, ctx: Ctx, sec: int) -> bool:
        return red_turban.on_breach(ctx, sec)

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        super().view_extras(ctx, view)
        view["turban"] = red_turban.view_panel(ctx.state)
        view.setdefault("panels", []).append({"kind": "turban", "data": "turban"})


RED_TURBAN = cooperative(RedTurban, "red_turban", rulings=red_turban.OPTIONS,
                         open_rounds=frozenset({"turban_state"}))
