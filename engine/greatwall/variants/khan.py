"""Genghis Khan: an expansion for "almost every game mode" (all but Ancient Chronicles) [IT GK,
introduction; fact sheet §13.1]: standard, duel, solo and co-op, and beside the Rat. Its rules are in
engine/greatwall/khan.py, its cards in data/khan.toml; its ruling is the starting Hordes (conflict
C2, table option khan_hordes); the Bannermen's rules are engine/greatwall/bannermen.py (their cost:
conflict C3, table option khan_banner_cost)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall import bannermen, khan
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State, Task
from engine.greatwall.variant import Variant


@dataclass(frozen=True)
class KhanVariant(Variant[Ctx]):
    def setup_state(self, state: State, chosen: dict[str, str]) -> None:
        state.rulings = {**state.rulings, "khan_hordes": chosen.get("khan_hordes", khan.HORDES[0]),
                         "khan_banner_cost": chosen.get("khan_banner_cost", "gold")}

    def deck(self, ctx: Ctx, kind: str, cards: list[str]) -> list[str]:
        if kind == "hordes":
            return khan.horde_deck(ctx, cards)  # step 6
        if kind == "advisors":
            return [*cards, *ctx.pack.khan.advisors]  # step 11: shuffled into the Advisor deck
        return cards

    def extra_hordes(self, ctx: Ctx, n: int) -> int:
        return khan.extra_hordes(ctx, n)  # step 7, conflict C2

    def extra_setup(self, ctx: Ctx) -> None:
        khan.setup(ctx)  # steps 4 and 7, once the starting Hordes are out
        bannermen.setup(ctx)  # step 5

    def spring_invaded(self, ctx: Ctx) -> None:
        khan.move(ctx)

    def after_defeat(self, ctx: Ctx, claimant: int | None, sec: int, survivors: list[str]) -> None:
        khan.after_defeat(ctx, claimant, sec, survivors)

    def section_power(self, ctx: Ctx, sec: int, power: int) -> int:
        return power + khan.skill_effect(ctx, sec, "power") if power else power

    def section_defence(self, ctx: Ctx, sec: int, defence: int) -> int:
        return max(0, defence - khan.skill_effect(ctx, sec, "defence"))

    def recruits(self, ctx: Ctx, units: tuple[str, ...]) -> tuple[str, ...]:
        return (*units, bannermen.BANNERMAN)

    def unit_cost(self, ctx: Ctx, unit: str) -> dict[str, int] | None:
        return bannermen.cost(ctx.state) if unit == bannermen.BANNERMAN else None

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        return [{"op": "banner_winter"}, *steps]  # at the start of Winter, before Firing [IT GK]

    def on_wall_built(self, ctx: Ctx, seat: int) -> None:
        khan.take_award(ctx, seat)

    def summer_income(self, ctx: Ctx, seat: int) -> None:
        khan.award_income(ctx, seat)

    def end_reasons(self, ctx: Ctx, reasons: list[str]) -> list[str]:
        return khan.end_reasons(ctx, reasons)

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        view["khan"] = khan.view_panel(ctx)
        view.setdefault("panels", []).append({"kind": "khan", "data": "khan"})


KHAN = KhanVariant("khan", option=("khan", "on"), combines=frozenset({"standard", "duel", "solo", "coop", "rat"}),
                   order=15, rulings=(*khan.OPTIONS, *bannermen.OPTIONS))
