"""The Rat: a small expansion "that can be added to any mode" [IT "Espansione Ratto", introduction;
fact sheet §13.4]: standard, duel, solo and co-op. Its rules are in engine/greatwall/rat.py, its cards
and Artifacts in data/rat.toml; its one ruling is the payout (conflict C4, table option rat_payout)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.greatwall import rat
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State, Task
from engine.greatwall.variant import Variant


@dataclass(frozen=True)
class RatVariant(Variant[Ctx]):
    def setup_state(self, state: State, chosen: dict[str, str]) -> None:
        state.rulings = {**state.rulings, "rat_payout": chosen.get("rat_payout", rat.PAYOUTS[0])}

    def artifacts(self, ctx: Ctx, pool: list[str]) -> list[str]:
        # Setup step 4: the Rat Artifacts are shuffled in with the base ones, 3 placed as usual [IT
        # Rat]. Ruling: a mode that sets out no Artifacts (co-op: the Demands take their slots [ES
        # p.18 step 3]) has none to shuffle them into, so none are placed there either.
        return [*pool, *ctx.pack.rat.get("artifacts", ())] if pool else pool

    def extra_setup(self, ctx: Ctx) -> None:
        rat.setup(ctx)  # steps 18–19 [IT Rat]

    def summer_steps(self, ctx: Ctx, seats: list[int], steps: list[Task]) -> list[Task]:
        # After the reclaim step, before Fall (the last step) [IT Rat, "Carte Ratto"].
        return [*steps[:-1], {"op": "rat_reveal"}, steps[-1]]

    def fall_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        return [{"op": "rat_move"}, *steps]  # after the Horde defeat check, before Winter [IT Rat]

    def on_activate(self, ctx: Ctx, loc: str, present: list[int]) -> None:
        rat.payout(ctx, loc, present)  # "Presenza del Ratto" [IT Rat]

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        view["rat"] = rat.view_panel(ctx.state)
        view.setdefault("panels", []).append({"kind": "rat", "data": "rat"})


RAT = RatVariant("rat", option=("rat", "on"), combines=frozenset({"standard", "duel", "solo", "coop"}),
                 order=20, rulings=rat.OPTIONS)
