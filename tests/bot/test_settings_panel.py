"""Issue 21: a table's settings are chosen in the lobby. ``/game new`` takes the game and a few
table-wide settings (every one described); the lobby's Settings button opens, for the host only, a
panel built from the options the game declares (only those of the chosen mode), each with a label, a
one-line description and its value; the lobby shows the rules in force; Start plays them; after the
start nothing changes. Every declared option has its words in every catalog."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from driver import NEW_PARAMS, interactive, open_table, set_options, table_of

from bot.app import create_bot
from bot.i18n import LANGS, catalog, t, translator
from bot.tables import TableError, changed
from bot.ui.limits import SELECT_LABEL
from engine.core.game import Capabilities, TableOption, register_game
from engine.games import capabilities, game_ids, registration

pytestmark = pytest.mark.contract  # every request checked against Discord's documented payloads

MAX_NEW_PARAMS = 9  # the table's language (issue 24) is chosen at /game new, as DESIGN.md says


def bundled() -> list[str]:
    """The games that ship with the bot (the toy of tests/toy is registered by the tests only)."""
    return [g for g in game_ids() if not registration(g).factory.__module__.startswith("toy")]


def _new_params(env: Any) -> dict[str, Any]:
    return dict(env.bot.tree.get_command("game").get_command("new")._params)


async def test_game_new_takes_the_game_and_a_few_described_table_wide_settings(world: dict[str, Any]) -> None:
    """Discord allows 25 parameters; ``/game new`` had 21, 16 undescribed, one per game option. Now it
    has at most 9, each with a description in every language, and no game option among them."""
    params = _new_params(world["env"])
    assert len(params) <= MAX_NEW_PARAMS and set(params) == {"game"} | NEW_PARAMS
    declared = {o.name for g in game_ids() for o in capabilities(g).options}
    assert not declared & set(params)
    for name, param in params.items():
        key = param.description.extras.get("key")
        assert key == f"cmd.new_{name}", name
        for lang in LANGS:
            assert isinstance(catalog(lang).get(key), str) and catalog(lang)[key].strip(), (lang, key)


@pytest.mark.parametrize("game", bundled())
def test_every_declared_option_has_a_label_a_description_and_its_values_in_every_language(game: str) -> None:
    """A new option (or value) without its words fails here, not in front of a player: the panel
    shows ``option.<name>`` as the label, ``option.<name>.desc`` as its description (one line, at most
    a select option's 100 characters) and ``option.<name>.<value>`` for each value."""
    for option in capabilities(game).options:
        for lang in LANGS:
            words = catalog(lang)
            for key in (f"option.{option.name}", f"option.{option.name}.desc",
                        *(f"option.{option.name}.{v}" for v in option.values)):
                assert isinstance(words.get(key), str) and words[key].strip(), (lang, key)
            assert len(words[f"option.{option.name}.desc"]) <= SELECT_LABEL and \
                "\n" not in words[f"option.{option.name}.desc"], (lang, option.name)


def _cases() -> list[tuple[str, str, str]]:
    """Every bundled game and every value of its mode option (Xidit: of its length)."""
    cases = []
    for game in bundled():
        caps = capabilities(game)
        first = caps.option("mode") or caps.options[0]
        cases += [(game, first.name, value) for value in first.values]
    return cases


def _ruling(caps: Capabilities, name: str, value: str) -> tuple[str, str] | None:
    """A setting to change besides the mode: the last one read only in this mode (a mode's own
    ruling), else the last other setting this mode reads; set to a value other than its default."""
    chosen = caps.table_options({name: value})
    others = [o for o in caps.options if o.name != name and o.name in chosen and len(o.values) > 1]
    own = [o for o in others if (name, value) in o.when]
    pick = (own or others or [None])[-1]
    if pick is None:
        return None
    return pick.name, next(v for v in pick.values if v != chosen[pick.name])


def _engine_reads(game: str, state: Any) -> dict[str, str]:
    """The options as the started engine state holds them."""
    if game == "greatwall":
        return {"mode": state.mode, **state.rulings}
    if game == "akhedena":
        return {"mode": state.mode, "after_battle": state.after_battle, "rounds": "on" if state.round_limit else "off"}
    return {"length": state.length}


@pytest.mark.simcord(settle_timeout=60)
@pytest.mark.parametrize(("game", "name", "value"), _cases())
async def test_the_host_sets_the_mode_and_a_ruling_in_the_lobby_and_start_plays_them(
        world: dict[str, Any], game: str, name: str, value: str) -> None:
    """The host opens the panel, sets the mode (Xidit: the length) and one of that mode's rulings; bob
    is refused; the lobby lists every rule in force; AI seats fill the table; Start builds the game
    with those options: a solo Great Wall has Qin Jiushao [ES p.16], a short Xidit game lasts 9 years
    (engine/xidit/setup.py LENGTHS), an Akhedena quick game has its round limit."""
    env, channel = world["env"], world["channel"]
    caps = capabilities(game)
    wanted = {name: value, **dict([r] if (r := _ruling(caps, name, value)) else [])}
    lobby = await open_table(world, ai=0, game=game, humans=("alice",), **wanted)
    refused = await world["bob"].click(lobby, label="Settings")
    assert refused.ephemeral and refused.response.content == t("en", "error.settings_host")
    table = table_of(env)
    options = caps.table_options(wanted)
    assert table.row.options == options
    tr = translator("en")
    text = next(m for m in channel.history() if m.id == lobby.id).content
    for shown in options:
        assert f"{tr(f'option.{shown}')}: " in text, shown
    low, _ = caps.seat_range(options)
    for _ in range(low - 1):
        await world["alice"].slash(channel, "game addai")
    await world["alice"].click(lobby, label="Start")
    assert table.row.status in ("active", "over")
    reads = _engine_reads(game, table.state)
    assert {k: v for k, v in options.items() if k in reads} == {k: reads[k] for k in options if k in reads}
    if (game, value) == ("greatwall", "solo"):
        assert table.state.qin is not None
    if (game, value) == ("xidit", "short"):
        assert table.state.years == 9
    assert not env.errors


async def test_after_the_start_the_settings_are_locked(world: dict[str, Any]) -> None:
    """A panel still open at the start refuses every change, and the lobby has no Settings button."""
    lobby = await open_table(world, ai=3, game="xidit", humans=("alice",))
    panel = await set_options(world, lobby, length="short")
    await world["alice"].click(lobby, label="Start")
    values = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setval:"))
    late = await world["alice"].select(panel, ["long"], custom_id=values.custom_id)
    assert late.ephemeral and late.response.content == t("en", "error.settings_locked")
    assert table_of(world["env"]).row.options == {"length": "short"}
    live = next(m for m in world["channel"].history() if m.id == lobby.id)
    assert not interactive(live) and not world["env"].errors


async def test_a_mode_for_fewer_seats_than_are_taken_is_refused_naming_its_range(world: dict[str, Any]) -> None:
    """The duel is for exactly 2 players [ES p.15]: with 3 seats taken, choosing it is refused, the
    error names the mode's range, and nothing changes (the host frees seats first)."""
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    before = next(m for m in world["channel"].history() if m.id == lobby.id).content
    opened = await world["alice"].click(lobby, label="Settings")
    panel = opened.response
    picker = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setopt:"))
    await world["alice"].select(panel, ["mode"], custom_id=picker.custom_id)  # (a scenario choice comes first)
    values = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setval:"))
    assert values.custom_id.endswith(":mode")
    refused = await world["alice"].select(panel, ["duel"], custom_id=values.custom_id)
    assert refused.ephemeral and refused.response.content == t(
        "en", "error.settings_seats", setting=t("en", "option.mode.duel"), min=2, max=2, count=3)
    table = table_of(world["env"])
    assert table.row.options == capabilities("greatwall").table_options({})
    assert next(m for m in world["channel"].history() if m.id == lobby.id).content == before
    await world["alice"].slash(world["channel"], "game remove", seat=3)
    await world["alice"].select(panel, ["duel"], custom_id=values.custom_id)
    assert table.row.options["mode"] == "duel" and not world["env"].errors


async def test_a_ruling_of_a_mode_no_longer_chosen_is_refused(world: dict[str, Any]) -> None:
    """Two panels open: in the first the host is about to change Qin Jiushao's level; in the second
    the mode goes back to the base game. The first panel's change is a ruling the table no longer
    reads: refused with error.option_not_here, nothing changed."""
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice",), mode="solo")
    stale = await set_options(world, lobby, qin_level="honor50")
    await set_options(world, lobby, mode="standard")
    values = next(i for i in interactive(stale) if i.custom_id.startswith("mu:setval:"))
    assert values.custom_id.endswith(":qin_level")
    refused = await world["alice"].select(stale, ["honor100"], custom_id=values.custom_id)
    tr = translator("en")
    assert refused.ephemeral and refused.response.content == t(
        "en", "error.option_not_here", setting=tr("option.qin_level.honor100"), game=tr("greatwall.name"))
    # The base game's options as the lobby reads them (the mode, and any expansion left off).
    assert table_of(world["env"]).row.options == capabilities("greatwall").table_options({"mode": "standard"})


@pytest.mark.parametrize(("game", "name", "value"), [
    ("xidit", "mode", "duel"),              # a Great Wall mode on a Lords of Xidit table
    ("greatwall", "reed_temple", "overlord"),  # a duel/solo/co-op ruling on a 3-4 player table
    ("akhedena", "mode", "solo"),           # a mode Akhedena does not have
])
def test_a_setting_the_table_would_not_read_is_refused(game: str, name: str, value: str) -> None:
    """The change a forged or stale click asks for is checked against what the game declares."""
    caps = capabilities(game)
    with pytest.raises(TableError) as refused:
        changed(caps, caps.table_options({}), name, value)
    assert refused.value.key == "error.option_not_here"


def test_a_setting_left_at_its_default_follows_the_mode_and_a_chosen_one_stays() -> None:
    """Akhedena's quick play has a round limit by default (its ES "Modo de Partida Rápida" ends on a
    set number of rounds; engine/akhedena/game.py follows): switching modes re-derives a default, never
    a setting the host chose."""
    caps = capabilities("akhedena")
    quick = changed(caps, caps.table_options({}), "mode", "quick")
    assert quick["rounds"] == "on"
    assert changed(caps, quick, "mode", "standard")["rounds"] == "off"
    chosen = changed(caps, changed(caps, quick, "rounds", "off"), "mode", "team")
    assert chosen["rounds"] == "off" and chosen["mode"] == "team"


async def test_the_settings_survive_a_restart_and_the_panel_still_answers(world: dict[str, Any],
                                                                          db_path: Any) -> None:
    """The options are stored with the table: after a restart the lobby keeps them, a panel opened
    before the restart still works (persistent components), and Start plays them."""
    env = world["env"]
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice",), mode="solo")
    panel = await set_options(world, lobby, qin_level="honor50")
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.row.options["mode"] == "solo" and table.row.options["qin_level"] == "honor50"
    values = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setval:"))
    await world["alice"].select(panel, ["honor100"], custom_id=values.custom_id)
    assert table_of(env).row.options["qin_level"] == "honor100"
    await world["alice"].click(lobby, label="Start")
    assert table_of(env).state.rulings["qin_level"] == "honor100" and not env.errors


async def test_a_variant_registered_later_shows_in_the_panel(world: dict[str, Any]) -> None:
    """Capabilities are read when the panel is built, not when the bot starts: a mode and a ruling
    registered afterwards are offered (with their own values), and the ruling only in that mode."""
    original = registration("greatwall")
    caps = original.caps
    mode = caps.option("mode")
    assert mode is not None
    extra = dataclasses.replace(mode, values=(*mode.values, "siege"), seats=(*mode.seats, ("siege", 1, 4)))
    ruling = TableOption("siege_walls", ("low", "high"), "low", when=(("mode", "siege"),))
    others = tuple(o for o in caps.options if o.name != "mode")  # (a scenario choice may come first)
    register_game(dataclasses.replace(caps, options=(extra, *others, ruling)), original.factory)
    try:
        lobby = await open_table(world, ai=0, game="greatwall", humans=("alice",))
        panel = await set_options(world, lobby, mode="siege")
        picker = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setopt:"))
        assert "siege_walls" in picker.values
        await set_options(world, lobby, siege_walls="high")
        chosen = {k: v for k, v in table_of(world["env"]).row.options.items() if k != "scenario"}
        assert chosen == {"mode": "siege", "siege_walls": "high"}
    finally:
        register_game(caps, original.factory)


@pytest.mark.parametrize("game", bundled())
def test_the_panel_fits_discord_in_every_language_mode_and_setting(game: str) -> None:
    """Discord refuses more than 5 rows, 25 options a select, 100 characters a label or description
    and 150 a placeholder: the panel stays within them whichever setting is open, in every language,
    and offers every setting the mode reads and every value of the open one."""
    from bot.ui.settings import settings_view

    caps = capabilities(game)
    first = caps.option("mode") or caps.options[0]
    for value in first.values:
        options = caps.table_options({first.name: value})
        for lang in LANGS:
            for editing in options:
                view = settings_view(1, lang, caps, options, editing)
                selects = [child.item for child in view.children]  # type: ignore[attr-defined]
                assert len(selects) <= 5
                assert [o.value for o in selects[0].options] == list(options)
                option = caps.option(editing)
                assert option is not None and [o.value for o in selects[1].options] == list(option.values)
                for select in selects:
                    assert len(select.options) <= 25 and len(select.placeholder or "") <= 150
                    for o in select.options:
                        assert len(o.label) <= SELECT_LABEL and len(o.description or "") <= SELECT_LABEL
