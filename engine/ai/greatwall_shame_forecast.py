"""The Shame still to come after the coming assault, as the hard search's evaluation reads it at the
end of a free-for-all playout (engine/ai/greatwall_search.py ``outlook``).

Why: the final scoring takes 5 Honor per Soldier with Shame under it and stops at 0 [ES p.15]. A
playout ends about one season ahead, so a plain "Honor less 5 per Shame held now" treats Honor as safe
when the table's pace of breaches will wipe it out before the end; then the seat keeps spending its
resources on Honor it will not keep, instead of on what the Artifacts pay for [ES p.15]. Against seats
that leave the Wall undefended, most games end that way: the Shame supply runs out [ES p.9, end check]
with every Honor track wiped and the Artifacts deciding.

The forecast reads only what every seat sees: the Shame each seat holds (under its soldiers and on its
claimed cards), the years played, the Time track and the supply. Each seat's pace (tokens per assault
so far) runs on for the assaults still ahead: those the Time track leaves [ES p.9], fewer if the
table's pace empties the supply first (the game ends at that Winter's end check [ES p.9]).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.ai.greatwall_outlook import breach_shame
from engine.core.game import View
from engine.greatwall.flow import Ctx
from engine.greatwall.state import Player

# Past this many tokens the Poisson tail is negligible for any Honor a seat can hold.
_MOST = 40


def shame_held(player: Player) -> int:
    """Shame tokens a seat holds: under its reserve soldiers and on its claimed Horde cards [ES p.7]."""
    return sum(player.shamed.values()) + sum(card.shame for card in player.claimed)


def assaults_after(ctx: Ctx) -> int:
    """Winter assaults after this year's: the game ends at the Winter end check with the Time marker on
    the track's last space [ES p.9], and the marker moves one space each Spring [ES p.8]."""
    return max(0, len(ctx.time_track()) - 1 - ctx.state.time)


def assaults_played(year: int, season: str) -> int:
    """Assaults resolved: this year's too once Winter has come (it opens the season [ES p.9])."""
    return year if season in ("winter", "over") else year - 1


@dataclass(frozen=True)
class Tally:
    """The public numbers the forecast reads, the same from the game state (the search's playouts)
    and from a seat's view (the heuristic's own decisions, engine/ai/greatwall_doom.py)."""

    held: tuple[int, ...]  # Shame each deciding seat holds
    played: int  # assaults resolved
    left: int  # assaults after this year's
    supply: int  # tokens left in the Shame supply

    @classmethod
    def of_state(cls, ctx: Ctx) -> Tally:
        state = ctx.state
        return cls(tuple(shame_held(state.players[s]) for s in state.humans()),
                   assaults_played(state.year, state.season), assaults_after(ctx), state.shame_supply)

    @classmethod
    def of_view(cls, view: View) -> Tally:
        players = view["players"][: view["seats"]]
        held = tuple(sum(p["shamed"].values()) + sum(c["shame"] for c in p["claimed"]) for p in players)
        left = max(0, len(view["time_track"]) - 1 - view["time"])
        return cls(held, assaults_played(view["year"], view["season"]), left, view["shame_supply"])

    def to_come(self, seat: int, due: int) -> float:
        """Expected Shame ``seat`` takes after the coming assault (whose ``due`` tokens the caller
        counts): its pace so far per assault, over the assaults the Time track and the supply leave.
        0 before the first assault (no pace to read)."""
        if self.played <= 0:
            return 0.0
        table = sum(self.held) / self.played
        if table <= 0:
            return 0.0
        supply = self.supply - due * len(self.held)
        if supply <= 0:
            return 0.0  # the coming Winter empties the supply and ends the game [ES p.9]
        left = min(self.left, math.ceil(supply / table))
        return self.held[seat] / self.played * left


def shame_to_come(ctx: Ctx, seat: int, due: int) -> float:
    """``Tally.to_come`` read from the game state."""
    return Tally.of_state(ctx).to_come(seat, due)


def kept_honor(honor: int, tokens: int, expected: float, penalty: int) -> float:
    """The Honor the final scoring leaves [ES p.15] (``honor`` less ``penalty`` per token, never below
    0), on average when ``expected`` more tokens come, their number Poisson-spread."""
    if expected <= 0:
        return float(max(0, honor - penalty * tokens))
    total, chance = 0.0, math.exp(-expected)
    for k in range(_MOST):
        left = honor - penalty * (tokens + k)
        if left <= 0:
            break
        total += chance * left
        chance *= expected / (k + 1)
    return total


def shame_ahead(ctx: Ctx, seat: int, pending: bool) -> tuple[int, float]:
    """(the Shame the coming assault brings ``seat`` if it is still ``pending`` [ES p.10], the Shame
    expected after it)."""
    due = breach_shame(ctx, seat) if pending else 0
    return due, shame_to_come(ctx, seat, due)


def honor_share(ctx: Ctx, seat: int, due: int, future: float) -> float:
    """How much of one more Honor on its track ``seat`` keeps to the end, on average: none once its
    Shame (held, ``due`` at the coming assault and ``future`` after it) takes all it has [ES p.15]."""
    player = ctx.state.players[seat]
    return kept_share(player.honor, sum(player.shamed.values()) + due, future, ctx.pack.costs["shame_penalty"])


def kept_share(honor: int, tokens: int, expected: float, penalty: int) -> float:
    """The part of one more Honor that ``kept_honor`` keeps: 1 while the Shame cannot reach it, 0 once
    it surely will."""
    return kept_honor(honor + 1, tokens, expected, penalty) - kept_honor(honor, tokens, expected, penalty)
