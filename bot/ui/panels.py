"""Private panels built from a Prompt, generically:

- ``slots`` > 1 (a programme of orders): Components V2 — a text block, one select per slot, Lock in.
  Classic views stop at 5 rows, so a 6-order programme needs V2.
- ``pick_max`` > 1: one multi-select that submits when filled.
- a single pick: buttons (or a select past 20 options).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games import Presenter
from bot.i18n import t, translator
from bot.ui.components import MusterButton, MusterSelect, custom_id
from engine.core.game import View
from engine.core.prompt import Prompt

MAX_BUTTONS = 20
SELECT_LIMIT = 25
TEXT_LIMIT = 1900


@dataclass
class Panel:
    content: str | None
    view: discord.ui.View | discord.ui.LayoutView


def build_panel(table_id: int, prompt: Prompt, view: View, presenter: Presenter, lang: str,
                names: Sequence[str], draft: Sequence[str | None] = ()) -> Panel:
    tr = translator(lang)
    text = presenter.prompt_text(tr, prompt, view, names, draft)[:TEXT_LIMIT]
    if prompt.slots > 1:
        return Panel(None, _slots_view(table_id, prompt, presenter, lang, names, text, draft))
    items: list[discord.ui.Item[Any]] = []
    labels = [(o.id, presenter.option_label(tr, o, names)[:100]) for o in prompt.options]
    if prompt.pick_max > 1:
        items.append(MusterSelect(
            custom_id("multi", table_id, prompt.id, prompt.seat),
            [discord.SelectOption(label=label, value=oid) for oid, label in labels],
            placeholder=t(lang, "panel.pick", count=prompt.pick_max),
            min_values=prompt.pick_min, max_values=prompt.pick_max))
    elif len(labels) > MAX_BUTTONS:
        # Discord allows 25 options per select: longer lists are split over several selects.
        for page, start in enumerate(range(0, len(labels), SELECT_LIMIT)):
            chunk = labels[start:start + SELECT_LIMIT]
            items.append(MusterSelect(
                custom_id("one", table_id, prompt.id, prompt.seat, f"p{page}"),
                [discord.SelectOption(label=label, value=oid) for oid, label in chunk],
                placeholder=t(lang, "panel.pick", count=1)))
    else:
        for oid, label in labels:
            items.append(MusterButton(custom_id("opt", table_id, prompt.id, prompt.seat, oid), label,
                                      discord.ButtonStyle.primary))
    classic = discord.ui.View(timeout=None)
    for item in items:
        classic.add_item(item)
    return Panel(text, classic)


def _slots_view(table_id: int, prompt: Prompt, presenter: Presenter, lang: str, names: Sequence[str],
                text: str, draft: Sequence[str | None]) -> discord.ui.LayoutView:
    tr = translator(lang)
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(text))
    for slot in range(prompt.slots):
        chosen = draft[slot] if slot < len(draft) else None
        options = [discord.SelectOption(label=presenter.option_label(tr, o, names)[:100], value=o.id,
                                        default=o.id == chosen) for o in prompt.options_for(slot)]
        placeholder = (tr(prompt.slot_keys[slot]) if slot < len(prompt.slot_keys)
                       else t(lang, "panel.slot", n=slot + 1))
        select = MusterSelect(custom_id("slot", table_id, prompt.id, prompt.seat, str(slot)),
                              options[:SELECT_LIMIT], placeholder=placeholder[:150])
        layout.add_item(discord.ui.ActionRow(select))
    complete = len(draft) == prompt.slots and all(draft)
    lock = MusterButton(custom_id("lock", table_id, prompt.id, prompt.seat), t(lang, "panel.lock"),
                        discord.ButtonStyle.success if complete else discord.ButtonStyle.secondary)
    layout.add_item(discord.ui.ActionRow(lock))
    return layout


def lobby_view(table_id: int, lang: str, started: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if started:
        return view
    for action, style in (("join", discord.ButtonStyle.primary), ("leave", discord.ButtonStyle.secondary),
                          ("addai", discord.ButtonStyle.secondary), ("start", discord.ButtonStyle.success)):
        view.add_item(MusterButton(custom_id("lobby", table_id, arg=action), t(lang, f"lobby.{action}"), style))
    return view
