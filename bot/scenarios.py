"""A scenario named on the command line (``python -m bot play greatwall --scenario NAME``): a value of
the game's ``scenario`` table option (the Great Wall's Ancient Chronicles, engine/greatwall/variants/
chronicles.py), checked as the lobby checks it — a name the game has, never with another expansion or a
mode of its own choosing [IT AC: "gli Scenari non possono essere combinati con le altre espansioni"].
A refusal names the problem in the player's language (bot/expansions.py ``ExpansionError``)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.expansions import ExpansionError
from bot.i18n import t, translator
from engine.core.game import Capabilities

OPTION = "scenario"


def with_scenario(caps: Capabilities, name: str, given: Mapping[str, str], lang: str) -> dict[str, str]:
    """``given`` with the scenario ``name`` chosen and its mode set; raises ExpansionError for a name the
    game has no scenario of, or one another chosen setting is not played with. Changes nothing."""
    if not name:
        return dict(given)
    tr = translator(lang)
    option = caps.option(OPTION)
    known = [v for v in option.values if v != option.default] if option is not None else []
    if name not in known:
        valid = ", ".join(f"{n} ({tr(f'option.{OPTION}.{n}')})" for n in known) or "—"
        raise ExpansionError(t(lang, "local.unknown_scenario", name=name, game=tr(caps.name_key), valid=valid))
    options = {**given, OPTION: name}
    if (clash := caps.clash(options)) is not None:
        other = clash[1] if clash[0] == OPTION else clash[0]
        raise ExpansionError(t(lang, "error.options_clash", setting=tr(f"option.{OPTION}"),
                               other=tr(f"option.{other}")))
    chosen = caps.table_options(options)  # the scenario's mode, which the table is played in
    return {**options, **{k: chosen[k] for k in ("mode",) if k in chosen}}
