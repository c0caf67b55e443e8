"""Il Lungo Inverno (competitive) [IT AC, "Il Lungo Inverno"; fact sheet §13.2]: the standard game at
3–4 players with the Production track, the Emperor's resource spaces, and Breaches and Raids paid in
resources. Its rules are engine/greatwall/chronicles/long_winter.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall.chronicles import long_winter
from engine.greatwall.flow import Ctx
from engine.greatwall.state import Task
from engine.greatwall.variants.chronicles import ScenarioVariant, competitive


@dataclass(frozen=True)
class LongWinterVariant(ScenarioVariant):
    def extra_setup(self, ctx: Ctx) -> None:
        super().extra_setup(ctx)
        long_winter.setup(ctx)

    def overseer_yield(self, ctx: Ctx, seat: int, loc: str, n: int) -> int:
        return long_winter.overseer_yield(ctx, super().overseer_yield(ctx, seat, loc, n))

    def turn_end(self, ctx: Ctx, seat: int, steps: list[Task]) -> list[Task]:
        # "alla fine del turno, dopo il passo di Controllo Sconfitta delle Orde" (errata 49: your own).
        return [*super().turn_end(ctx, seat, steps), {"op": "lw_send", "seat": seat}]

    def breach_shames(self, ctx: Ctx, sec: int, jobs: list[Task]) -> list[Task]:
        return long_winter.breach_jobs(super().breach_shames(ctx, sec, jobs))

    def raid(self, ctx: Ctx, sec: int) -> bool:
        long_winter.raid(ctx, sec)
        return True

    def end_reached(self, ctx: Ctx, reasons: list[str]) -> None:
        super().end_reached(ctx, reasons)
        long_winter.final_honor(ctx)  # "prima del conteggio finale dei punti Onore"

    def honor_due(self, ctx: Ctx, seat: int) -> int:
        return super().honor_due(ctx, seat) + long_winter.clerk_honor(ctx, seat)

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        super().view_extras(ctx, view)
        view["chronicle"] = long_winter.view_panel(ctx)
        view.setdefault("panels", []).append({"kind": "chronicle", "data": "chronicle"})


LONG_WINTER = competitive(LongWinterVariant, long_winter.NAME)
