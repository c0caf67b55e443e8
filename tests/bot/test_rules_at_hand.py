"""Rules at hand (issue 16): ``/rules`` and ``/card`` through the real bot, and the effects the panels
show next to the options that name a card or an action."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from driver import current_panel, open_table, play_until, table_of, text_of

from bot.games.xidit import XiditPresenter
from bot.i18n import t, translator
from bot.presenters import presenter_for
from bot.reference import topic_text, topic_title
from bot.ui.panels import build_panel
from engine.core.prompt import Option, Prompt
from engine.games import make_game
from engine.xidit.game import XiditGame

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]  # a ceiling, not a wait


def _card(game: str, card: str, lang: str = "en") -> Any:
    ref = presenter_for(make_game(game)).reference()
    return next(c for c in ref.cards(translator(lang)) if c.id == card)


def _content(result: Any) -> str:
    return "\n".join([result.response.content, *(f.content for f in result.followups)])


# -- /card ----------------------------------------------------------------------------------------

async def test_card_autocomplete_offers_every_game_s_cards_where_no_table_is_open(world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    found = await alice.autocomplete(channel, "card", "name", "DESP")  # case does not matter
    assert found[0]["value"] == "greatwall:despotism"
    assert "Despotism" in found[0]["name"] and "The Great Wall" in found[0]["name"]
    everything = await alice.autocomplete(channel, "card", "name", "")
    assert 0 < len(everything) <= 25
    assert {c["value"].split(":")[0] for c in await alice.autocomplete(channel, "card", "name", "a")} >= {
        "greatwall", "akhedena"}


async def test_a_card_answer_is_private_and_says_its_values_are_stand_ins(world: dict[str, Any]) -> None:
    result = await world["alice"].slash(world["channel"], "card", name="greatwall:despotism")
    assert result.ephemeral
    card = _card("greatwall", "despotism")
    assert card.stand_in
    assert "**Despotism**" in result.response.content and card.effect in result.response.content
    assert t("en", "card.stand_in") in result.response.content
    assert not world["env"].errors


async def test_a_rule_that_is_not_a_stand_in_is_not_marked_as_one(world: dict[str, Any]) -> None:
    """Xidit's order kinds are rules, not printed values; a name typed in full finds the card."""
    result = await world["alice"].slash(world["channel"], "card", name="wait")
    assert result.ephemeral
    assert t("en", "xidit.ref.order.wait") in result.response.content
    assert t("en", "card.stand_in") not in result.response.content


async def test_in_a_table_s_channel_only_that_game_s_cards_are_offered(world: dict[str, Any]) -> None:
    await open_table(world, ai=0, game="xidit", humans=("alice",))
    found = await world["alice"].autocomplete(world["channel"], "card", "name", "")
    assert found and {c["value"].split(":")[0] for c in found} == {"xidit"}
    assert all("Lords of Xidit" not in c["name"] for c in found)  # one game: no need to name it


async def test_an_unknown_card_name_gets_a_clear_error(world: dict[str, Any]) -> None:
    result = await world["alice"].slash(world["channel"], "card", name="Dragon of Nowhere")
    assert result.ephemeral
    assert result.response.content == t("en", "card.unknown", name="Dragon of Nowhere")


async def test_card_and_rules_answer_in_the_caller_s_language(world: dict[str, Any],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """simcord always sends en-US, so the caller's language is set where the cog reads it."""
    monkeypatch.setattr("bot.cogs.rules.language", lambda interaction: "ru")
    alice, channel = world["alice"], world["channel"]
    found = await alice.autocomplete(channel, "card", "name", "урож")
    # A name that starts with the text comes first; the Great Wall's Russian names that contain it follow.
    assert found[0]["value"] == "akhedena:harvest"
    result = await alice.slash(channel, "card", name="akhedena:harvest")
    assert _card("akhedena", "harvest", "ru").effect in result.response.content
    assert t("ru", "card.stand_in") in result.response.content
    result = await alice.slash(channel, "card", name="нет такой карты")
    assert result.response.content == t("ru", "card.unknown", name="нет такой карты")
    result = await alice.slash(channel, "rules", game="xidit", topic="census")
    assert t("ru", "xidit.rules.census") in _content(result)


# -- /rules ---------------------------------------------------------------------------------------

async def test_rules_topics_are_offered_per_game_and_answered_privately(world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    topics = await alice.autocomplete(channel, "rules", "topic", "", game="greatwall")
    assert [c["value"] for c in topics] == ["seasons", "command", "hordes", "shame", "scoring", "rat", "khan",
                                            "chronicles", "long_winter", "great_famine", "emperors_visit",
                                            "ghost_festival", "siege", "red_turban"]
    result = await alice.slash(channel, "rules", game="greatwall", topic="shame")
    assert result.ephemeral
    text = _content(result)
    assert t("en", "gw.topic.shame") in text and t("en", "gw.rules.shame") in text
    assert t("en", "rules.footer") in text and t("en", "gw.rules.scoring") not in text
    result = await alice.slash(channel, "rules", game="greatwall", topic="Hordes and combat")  # a title works
    assert t("en", "gw.rules.hordes") in _content(result)


async def test_an_unknown_topic_lists_the_topics(world: dict[str, Any]) -> None:
    result = await world["alice"].slash(world["channel"], "rules", game="akhedena", topic="cooking")
    assert result.ephemeral and "cooking" in result.response.content
    assert t("en", "ak.topic.crown") in result.response.content


async def test_rules_default_to_the_game_of_this_channel(world: dict[str, Any]) -> None:
    await open_table(world, ai=0, game="akhedena", humans=("alice",))
    result = await world["alice"].slash(world["channel"], "rules", topic="crown")
    assert t("en", "ak.rules.crown") in _content(result)


async def test_rules_and_card_work_in_direct_messages(world: dict[str, Any]) -> None:
    user = world["alice"].user
    result = await user.slash("rules")
    assert result.response.content == t("en", "rules.which_game")  # no table in a DM: say which game
    result = await user.slash("rules", game="akhedena")
    text = _content(result)
    ref = presenter_for(make_game("akhedena")).reference()
    assert all(t("en", topic_title(ref, x)) in text and t("en", topic_text(ref, x)) in text for x in ref.topics)
    found = await user.autocomplete("card", "name", "econ")
    assert found[0]["value"] == "greatwall:economy"
    result = await user.slash("card", name="greatwall:economy")
    assert _card("greatwall", "economy").effect in result.response.content


# -- effects in the panels ------------------------------------------------------------------------

async def test_the_command_card_panel_shows_each_card_s_effect(world: dict[str, Any]) -> None:
    """A button has no description: the panel text lists each offered card with its effect."""
    env = world["env"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"]], lambda: table_of(env).state.ask is not None
                     and table_of(env).state.ask.kind == "command", cycle=False)
    table = table_of(env)
    panel = current_panel(world["alice"])
    assert panel is not None
    hand = table.state.players[table.seat_of(world["alice"].id)].hand
    assert len(hand) == 6
    for card in hand:
        line = f"**{table.game.pack.commands[card].name}** — {_card('greatwall', card).effect}"
        assert line in text_of(panel)  # a classic panel or the DM its chain made V2 (bot/dm_panels.py)
    assert not env.errors


def _selects(view: Any) -> list[discord.ui.Select[Any]]:
    return [getattr(i, "item", i) for i in view.walk_children() if isinstance(getattr(i, "item", i), discord.ui.Select)]


def test_each_order_of_a_programme_says_what_it_does() -> None:
    options = tuple(Option(o, f"xidit.order.{o}") for o in ("blue", "red", "black", "act", "wait"))
    prompt = Prompt(0, "program", "program1", "xidit.ask.program", options, slots=6, secret=True)
    panel = build_panel(1, prompt, {}, XiditPresenter(XiditGame()), "es", ["A"])
    for select in _selects(panel.view):
        shown = {o.value: o.description for o in select.options}
        assert shown == {o.id: t("es", f"xidit.ref.order.{o.id}")[:100] for o in options}


def test_an_option_that_names_no_card_gets_no_description() -> None:
    prompt = Prompt(0, "x", "x1", "gw.ask.summer", (Option("take", "gw.opt.reclaim", {"n": 2}),
                                                     Option("honor", "gw.opt.reclaim_honor", {"honor": 4})))
    presenter = presenter_for(make_game("greatwall"))
    panel = build_panel(1, prompt, {}, presenter, "en", ["A"])
    assert panel.content == presenter.prompt_text(translator("en"), prompt, {}, ["A"])  # no legend added


@pytest.mark.parametrize(("game", "option", "expected"), [
    ("greatwall", Option("to.mill", "gw.opt.to", {"loc": "mill"}), "Gather Wood"),
    ("greatwall", Option("h0", "gw.opt.tactic", {"tactic": "retreat1"}), "when your soldiers would die"),
    ("akhedena", Option("c", "ak.opt.play", {"card": "harvest"}), "gain 2 Food"),
    ("akhedena", Option("market", "ak.opt.act_market"), "Buy generals and army cards"),
    ("xidit", Option("act", "xidit.order.act"), "weakest unit"),
])
def test_an_option_naming_a_card_or_an_action_is_described(game: str, option: Option, expected: str) -> None:
    note = presenter_for(make_game(game)).reference().describe(translator("en"), option)
    assert expected in note


@pytest.mark.parametrize(("game", "file", "card"), [("greatwall", "commands.toml", "economy"),
                                                    ("akhedena", "cards.toml", "harvest")])
def test_an_owner_s_printed_pack_is_no_longer_marked_stand_in(tmp_path: Any, game: str, file: str,
                                                               card: str) -> None:
    """MUSTER_PACKS: a file whose owner says it holds the printed values clears the stand-in mark."""
    assert _card(game, card).stand_in
    (tmp_path / game).mkdir()
    (tmp_path / game / file).write_text("stand_in = false\n", encoding="utf-8")
    ref = presenter_for(make_game(game, tmp_path)).reference()
    assert not next(c for c in ref.cards(translator("en")) if c.id == card).stand_in
