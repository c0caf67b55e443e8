"""Rules at hand: ``/rules [game] [topic]`` and ``/card name``, answered only to the caller, in their
language, in a guild channel or in DMs. Both read the game's reference (bot/reference.py) — the same
source as the effects shown in the panels."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.choices import MAX_NAME, game_choices, refresh
from bot.cogs.game import _d
from bot.delivery import chunks
from bot.i18n import lang_of, t, translator
from bot.parts import Parts
from bot.presenters import presenter_for
from bot.reference import MAX_MATCHES, Card, Reference, distinct, find, matching, topic_text, topic_title
from engine.core.game import Game
from engine.games import capabilities, game_ids, make_game

Named = list[tuple[str, Card]]  # (autocomplete value "<game>:<card id>", card)


def language(interaction: discord.Interaction[Any]) -> str:
    """The caller's language: these answers are theirs alone."""
    return lang_of(interaction.locale)


def reference_of(game: Game) -> Reference:
    return presenter_for(game).reference()


def rules_lines(lang: str, game_id: str, ref: Reference, topics: tuple[str, ...]) -> list[str]:
    """The summaries of ``topics`` under the game's name, then the reminder that they are ours."""
    tr = translator(lang)
    lines = [t(lang, "rules.title", game=t(lang, capabilities(game_id).name_key))]
    for topic in topics:
        lines += ["", f"**{tr(topic_title(ref, topic))}**", tr(topic_text(ref, topic))]
    return [*lines, "", t(lang, "rules.footer")]


def card_lines(lang: str, game_id: str, card: Card) -> list[str]:
    head = f"**{card.name}** · {t(lang, card.kind)} · {t(lang, capabilities(game_id).name_key)}"
    lines = [head, card.effect]
    if card.stand_in:
        lines.append(t(lang, "card.stand_in"))
    return lines


class RulesCog(commands.Cog):
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        refresh(self.show_rules, {"game": game_choices()})

    def _games(self, channel_id: int | None) -> list[Game]:
        """The game played in this channel, else every game."""
        table = self.parts.tables.in_channel(channel_id) if channel_id else None
        if table is not None:
            return [table.game]
        return [make_game(g, self.parts.tables.packs) for g in game_ids()]

    def _named(self, lang: str, channel_id: int | None) -> Named:
        tr = translator(lang)
        return [(f"{game.id}:{card.id}", card) for game in self._games(channel_id)
                for card in distinct(reference_of(game).cards(tr))]

    async def _answer(self, interaction: discord.Interaction[Any], lines: list[str]) -> None:
        first, *rest = chunks(lines)
        await interaction.response.send_message(first, ephemeral=True)
        for text in rest:
            await interaction.followup.send(text, ephemeral=True)

    async def _refuse(self, interaction: discord.Interaction[Any], key: str, **args: Any) -> None:
        await interaction.response.send_message(t(language(interaction), key, **args), ephemeral=True)

    def _game_of(self, interaction: discord.Interaction[Any], given: str | None) -> Game | None:
        if given:
            return make_game(given, self.parts.tables.packs) if given in game_ids() else None
        table = self.parts.tables.in_channel(interaction.channel_id or 0)
        return table.game if table is not None else None

    @app_commands.command(name="rules", description=_d("rules", "Short summaries of a game's rules"))
    @app_commands.describe(game=_d("rules_game", "Which game (this channel's game if left empty)"),
                           topic=_d("rules_topic", "One topic (all of them if left empty)"))
    @app_commands.choices(game=game_choices())
    async def show_rules(self, interaction: discord.Interaction[Any],
                         game: app_commands.Choice[str] | None = None, topic: str | None = None) -> None:
        found = self._game_of(interaction, game.value if game else None)
        lang = language(interaction)
        if found is None:
            await self._refuse(interaction, "rules.which_game")
            return
        ref = reference_of(found)
        if not ref.topics:
            await self._refuse(interaction, "rules.none", game=t(lang, capabilities(found.id).name_key))
            return
        chosen = self._topic(lang, ref, topic) if topic else ref.topics
        if not chosen:
            await self._refuse(interaction, "rules.unknown_topic", topic=topic,
                               topics=", ".join(t(lang, topic_title(ref, x)) for x in ref.topics))
            return
        await self._answer(interaction, rules_lines(lang, found.id, ref, chosen))

    @staticmethod
    def _topic(lang: str, ref: Reference, given: str) -> tuple[str, ...]:
        """A topic by its id (the autocomplete value) or its title in the caller's language."""
        text = given.strip().casefold()
        return tuple(x for x in ref.topics if text in (x, t(lang, topic_title(ref, x)).casefold()))[:1]

    @show_rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        found = self._game_of(interaction, getattr(interaction.namespace, "game", None))
        if found is None:
            return []
        lang, ref = language(interaction), reference_of(found)
        titles = [(x, t(lang, topic_title(ref, x))) for x in ref.topics]
        typed = current.strip().casefold()
        return [app_commands.Choice(name=title[:MAX_NAME], value=x) for x, title in titles
                if typed in title.casefold()][:MAX_MATCHES]

    @app_commands.command(name="card", description=_d("card", "What a card does"))
    @app_commands.describe(name=_d("card_name", "The card's name"))
    async def show_card(self, interaction: discord.Interaction[Any], name: str) -> None:
        lang = language(interaction)
        named = self._named(lang, interaction.channel_id)
        card = find(named, name)
        if card is None:
            await self._refuse(interaction, "card.unknown", name=discord.utils.escape_markdown(name[:MAX_NAME]))
            return
        game_id = next(value for value, c in named if c is card).split(":", 1)[0]
        await self._answer(interaction, card_lines(lang, game_id, card))

    @show_card.autocomplete("name")
    async def _cards(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        lang = language(interaction)
        named = self._named(lang, interaction.channel_id)
        several = len({value.split(":", 1)[0] for value, _ in named}) > 1
        return [app_commands.Choice(name=self._choice_name(lang, value, card, several), value=value)
                for value, card in matching(named, current)]

    @staticmethod
    def _choice_name(lang: str, value: str, card: Card, several: bool) -> str:
        """The card's name and kind, and its game when every game's cards are listed."""
        name = f"{card.name} · {t(lang, card.kind)}"
        if several:
            name += f" · {t(lang, capabilities(value.split(':', 1)[0]).name_key)}"
        return name[:MAX_NAME]
