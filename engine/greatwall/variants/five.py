"""The fifth player: "a 5-player game is played as a standard 4-player game, with a few changes to the
setup" [IT 5P, "Quinto giocatore"; fact sheet §13.3]. Its cards and setup numbers are in
data/five.toml; this module wires them to the setup hooks.

Why a variant turned on by seat count (``at_seats``) rather than 5-player branches in the base setup:
the base rules stay the 3–4 player game of the box [ES p.4–5] and never ask how many seats there
are beyond what the base board already reads by clan count (the board side and the 5-player command
slot [ES p.4, p.8]: the 4–5 player side is the base board's; ``time_track`` and ``track.usable_slots``
read the clan count). What the expansion adds — its cards, the Time marker's start, the extra Hordes,
the fourth Clerk on the Clerk space — is its own declared data and hooks, so an owner's printed pack
overrides it by id and a mode or expansion that knows nothing of it keeps working. It is not a table
option: owning the expansion is what lets a fifth person sit down, so a 5-seat table of a mode it
combines with (standard, co-op [IT 5P step 10: "standard and co-op"]) always plays it.

It applies before the mode (``order`` below): it changes the player-count line of the base setup,
on which a mode builds (co-op's "players + 1" Hordes [ES p.18 step 5] replaces the standard count, at
5 players too).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.game import TableOption
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State
from engine.greatwall.variant import Variant

# Conflict C10 (fact sheet §17): the IT components list 4 5P Advisors but its setup never adds them;
# the fan reference shuffles them in. Ruling: "in" by default — the box's other 5P cards are all
# shuffled into their decks (IT 5P steps 9–10) and the Advisors have no other use, so their missing
# step reads as an omission; "out" plays the IT setup as written.
ADVISORS = ("in", "out")
OPTIONS = (TableOption("five_advisors", ADVISORS, ADVISORS[0]),)


@dataclass(frozen=True)
class Five(Variant[Ctx]):
    def setup_state(self, state: State, chosen: dict[str, str]) -> None:
        state.rulings = {**state.rulings, "five_advisors": chosen.get("five_advisors", ADVISORS[0])}

    def deck(self, ctx: Ctx, kind: str, cards: list[str]) -> list[str]:
        # Steps 9–10: the 5P Tactics and Generals are shuffled in with the base (and co-op) ones
        # [IT 5P]; the 5P Advisors too unless the table plays C10 as written.
        if kind == "advisors" and ctx.state.rulings.get("five_advisors") == "out":
            return cards
        return [*cards, *ctx.pack.five.get(kind, ())]

    def extra_hordes(self, ctx: Ctx, n: int) -> int:
        # Step 7: row 1 full, then 2 more Hordes by the Invasion indicator (the 4-player game: 1) [IT 5P].
        return ctx.pack.five_setup["extra_hordes"]

    def extra_setup(self, ctx: Ctx) -> None:
        state, setup = ctx.state, ctx.pack.five_setup
        # Step 3: the Time marker on the 2nd space of the 4–5 player side, so at most 4 years [IT 5P].
        state.time = setup["time_start"]
        # Step 14: each player puts 4 of their Clerks on the Clerk space instead of 3; the other 4 of
        # the clan's 8 stay in reserve [IT 5P; ES p.4 clan set].
        for seat in state.humans():
            player = state.players[seat]
            total = player.clerks + player.clerk_space
            player.clerk_space = min(total, setup["clerks_on_board"])
            player.clerks = total - player.clerk_space


FIVE = Five("five", at_seats=frozenset({5}), combines=frozenset({"standard", "coop", "rat", "khan"}),
            order=-10, rulings=OPTIONS)
