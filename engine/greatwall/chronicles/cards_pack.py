"""The Chronicles' shared cards (data/chronicles/cards.toml) [IT AC, "Preparazione"; fact sheet §13.2]:
how many of each kind the box holds, and the checks on them beyond the base vocabulary. The cards
themselves are read with the base pack's readers, which engine/greatwall/pack.py passes in (this
module cannot import pack.py: pack.py reads the Chronicles through it, and the project has no import
circles), so a Chronicles card is a base card in every way but its ids and its Artifacts' in-play
ability."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.errors import PackError
from engine.core.packs import overlay, read_toml
from engine.greatwall.chronicles.pack import SCENARIO_DIR

FILE = "chronicles/cards.toml"
# The box's counts [IT AC, "Preparazione" steps 4, 9, 10, 11; fact sheet §13.2].
COUNTS: dict[str, int] = {"artifacts": 10, "tactics": 8, "generals": 4, "advisors": 10}
# The moments an Artifact's in-play ability may name: every trigger of a General's or Advisor's ability
# but "final" (its end-of-game worth is its ``score``).
IN_PLAY = {"summer", "gather", "recruit", "build_wall", "build_barricade", "claim", "defeat", "hire"}

# A base reader: (file, raw table, count) -> the cards by id.
Reader = Callable[[str, dict[str, Any], int], dict[str, Any]]


def read_chronicle_cards(override: Path | None, readers: dict[str, Reader],
                         taken: dict[str, set[str]]) -> tuple[dict[str, dict[str, Any]], bool]:
    """Every kind's cards by id, and whether the file is a stand-in. ``taken``: the ids of every other
    card of each kind — a Chronicles id among them is refused (the decks and lookups are by id)."""
    data = read_toml(SCENARIO_DIR / "cards.toml")
    extra = override / "greatwall" / FILE if override else None
    if extra is not None and extra.exists():
        more = read_toml(extra)
        for kind in COUNTS:
            data = overlay(data, {kind: more[kind]}, kind, FILE) if kind in more else data
        data["stand_in"] = more.get("stand_in", data.get("stand_in", False))
    cards = {kind: readers[kind](FILE, data, count) for kind, count in COUNTS.items()}
    for kind, found in cards.items():
        if clash := sorted(set(found) & taken.get(kind, set())):
            raise PackError(FILE, kind, "id", f"Chronicles card ids must differ from the others' ({clash[0]})")
    for artifact in cards["artifacts"].values():
        _in_play(artifact.id, artifact.ability)
    return cards, bool(data.get("stand_in", False))


def _in_play(artifact: str, ability: Any) -> None:
    """A Chronicles Artifact acts during play: a triggered gain at a named moment, nothing else."""
    if ability.mod or ability.per or ability.when not in IN_PLAY or not ability.gain:
        raise PackError(FILE, f"artifact {artifact}", "ability",
                        f"expected a gain at one of {', '.join(sorted(IN_PLAY))}")
