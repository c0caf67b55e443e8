"""The "hard" Great Wall seat's search: flat Monte-Carlo over sampled worlds (determinized
information-set search), the engine as the simulator and the hard heuristic as the rollout policy.

A decision: the candidate answers are the hard heuristic's, the normal one's and a few random legal
ones (engine/ai/greatwall*.py). Each of ``worlds`` sampled worlds (engine/ai/greatwall_world.py: the
seat's information set, everything hidden redrawn) is played on from every candidate for ``horizon``
decisions, every seat answering with the hard heuristic from its own view of that world, and scored
(``value``). The candidate with the best total wins; ties keep the heuristic's answer.

A free-for-all playout that stops mid-game is scored as the final scoring would see it [ES p.15], with
what is already under way: the coming assault's Shame (engine/ai/greatwall_outlook.py), the Shame the
table's pace still brings after it (engine/ai/greatwall_shame_forecast.py: Honor it will wipe out
counts for less) and the Horde cards part-covered, credited to who would claim them [ES p.10]
(engine/ai/greatwall_claims.py); at tables of five, each seat's place on the Tea stack for the Falls
left (engine/ai/greatwall_tea.py).

Deterministic: worlds and rollouts draw only from the decision's ``rng``, and the budget is a count of
simulated decisions (``NODE_BUDGET``), never a clock.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.ai.greatwall_claims import claim_outlook
from engine.ai.greatwall_great_famine import famine_risk
from engine.ai.greatwall_outlook import assault_pending
from engine.ai.greatwall_shame_forecast import honor_share, kept_honor, shame_ahead
from engine.ai.greatwall_tea import tea_outlook
from engine.ai.greatwall_team import team_progress
from engine.ai.greatwall_world import sample_world
from engine.core.codec import trusted_replay
from engine.core.errors import IllegalChoice
from engine.core.game import Game, OutcomeKind, View
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.greatwall.abilities import final_bonus
from engine.greatwall.flow import Ctx
from engine.greatwall.game import GreatWallGame
from engine.greatwall.pack import GreatWallPack
from engine.greatwall.seasons import _artifact as artifact_honor
from engine.greatwall.state import State

# Simulated decisions per decision (the budget): ~50 ms of CPU per searched decision on average, under
# 100 ms at most (bench/ai_strength.py, focus_ms). A count, never a clock: the answer is the same anywhere.
NODE_BUDGET = 600
HORIZON = 36  # decisions played on after a candidate: about one season of a 3-player game
MAX_CANDIDATES = 4
# A free-for-all race (not co-op, not solo): the search weighs fewer candidates (the hard heuristic's,
# the normal one's and one random answer) over more worlds, and spends RACE_SCALE times the nodes.
# Measured (whole games, seeds 0..11, 3p vs random): 4 candidates over 4 worlds won 8 of 10, 3 over 8
# worlds 11 of 12; 4p vs normal unchanged (3 of 6). 1.5x cost ~100 ms a decision (focus_ms), so 1.3x
# (7 worlds of 3 candidates). At 5 players against normal seats (seeds 100..139, 0.675 with this
# shape, before the rivals' blend of ``rival_bar``), 2 candidates won 0.575, 4 won 0.60, twice the
# nodes 0.70: the random candidate earns its playouts, and more search does not buy much. Co-op and
# solo keep the plain budget: co-op plays the team heuristic (COOP_SEARCH in engine/ai/greatwall.py)
# and solo was measured at it (README, "AI seats").
RACE_CANDIDATES = 3
RACE_SCALE = 1.3
# A race's playout covers about one season whatever the seat count: HORIZON decisions for every 3 seats
# (never fewer), over fewer worlds for the same nodes. Measured (5p vs normal, seeds 100..179, 80 games):
# 36 decisions over 7 worlds won 0.53, 60 over 4 worlds 0.64; 4p vs normal (seeds 100..159): 36 over 7
# worlds 0.77, 48 over 5 worlds 0.80.
RACE_SEATS = 3


@dataclass(frozen=True)
class Budget:
    """How much a decision may simulate: ``nodes`` decisions in all, ``horizon`` per playout, at most
    ``candidates`` answers weighed; a free-for-all race weighs ``race_candidates`` over ``race`` times
    the nodes, each playout ``horizon`` decisions for every ``race_seats`` seats (never fewer)."""

    nodes: int = NODE_BUDGET
    horizon: int = HORIZON
    candidates: int = MAX_CANDIDATES
    race_candidates: int = RACE_CANDIDATES
    race: float = RACE_SCALE
    race_seats: int = RACE_SEATS

    def for_table(self, mode: str, seats: int) -> tuple[int, int, int]:
        """(nodes, candidates, horizon) at a table of ``mode`` and ``seats``: a race unless co-op or solo."""
        if mode in ("coop", "solo"):
            return self.nodes, self.candidates, self.horizon
        horizon = self.horizon * max(seats, self.race_seats) // self.race_seats
        return int(self.nodes * self.race), self.race_candidates, horizon


# The budget every hard seat searches with (a setting: tests shrink it to keep whole games quick).
BUDGET = Budget()


class Policy(Protocol):
    """A seat AI answering from a view (engine/ai/greatwall.py at some level)."""

    def choose(self, view: View, prompt: Prompt, rng: Rng) -> Choice: ...


class Search:
    """``policy`` plays the rollouts and proposes the first candidate; ``makers`` propose the others;
    ``models`` play, in the rollouts, the rivals whose AI level the table shows (by level name)
    (engine/ai/greatwall.py ``hard_search`` wires the levels)."""

    def __init__(self, game: Game, policy: Policy, makers: Sequence[Policy], budget: Budget | None = None,
                 models: Mapping[str, Policy] | None = None) -> None:
        assert isinstance(game, GreatWallGame)
        self.game, self.pack = game, game.pack
        self.budget = budget or BUDGET
        self.policy, self.makers = policy, makers
        self.models = dict(models or {})

    def choose(self, state: State, view: View, prompt: Prompt, rng: Rng,
               levels: Sequence[str | None] | None = None) -> Choice:
        """The best of the candidates over sampled worlds. ``levels`` are the seats' AI levels as the
        table shows them (None: a person): a rival AI is played in the rollouts as its level plays."""
        nodes, most, horizon = self.budget.for_table(state.mode, state.seats)
        candidates = self.candidates(view, prompt, rng, most)
        if len(candidates) == 1:
            return candidates[0]
        players = self.players(prompt.seat, len(state.players), levels)
        worlds = max(1, nodes // (len(candidates) * horizon))
        totals = [0.0] * len(candidates)
        for _ in range(worlds):
            world = sample_world(self.pack, state, prompt.seat, rng)
            dice = rng.next64()
            for i, candidate in enumerate(candidates):
                totals[i] += self.playout(world, prompt.seat, candidate, Rng(dice), horizon, players)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def players(self, seat: int, count: int, levels: Sequence[str | None] | None) -> list[Policy]:
        """Who answers for each seat in a rollout: the searching seat, a person and any seat of no
        known level play the rollout policy (a person is assumed to play well); a rival AI plays as
        its public level does (a table shows every AI seat's level), so the search expects what that
        seat will really do rather than what a strong player would."""
        out: list[Policy] = []
        for s in range(count):
            level = levels[s] if levels is not None and s < len(levels) and s != seat else None
            out.append(self.models.get(level, self.policy) if level is not None else self.policy)
        return out

    def candidates(self, view: View, prompt: Prompt, rng: Rng, most: int | None = None) -> list[Choice]:
        """The heuristics' answers first, then random legal ones; each answer once, at most ``most``
        of them (the table's count, ``Budget.for_table``): a maker is not asked once there are enough."""
        most = self.budget.candidates if most is None else most
        out: list[Choice] = []
        for maker in (self.policy, *self.makers):
            if len(out) >= most:
                break
            choice = maker.choose(view, prompt, Rng(rng.next64()))
            if choice not in out:
                out.append(choice)
        return out

    def playout(self, world: State, seat: int, candidate: Choice, rng: Rng, horizon: int,
                players: Sequence[Policy]) -> float:
        """``candidate`` played in a copy of ``world``, then ``horizon`` decisions, each seat answering
        with its policy in ``players`` (``Search.players``); the value for ``seat`` where that leaves the
        game. A candidate the sampled world refuses scores worst; a rollout step it refuses ends the
        rollout there."""
        sim = copy.deepcopy(world)
        try:
            self.game.apply(sim, seat, candidate)
        except IllegalChoice:
            return -1e9
        with trusted_replay():
            for _ in range(horizon):
                prompts = self.game.prompts(sim)
                if not prompts:
                    break
                p = prompts[0]
                choice = players[p.seat].choose(self.game.view(sim, p.seat), p, Rng(rng.next64()))
                try:
                    self.game.apply(sim, p.seat, choice)
                except IllegalChoice:
                    break
        return value(self.game, self.pack, sim, seat)


# --- what a position is worth to a seat -------------------------------------------------------------

WIN = 100.0


def value(game: Game, pack: GreatWallPack, state: State, seat: int) -> float:
    """The game's result when it is over, else an estimate of the final Honor race: for a
    free-for-all our estimate minus the rivals' (``rival_bar``: the best rival's blended with their
    average), solo against Qin's Honor, co-op the team's progress towards the Demand target with its
    Shame supply, and how near it is to paying the Demands on the board (engine/ai/greatwall_team.py)
    [ES p.15, p.17, p.19]."""
    kind = game.caps.outcome_kind({"mode": state.mode})
    outcome = game.outcome(state)
    humans = state.humans()
    over = outcome is not None
    ctx = Ctx(state, pack)
    if kind is OutcomeKind.COOP:
        team = sum(estimate(ctx, s, over) for s in humans) / len(humans)
        progress = 10.0 * len(state.fulfilled) + 0.5 * state.shame_supply + 0.2 * team
        if outcome is None:
            progress += team_progress(ctx, state)
        if outcome is not None:
            return progress + (WIN if outcome.winners else -WIN)
        return progress
    if kind is OutcomeKind.AGAINST_AUTOMATON and state.qin is not None:
        margin = estimate(ctx, seat, over) - state.players[state.qin.seat].honor \
            - 3.0 * (state.shame_supply < 3)
        if outcome is not None:
            return margin + (WIN if outcome.winners else -WIN)
        return margin
    pending = not over and assault_pending(ctx)  # once per evaluation, not once per seat
    # The Horde cards part-covered: whose claim they are heading for (engine/ai/greatwall_claims.py);
    # the defeat Honor goes on the track, where each seat keeps the share its Shame leaves.
    ahead = {} if over else {s: shame_ahead(ctx, s, pending) for s in humans}
    claims = {} if over else claim_outlook(ctx, {s: honor_share(ctx, s, *ahead[s]) for s in humans})
    # Each seat's place on the Tea stack at tables of five (engine/ai/greatwall_tea.py).
    tea = {} if over else tea_outlook(ctx, humans)
    mine = outlook(ctx, seat, over, pending, ahead.get(seat)) + claims.get(seat, 0.0) + tea.get(seat, 0.0)
    rivals = [outlook(ctx, s, over, pending, ahead.get(s)) + claims.get(s, 0.0) + tea.get(s, 0.0)
              for s in humans if s != seat]
    margin = mine - rival_bar(rivals)
    if outcome is not None and not outcome.winners:  # the whole table lost (IT AC, "La Grande Carestia")
        return margin - WIN
    if outcome is not None:
        return margin + (WIN if seat in outcome.winners else 0.0) / max(len(outcome.winners), 1)
    # The famine's forecast: sure when the coming assault brings the cap to its limit, else the cap's
    # pace so far (engine/ai/greatwall_great_famine.py); 0 outside that scenario.
    return margin - WIN * famine_risk(ctx, pending)


# How much the rivals' average weighs beside the best rival in the bar a seat's score is held against.
# The leader alone is a noisy bar once there are several rivals: which of them leads flips from one
# playout to the next, and a move that costs every rival counts only through whoever leads. Measured
# (5p vs normal, development seeds 100..219, 120 games): the leader alone won 0.59, half and half
# 0.73; the average weighted 3/4 and alone (seeds 100..179) 0.625 both, a quarter (100..219) 0.66;
# other shapes on 100..219: a squashed margin against each rival, averaged (8 tanh(d / 8)), 0.54;
# the chance of beating every rival (logistic terms 8 Honor wide, multiplied) plus a tenth of the
# margin on the leader, 0.61. 4p vs normal (100..159) 0.80 both; Genghis Khan 4p vs random
# (160..219) 0.83 -> 0.90. On the reported seeds 0..59 (docs/ai-strength.md) the 4- and 5-player lines
# gained in sum; at 3 players the lines against normal seats lost 9 games of 300 (the Emperor's Visit
# 0.75 -> 0.62), so the blend starts at BLEND_RIVALS rivals and a 3-player table plays as before.
RIVAL_MEAN_WEIGHT = 0.5
BLEND_RIVALS = 3


def rival_bar(rivals: Sequence[float]) -> float:
    """What a seat's estimate is held against: the best rival's, blended with the rivals' average
    (``RIVAL_MEAN_WEIGHT``) from ``BLEND_RIVALS`` rivals on; 0 with no rival."""
    if not rivals:
        return 0.0
    if len(rivals) < BLEND_RIVALS:
        return max(rivals)
    mean = sum(rivals) / len(rivals)
    return (1.0 - RIVAL_MEAN_WEIGHT) * max(rivals) + RIVAL_MEAN_WEIGHT * mean


def outlook(ctx: Ctx, seat: int, over: bool = False, pending: bool | None = None,
            ahead: tuple[int, float] | None = None) -> float:
    """A free-for-all seat's ``estimate`` less the Shame the coming assault (``pending``) will give it
    and the Shame the table's pace still brings it after that: 5 Honor a token, as far as the Honor it
    holds pays for them [ES p.10, p.15] (engine/ai/greatwall_outlook.py,
    engine/ai/greatwall_shame_forecast.py); the final Honor once ``over``. ``pending`` is read from the
    season, and ``ahead`` (engine/ai/greatwall_shame_forecast.py ``shame_ahead``) from the board,
    unless the caller, scoring every seat of one state, already did."""
    if pending is None:
        pending = not over and assault_pending(ctx)
    if ahead is None:
        ahead = (0, 0.0) if over else shame_ahead(ctx, seat, pending)
    due, future = ahead
    return estimate(ctx, seat, over, due, future)


def estimate(ctx: Ctx, seat: int, over: bool = False, due: int = 0, future: float = 0.0) -> float:
    """The final scoring as if the game ended now [ES p.15]: Honor (with what a scenario pays before
    the final scoring for what is already on the table, e.g. Il Lungo Inverno's Clerks) less 5 per
    soldier with Shame (never below 0; on average over ``future`` tokens still to come), the claimed
    Hordes without Shame, the artifacts; and a little for what is behind the screen (it turns into
    Honor later). The final Honor once over."""
    player = ctx.state.players[seat]
    if over:
        return float(player.honor)
    pack = ctx.pack
    honor = player.honor + ctx.fold(0, lambda variant, n: n + variant.honor_due(ctx, seat))
    hordes = sum(pack.hordes[c.card].honor for c in player.claimed if not c.shame)
    artifacts = sum(artifact_honor(ctx, a, player) for a in ctx.state.artifacts) + final_bonus(pack, player)
    kept = kept_honor(honor, sum(player.shamed.values()) + due, future, pack.costs["shame_penalty"])
    return kept + hordes + artifacts + 0.4 * sum(player.res.values()) + \
        0.5 * len(player.tactics)
