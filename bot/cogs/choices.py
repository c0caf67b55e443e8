"""Slash-command choices generated from the engine registry (the games): a registered game shows up
without editing a list. A game's own options are no slash parameters: the lobby's settings panel
(bot/ui/settings.py) reads them from the game's capabilities. Discord fixes choices when the
command tree is synced, so the cogs refresh them when they are built, at bot start (``refresh``)."""

from __future__ import annotations

from typing import Any, cast

from discord import app_commands
from discord.app_commands import locale_str

from bot.i18n import t
from engine.games import capabilities, game_ids

MAX_CHOICES = 25  # Discord's limit per parameter
MAX_NAME = 100


def _choice(key: str, value: str) -> app_commands.Choice[str]:
    """English as declared; the tree's translator localizes it from the catalogs (same key)."""
    return app_commands.Choice(name=locale_str(t("en", key)[:MAX_NAME], key=key), value=value)


def game_choices() -> list[app_commands.Choice[str]]:
    return [_choice(capabilities(g).name_key, g) for g in game_ids()][:MAX_CHOICES]


def new_table_choices() -> dict[str, list[app_commands.Choice[str]]]:
    """The choices of ``/game new``'s game parameter (a game's options are set in the lobby)."""
    return {"game": game_choices()}


def refresh(command: Any, choices: dict[str, list[app_commands.Choice[str]]]) -> None:
    """Replace a command's parameter choices (discord.py has no public setter for them; the
    parameters are shared with the class-level command, which is what we want)."""
    assert isinstance(command, app_commands.Command)
    for name, listed in choices.items():
        command._params[name].choices = cast("list[app_commands.Choice[str | int | float]]", listed)
