"""How Ancient Chronicles scenarios end: N AI games of every registered scenario at each seat count it
allows, and how often each ends and why (issue 23's closing note: "how often each scenario ends and
why, over 100 AI games each").

    python bench/scenario_endings.py [games] [scenario ...] [--level normal] [--search] [--toy]

One JSON line per (scenario, seats): ``ended`` games that reached an outcome (a game stopped after
MAX_DECISIONS counts as ``no_end``), ``reasons`` the end reasons the engine recorded (State.end_reasons:
walls, shame, time, and any a scenario adds; several at once are joined with "+"), ``won`` the share of
co-op games the table won (competitive: null), ``years`` the mean year the game ended in, and the time
taken. Then a plain table of the same. Seats are all ``hard`` (``--level normal`` for normal), answering
from their view alone unless ``--search`` (the hard level's search from the table's state: much slower).
Seeds 0..games-1; deterministic. ``--toy`` registers two scenarios with no rules of their own (the
shared Chronicles cards only; a competitive one and a co-op one), to try the bench before any is bundled.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from benchkit import Figure, emit

from engine.ai import LEVELS, choose
from engine.core.game import OutcomeKind
from engine.games import capabilities, get_game
from engine.greatwall.variant import register_variant
from engine.greatwall.variants.chronicles import SCENARIO, ScenarioVariant, competitive, cooperative

GAME_ID = "greatwall"
MAX_DECISIONS = 20_000


def scenarios() -> list[str]:
    """The registered scenarios: the values of the table option, "off" aside."""
    option = capabilities(GAME_ID).option(SCENARIO)
    return [v for v in option.values if v != option.default] if option is not None else []


def play(name: str, seats: int, seed: int, level: str, search: bool) -> tuple[str, bool | None, int, int]:
    """One game: (why it ended, whether the table won (co-op) or None, its last year, decisions)."""
    game = get_game(GAME_ID)
    options = {SCENARIO: name}
    state = game.setup(seats, dict(options), seed)
    decisions = 0
    while (prompts := game.prompts(state)) and decisions < MAX_DECISIONS:
        prompt = prompts[0]
        choice = choose(game, game.view(state, prompt.seat), prompt, seed * 1_000_003 + decisions, level,
                        state if search else None)
        game.apply(state, prompt.seat, choice)
        decisions += 1
    outcome = game.outcome(state)
    if outcome is None:
        return "no_end", None, state.year, decisions
    why = "+".join(state.end_reasons) or "none"
    won = bool(outcome.winners) if capabilities(GAME_ID).outcome_kind(options) is OutcomeKind.COOP else None
    return why, won, state.year, decisions


def figure(name: str, seats: int, games: int, level: str, search: bool) -> Figure:
    start = time.perf_counter()
    reasons: Counter[str] = Counter()
    wins, coop, years, decisions = 0, False, 0, 0
    for seed in range(games):
        why, won, year, n = play(name, seats, seed, level, search)
        reasons[why] += 1
        coop = coop or won is not None
        wins += bool(won)
        years += year
        decisions += n
    return {"figure": "scenario_endings", "scenario": name, "seats": seats, "level": level, "search": search,
            "games": games, "seeds": f"0..{games - 1}", "ended": games - reasons["no_end"],
            "reasons": dict(reasons.most_common()), "won": round(wins / games, 3) if coop else None,
            "years": round(years / games, 2), "decisions": round(decisions / games),
            "seconds": round(time.perf_counter() - start, 1)}


def table(rows: list[Figure]) -> str:
    lines = [f"{'scenario':<24} {'seats':>5} {'games':>5} {'ended':>5} {'won':>6} {'years':>5}  reasons"]
    for r in rows:
        won = "-" if r["won"] is None else f"{r['won']:.0%}"
        why = ", ".join(f"{k} {v}" for k, v in r["reasons"].items())
        lines.append(f"{r['scenario']:<24} {r['seats']:>5} {r['games']:>5} {r['ended']:>5} {won:>6} "
                     f"{r['years']:>5}  {why}")
    return "\n".join(lines)


@dataclass(frozen=True)
class _Toy(ScenarioVariant):
    """No rules of its own: the Chronicles' shared cards only."""


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    level = LEVELS[-1]
    if "--level" in argv:
        level = argv[argv.index("--level") + 1]
        args.remove(level)
    if level not in LEVELS:
        print(f"unknown level {level!r} (levels: {', '.join(LEVELS)})", file=sys.stderr)
        return 2
    if "--toy" in argv:
        register_variant(competitive(_Toy, "toy_chronicle"))
        register_variant(cooperative(_Toy, "toy_chronicle_coop"))
    games = int(args[0]) if args and args[0].isdigit() else 100
    chosen = [a for a in args if not a.isdigit()] or scenarios()
    unknown = sorted(set(chosen) - set(scenarios()))
    if unknown or not chosen:
        print(f"no such scenario: {', '.join(unknown)}" if unknown else "no scenario is registered (try --toy)",
              file=sys.stderr)
        return 2
    rows: list[dict[str, Any]] = []
    for name in chosen:
        low, high = capabilities(GAME_ID).seat_range({SCENARIO: name})
        for seats in range(low, high + 1):
            rows.append(figure(name, seats, games, level, "--search" in argv))
            emit(rows[-1])
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
