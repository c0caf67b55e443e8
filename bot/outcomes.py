"""The final summary of a finished table, said by the game's declared outcome kind (engine/core/game.py
``OutcomeKind``), never by a mode name: a free-for-all ranks its seats, teams name the winning side,
a co-op table wins or loses together (each seat's numbers are contributions, not places), and a
player against an automaton beats it or loses to it by a margin."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t, translator
from engine.core.game import Outcome, OutcomeKind


def _scores(lang: str, game: str, outcome: Outcome, seat: int) -> str:
    tr = translator(lang)
    return " · ".join(f"{tr(f'{game}.assess.{k}')} {v}" for k, v in outcome.scores.get(seat, {}).items())


def _ranked(lang: str, game: str, outcome: Outcome, names: Sequence[str]) -> list[str]:
    return [f"**{place}.** {names[seat]} — {_scores(lang, game, outcome, seat)}" for place, seat in outcome.placed()]


def _unranked(lang: str, game: str, outcome: Outcome, names: Sequence[str]) -> list[str]:
    """Each seat's numbers without a place: nobody was ranked against a partner or alone."""
    return [f"• {names[seat]} — {_scores(lang, game, outcome, seat)}" for seat in outcome.ranking]


def _against_automaton(lang: str, outcome: Outcome, names: Sequence[str]) -> str:
    name, rival, margin = names[outcome.ranking[0]], t(lang, outcome.rival), outcome.margin
    if margin is None:  # the game ended another way (e.g. a sudden loss): no margin to tell
        key = "outcome.solo_won_early" if outcome.winners else "outcome.solo_lost_early"
        return t(lang, key, name=name, rival=rival)
    if margin == 0:
        return t(lang, "outcome.solo_tied", name=name, rival=rival)
    points = t(lang, "outcome.points", n=abs(margin))
    key = "outcome.solo_won" if margin > 0 else "outcome.solo_lost"
    return t(lang, key, name=name, rival=rival, points=points)


def _free_for_all(lang: str, outcome: Outcome, names: Sequence[str]) -> str:
    if not outcome.winners:
        return t(lang, "table.over_none")
    if len(outcome.winners) > 1:  # a shared first place
        return t(lang, "table.over_many", winners=", ".join(names[s] for s in outcome.winners))
    return t(lang, "table.over", winner=names[outcome.winners[0]])


def head(lang: str, outcome: Outcome, names: Sequence[str]) -> str:
    """The first line: what happened, in the words of the outcome kind."""
    if outcome.kind is OutcomeKind.COOP:
        return t(lang, "outcome.coop_won" if outcome.winners else "table.over_nobody")
    if outcome.kind is OutcomeKind.AGAINST_AUTOMATON:
        return _against_automaton(lang, outcome, names)
    if outcome.kind is OutcomeKind.TEAMS and outcome.winners:
        return t(lang, "outcome.team_won", winners=", ".join(names[s] for s in outcome.winners))
    return _free_for_all(lang, outcome, names)


def summary(lang: str, game: str, outcome: Outcome, names: Sequence[str]) -> str:
    """The whole summary: the head line, then each seat's numbers (with places when seats competed)."""
    rows = (_ranked if outcome.kind.competitive else _unranked)(lang, game, outcome, names)
    return head(lang, outcome, names) + "\n" + "\n".join(rows)
