"""Persistent components: every button and select is a DynamicItem whose custom_id carries the table
id, the prompt id and the seat, so that clicks keep working after a restart and stale ones are
recognised. Callbacks only parse and hand over to the bot's handler: no rules live here.

custom_id: ``mu:<action>:<table>:<prompt id>:<seat>:<argument>``. The lobby's are ``mu:lobby:<table>:-:-:<action>``
and, for its settings panel (bot/ui/settings.py), ``mu:setopt:<table>:-:-:`` and ``mu:setval:<table>:-:-:<option>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

if TYPE_CHECKING:
    from discord import Interaction

_REST = r":(?P<table>\d+):(?P<pid>[\w-]+):(?P<seat>[\w-]+):(?P<arg>[\w.-]*)"
# Buttons and selects need distinct templates: discord.py picks the first class whose template
# matches, and a select rebuilt as a button would lose its values.
BUTTON_TEMPLATE = r"mu:(?P<act>opt|dflt|none|lock|lobby|undo)" + _REST
SELECT_TEMPLATE = r"mu:(?P<act>slot|one|multi|nav|page|setopt|setval)" + _REST


@dataclass(frozen=True)
class Click:
    act: str
    table: int
    prompt_id: str
    seat: int | None
    arg: str
    values: tuple[str, ...] = ()


class ClickHandler(Protocol):
    async def on_click(self, interaction: Interaction[Any], click: Click) -> None: ...


def custom_id(act: str, table: int, prompt_id: str = "-", seat: int | None = None, arg: str = "") -> str:
    return f"mu:{act}:{table}:{prompt_id}:{'-' if seat is None else seat}:{arg}"


def _click(match: re.Match[str], values: tuple[str, ...] = ()) -> Click:
    seat = match["seat"]  # "-" in the lobby; anything but ASCII digits is forged and will be refused
    number = int(seat) if seat.isascii() and seat.isdigit() else None
    return Click(match["act"], int(match["table"]), match["pid"], number, match["arg"], values)


def _handler(interaction: Interaction[Any]) -> ClickHandler:
    handler: ClickHandler = interaction.client
    return handler


class MusterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(self, cid: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id=cid, style=style, disabled=disabled))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> MusterButton:
        return cls(item.custom_id or "")  # type: ignore[attr-defined]

    async def callback(self, interaction: Interaction[Any]) -> None:
        match = self.__discord_ui_compiled_template__.fullmatch(self.item.custom_id or "")
        if match is not None:
            await _handler(interaction).on_click(interaction, _click(match))


class MusterSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(self, cid: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, min_values: int = 1, max_values: int = 1) -> None:
        super().__init__(discord.ui.Select(custom_id=cid, options=options or [discord.SelectOption(label="…")],
                                           placeholder=placeholder, min_values=min_values,
                                           max_values=max_values))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> MusterSelect:
        made = cls(item.custom_id or "")  # type: ignore[attr-defined]
        return made

    async def callback(self, interaction: Interaction[Any]) -> None:
        match = self.__discord_ui_compiled_template__.fullmatch(self.item.custom_id or "")
        if match is not None:
            # Read the submitted values from the interaction itself: a select rebuilt from its
            # custom_id (after a restart, say) has no state of its own.
            data: Any = interaction.data or {}
            values = tuple(str(v) for v in data.get("values", ()))
            await _handler(interaction).on_click(interaction, _click(match, values))
