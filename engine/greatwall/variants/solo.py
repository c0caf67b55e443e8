"""Solo: one player against Qin Jiushao, with the Reed clan [ES p.16–17]. His rules are in
engine/greatwall/qin.py (and qin_overlord.py as the Reed clan's Overlord); the Reed clan's as in
duel (ReedClan)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.game import Outcome, OutcomeKind
from engine.greatwall import qin, reed
from engine.greatwall.flow import Ctx
from engine.greatwall.pack import QIN_TOKENS
from engine.greatwall.state import Qin, State, Task
from engine.greatwall.variants.duel import ReedClan


def _qin(state: State) -> Qin:
    assert state.qin is not None  # added at setup, every solo game has him
    return state.qin


@dataclass(frozen=True)
class Solo(ReedClan):
    def add_clans(self, ctx: Ctx) -> None:
        qin.add_qin(ctx)  # Qin Jiushao, then the Reed clan: Tea order you, Qin, Reed [ES p.16 step 19]
        super().add_clans(ctx)

    def spring_advisors(self, ctx: Ctx, discarded: list[str]) -> list[str]:
        return qin.spring_advisors(ctx, discarded)

    def collects_income(self, ctx: Ctx, seat: int) -> bool:
        return not ctx.state.is_qin(seat)  # Qin gets nothing from his Overseers in Summer (FAQ #6)

    def automaton_commands(self, ctx: Ctx, seats: list[int]) -> None:
        qin.draw(ctx)  # Qin plays the top card of his deck [ES p.16]
        seats.append(_qin(ctx.state).seat)
        super().automaton_commands(ctx, seats)

    def place_automaton(self, ctx: Ctx, seat: int) -> bool:
        if ctx.state.is_qin(seat):
            qin.place(ctx)
            return True
        return super().place_automaton(ctx, seat)

    def automaton_step(self, ctx: Ctx, job: Task) -> bool:
        state, seat = ctx.state, job["seat"]
        if not state.is_qin(seat):
            return super().automaton_step(ctx, job)
        if job["op"] == "cmd_move":  # his card's count on his turn; 2 on anyone else's [ES p.16]
            qin.move(ctx, job.get("n", 1) if state.active == seat else 2)
        return job["op"] in ("cmd_move", "cmd_gain")  # he takes no resources [ES p.16]

    def same_name(self, card: str) -> str:
        return qin.same_name(card)

    def activation_order(self, ctx: Ctx, job: Task, normal: list[str], advanced: list[str]) -> bool:
        return qin.order_activations(ctx, job, normal, advanced)

    def automaton_at(self, ctx: Ctx, loc: str, clans: list[int]) -> list[Task]:
        return super().automaton_at(ctx, loc, clans) + [
            {"op": "qin_at", "loc": loc} for s in clans if ctx.state.is_qin(s)]

    def shame_supply_empty(self, ctx: Ctx, seat: int) -> bool:
        ctx.state.tasks.clear()  # you lose at once [ES p.17]
        ctx.push({"op": "qin_lost"})
        return True

    def end_reached(self, ctx: Ctx, reasons: list[str]) -> None:
        if "shame" in reasons:
            _qin(ctx.state).lost = True  # an empty Shame supply: you lose [ES p.17] (ruling: also at Winter)

    def final_scoring(self, ctx: Ctx) -> None:
        qin.final_score(ctx)

    def outcome(self, state: State, scores: dict[int, dict[str, int]], kind: OutcomeKind) -> Outcome | None:
        """You win only by beating Qin's final Honor [ES p.17]."""
        rival = _qin(state)
        honor = state.players[rival.seat].honor
        scores[0]["qin"] = honor
        won = not rival.lost and state.players[0].honor > honor
        # An empty Shame supply loses at once, whatever the Honor [ES p.17]: no margin to tell.
        margin = None if rival.lost else state.players[0].honor - honor
        return Outcome((0,) if won else (), (0,), scores, kind=kind, rival="gw.qin", margin=margin)

    def rival(self, state: State) -> int | None:
        return _qin(state).seat

    def view_extras(self, ctx: Ctx, view: dict[str, Any]) -> None:
        rival = _qin(ctx.state)  # his Location track is public, highest first [ES p.16]
        view["qin"] = {"seat": rival.seat, "track": [QIN_TOKENS[t] for t in rival.track],
                       "deck": len(rival.deck), "lost": rival.lost}
        view.setdefault("panels", []).append({"kind": "automaton_track", "data": "qin"})


SOLO = Solo("solo", seats=(1, 1), outcome_kind=OutcomeKind.AGAINST_AUTOMATON, rulings=(*reed.OPTIONS, *qin.OPTIONS))
