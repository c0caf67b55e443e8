"""The lobby's settings panel: the table options a game declares (engine/core/game.py
``Capabilities.options``), those that apply to the chosen mode only, each with a label, a one-line
description and its current value. The host opens it from the lobby's Settings button (an ephemeral
message) and changes the options until Start.

Texts come from the catalogs by convention, so a new option needs no code here: ``option.<name>`` is
its label, ``option.<name>.desc`` its description, ``option.<name>.<value>`` a value (a mode may word
a value its own way: ``option.<name>.<value>.<mode>``). tests/bot/test_settings_panel.py checks every
declared option of every registered game has them in every language.

Discord allows 5 action rows and 25 options per select, so the panel is two selects whatever the
number of options: the settings (``mu:setopt:<table>:-:-:``), and the values of the one being changed
(``mu:setval:<table>:-:-:<option>``). Both are persistent DynamicItems (bot/ui/components.py): the
click is routed like any other (bot/clicks.py) and the lobby checks the host and the table's state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import discord

from bot.i18n import first_worded, t, translator
from bot.ui.components import MusterSelect, custom_id
from bot.ui.limits import SELECT_LABEL, SELECT_OPTIONS
from engine.core.game import Capabilities

Translate = Callable[[str], str]


def option_text(tr: Translate, options: Mapping[str, str], key: str) -> str:
    """An option's value as the lobby names it; a mode may word it its own way (``option.K.V.MODE``):
    Akhedena's round limit ranks by army cards in quick play, by VP in the full game."""
    base = f"option.{key}.{options[key]}"
    mode = options.get("mode")
    return first_worded(tr, f"{base}.{mode}", base) if mode is not None else tr(base)


def shown(caps: Capabilities, options: Mapping[str, str]) -> list[str]:
    """The options this table reads now, in the game's order (those of another mode are left out)."""
    chosen = caps.table_options(options)
    return [o.name for o in caps.options if o.name in chosen]


def rules_lines(tr: Translate, caps: Capabilities, options: Mapping[str, str]) -> list[str]:
    """The rules in force, one "label: value" line each, as the lobby shows them to everyone."""
    chosen = caps.table_options(options)
    return [f"• {tr(f'option.{name}')}: {option_text(tr, chosen, name)}" for name in shown(caps, options)]


def _clip(text: str) -> str:
    return text if len(text) <= SELECT_LABEL else text[:SELECT_LABEL - 1] + "…"


def settings_text(lang: str, caps: Capabilities, options: Mapping[str, str], note: str = "") -> str:
    tr = translator(lang)
    head = t(lang, "settings.title", game=tr(caps.name_key))
    return "\n".join([*([note] if note else []), head, *rules_lines(tr, caps, options)])


def settings_view(table_id: int, lang: str, caps: Capabilities, options: Mapping[str, str],
                  editing: str | None = None) -> discord.ui.View:
    """The settings select, and the values of ``editing`` (the first setting when none is named)."""
    tr = translator(lang)
    chosen = caps.table_options(options)
    names = shown(caps, options)[:SELECT_OPTIONS]
    view = discord.ui.View(timeout=None)
    if not names:
        return view
    editing = editing if editing in names else names[0]
    view.add_item(MusterSelect(custom_id("setopt", table_id), [
        discord.SelectOption(label=_clip(f"{tr(f'option.{n}')}: {option_text(tr, chosen, n)}"), value=n,
                             description=_clip(tr(f"option.{n}.desc")), default=n == editing)
        for n in names], placeholder=t(lang, "settings.pick")))
    option = caps.option(editing)
    assert option is not None  # ``names`` lists declared options only
    values = option.values[:SELECT_OPTIONS]
    view.add_item(MusterSelect(custom_id("setval", table_id, arg=editing), [
        discord.SelectOption(label=_clip(option_text(tr, {**chosen, editing: v}, editing)), value=v,
                             default=v == chosen.get(editing)) for v in values],
        placeholder=_clip(tr(f"option.{editing}"))))
    return view
