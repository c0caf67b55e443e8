"""Few DMs (issue 24; DESIGN.md "Few DMs"): a player answering a chain of decisions stays on one DM
message, edited in place; a new DM (which notifies) comes only when a decision reaches a player who
was away, i.e. it opened on another person's answer (or a clock, an undo), not on their own click.
An answered panel says what was chosen. (The counts per game are measured by bench/channel_posts.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, current_panel, interactive, open_table, table_of, text_of

from bot.i18n import t

pytestmark = pytest.mark.simcord(settle_timeout=30)


def bot_dms(member: Any) -> list[Any]:
    return [m for m in member.user.dm_channel.history() if m.author.bot]


async def test_a_chain_of_own_decisions_stays_on_one_dm(world: dict[str, Any]) -> None:
    """alice plays with three AI seats: each of her answers opens her next decision at once (the AI
    seats answer within her click), so her panel is edited in place, never sent anew, and says what
    she chose before asking the next question."""
    lobby = await open_table(world, ai=3, game="xidit", humans=("alice",), length="short")
    await world["alice"].click(lobby, label="Start")
    table = table_of(world["env"])
    seat = table.seat_of(world["alice"].id)
    assert len(bot_dms(world["alice"])) == 1
    first = current_panel(world["alice"])
    assert first is not None
    chained = 0
    for turn in range(6):
        panel = current_panel(world["alice"])
        assert panel is not None and table.open_prompt(seat) is not None
        await answer(world["alice"].user, panel, turn, cycle=False)
        if table.open_prompt(seat) is None:
            break
        chained += 1
        assert len(bot_dms(world["alice"])) == 1, "a new DM for a decision her own answer opened"
        now = current_panel(world["alice"])
        assert now is not None and now.id == first.id
        marker = t("en", "dm.you_chose", answer="").split("{")[0].strip(" .:")
        assert marker in text_of(now), text_of(now)
    assert chained >= 3
    assert not world["env"].errors


async def test_the_rest_of_a_round_answered_by_others_keeps_the_same_dm(world: dict[str, Any]) -> None:
    """alice and bob are asked at once; alice answers first: her panel becomes a note naming her
    answer (no buttons left) and waits. bob's answer closes the round: alice's next decision opens
    in that same message, silently (she waited for exactly that answer), headed by her last answer."""
    lobby = await open_table(world, ai=2, game="xidit", humans=("alice", "bob"), length="short")
    await world["alice"].click(lobby, label="Start")
    table = table_of(world["env"])
    alice, bob = table.seat_of(world["alice"].id), table.seat_of(world["bob"].id)
    marker = t("en", "dm.you_chose", answer="").split("{")[0].strip(" .:")
    rounds = 0
    for turn in range(60):
        if table.row.status != "active" or rounds >= 3:
            break
        both = table.open_prompt(alice) is not None and table.open_prompt(bob) is not None
        panel = current_panel(world["alice"])
        if panel is not None and table.open_prompt(alice) is not None:
            await answer(world["alice"].user, panel, turn, cycle=False)
        if both and table.open_prompt(alice) is None:  # alice waits for bob alone
            note = next(m for m in bot_dms(world["alice"]) if m.id == panel.id)
            assert not interactive(note) and marker in text_of(note)
            before = len(bot_dms(world["alice"]))
            await answer(world["bob"].user, current_panel(world["bob"]), turn, cycle=False)
            if table.open_prompt(alice) is not None:
                assert len(bot_dms(world["alice"])) == before, "a new DM though she waited for just that"
                now = current_panel(world["alice"])
                assert now is not None and now.id == panel.id and marker in text_of(now)
                rounds += 1
            continue
        other = current_panel(world["bob"])  # bob answers only what alice does not share with him
        if other is not None and table.open_prompt(bob) is not None and table.open_prompt(alice) is None:
            await answer(world["bob"].user, other, turn, cycle=False)
    assert rounds >= 1
    assert not world["env"].errors


async def test_a_panel_redrawn_in_a_message_that_became_v2_stays_v2() -> None:
    """Discord keeps a message Components V2 once it is (the flag cannot be removed): a classic panel
    redrawn there (a long list's next narrowing step) is laid out as V2, the same components in the
    same rows; in a classic message it stays classic."""
    from types import SimpleNamespace

    import discord

    from bot.dm_panels import redraw_edit

    def view() -> discord.ui.View:
        classic = discord.ui.View(timeout=None)
        classic.add_item(discord.ui.Button(label="A", custom_id="mu:opt:1:p:0:a"))
        classic.add_item(discord.ui.Button(label="B", custom_id="mu:opt:1:p:0:b"))
        return classic

    v2 = SimpleNamespace(flags=SimpleNamespace(components_v2=True))
    classic = SimpleNamespace(flags=SimpleNamespace(components_v2=False))
    edit = redraw_edit("Pick one", view(), v2)  # type: ignore[arg-type]
    assert set(edit) == {"view"} and isinstance(edit["view"], discord.ui.LayoutView)
    layout = edit["view"].to_components()
    assert layout[0]["content"] == "Pick one"
    assert [c["custom_id"] for c in layout[1]["components"]] == ["mu:opt:1:p:0:a", "mu:opt:1:p:0:b"]
    kept = redraw_edit("Pick one", view(), classic)  # type: ignore[arg-type]
    assert kept["content"] == "Pick one" and isinstance(kept["view"], discord.ui.View)
