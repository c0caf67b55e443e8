"""Outcome kinds are declared (issue 21): each game/mode says whether a table is free-for-all, teams,
co-op or one player against an automaton, and the summary, the board's alt text, /stats and the
ratings say what happened by that declaration, never by a mode name."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "scenarios"))
from greatwall_kit import GAME, PACK

from bot import outcomes
from bot.cogs.stats import rating_text, summary_text
from bot.delivery import Delivery
from bot.ratings import Rating, display_rating, ratings
from bot.stats import summary
from bot.store import ResultRow, SeatRow, TableRow
from bot.tables import Table
from engine.core.game import Outcome, OutcomeKind
from engine.games import capabilities
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import _final_scoring
from engine.greatwall.state import State
from rendering.greatwall_text import alt_text

ROOT = Path(__file__).parents[2]
GUILD = 100


def _table(state: State, options: dict[str, str], names: list[str]) -> Table:
    row = TableRow(9, 1, 2, "greatwall", options, 1, "over", None, "en")
    seats = [SeatRow(n, 100 + n, name, False) for n, name in enumerate(names)]
    return Table(row, GAME, store=None, seats=seats, state=state)  # type: ignore[arg-type]


def _solo(honor: int) -> Table:
    """A finished solo game: the player's Honor, and Qin Jiushao's from his final scoring (60 here)."""
    state = GAME.setup(1, {"mode": "solo"}, 3)
    state.players[0].honor, state.players[1].honor = honor, 0
    _final_scoring(Ctx(state, PACK))
    return _table(state, {"mode": "solo"}, ["Ann"])


def _coop(won: bool) -> Table:
    state = GAME.setup(3, {"mode": "coop"}, 3)
    state.won, state.season = won, "over"
    state.final = {s: {"total": 5 + s} for s in range(3)}
    return _table(state, {"mode": "coop"}, ["Ann", "Bo", "Cy"])


def test_each_mode_declares_its_outcome_kind() -> None:
    """ES p.16–17: solo is one player against Qin Jiushao; ES p.18: co-op wins or loses together;
    Akhedena [Modo Avanzado]: two teams of partners sitting across (seats 0+2, 1+3)."""
    wall, akhedena = capabilities("greatwall"), capabilities("akhedena")
    assert wall.outcome_kind({"mode": "solo"}) is OutcomeKind.AGAINST_AUTOMATON
    assert wall.outcome_kind({"mode": "coop"}) is OutcomeKind.COOP
    assert wall.outcome_kind({"mode": "duel"}) is OutcomeKind.FREE_FOR_ALL
    assert akhedena.outcome_kind({"mode": "team"}) is OutcomeKind.TEAMS
    assert akhedena.teams({"mode": "team"}) == ((0, 2), (1, 3))
    assert capabilities("xidit").outcome_kind({}) is OutcomeKind.FREE_FOR_ALL


def test_a_lost_solo_game_is_a_loss_to_qin_by_the_margin_not_first_place() -> None:
    """ES p.17: you win only with more Honor than Qin Jiushao's final Honor. 10 against his 60 is a
    loss by 50: the summary says so and ranks nobody."""
    table = _solo(10)
    text = Delivery.summary(Any, table)  # type: ignore[arg-type]  # it reads nothing of the client
    assert "**Ann** loses to Qin Jiushao by 50 points" in text.splitlines()[0]
    assert "**1.**" not in text and "Qin Jiushao's Honor 60" in text
    outcome = GAME.outcome(table.state)
    assert outcome is not None and outcome.kind is OutcomeKind.AGAINST_AUTOMATON and outcome.margin == -50


def test_a_won_solo_game_says_by_how_much() -> None:
    """ES p.17: 61 Honor beats Qin Jiushao's 60 by one."""
    assert "**Ann** beats Qin Jiushao by 1 point" in Delivery.summary(Any, _solo(61))  # type: ignore[arg-type]


def test_the_board_of_a_lost_solo_game_names_no_winner() -> None:
    """ES p.17: a solo loss has no winner; the alt text tells the loss and its margin."""
    table = _solo(10)
    text = alt_text(GAME.view(table.state, None), PACK, ["Ann", "Qin Jiushao"])
    assert "Winner" not in text and "Ann loses to Qin Jiushao by 50 points." in text


def test_a_coop_summary_gives_the_team_result_and_no_places() -> None:
    """ES p.18: the players win or lose together, so nobody is ranked above a partner."""
    lost, won = (Delivery.summary(Any, _coop(w)) for w in (False, True))  # type: ignore[arg-type]
    assert "the whole table loses together" in lost.splitlines()[0]
    assert "the team wins together" in won.splitlines()[0]
    assert not re.search(r"\*\*\d\.\*\*", lost + won)
    assert "Ann" in won and "Cy" in won  # each contribution is still shown


def test_a_team_summary_names_the_winning_team() -> None:
    """Akhedena [Modo Avanzado]: partners across the table win together; the summary names the team."""
    outcome = Outcome((0, 2), (0, 2, 1, 3), {}, (1, 1, 3, 3), kind=OutcomeKind.TEAMS, teams=((0, 2), (1, 3)))
    text = outcomes.summary("en", "akhedena", outcome, ["Ann", "Bo", "Cy", "Di"])
    assert text.splitlines()[0] == "🏁 Game over — the team of **Ann, Cy** wins!"


def test_solo_and_coop_games_count_no_place_in_stats() -> None:
    """A solo loss (ES p.17) is a game lost, not a first place: /stats shows no average place from it,
    and neither solo nor co-op (ES p.18) moves a rating (there is no rated opponent)."""
    rows = [ResultRow(1, 0, GUILD, "greatwall", "solo", 1, 7, "ann", False, "normal", 1, False, 1.0),
            *(ResultRow(2, n, GUILD, "greatwall", "coop", 2, 7 + n, "ann", False, "normal", 1, True, 2.0)
              for n in range(2))]
    found = summary(rows, GUILD, 7)
    assert found is not None and (found.total.played, found.total.wins) == (2, 1)
    assert found.total.average_place is None
    text = summary_text("en", "ann", found, None)
    assert "Average place" not in text and "average place" not in text and "1.0" not in text
    assert "1." not in text.replace("1 (50%)", "")  # no place anywhere, only counts
    assert ratings(rows) == {}


def test_the_rating_after_one_game_reads_on_the_display_scale_and_provisional() -> None:
    """After a single lost duel openskill's ordinal (mu − 3σ) is negative; players see the display
    scale 1000 + 20 × ordinal (openskill's ``ordinal(alpha=20, target=1000)``), marked provisional."""
    rows = [ResultRow(1, s, GUILD, "xidit", "long", 2, 7 + s, "p", False, "normal", s + 1, s == 0, 1.0)
            for s in range(2)]
    loser = ratings(rows)["user:8"]
    assert loser.ordinal < 0 < display_rating(loser) < 1000
    assert rating_text("en", loser, games=1) == f"{display_rating(loser)} (provisional)"
    assert rating_text("en", Rating(25.0, 1.0), games=3) == "1440"


def test_bot_and_rendering_never_test_a_mode_name() -> None:
    """The outcome is read from the declaration: no ``mode ==`` anywhere in bot/ or rendering/."""
    pattern = re.compile(r"mode\s*(==|!=|in\s*\()\s*['\"(]")
    found = [f"{p}:{n}" for folder in ("bot", "rendering") for p in sorted((ROOT / folder).rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line.replace("image.mode", ""))]  # PIL's colour mode is not a game mode
    assert found == []
