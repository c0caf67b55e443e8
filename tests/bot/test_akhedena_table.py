"""An Akhedena table driven through the real bot: two humans through setup and several turns with a
restart, hidden cards kept out of the channel, quick play, and an all-AI table to the end."""

from __future__ import annotations

from typing import Any

import pytest
from driver import current_panel, interactive, open_table, play_until, set_options, table_of

from bot.app import create_bot

# settle_timeout is a ceiling, not a wait: a loaded CI machine needs room
pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


def _channel_text(world: dict[str, Any], viewer: str = "eve") -> str:
    return "\n".join(m.content or "" for m in world["channel"].history(viewer=world[viewer]))


async def test_two_humans_set_up_and_play_several_turns_across_a_restart(world: dict[str, Any],
                                                                          db_path: Any) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=0, game="akhedena", humans=("alice", "bob"))
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.state.mode == "standard" and table.game.prompts(table.state)[0].kind == "draft_hero"
    humans = [world["alice"], world["bob"]]
    await play_until(humans, lambda: table_of(env).state.round >= 2, cycle=False)
    table = table_of(env)
    assert table.state.round == 2 and all(p.hero for p in table.state.players)
    before, seq = table.game.dumps(table.state), table.seq
    await env.restart_bot(create_bot(db_path=db_path))
    table = table_of(env)
    assert table.seq == seq and table.game.dumps(table.state) == before
    await play_until(humans, lambda: table_of(env).state.round >= 4, cycle=False)
    assert table_of(env).state.round == 4
    assert any(m.attachments for m in world["channel"].history())
    assert not env.errors


async def test_action_cards_and_black_cards_never_reach_the_channel(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"]], lambda: table_of(env).state.round >= 4, cycle=False)
    table = table_of(env)
    text = _channel_text(world)
    pack = table.game.pack
    held = [c.split(".")[0] for p in table.state.players for c in (*p.hand, *p.black)]
    assert held  # somebody holds hidden cards by now
    from bot.games.akhedena import AkhedenaPresenter
    from bot.i18n import translator

    presenter = AkhedenaPresenter(table.game)
    tr = translator("en")
    for card in set(held):
        shown = presenter.card(tr, card)
        played = f"plays {shown}" in text or f"reveals {shown}" in text or f"draws {shown}" in text
        assert played or shown not in text, card
    assert pack.black and not env.errors


async def test_a_panel_lists_reachable_squares_by_their_board_names(world: dict[str, Any]) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    await play_until([world["alice"]], lambda: (p := table_of(env).open_prompt(table_of(env).seat_of(
        world["alice"].id))) is not None and p.kind == "place", cycle=False)
    panel = current_panel(world["alice"])
    assert panel is not None
    labels = [v for item in interactive(panel) if item.is_select for v in item.values]
    assert labels and all(v[0].isalpha() and v[1:].isdigit() for v in labels)


@pytest.mark.simcord(settle_timeout=60)  # the whole game runs inside the Start interaction
@pytest.mark.parametrize("mode", ["standard", "quick"])
async def test_four_ai_seats_play_to_the_end(world: dict[str, Any], mode: str) -> None:
    channel = world["channel"]
    await world["alice"].slash(channel, "game new", game="akhedena", seat=False)
    await set_options(world, channel.last_message, mode=mode)
    for _ in range(4):
        await world["alice"].slash(channel, "game addai")
    await world["alice"].slash(channel, "game start")
    table = table_of(world["env"])
    assert table.row.status == "over" and table.state.mode == mode
    outcome = table.game.outcome(table.state)
    assert outcome is not None and len(outcome.ranking) == 4
    assert "The game is over" in "\n".join(m.content or "" for m in channel.history())
    assert any(m.attachments for m in channel.history())
    assert not world["env"].errors


async def test_team_mode_with_three_seats_is_refused_with_a_clear_message(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice", "bob"), mode="team")
    result = await world["alice"].click(lobby, label="Start")
    assert table_of(world["env"]).row.status == "lobby"
    replies = [m.content or "" for m in result.followups]
    # Team play is two teams of two [Modo Avanzado]: the lobby asks for the fourth seat.
    assert any("needs at least 4 seats" in text for text in replies), replies


async def test_the_lobby_says_the_full_game_has_no_round_limit_and_movement_ends_after_a_battle(
        world: dict[str, Any]) -> None:
    """Both table options are written out at the defaults: no round limit in the full game (the
    rulebook's ending), movement ends after a battle (C6, the rulebook's own section)."""
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",))
    assert "no round limit" in lobby.content and "movement ends after a battle" in lobby.content
    await world["alice"].click(lobby, label="Start")
    state = table_of(world["env"]).state
    assert state.round_limit == 0 and state.after_battle == "stop"


async def test_a_table_may_set_the_round_limit_and_let_units_move_on(world: dict[str, Any]) -> None:
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",), rounds="on",
                             after_battle="move_on")
    assert "round limit (then the crown, then VP)" in lobby.content
    await world["alice"].click(lobby, label="Start")
    state = table_of(world["env"]).state
    assert state.round_limit == 30 and state.after_battle == "move_on"
