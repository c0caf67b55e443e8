"""Issue 24: a table speaks the language chosen at ``/game new`` (the server's preferred language when
none is chosen), kept with the table across a restart; each player's DMs and ephemeral panels speak
that player's own Discord language, the one of their latest interaction (kept with their seat, so a
DM sent with no interaction at hand, e.g. after a restart, still uses it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import simcord.interactions as sim_interactions
from driver import answer, current_panel, open_table, table_of
from simcord.backend.errors import OptionError

from bot.app import create_bot
from bot.i18n import t

pytestmark = pytest.mark.contract  # every request checked against Discord's documented payloads

Locales = dict[int | str, str]


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> Locales:
    """Each user's Discord client language (by user id) and the server's preferred one ("guild"),
    as Discord puts them in every interaction (simcord's users are all en-US otherwise)."""
    chosen: Locales = {}
    original: Callable[..., Any] = sim_interactions.base_payload

    def with_locales(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = chosen.get(kwargs["user_id"], "en-US")
        if "guild_locale" in payload:
            payload["guild_locale"] = chosen.get("guild", "en-US")
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locales)
    return chosen


def _lobby(world: dict[str, Any]) -> str:
    return next(m for m in reversed(world["channel"].history()) if "🎲" in (m.content or "")).content or ""


async def _first_panels(world: dict[str, Any], names: tuple[str, ...]) -> dict[str, str]:
    """The text of each named player's first DM panel: the others answer theirs until it comes
    (Xidit's placements go one seat after another)."""
    seen: dict[str, str] = {}
    for _ in range(8):
        for name in names:
            panel = current_panel(world[name])
            if name not in seen and panel is not None:
                seen[name] = panel.content or ""
        if len(seen) == len(names):
            return seen
        waiting = next(n for n in names if current_panel(world[n]) is not None)
        await answer(world[waiting].user, current_panel(world[waiting]))
    raise AssertionError(f"no panel for {set(names) - set(seen)}")


async def test_the_table_speaks_the_language_chosen_at_game_new_even_after_a_restart(
        world: dict[str, Any], locales: Locales, db_path: Any) -> None:
    env = world["env"]
    done = await world["alice"].slash(world["channel"], "game new", game="xidit", language="ru")
    assert done.ephemeral and done.response.content == t("en", "lobby.opened")  # alice's own language
    assert t("ru", "xidit.name") in _lobby(world) and t("ru", "lobby.language", language="Русский") in _lobby(world)
    await env.restart_bot(create_bot(db_path=db_path))
    assert table_of(env).row.lang == "ru"
    lobby = next(m for m in world["channel"].history() if "🎲" in (m.content or ""))
    await world["bob"].click(lobby, label=t("ru", "lobby.join"))
    assert "bob" in _lobby(world) and t("ru", "xidit.name") in _lobby(world)
    assert not env.errors


async def test_without_a_choice_the_table_speaks_the_servers_preferred_language(
        world: dict[str, Any], locales: Locales) -> None:
    locales["guild"] = "es-ES"
    await world["alice"].slash(world["channel"], "game new", game="xidit")
    assert table_of(world["env"]).row.lang == "es"
    assert t("es", "xidit.name") in _lobby(world)


async def test_a_table_language_we_have_no_catalog_for_is_refused(world: dict[str, Any]) -> None:
    """``language`` is a choice among our catalogs: Discord itself refuses any other value."""
    with pytest.raises(OptionError, match="ja"):  # simcord refuses it as Discord does
        await world["alice"].slash(world["channel"], "game new", game="xidit", language="ja")
    assert not world["env"].bot.tables.by_id


async def test_each_player_reads_their_own_panels_in_their_own_language(
        world: dict[str, Any], locales: Locales) -> None:
    locales.update({world["alice"].id: "ru", world["bob"].id: "it"})
    lobby = await open_table(world, ai=1, game="xidit", humans=("alice", "bob"), length="short")
    await world["alice"].click(lobby, label="Start")
    first = await _first_panels(world, ("alice", "bob"))
    assert first["alice"].startswith(t("ru", "xidit.ask.place"))
    assert first["bob"].startswith(t("it", "xidit.ask.place"))
    assert t("en", "xidit.name") in _lobby(world)  # the channel keeps the table's language
    assert not world["env"].errors


async def test_a_player_who_changes_language_is_answered_in_it_from_then_on(
        world: dict[str, Any], locales: Locales, db_path: Any) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=1, game="xidit", humans=("alice", "bob"), length="short")
    await world["alice"].click(lobby, label="Start")
    assert (await _first_panels(world, ("alice", "bob")))["alice"].startswith(t("en", "xidit.ask.place"))
    locales[world["alice"].id] = "es-ES"  # alice switches her Discord client to Spanish
    hand = await world["alice"].slash(world["channel"], "hand")
    assert hand.ephemeral and (hand.response.content or "").startswith(t("es", "xidit.ask.place"))
    table = table_of(env)
    alice = table.seat_of(world["alice"].id)
    assert [s.lang for s in await table.store.seats(table.id)][alice] == "es"  # remembered, stored
    await env.restart_bot(create_bot(db_path=db_path))
    assert table_of(env).seats[alice].lang == "es"
    assert not env.errors


async def test_a_players_language_is_theirs_at_every_table(world: dict[str, Any], locales: Locales) -> None:
    """Issue 24, "each player's DMs and ephemeral panels in that player's own Discord language": the
    language is the person's. alice sits at two tables; after she uses Spanish at the first, her seat
    at the second speaks Spanish too (stored), without her touching that table first."""
    env, alice = world["env"], world["alice"]
    tables = []
    for name in ("games", "more-games"):
        channel = world["channel"] if name == "games" else world["guild"].create_text_channel(name)
        await alice.slash(channel, "game new", game="xidit")
        lobby = channel.last_message
        for _ in range(2):
            await alice.click(lobby, label="Add AI")
        await alice.click(lobby, label="Start")
        tables.append(next(t for t in env.bot.tables.by_id.values() if t.row.channel_id == channel.id))
    assert all(t.seats[t.seat_of(alice.id)].lang == "en" for t in tables)
    locales[alice.id] = "es-ES"
    hand = await alice.slash(world["channel"], "hand")
    assert hand.ephemeral
    other = tables[1]
    assert [s.lang for s in await other.store.seats(other.id)][other.seat_of(alice.id)] == "es"
    assert not env.errors
