"""``python -m bot play greatwall --expansions rat``: expansions named on the command line, checked
against what the game declares (its registered variants) as the lobby checks them, refused in the
player's language when the game has no such expansion or when it is not played with the mode or the
other expansions chosen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from driver import interactive, open_table, table_of

from bot.expansions import declared
from bot.i18n import LANGS, add_words, remove_words, t, translator
from bot.local import main as local_main
from bot.tables import TableError, changed
from engine.games import capabilities
from engine.greatwall.variant import Variant, register_variant, unregister_variant


@pytest.fixture
def drill() -> Iterator[None]:
    """A made-up expansion joining the duel only and not declared with the Rat: one registration."""
    register_variant(Variant("drill", option=("drill", "on"), combines=frozenset({"duel"}), order=30))
    for lang in LANGS:
        add_words(lang, {"option.drill": "Drill", "option.drill.desc": "Drill", "option.drill.on": "On",
                         "option.drill.off": "Off"})
    yield
    unregister_variant("drill")
    for lang in LANGS:
        remove_words(lang, {"option.drill", "option.drill.desc", "option.drill.on", "option.drill.off"})


@pytest.mark.parametrize(("mode", "seats"), [("standard", "4"), ("coop", "2")])
def test_the_command_line_plays_the_great_wall_with_the_rat(tmp_path: Path, capsys, mode: str,  # type: ignore[no-untyped-def]
                                                            seats: str) -> None:
    """IT Rat, "Introduzione": the Rat joins any mode. ``--expansions rat`` plays it: the top Tea player
    places it after the draft ("Preparazione" 19) and it moves every Fall ("Carte Ratto")."""
    assert local_main(["greatwall", "--expansions", "rat", "--mode", mode, "--seats", seats, "--ai", seats,
                       "--out", str(tmp_path), "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "puts the Rat on the" in out and "moves the Rat to the" in out
    assert "Final ranking:" in out and list(tmp_path.glob("board-*.png"))


def greatwall_expansions() -> list[str]:
    """The expansions the Great Wall declares, as registered (the Rat, Genghis Khan, …)."""
    return list(declared(capabilities("greatwall")))


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_expansion_is_refused_naming_the_games_expansions(tmp_path: Path, capsys, lang: str) -> None:  # type: ignore[no-untyped-def]
    """A name the game declares no expansion of stops before any table, in the player's language,
    listing the expansions it has."""
    assert local_main(["greatwall", "--expansions", "rat,mouse", "--ai", "4", "--out", str(tmp_path),
                       "--lang", lang]) == 2
    err = capsys.readouterr().err.strip()
    tr = translator(lang)
    assert err == t(lang, "local.unknown_expansion", name="mouse", game=tr("greatwall.name"),
                    valid=", ".join(f"{name} ({tr(f'option.{name}')})" for name in greatwall_expansions()))
    assert "rat (" in err
    assert not list(tmp_path.glob("board-*.png"))


def test_a_game_without_expansions_refuses_any(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert local_main(["xidit", "--expansions", "rat", "--ai", "4", "--out", str(tmp_path)]) == 2
    assert "“rat” is not an expansion of Lords of Xidit" in capsys.readouterr().err


@pytest.mark.usefixtures("drill")
@pytest.mark.parametrize("lang", LANGS)
def test_an_expansion_not_played_with_the_mode_is_refused(tmp_path: Path, capsys, lang: str) -> None:  # type: ignore[no-untyped-def]
    """An expansion offered with some modes only is refused with another, naming the modes it joins."""
    assert local_main(["greatwall", "--expansions", "drill", "--mode", "solo", "--seats", "1", "--ai", "1",
                       "--out", str(tmp_path), "--lang", lang]) == 2
    tr = translator(lang)
    assert capsys.readouterr().err.strip() == t(
        lang, "local.expansion_not_with_mode", name="Drill", game=tr("greatwall.name"),
        mode=tr("option.mode.solo"), modes=tr("option.mode.duel"))


@pytest.mark.usefixtures("drill")
@pytest.mark.parametrize("lang", LANGS)
def test_two_expansions_not_played_together_are_refused(tmp_path: Path, capsys, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Neither declares it combines with the other (engine/greatwall/variant.py ``compatible``): the
    command line refuses them together, as the lobby does, and each alone plays."""
    assert local_main(["greatwall", "--expansions", "rat, drill", "--mode", "duel", "--seats", "2", "--ai", "2",
                       "--out", str(tmp_path), "--lang", lang]) == 2
    tr = translator(lang)
    assert capsys.readouterr().err.strip() == t(lang, "error.options_clash", setting=tr("option.rat"),
                                                other=tr("option.drill"))
    assert not list(tmp_path.glob("board-*.png"))


@pytest.mark.usefixtures("drill")
def test_the_lobby_refuses_an_expansion_not_played_with_one_chosen() -> None:
    """The host turning on an expansion that is not played with one already on: refused, nothing
    changed (bot/tables.py ``changed``); turning it on alone is taken."""
    caps = capabilities("greatwall")
    duel = changed(caps, caps.table_options({}), "mode", "duel")
    with_rat = changed(caps, duel, "rat", "on")
    with pytest.raises(TableError) as refused:
        changed(caps, with_rat, "drill", "on")
    assert refused.value.key == "error.options_clash"
    assert changed(caps, duel, "drill", "on")["drill"] == "on"


@pytest.mark.usefixtures("drill")
@pytest.mark.simcord(settle_timeout=5)
async def test_the_lobby_panel_refuses_the_pair_naming_both(world: dict[str, Any]) -> None:
    """Through the settings panel: the host's click is refused in words naming both expansions, and
    the table's settings stay as they were."""
    lobby = await open_table(world, ai=0, game="greatwall", humans=("alice", "bob"), mode="duel", rat="on")
    before = dict(table_of(world["env"]).row.options)
    panel = (await world["alice"].click(lobby, label="Settings")).response
    picker = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setopt:"))
    await world["alice"].select(panel, ["drill"], custom_id=picker.custom_id)
    values = next(i for i in interactive(panel) if i.custom_id.startswith("mu:setval:"))
    refused = await world["alice"].select(panel, ["on"], custom_id=values.custom_id)
    assert refused.ephemeral and refused.response.content == t(
        "en", "error.options_clash", setting="Drill", other="The Rat")
    assert table_of(world["env"]).row.options == before and not world["env"].errors
