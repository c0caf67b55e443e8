"""The Great Wall seat AI at every level. Each level sees only its own seat's view, keeps a budget
of what it holds, and always answers with a legal choice (the conformance tests hold it to that).

- ``random`` (the bench baseline): a uniformly random legal answer from the same candidate lists.
- ``easy``: the normal heuristic, but a good share of its decisions are random legal answers.
- ``normal``: a sensible one-decision heuristic (engine/ai/greatwall_normal.py).
- ``hard``: a search (engine/ai/greatwall_search.py): flat Monte-Carlo over worlds sampled from the
  seat's information set, with the planning heuristic (engine/ai/greatwall_hard.py) as rollout policy.
  Given no state to sample from (``choose`` without one), it answers with that heuristic alone. In
  co-op it plays for the table: it keeps back what the Demands on the board ask of it
  (engine/ai/greatwall_team.py); at the table sizes where that team heuristic measured stronger than
  the search it answers with it (``COOP_SEARCH``), elsewhere its search also weighs the team's
  readiness for the Demands and its Shame supply.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.greatwall_emperors_visit import kept_for_emperor, to_warehouse
from engine.ai.greatwall_hard import CLIMB_PICKS, HARD_PICKS
from engine.ai.greatwall_normal import NORMAL_PICKS, first
from engine.ai.greatwall_random import RANDOM_PICKS
from engine.ai.greatwall_search import Budget, Search
from engine.ai.greatwall_siege import SIEGE_PICKS
from engine.ai.greatwall_tea import climbs
from engine.ai.greatwall_team import kept_for_demands, team_pick
from engine.ai.greatwall_turban import TURBAN_PICKS
from engine.ai.greatwall_turn import Pick, Turn
from engine.core.game import Game, View
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng
from engine.greatwall.game import GreatWallGame
from engine.greatwall.state import State

# The Ancient Chronicles scenarios' own decisions (normal and hard).
SCENARIO_PICKS = {**SIEGE_PICKS, **TURBAN_PICKS}
# The rival AI levels the search plays in its rollouts as they play (the levels that answer at random
# much of the time); a rival at another level, like a person, is played by the hard heuristic. Measured
# on development seeds: Genghis Khan 3p against random seats (160..279, 120 games) 0.91 -> 0.96 with the
# random seats played at random; 5p against normal seats (100..179, 80 games) 0.64 -> 0.55 with the normal seats
# played by the normal heuristic, so a steady level is played as a strong one.
MODELLED: tuple[str, ...] = ("easy", "random")
# Out of 8: how often "easy" answers at random instead of with the normal heuristic.
EASY_RANDOM_EIGHTHS = 4
# Random legal answers the hard search weighs beside the two heuristics' answers.
RANDOM_CANDIDATES = 2
# The co-op table sizes where the hard level searches. Measured (bench/ai_strength.py, a table of hard
# seats, seeds 0..29): with the search, 2p / 3p / 4p won 0.63 / 0.33 / 0.60; with the team heuristic
# alone (which keeps back what the Demands ask) 0.80 / 0.43 / 0.33. At 2-3 players the search's other
# candidates (the normal and random answers) spend what the team saved; at 4, where nine Demands
# must be met in time, its look-ahead paid. Since the team heuristic plays the table's goals itself
# (engine/ai/greatwall_team.py TEAM_PICKS: Shame bought back, recruits and attacks where Raids come,
# claims for the partner without a Horde, every partner saving for a one-player Demand at 4+), it
# alone won 4p 0.80 on seeds 0..59 (the search before: 0.57), so no table size searches now.
COOP_SEARCH: frozenset[int] = frozenset()
# Decisions the hard level answers with its heuristic, not the search: the draft's worth lies in
# abilities that pay over the whole game (engine/ai/greatwall_draft.py), which a playout of a few
# dozen decisions from the setup never reaches; it sees the setup bar alone. Measured (seeds 0..59,
# against random seats, with the hard draft): with the search choosing among the candidates,
# Genghis Khan 3p 0.88 and Long Winter 3p 0.85; the heuristic alone 0.90 and 0.90.
UNSEARCHED: frozenset[str] = frozenset({"draft"})


class GreatWallAI:
    def __init__(self, game: Game, level: str = "normal", climb: bool = False) -> None:
        # ``climb``: the hard search's candidate maker that heads for the Tea House (``hard_search``).
        self.level, self.climb = level, climb
        assert isinstance(game, GreatWallGame)  # the registry pairs each game with its own part
        self.game, self.pack = game, game.pack

    def search(self, state: object, view: View, prompt: Prompt, rng: Rng,
               levels: Sequence[str | None] | None = None) -> Choice:
        """The hard level's search from the table's true ``state``, of which it reads only what the
        seat may know (engine/ai/greatwall_world.py), and the seats' public AI ``levels``; the other
        levels answer as ``choose``."""
        coop_heuristic = isinstance(state, State) and state.mode == "coop" and state.seats not in COOP_SEARCH
        if self.level != "hard" or not isinstance(state, State) or coop_heuristic or prompt.kind in UNSEARCHED:
            return self.choose(view, prompt, rng)
        climb = climbs(state, prompt.seat, levels, MODELLED)
        return hard_search(self.game, climb=climb).choose(state, view, prompt, rng, levels)

    def choose(self, view: View, prompt: Prompt, rng: Rng) -> Choice:
        turn = Turn(self.pack, view, prompt, rng)
        if self.level == "hard" and prompt.kind != "demands":
            keep_back(turn, kept_for_demands(self.pack, view, prompt.seat))
        if self.level in ("normal", "hard"):  # the Emperor's Visit [IT AC]: what he will ask to see
            keep_back(turn, kept_for_emperor(view))
        team = team_pick(prompt.kind, view) if self.level == "hard" and view.get("coop") else None
        values = (team or self._pick(prompt.kind, rng))(turn)
        if prompt.kind == "move" and self.level in ("normal", "hard"):  # and who moves his token
            values = to_warehouse(view, {o.id for o in prompt.options}, prompt.args.get("distinct", False), values)
        return Choice(prompt.kind, tuple(values))

    def _pick(self, kind: str, rng: Rng) -> Pick:
        level = self.level
        if level == "easy":
            level = "random" if rng.below(8) < EASY_RANDOM_EIGHTHS else "normal"
        if level == "random":
            return RANDOM_PICKS.get(kind, RANDOM_PICKS["_any"])
        if level == "hard":
            mine = (CLIMB_PICKS.get(kind) if self.climb else None) or HARD_PICKS.get(kind)
            return mine or SCENARIO_PICKS.get(kind) or NORMAL_PICKS.get(kind, first)
        return SCENARIO_PICKS.get(kind) or NORMAL_PICKS.get(kind, first)


def keep_back(turn: Turn, kept: dict[str, int]) -> None:
    """Leave out of the running budget what the seat saves for the co-op Demands (greatwall_team.py):
    every spending pick then plans without it (a smaller budget only ever narrows the answers)."""
    for key, n in kept.items():
        if key == "honor":
            turn.honor = max(0, turn.honor - n)
        elif key in turn.res:
            turn.res[key] = max(0, turn.res[key] - n)


def hard_search(game: Game, budget: Budget | None = None, climb: bool = False) -> Search:
    """The hard level's search: the hard heuristic plays the rollouts; it, the normal heuristic and a
    few random legal answers propose the candidates, and with ``climb`` (a free-for-all table of five,
    engine/ai/greatwall_tea.py ``climbs``) its climb up the Tea stack before the normal answer."""
    climber = [GreatWallAI(game, "hard", climb=True)] if climb else []
    makers = [*climber, GreatWallAI(game, "normal")] + [GreatWallAI(game, "random")] * RANDOM_CANDIDATES
    models = {level: GreatWallAI(game, level) for level in MODELLED}
    return Search(game, GreatWallAI(game, "hard"), makers, budget, models)
