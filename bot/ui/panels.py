"""Private panels built from a Prompt, generically, always within Discord's limits:

- ``slots`` > 1 (a programme of orders): Components V2 — a text block, one select per slot, Lock in.
  Classic views stop at 5 rows, so a 6-order programme needs V2. A slot longer than one select
  continues in further selects of the same slot.
- ``pick_max`` > 1: one multi-select that submits when changed (or several, drafted, past 25 options).
- a single pick: buttons up to 20 options, selects of 25 while they fit the rows, past that a picker
  that narrows a long list step by step (a range, then the square) — the open step is carried by the
  message itself, so a restart loses nothing.

A prompt with a default (the careful player's answer) opens on it: the button is highlighted, the
select options are preselected, and a Confirm button submits it in one click.

A prompt whose answer may be empty (``pick_min`` 0: keep no card, say) has a button that gives that
answer: Discord sends nothing for a select opened and closed unchanged, and a single pick shown as
buttons has no empty option at all. Its label is the game's ``<prompt key>.none`` message when the
catalog has one ("Keep none" for an upkeep), else the generic ``panel.none``. A multi-select then
asks for at least one pick, so emptying it is never what submits the empty answer by accident.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games import Presenter, Translate
from bot.i18n import first_worded, t, translator
from bot.ui.components import MusterButton, MusterSelect, custom_id
from bot.ui.limits import BUTTON_LABEL, MAX_BUTTONS, PLACEHOLDER, ROWS, SELECT_LABEL, SELECT_OPTIONS, TEXT
from bot.ui.picker import Node, chunk, leaf, node_at
from engine.core.game import View
from engine.core.prompt import Option, Prompt


@dataclass
class Panel:
    content: str | None
    view: discord.ui.View | discord.ui.LayoutView


Labels = list[tuple[str, str]]  # (option id, label)
Notes = dict[str, str]  # option id -> its effect, for the options that name a card or an action
LEGEND_LINE = 240  # one described button in the panel text


def build_panel(table_id: int, prompt: Prompt, view: View, presenter: Presenter, lang: str,
                names: Sequence[str], draft: Sequence[str | None] = (), path: str = "") -> Panel:
    """``draft``: the slots chosen so far (a programme) or the options picked so far (a long multi);
    ``path``: the open step of a long single-pick list ("" = the first step)."""
    tr = translator(lang)
    text = presenter.prompt_text(tr, prompt, view, names, draft)[:TEXT]
    labels = [(o.id, presenter.option_label(tr, o, names)[:SELECT_LABEL]) for o in prompt.options]
    notes = _notes(presenter, tr, prompt.options)
    if prompt.slots > 1:
        return Panel(None, _slots_view(table_id, prompt, presenter, lang, names, text, draft))
    if prompt.pick_max > 1 and len(labels) > SELECT_OPTIONS:
        return Panel(None, _long_multi_view(table_id, prompt, lang, labels, text, draft, notes))
    confirm = [_confirm(table_id, prompt, lang)] if prompt.default else []
    if prompt.pick_max > 1:
        items: list[discord.ui.Item[Any]] = [_multi(table_id, prompt, lang, labels, notes)]
    elif len(labels) <= MAX_BUTTONS:
        items = _buttons(table_id, prompt, labels)
        text = _with_legend(text, labels, notes)  # a button has no description: the text says it
        confirm = []  # the default is a highlighted button already: one click
    elif _pages(len(labels)) <= ROWS - (1 if confirm or prompt.pick_min == 0 else 0):
        items = _paged(table_id, prompt, lang, labels, notes)
    else:
        items = _narrowing(table_id, prompt, lang, labels, path, notes)
    classic = discord.ui.View(timeout=None)
    for item in (*items, *confirm, *_none(table_id, prompt, tr)):  # the buttons share the last row
        classic.add_item(item)
    return Panel(text, classic)


def none_label(tr: Translate, prompt: Prompt) -> str:
    """How the empty answer of ``prompt`` reads: the game's own words for it, or a generic "None"."""
    return first_worded(tr, f"{prompt.key}.none", "panel.none")


def _none(table_id: int, prompt: Prompt, tr: Translate) -> list[discord.ui.Item[Any]]:
    """The button that gives the empty answer, where the rules allow one."""
    if prompt.slots > 1 or prompt.pick_min > 0:
        return []
    return [MusterButton(custom_id("none", table_id, prompt.id, prompt.seat),
                         none_label(tr, prompt)[:BUTTON_LABEL], discord.ButtonStyle.secondary)]


def _pages(n: int) -> int:
    return -(-n // SELECT_OPTIONS)


def _notes(presenter: Presenter, tr: Translate, options: Sequence[Option]) -> Notes:
    """The effect of each option that names a card or an action, from the game's reference: it
    describes only the option itself, so it shows nothing the seat may not know."""
    reference = presenter.reference()
    return {o.id: note for o in options if (note := reference.describe(tr, o))}


def _with_legend(text: str, labels: Labels, notes: Notes) -> str:
    """The panel text followed by one line per described option, as many as fit."""
    for oid, label in labels:
        if oid in notes:
            line = f"\n**{label}** — {notes[oid]}"[:LEGEND_LINE]
            if len(text) + len(line) > TEXT:
                break
            text += line
    return text


def _option(oid: str, label: str, default: bool = False, note: str = "") -> discord.SelectOption:
    return discord.SelectOption(label=label or oid, value=oid, default=default,
                                description=note[:SELECT_LABEL] or None)


def _page(labels: Labels, start: int, picked: set[str] | tuple[str, ...],
          notes: Notes | None = None) -> list[discord.SelectOption]:
    notes = notes or {}
    return [_option(oid, label, oid in picked, notes.get(oid, ""))
            for oid, label in labels[start:start + SELECT_OPTIONS]]


def _confirm(table_id: int, prompt: Prompt, lang: str) -> MusterButton:
    return MusterButton(custom_id("dflt", table_id, prompt.id, prompt.seat), t(lang, "panel.confirm"),
                        discord.ButtonStyle.success)


def _buttons(table_id: int, prompt: Prompt, labels: Labels) -> list[discord.ui.Item[Any]]:
    return [MusterButton(custom_id("opt", table_id, prompt.id, prompt.seat, oid), label[:BUTTON_LABEL] or oid,
                         discord.ButtonStyle.success if oid in prompt.default else discord.ButtonStyle.primary)
            for oid, label in labels]


def _multi(table_id: int, prompt: Prompt, lang: str, labels: Labels, notes: Notes) -> MusterSelect:
    return MusterSelect(custom_id("multi", table_id, prompt.id, prompt.seat),
                        [_option(oid, label, oid in prompt.default, notes.get(oid, "")) for oid, label in labels],
                        placeholder=t(lang, "panel.pick", count=prompt.pick_max)[:PLACEHOLDER],
                        min_values=max(1, prompt.pick_min), max_values=prompt.pick_max)


def _paged(table_id: int, prompt: Prompt, lang: str, labels: Labels, notes: Notes) -> list[discord.ui.Item[Any]]:
    """Up to five selects of 25, each a slice of the list."""
    return [MusterSelect(custom_id("one", table_id, prompt.id, prompt.seat, f"p{page}"),
                         _page(labels, start, prompt.default, notes),
                         placeholder=t(lang, "panel.pick", count=1)[:PLACEHOLDER])
            for page, start in enumerate(range(0, len(labels), SELECT_OPTIONS))]


def _narrowing(table_id: int, prompt: Prompt, lang: str, labels: Labels, path: str,
               notes: Notes) -> list[discord.ui.Item[Any]]:
    """A list too long for the rows: one select per step of narrowing (a range of the list), then
    the options of the range chosen. The default's range opens first."""
    root = chunk(labels)
    if not path and prompt.default:
        path = root.path_of(prompt.default[0])
    items: list[discord.ui.Item[Any]] = []
    node: Node = root
    for depth, step in enumerate([*path.split("."), None] if path else [None]):
        if node.is_leaf:
            break
        opened = node_at(node, step)
        items.append(MusterSelect(
            custom_id("nav", table_id, prompt.id, prompt.seat, node.path),
            [_option(str(i), child.label(), child is opened) for i, child in enumerate(node.children)],
            placeholder=t(lang, "panel.narrow", step=depth + 1)[:PLACEHOLDER]))
        if opened is None:
            return items
        node = opened
    items.append(MusterSelect(custom_id("one", table_id, prompt.id, prompt.seat, f"g{node.path}"),
                              [_option(oid, label, oid in prompt.default, notes.get(oid, ""))
                               for oid, label in leaf(node)],
                              placeholder=t(lang, "panel.pick", count=1)[:PLACEHOLDER]))
    return items


def _slots_view(table_id: int, prompt: Prompt, presenter: Presenter, lang: str, names: Sequence[str],
                text: str, draft: Sequence[str | None]) -> discord.ui.LayoutView:
    tr = translator(lang)
    draft = list(draft) or list(prompt.default)
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(text))
    for slot in range(prompt.slots):
        chosen = draft[slot] if slot < len(draft) else None
        options = prompt.options_for(slot)
        labels = [(o.id, presenter.option_label(tr, o, names)[:SELECT_LABEL]) for o in options]
        notes = _notes(presenter, tr, options)
        placeholder = (tr(prompt.slot_keys[slot]) if slot < len(prompt.slot_keys)
                       else t(lang, "panel.slot", n=slot + 1))
        for page, start in enumerate(range(0, len(labels), SELECT_OPTIONS)):
            arg = str(slot) if page == 0 else f"{slot}.{page}"
            select = MusterSelect(custom_id("slot", table_id, prompt.id, prompt.seat, arg),
                                  _page(labels, start, (chosen,) if chosen else (), notes),
                                  placeholder=placeholder[:PLACEHOLDER])
            layout.add_item(discord.ui.ActionRow(select))
    complete = len(draft) == prompt.slots and all(draft)
    lock = MusterButton(custom_id("lock", table_id, prompt.id, prompt.seat), t(lang, "panel.lock"),
                        discord.ButtonStyle.success if complete else discord.ButtonStyle.secondary)
    layout.add_item(discord.ui.ActionRow(lock))
    return layout


def _long_multi_view(table_id: int, prompt: Prompt, lang: str, labels: Labels, text: str,
                     draft: Sequence[str | None], notes: Notes) -> discord.ui.LayoutView:
    """More options than one select holds: one multi-select per page, the picks drafted across
    pages (``draft`` holds the ids picked so far), then Lock in."""
    picked = {v for v in (draft or prompt.default) if v}
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(text))
    for page, start in enumerate(range(0, len(labels), SELECT_OPTIONS)):
        options = _page(labels, start, picked, notes)
        layout.add_item(discord.ui.ActionRow(MusterSelect(
            custom_id("page", table_id, prompt.id, prompt.seat, str(page)), options,
            placeholder=t(lang, "panel.pick", count=prompt.pick_max)[:PLACEHOLDER],
            min_values=0, max_values=min(len(options), prompt.pick_max))))
    ready = prompt.pick_min <= len(picked) <= prompt.pick_max
    lock = MusterButton(custom_id("lock", table_id, prompt.id, prompt.seat), t(lang, "panel.lock"),
                        discord.ButtonStyle.success if ready else discord.ButtonStyle.secondary)
    layout.add_item(discord.ui.ActionRow(lock, *_none(table_id, prompt, translator(lang))))
    return layout


def lobby_view(table_id: int, lang: str, started: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if started:
        return view
    for action, style in (("join", discord.ButtonStyle.primary), ("leave", discord.ButtonStyle.secondary),
                          ("addai", discord.ButtonStyle.secondary), ("start", discord.ButtonStyle.success),
                          ("settings", discord.ButtonStyle.secondary)):  # the host's (bot/ui/settings.py)
        view.add_item(MusterButton(custom_id("lobby", table_id, arg=action), t(lang, f"lobby.{action}"), style))
    return view
