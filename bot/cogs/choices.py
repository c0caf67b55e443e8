"""Slash-command choices generated from the engine registry (games, modes, lengths, other table
options): a registered game or mode shows up without editing a list. Discord fixes choices when the
command tree is synced, so the cogs refresh them when they are built, at bot start (``refresh``)."""

from __future__ import annotations

from typing import Any, cast

from discord import app_commands
from discord.app_commands import locale_str

from bot.i18n import t
from engine.games import capabilities, game_ids

# The ``/game new`` parameter that sets each table option (the slash name predates the option name).
OPTION_PARAMS: dict[str, str] = {"mode": "mode", "length": "length", "round_limit": "rounds",
                                 "after_battle": "after_battle", "reed_temple": "reed_temple",
                                 "raid_count": "raid_count", "reed_claim": "reed_claim",
                                 "reed_company": "reed_company", "qin_level": "qin_level",
                                 "qin_advisors": "qin_advisors", "qin_advanced": "qin_advanced",
                                 "time_loss": "time_loss", "start_hordes": "start_hordes"}
MAX_CHOICES = 25  # Discord's limit per parameter
MAX_NAME = 100


def _choice(key: str, value: str) -> app_commands.Choice[str]:
    """English as declared; the tree's translator localizes it from the catalogs (same key)."""
    return app_commands.Choice(name=locale_str(t("en", key)[:MAX_NAME], key=key), value=value)


def game_choices() -> list[app_commands.Choice[str]]:
    return [_choice(capabilities(g).name_key, g) for g in game_ids()][:MAX_CHOICES]


def option_choices(option: str) -> list[app_commands.Choice[str]]:
    """Every value any registered game allows for ``option``, in registration order, once each."""
    values: list[str] = []
    for game_id in game_ids():
        declared = capabilities(game_id).option(option)
        values += [v for v in (declared.values if declared else ()) if v not in values]
    return [_choice(f"option.{option}.{v}", v) for v in values][:MAX_CHOICES]


def new_table_choices() -> dict[str, list[app_commands.Choice[str]]]:
    """The choices of ``/game new``'s game and option parameters."""
    return {"game": game_choices(), **{param: option_choices(o) for param, o in OPTION_PARAMS.items()}}


def given_options(values: dict[str, app_commands.Choice[str] | None]) -> dict[str, str]:
    """Slash parameters → table options (by option name), only those the user set."""
    return {OPTION_PARAMS[p]: c.value for p, c in values.items() if c is not None and p in OPTION_PARAMS}


def refresh(command: Any, choices: dict[str, list[app_commands.Choice[str]]]) -> None:
    """Replace a command's parameter choices (discord.py has no public setter for them; the
    parameters are shared with the class-level command, which is what we want)."""
    assert isinstance(command, app_commands.Command)
    for name, listed in choices.items():
        command._params[name].choices = cast("list[app_commands.Choice[str | int | float]]", listed)
