"""The toy game of tests/toy (registered only through the public registries) plays through the real
bot under simcord end to end: offered by /game new, a lobby, DM panels for the secret simultaneous
first move, a restart in the middle of that secret round, and play to the end."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, current_panel, interactive, play_until, set_options, table_of

from bot.app import create_bot

pytestmark = pytest.mark.simcord(settle_timeout=30)


def _choices(env: Any, command: str, param: str) -> list[str]:
    group = env.bot.tree.get_command("game")
    return [c.value for c in group.get_command(command)._params[param].choices]


async def test_the_toy_is_offered_and_plays_to_the_end_across_a_restart(world: dict[str, Any],
                                                                        db_path: Any) -> None:
    env, channel = world["env"], world["channel"]
    assert "toy" in _choices(env, "new", "game")
    result = await world["alice"].slash(channel, "game new", game="toy")
    assert result.ephemeral
    lobby = channel.last_message
    panel = await set_options(world, lobby, mode="secret")  # the toy's modes, from its capabilities
    assert {"secret", "open"} == set(next(i for i in interactive(panel) if i.custom_id.startswith("mu:setval:")).values)
    await world["bob"].click(lobby, label="Join")  # alice, the host, is seated by /game new
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    assert table.row.options == {"mode": "secret"} and {p.kind for p in table.prompts()} == {"first"}
    panel = current_panel(world["alice"])
    assert panel is not None and current_panel(world["bob"]) is not None
    await answer(world["alice"].user, panel, cycle=False)  # alice locks her secret cell
    locked = [m.content for m in channel.history() if "locked a secret first move" in (m.content or "")]
    assert locked and "🔒" in locked[-1]
    await env.restart_bot(create_bot(db_path=db_path))  # bob's secret pick is still open
    table = table_of(env)
    assert [p.seat for p in table.prompts()] == [table.seat_of(world["bob"].id)]
    await play_until([world["alice"], world["bob"]], lambda: table_of(env).row.status == "over", cycle=False)
    table = table_of(env)
    assert table.row.status == "over" and table.game.outcome(table.state) is not None
    text = "\n".join(m.content or "" for m in channel.history())
    assert "Reveal" in text and not env.errors
