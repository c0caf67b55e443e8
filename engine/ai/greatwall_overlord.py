"""The seat AI's answers as the Reed clan's Overlord [ES p.15] (normal and hard levels): the Reed
clan's free Barricade and new Spearman go where the Wall is most in danger; the other Overlord
decisions take the prompt's default (leave the Reed Clerks) or its first option."""

from __future__ import annotations

from engine.ai.greatwall_turn import Pick, Turn


def _danger(t: Turn, sec: int) -> int:
    section = t.view["sections"][sec]
    return int(section["power"]) - int(section["defence"])


def _barricade(t: Turn) -> list[str]:
    """The free Barricade goes to the Section whose Hordes out-power it the most."""
    return [max(t.prompt.options, key=lambda o: _danger(t, int(o.args["sec"]))).id]


def _attack(t: Turn) -> list[str]:
    """The Spearman covers a spot of the row-1 Horde of the most endangered Section: every covered
    spot brings its defeat nearer."""
    return [max(t.prompt.options, key=lambda o: _danger(t, int(o.args["sec"]))).id]


OVERLORD_PICKS: dict[str, Pick] = {"reed_barricade": _barricade, "reed_attack": _attack}
