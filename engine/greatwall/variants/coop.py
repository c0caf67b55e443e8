"""Co-op: 2 to 4 players against the game [ES p.18–19]; at 2 the Reed clan joins as in duel [ES
p.15, p.19]. The rules are in engine/greatwall/coop.py (and demands.py, events.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.game import Outcome, OutcomeKind
from engine.greatwall import coop, reed
from engine.greatwall.abilities import gain
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State, Task
from engine.greatwall.track import usable_slots
from engine.greatwall.variants.duel import ReedClan


@dataclass(frozen=True)
class Coop(ReedClan):
    def with_reed(self, state: State) -> bool:
        return coop.with_reed(state)

    def kept_rulings(self) -> tuple[str, ...]:
        return (*reed.RULINGS, "start_hordes")  # time_loss has a field of its own

    def setup_state(self, state: State, chosen: dict[str, str]) -> None:
        super().setup_state(state, chosen)
        # Not read at a co-op scenario table (variants/survival.py ``drops``): the default stays.
        state.time_loss = chosen.get("time_loss", coop.TIME_LOSS[0])

    def extra_hordes(self, ctx: Ctx, n: int) -> int:
        return coop.starting_hordes(ctx.state) - len(ctx.state.sections)  # players + 1 [ES p.18 step 5]

    def extra_setup(self, ctx: Ctx) -> None:
        coop.setup(ctx)

    def spring_hordes(self, ctx: Ctx, n: int) -> int:
        return n + 1 + ctx.passive("spring_hordes")  # the "+1" side of the Time marker [ES p.18–19, FAQ #16]

    def summer_income(self, ctx: Ctx, seat: int) -> None:
        coop.passive_income(ctx, seat)

    def summer_steps(self, ctx: Ctx, seats: list[int], steps: list[Task]) -> list[Task]:
        # Shame for Honor, no reclaim step [ES p.19].
        return [*[{"op": "coop_shame", "seat": s} for s in seats], {"op": "coop_summer_end"}]

    def on_reveal(self, ctx: Ctx, seats: list[int]) -> None:
        # Once revealed, the team may openly plan the slot order [ES p.19, "Cartas de mando"]: one
        # planning line with the revealed cards and the open slots, before anyone places.
        state = ctx.state
        ctx.emit("plan", picks={str(s): state.players[s].command for s in seats},
                 slots=[i + 1 for i in usable_slots(ctx)])

    def team_moves(self, ctx: Ctx, effects: tuple[dict[str, Any], ...], others: list[int]) -> list[Task] | None:
        return coop.team_moves(ctx, effects, others)

    def team_order(self, ctx: Ctx, loc: str, present: list[int], jobs: list[Task]) -> bool:
        return coop.ask_team_order(ctx, loc, present, jobs)

    def on_claim(self, ctx: Ctx, seat: int, card: str) -> None:
        # A Horde's Honor is gained at once, not at the end [ES p.19, FAQ #3].
        gain(ctx, seat, {"honor": ctx.pack.hordes[card].honor}, reason="horde")

    def on_wall_built(self, ctx: Ctx, seat: int) -> None:
        ctx.push({"op": "wall_reclaim", "seat": seat})  # 1 command card back per level [ES p.19]

    def artifacts(self, ctx: Ctx, pool: list[str]) -> list[str]:
        return []  # no Artifacts: the Demands take their slots [ES p.18 step 3]

    def shame_on_cards(self, ctx: Ctx) -> bool:
        return False  # never on a Horde card [ES p.19]

    def shame_buy_back(self, ctx: Ctx, seat: int) -> int | None:
        # Right after gaining a token you may lose 10 Honor to discard it [ES p.19].
        return coop.SHAME_DISCARD_HONOR if ctx.state.players[seat].honor >= coop.SHAME_DISCARD_HONOR else None

    def shame_supply_empty(self, ctx: Ctx, seat: int) -> bool:
        coop.finish(ctx, False, "shame_due")  # a token due from an empty supply: all lose at once [ES p.19]
        return True

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        return [dict(step) for step in coop.WINTER]  # the co-op Winter [ES p.19]

    def outcome(self, state: State, scores: dict[int, dict[str, int]], kind: OutcomeKind) -> Outcome | None:
        return Outcome(scores=scores, kind=kind, **coop.outcome_places(state))  # all win or all lose [ES p.18]

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        view["coop"] = coop.view_panel(ctx)
        view.setdefault("panels", []).append({"kind": "demands", "data": "coop"})


COOP = Coop("coop", seats=(2, 4), outcome_kind=OutcomeKind.COOP, card_set="coop",
            rulings=(*reed.OPTIONS, *coop.OPTIONS), open_rounds=frozenset({"team_move"}))
