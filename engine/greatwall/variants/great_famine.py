"""La Grande Carestia (competitive) [IT AC, "La Grande Carestia"; fact sheet §13.2]: the standard game
at 3–4 players with the Market, the Food track and its shared cap, and Winter's Consumption. Its rules
are engine/greatwall/chronicles/great_famine.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.game import Outcome, OutcomeKind
from engine.greatwall.chronicles import great_famine
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import Location
from engine.greatwall.state import State, Task
from engine.greatwall.variants.chronicles import ScenarioVariant, competitive


@dataclass(frozen=True)
class GreatFamineVariant(ScenarioVariant):
    def extra_setup(self, ctx: Ctx) -> None:
        super().extra_setup(ctx)
        great_famine.setup(ctx)

    def locations(self, state: State, locs: dict[str, Location]) -> dict[str, Location]:
        # "un nuovo tipo di Luogo speciale"
        return {**super().locations(state, locs), great_famine.MARKET: great_famine.SPEC}

    def location_steps(self, ctx: Ctx, loc: str, present: list[int], here: list[int]) -> list[Task]:
        steps = super().location_steps(ctx, loc, present, here)
        return [*steps, *great_famine.market_steps(present, here)] if loc == great_famine.MARKET else steps

    def breach_shames(self, ctx: Ctx, sec: int, jobs: list[Task]) -> list[Task]:
        # The cap falls by 1 per Horde card there; no Shame is taken ("Non prendete né scartate alcun
        # tassello Onta": ``breach_shame`` below).
        great_famine.lower_cap(ctx, len(ctx.state.sections[sec].hordes), sec)
        return jobs

    def raid(self, ctx: Ctx, sec: int) -> bool:
        great_famine.lower_cap(ctx, 1, sec)
        return True

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        steps = super().winter_steps(ctx, steps)
        at = next((i for i, s in enumerate(steps) if s["op"] == "end_check"), len(steps))
        return [*steps[:at], {"op": "gf_consume"}, *steps[at:]]  # "Ogni Inverno, dopo la fase di Assalto"

    def outcome(self, state: State, scores: dict[int, dict[str, int]], kind: OutcomeKind) -> Outcome | None:
        if not great_famine.lost(state):
            return super().outcome(state, scores, kind)
        # "tutti i giocatori perdono": nobody wins; every seat shares the last place.
        seats = tuple(range(state.seats))
        return Outcome(winners=(), ranking=seats, scores=scores, places=(state.seats,) * state.seats, kind=kind)

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        super().view_extras(ctx, view)
        view["chronicle"] = great_famine.view_panel(ctx)
        view.setdefault("panels", []).append({"kind": "chronicle", "data": "chronicle"})


GREAT_FAMINE = competitive(GreatFamineVariant, great_famine.NAME, breach_shame=False)
