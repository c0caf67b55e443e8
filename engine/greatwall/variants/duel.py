"""Duel: 2 players and the Reed clan, a rules-driven third clan on the 3-player board side [ES p.15].

``ReedClan`` is every variant that plays with the Reed clan (duel, solo, 2-player co-op): its
rules are in engine/greatwall/reed.py; this class wires them to the hooks.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.greatwall import reed
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State, Task
from engine.greatwall.variant import Variant


@dataclass(frozen=True)
class ReedClan(Variant[Ctx]):
    def with_reed(self, state: State) -> bool:
        return True

    def setup_state(self, state: State, chosen: dict[str, str]) -> None:
        if self.with_reed(state):
            state.blocked = 1  # the leftmost Section [ES p.15 step 1, p.16 step 1]
            state.rulings = {k: chosen[k] for k in self.kept_rulings() if k in chosen}

    def kept_rulings(self) -> tuple[str, ...]:
        """The table options the state keeps (``state.rulings``)."""
        return tuple(option.name for option in self.rulings)

    def add_clans(self, ctx: Ctx) -> None:
        if self.with_reed(ctx.state):
            reed.add_reed(ctx)

    def automaton_commands(self, ctx: Ctx, seats: list[int]) -> None:
        reed.command(ctx, seats)

    def place_automaton(self, ctx: Ctx, seat: int) -> bool:
        if not ctx.state.is_reed(seat):
            return False
        reed.place(ctx)
        return True

    def automaton_step(self, ctx: Ctx, job: Task) -> bool:
        return reed.step(ctx, job)

    def claim_counts(self, ctx: Ctx, count: dict[int, int]) -> dict[int, int]:
        # Reed never gains Horde cards [ES p.15]: with reed_claim=next the others' spots decide.
        if ctx.state.rulings.get("reed_claim", "discard") != "next":
            return count
        return {seat: n for seat, n in count.items() if not ctx.state.is_reed(seat)}

    def claimant(self, ctx: Ctx, seat: int | None) -> int | None:
        # Reed covering the most spots: nobody claims it (ruling, reed_claim=discard). Qin claims
        # Hordes like a player: he gains Honor from every usual source [ES p.16 rule 5].
        return None if seat is not None and ctx.state.is_reed(seat) else seat

    def company(self, ctx: Ctx, clans: list[int]) -> list[int]:
        # A Reed Clerk is company (it plays as the third player [ES p.15]), or with reed_company=alone
        # not. Qin is a player here: sharing a Location with him is company (ruling, ES p.16 rule 5).
        if ctx.state.rulings.get("reed_company", "company") == "company":
            return clans
        return [s for s in clans if not ctx.state.is_reed(s)]

    def raid_count(self, state: State, n: int) -> int:
        # With the Reed clan, humans only (RU p.15, FAQ #4; conflict C7), or every clan (raid_count=clans).
        return state.clans() if self.with_reed(state) and state.rulings.get("raid_count") == "clans" else n

    def automaton_at(self, ctx: Ctx, loc: str, clans: list[int]) -> list[Task]:
        # The Overlord resolves a Reed Clerk's effect [ES p.15]; ruling: after the players' own
        # effects there (the rulebook gives no order).
        return [{"op": "reed_at", "loc": loc} for s in clans if ctx.state.is_reed(s)]


DUEL = ReedClan("duel", seats=(2, 2), rulings=reed.OPTIONS)
