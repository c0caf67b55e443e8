"""Panels respect Discord's limits whatever the prompt's size."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.generic import GenericPresenter
from bot.ui.panels import build_panel
from engine.core.prompt import Option, Prompt


def _selects(view: Any) -> list[discord.ui.Select[Any]]:
    return [getattr(i, "item", i) for i in view.walk_children() if isinstance(getattr(i, "item", i), discord.ui.Select)]


async def test_long_option_lists_are_split_into_selects_of_25() -> None:
    options = tuple(Option(str(n), "opt", {}) for n in range(60))
    prompt = Prompt(0, "pick", "pick1", "ask", options)
    panel = build_panel(1, prompt, {}, GenericPresenter(), "en", ["A"])
    selects = _selects(panel.view)
    assert [len(s.options) for s in selects] == [25, 25, 10]
    assert len({s.custom_id for s in selects}) == 3
    assert [o.value for s in selects for o in s.options] == [o.id for o in options]


async def test_a_programme_panel_has_one_select_per_slot_and_a_lock() -> None:
    options = tuple(Option(o, f"order.{o}") for o in ("blue", "red", "black", "act", "wait"))
    prompt = Prompt(2, "program", "program7", "ask", options, slots=6, secret=True, group="program7")
    panel = build_panel(1, prompt, {}, GenericPresenter(), "en", ["A", "B", "C"], ["red"] + [None] * 5)
    selects = _selects(panel.view)
    assert len(selects) == 6
    assert [o.value for o in selects[0].options if o.default] == ["red"]
    assert all(s.custom_id.startswith("mu:slot:1:program7:2:") for s in selects)


def test_every_great_wall_option_fits_a_button_custom_id() -> None:
    """Option ids like "adv.1.s" must survive the custom_id round trip (a dot once broke it)."""
    import re

    from bot.ui.components import BUTTON_TEMPLATE, custom_id
    from engine.ai import choose
    from engine.greatwall.game import GreatWallGame

    game = GreatWallGame()
    state = game.setup(3, {}, 2)
    pattern = re.compile(BUTTON_TEMPLATE)
    step = 0
    while prompts := game.prompts(state):
        for prompt in prompts:
            for option in prompt.options:
                cid = custom_id("opt", 12345, prompt.id, prompt.seat, option.id)
                match = pattern.fullmatch(cid)
                assert match is not None and match["arg"] == option.id and len(cid) <= 100, cid
        prompt = prompts[0]
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
        step += 1
