"""A list too long for one message is answered through its narrowing steps, in a DM and in `/hand`,
and a restart in the middle loses nothing (the open step lives in the message). The limits are
shrunk so that a real prompt of a real table needs the picker: the same code paths a 127-square
Akhedena move takes with Discord's own limits."""

from __future__ import annotations

from typing import Any

import pytest
from driver import answer, close_dms, current_panel, interactive, open_table, table_of

from bot.app import create_bot
from bot.clicks import drafted, locked
from engine.core.prompt import Option, Prompt

pytestmark = [pytest.mark.simcord(settle_timeout=5), pytest.mark.contract]


@pytest.fixture
def tiny_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three options a select, one row: Xidit's placement (a pawn on one of many cities) narrows."""
    import bot.clicks
    import bot.ui.panels
    import bot.ui.picker

    for module in (bot.ui.panels, bot.ui.picker, bot.clicks):
        monkeypatch.setattr(module, "SELECT_OPTIONS", 3)
    monkeypatch.setattr(bot.ui.panels, "MAX_BUTTONS", 1)
    monkeypatch.setattr(bot.ui.panels, "ROWS", 1)


def _acts(message: Any) -> list[str]:
    return [i.custom_id.split(":")[1] for i in interactive(message)]


async def _narrow_and_pick(actor: Any, message: Any, refetch: Any) -> str:
    """Open the first range at every step, then pick the first option of the range; returns it."""
    for _ in range(10):
        items = interactive(message)
        leaf = next((i for i in items if i.custom_id.startswith("mu:one:")), None)
        if leaf is not None:
            await actor.select(message, [leaf.values[0]], custom_id=leaf.custom_id)
            return leaf.values[0]
        deepest = [i for i in items if i.custom_id.startswith("mu:nav:")][-1]
        await actor.select(message, [deepest.values[0]], custom_id=deepest.custom_id)
        message = refetch(message)
    raise AssertionError("the picker never reached the options")


async def test_a_long_list_is_narrowed_in_a_dm_and_survives_a_restart(world: dict[str, Any], db_path: Any,
                                                                         tiny_limits: None) -> None:
    env = world["env"]
    lobby = await open_table(world, ai=3, humans=("alice",))
    await world["alice"].click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(world["alice"].id)
    prompt = table.open_prompt(seat)
    assert prompt is not None and len(prompt.options) > 3
    panel = current_panel(world["alice"])
    assert panel is not None and _acts(panel) == ["nav"]  # only the first step: nothing chosen yet
    nav = interactive(panel)[0]
    await world["alice"].user.select(panel, [nav.values[0]], custom_id=nav.custom_id)
    panel = current_panel(world["alice"])
    assert panel is not None and len(_acts(panel)) == 2  # the first range is open
    await env.restart_bot(create_bot(db_path=db_path))
    picked = await _narrow_and_pick(world["alice"].user, panel, lambda m: current_panel(world["alice"]))
    table = table_of(env)
    assert table.open_prompt(seat, prompt.id) is None
    assert picked == prompt.options[0].id and not env.errors


async def test_a_long_list_is_narrowed_in_hand_when_dms_are_closed(world: dict[str, Any], tiny_limits: None) -> None:
    env = world["env"]
    alice = world["alice"]
    lobby = await open_table(world, ai=3, humans=("alice",))
    close_dms(env, alice)
    await alice.click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(alice.id)
    prompt = table.open_prompt(seat)
    assert prompt is not None
    hand = await alice.slash(world["channel"], "hand")
    assert hand.ephemeral and _acts(hand.response) == ["nav"]
    message = hand.response

    def refetch(old: Any) -> Any:
        return next(m for m in reversed(world["channel"].history(viewer=alice)) if m.id == old.id)

    picked = await _narrow_and_pick(alice, message, refetch)
    assert table_of(env).open_prompt(seat, prompt.id) is None
    assert picked == prompt.options[0].id and not env.errors


def _long_multi() -> Prompt:
    options = tuple(Option(f"o{i}", "opt") for i in range(60))
    return Prompt(0, "keep", "keep1", "ask", options, pick_min=2, pick_max=3, default=("o1", "o30"))


def test_a_page_of_a_long_multi_pick_replaces_only_its_own_picks() -> None:
    prompt = _long_multi()
    draft = drafted(prompt, None, "1", ("o26",))  # page 1 holds o25..o49: o30 is dropped for o26
    assert draft == ["o1", "o26"]
    draft = drafted(prompt, draft, "2", ("o55",))
    assert locked(prompt, draft) == ["o1", "o26", "o55"]
    assert drafted(prompt, draft, "9", ("o1",)) is None  # a forged page
    assert locked(prompt, ["o1"]) is None  # fewer than pick_min


def test_lock_in_without_a_draft_submits_the_default() -> None:
    assert locked(_long_multi(), None) == ["o1", "o30"]


async def test_confirm_submits_the_preselected_default_in_one_click(world: dict[str, Any]) -> None:
    """Two arrows to place (a multi-pick with a default): the panel opens on the default, and its
    Confirm button submits exactly that [ES p.9: the archer's owner picks the spots]."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=2, game="greatwall", humans=("alice",))
    await alice.click(lobby, label="Start")
    table = table_of(env)
    seat = table.seat_of(alice.id)
    state = table.state
    state.sections[0].firing += [seat, seat]
    state.players[seat].reserve["archer"] -= 2
    state.tasks.append({"op": "fire", "sec": 0, "seat": seat})
    draft = current_panel(alice)
    assert draft is not None
    await answer(alice.user, draft, cycle=False)
    prompt = table.open_prompt(seat)
    assert prompt is not None and prompt.pick_max == 2 and len(prompt.default) == 2
    panel = current_panel(alice)
    assert panel is not None and "dflt" in _acts(panel)
    # The panel may be a Components V2 message (edited in place from the draft's: bot/dm_panels.py).
    rows = [c for c in panel.components if getattr(c, "children", None)]
    chosen = {o.value for c in rows for o in getattr(c.children[0], "options", []) if o.default}
    assert chosen == set(prompt.default)  # preselected
    await alice.user.click(panel, custom_id=next(i.custom_id for i in interactive(panel) if ":dflt:" in i.custom_id))
    hordes = table.state.sections[0].hordes
    wounds = {f"h{i}.{w}" for i, card in enumerate(hordes) for w in card.wounds}
    assert set(prompt.default) <= wounds and table.open_prompt(seat, prompt.id) is None and not env.errors
