"""``/stats [member] [game]`` and ``/leaderboard [game]``: this server's finished games, in public.

The numbers come from :mod:`bot.stats` (pure); this cog only reads the store and writes text.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.cogs.choices import game_choices, refresh
from bot.cogs.game import _d
from bot.delivery import chunks
from bot.i18n import lang_of, t
from bot.ratings import PROVISIONAL_GAMES, Rating, display_rating, outcome_kind
from bot.replies import refuse
from bot.stats import Ending, GameRecord, Leaderboard, Record, Summary, games_played, leaderboard, summary
from bot.store import Store

TOP = 20  # ranked lines of a single game's leaderboard
TOP_EACH = 10  # ranked lines per game when every game is shown
UNRANKED_SHOWN = 15
QUIET = discord.AllowedMentions.none()  # names are plain text: never ping anyone


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


def decimal(lang: str, value: float | None) -> str:
    if value is None:  # e.g. no ranked game to average a place over
        return "—"
    text = f"{value:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def game_name(lang: str, game: str) -> str:
    return t(lang, f"{game}.name")


def rating_text(lang: str, rating: Rating | None, games: int) -> str:
    """The rating on the display scale (bot/ratings.py), marked provisional over few rated games."""
    if rating is None:
        return "—"
    shown = str(display_rating(rating))
    return t(lang, "stats.provisional", rating=shown) if games < PROVISIONAL_GAMES else shown


def duration(lang: str, seconds: float | None) -> str:
    """A median answer time, rounded to the unit a person reads it in."""
    if seconds is None:
        return "—"
    if seconds < 90:
        return t(lang, "stats.seconds", n=round(seconds))
    if seconds < 90 * 60:
        return t(lang, "stats.minutes", n=round(seconds / 60))
    return t(lang, "stats.hours", n=round(seconds / 3600))


def summary_text(lang: str, name: str, found: Summary, game: str | None) -> str:
    """What /stats says. A place (and a rating) only where seats were ranked against each other;
    solo games read as won or lost against the automaton by a margin, co-op games as the team's."""
    total = found.total
    title = (t(lang, "stats.title_game", name=name, game=game_name(lang, game)) if game
             else t(lang, "stats.title", name=name))
    counts = {"games": total.played, "wins": total.wins, "rate": percent(total.win_rate)}
    lines = [title, t(lang, "stats.totals", **counts, place=decimal(lang, total.average_place)) if total.ranked
             else t(lang, "stats.totals_unranked", **counts)]
    for record in found.games:
        if game is None:
            lines.append(_game_line(lang, record))
        elif record.ranked:
            lines.append(t(lang, "stats.rating", rating=rating_text(lang, record.rating, record.ranked)))
        lines += _unranked_lines(lang, record)
    lines.append(t(lang, "stats.habits", missed=found.habits.missed, games=found.habits.games,
                   speed=duration(lang, found.habits.median_seconds)))
    if found.best_game is not None:
        lines.append(t(lang, "stats.best", game=game_name(lang, found.best_game)))
    return "\n".join(lines)


def _game_line(lang: str, record: GameRecord) -> str:
    counts = {"game": game_name(lang, record.game), "games": record.played, "wins": record.wins,
              "rate": percent(record.win_rate)}
    if not record.ranked:
        return t(lang, "stats.game_line_unranked", **counts)
    return t(lang, "stats.game_line", **counts, place=decimal(lang, record.average_place),
             rating=rating_text(lang, record.rating, record.ranked))


def ending_text(lang: str, rival: str, ending: Ending) -> str:
    """One solo game's end: beaten or lost to, by how many points when the final scores decided it
    (a tie is a loss: only beating the automaton wins)."""
    won, margin = ending
    if margin is None:
        return t(lang, "stats.beat_early" if won else "stats.lost_early", rival=rival)
    if margin == 0 and not won:
        return t(lang, "stats.tied", rival=rival)
    points = t(lang, "outcome.points", n=abs(margin))
    return t(lang, "stats.beat" if won else "stats.lost_to", rival=rival, points=points)


def _unranked_lines(lang: str, record: GameRecord) -> list[str]:
    """A game's solo games (per automaton) and co-op games, each won or lost, never placed."""
    lines = []
    for versus in record.versus:
        rival = t(lang, versus.rival) if versus.rival else t(lang, "stats.rival_unknown")
        lines.append(t(lang, "stats.versus", rival=rival, won=versus.won, lost=versus.lost,
                       best=ending_text(lang, rival, versus.best), last=ending_text(lang, rival, versus.last)))
    if record.together is not None:
        lines.append(t(lang, "stats.together", won=record.together.won, lost=record.together.lost))
    return lines


def _name(record: Record) -> str:
    return escape_markdown(record.name)


def board_lines(lang: str, board: Leaderboard, top: int = TOP) -> list[str]:
    lines = [t(lang, "leaderboard.title", game=game_name(lang, board.game))]
    lines += [t(lang, "leaderboard.row", rank=s.rank, name=_name(s.record),
                rating=rating_text(lang, s.rating, s.record.ranked), wins=s.record.wins,
                rate=percent(s.record.win_rate), games=s.record.played)
              for s in board.ranked[:top]]
    if not board.ranked:
        lines.append(t(lang, "leaderboard.nobody", min=board.min_games))
    if board.unranked:
        names = [t(lang, "leaderboard.unranked_entry", name=_name(r), games=r.played)
                 for r in board.unranked[:UNRANKED_SHOWN]]
        if len(board.unranked) > UNRANKED_SHOWN:
            names.append("…")
        lines.append(t(lang, "leaderboard.unranked", min=board.min_games, names=", ".join(names)))
    return lines


class StatsCog(commands.Cog):
    def __init__(self, store: Store) -> None:
        self.store = store
        for command in (self.show_stats, self.show_leaderboard):
            refresh(command, {"game": game_choices()})

    async def _post(self, interaction: discord.Interaction[Any], lines: list[str]) -> None:
        """Public messages under Discord's length limit: the answer, then follow-ups."""
        first, *rest = chunks(lines)
        await interaction.response.send_message(first, allowed_mentions=QUIET)
        for text in rest:
            await interaction.followup.send(text, allowed_mentions=QUIET)

    @app_commands.command(name="stats", description=_d("stats", "A member's results in this server's finished games"))
    @app_commands.describe(member=_d("stats_member", "Whose results (yours if left empty)"),
                           game=_d("stats_game", "Only this game"))
    @app_commands.choices(game=game_choices())
    async def show_stats(self, interaction: discord.Interaction[Any], member: discord.Member | None = None,
                    game: app_commands.Choice[str] | None = None) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            await refuse(interaction, "stats.guild_only")
            return
        who = member or interaction.user
        game_id = game.value if game else None
        rows = await self.store.results(guild_id, game_id)  # every seat: the ratings need the opponents
        found = summary(rows, guild_id, who.id, game_id)
        name = escape_markdown(who.display_name)
        if found is None:
            lang = lang_of(interaction.locale)
            if game_id is None:
                await refuse(interaction, "stats.none", name=name)
            else:
                await refuse(interaction, "stats.none_game", name=name, game=game_name(lang, game_id))
            return
        lang = lang_of(interaction.guild_locale or interaction.locale)
        await self._post(interaction, summary_text(lang, name, found, game_id).split("\n"))

    @app_commands.command(name="leaderboard", description=_d("leaderboard", "This server's best players, per game"))
    @app_commands.describe(game=_d("leaderboard_game", "Only this game's leaderboard"))
    @app_commands.choices(game=game_choices())
    async def show_leaderboard(self, interaction: discord.Interaction[Any],
                          game: app_commands.Choice[str] | None = None) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            await refuse(interaction, "stats.guild_only")
            return
        rows = await self.store.results(guild_id, game.value if game else None)
        rated = [r for r in rows if outcome_kind(r).competitive]  # co-op and solo games rank nobody
        games = [game.value] if game else games_played(rated, guild_id)
        boards = [leaderboard(rows, guild_id, g) for g in games]
        if not any(b.ranked or b.unranked for b in boards):
            lang = lang_of(interaction.locale)
            finished = bool(games_played(rows, guild_id))  # but none ranked seats against each other
            if game is None:
                await refuse(interaction, "leaderboard.unrated" if finished else "leaderboard.empty")
            elif finished:
                await refuse(interaction, "leaderboard.unrated_game", game=game_name(lang, game.value))
            else:
                await refuse(interaction, "leaderboard.empty_game", game=game_name(lang, game.value))
            return
        lang = lang_of(interaction.guild_locale or interaction.locale)
        lines: list[str] = []
        for board in boards:
            if lines:
                lines.append("")
            lines += board_lines(lang, board, TOP if game else TOP_EACH)
        await self._post(interaction, lines)
