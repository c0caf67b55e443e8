"""The ephemeral ``/hand`` panel: the same panel as the DM, for players whose DMs are closed."""

from __future__ import annotations

from typing import Any

import discord

from bot.delivery import Delivery
from bot.i18n import lang_of, t, translator
from bot.presenters import presenter_for
from bot.tables import Table


class Hand:
    def __init__(self, delivery: Delivery) -> None:
        self.delivery = delivery

    async def _payload(self, table: Table, seat: int, lang: str) -> dict[str, Any]:
        prompt = table.open_prompt(seat)
        if prompt is None:
            if table.state is None:
                return {"content": t(lang, "hand.nothing")}
            view = table.game.view(table.state, seat)
            screen = presenter_for(table.game).screen(translator(lang), view, view.get("me", {}))
            return {"content": "\n".join(filter(None, (t(lang, "hand.nothing"), screen)))}
        draft = await table.store.draft(table.id, seat, prompt.id)
        # The seat's own language governs its panel wherever it is shown.
        panel = self.delivery.panel(table, seat, draft)
        assert panel is not None
        picture = await self.delivery.pictures.attach(table, seat, table.seats[seat].lang, panel.view, draft)
        if isinstance(panel.view, discord.ui.LayoutView):
            return {"view": panel.view, **picture}
        return {"content": panel.content, "view": panel.view, **picture}

    async def show(self, interaction: discord.Interaction[Any], table: Table, seat: int) -> None:
        payload = await self._payload(table, seat, lang_of(interaction.locale))
        await interaction.response.send_message(ephemeral=True, **payload)

    async def follow_up(self, interaction: discord.Interaction[Any], table: Table, seat: int) -> None:
        if table.open_prompt(seat) is None:
            return
        payload = await self._payload(table, seat, lang_of(interaction.locale))
        await interaction.followup.send(ephemeral=True, **payload)
