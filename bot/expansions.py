"""Expansions named on the command line (``python -m bot play greatwall --expansions rat``): each name
is an expansion option a game declares (engine/core/game.py ``TableOption.expansion``), checked as the
lobby checks it — offered with the chosen mode (``when``), played with the other expansions chosen
(``Capabilities.clash``). A refusal names the problem in the player's language and what would do."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import t, translator
from engine.core.game import Capabilities, TableOption


class ExpansionError(ValueError):
    """An expansion the table cannot take; ``text`` is the refusal, worded in the player's language."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def declared(caps: Capabilities) -> dict[str, TableOption]:
    return {option.name: option for option in caps.options if option.expansion}


def switched_on(option: TableOption) -> str:
    """The value that turns an expansion on: its one value other than the default (off)."""
    return next(value for value in option.values if value != option.default)


def parse(text: str) -> list[str]:
    """``rat,khan`` → ["rat", "khan"]: names separated by commas, spaces around them ignored."""
    return [name.strip().lower() for name in text.split(",") if name.strip()]


def with_expansions(caps: Capabilities, names: list[str], given: Mapping[str, str], lang: str) -> dict[str, str]:
    """``given`` with each named expansion turned on; raises ExpansionError for a name the game has no
    expansion of, one not played with the chosen mode, or two not played together. Changes nothing."""
    tr = translator(lang)
    known = declared(caps)
    game = tr(caps.name_key)
    for name in names:
        if name not in known:
            valid = ", ".join(f"{n} ({tr(f'option.{n}')})" for n in known) or "—"
            raise ExpansionError(t(lang, "local.unknown_expansion", name=name, game=game, valid=valid))
    options = {**given, **{name: switched_on(known[name]) for name in names}}
    chosen = caps.table_options(options)
    for name in names:
        if not known[name].applies(chosen):
            modes = ", ".join(tr(f"option.{o}.{v}") for o, v in known[name].when) or "—"
            raise ExpansionError(t(lang, "local.expansion_not_with_mode", name=tr(f"option.{name}"), game=game,
                                   mode=tr(f"option.mode.{chosen.get('mode', '')}"), modes=modes))
    if (clash := caps.clash(options)) is not None:
        raise ExpansionError(t(lang, "error.options_clash", setting=tr(f"option.{clash[0]}"),
                               other=tr(f"option.{clash[1]}")))
    return options
