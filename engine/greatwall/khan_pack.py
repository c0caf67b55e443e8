"""The Genghis Khan expansion's own cards (data/khan.toml) [IT GK; fact sheet §13.1]: the Khan's
personal Horde card, the Skill cards and the Emperor's Award cards. Its Horde cards and Advisors use
the base vocabulary and are read by engine/greatwall/pack.py beside the base ones."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import PackError
from engine.core.packs import Fields, table, tables

SKILL_EFFECTS = {"power", "defence"}  # data/khan.toml's Skill vocabulary
AWARD_GAINS = {"wood", "stone", "gold", "chi", "honor"}
COUNTS = {"skills": 6, "awards": 6, "hordes": 9, "advisors": 6}  # fact sheet §13.1 components


@dataclass(frozen=True)
class KhanSheet:
    """The Khan's card or a Skill: one number per vital spot (0: unnumbered, always active; n: active
    when n <= the player count [IT GK, "Punti vitali"]) and a Skill's effect."""

    id: str
    name: str
    spots: tuple[int, ...]
    effect: dict[str, int] = field(default_factory=dict)

    def active(self, players: int) -> int:
        return sum(1 for n in self.spots if n <= players)


@dataclass(frozen=True)
class Award:
    """An Emperor's Award card: what its holder gains each Summer."""

    id: str
    name: str
    summer: dict[str, int]


@dataclass(frozen=True)
class KhanCards:
    khan: KhanSheet = KhanSheet("khan", "Genghis Khan", (0,))
    skills: dict[str, KhanSheet] = field(default_factory=dict)
    awards: dict[str, Award] = field(default_factory=dict)
    hordes: tuple[str, ...] = ()  # ids of its Horde cards and Advisors (in the pack's own dicts)
    advisors: tuple[str, ...] = ()

    def sheet(self, card: str) -> KhanSheet:
        return self.khan if card == self.khan.id else self.skills[card]


def _spots(f: Fields) -> tuple[int, ...]:
    raw = f.get("spots", list)
    if not raw or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 5 for n in raw):
        raise f.fail("spots", "expected a list of spot numbers (0 for an unnumbered spot, else 1 to 5)")
    return tuple(raw)


def _counts(f: Fields, name: str, allowed: set[str]) -> dict[str, int]:
    raw = f.get(name, dict)
    if not raw or not all(k in allowed and isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 9
                          for k, v in raw.items()):
        raise f.fail(name, f"expected counts of {', '.join(sorted(allowed))}")
    return dict(raw)


def _items(file: str, data: dict[str, Any], key: str) -> list[Fields]:
    items = [Fields(file, f"{key[:-1]} {raw.get('id', '?')}", raw) for raw in tables(file, data, key)]
    if len(items) != COUNTS[key]:
        raise PackError(file, key, "-", f"expected {COUNTS[key]} {key}, got {len(items)}")
    if len({f.get("id", str) for f in items}) != len(items):
        raise PackError(file, key, "id", "ids must be unique")
    return items


def load_khan(file: str, data: dict[str, Any], hordes: tuple[str, ...], advisors: tuple[str, ...]) -> KhanCards:
    khan = Fields(file, "khan", table(file, data, "khan"))
    skills = {}
    for f in _items(file, data, "skills"):
        sid = f.get("id", str)
        effect = _counts(f, "effect", SKILL_EFFECTS)
        if len(effect) != 1:
            raise f.fail("effect", "a Skill has one effect")
        skills[sid] = KhanSheet(sid, f.get("name", str), _spots(f), effect)
    awards = {}
    for f in _items(file, data, "awards"):
        aid = f.get("id", str)
        awards[aid] = Award(aid, f.get("name", str), _counts(f, "summer", AWARD_GAINS))
    sheet = KhanSheet(khan.get("id", str), khan.get("name", str), _spots(khan))
    if sheet.id in skills:
        raise khan.fail("id", "the Khan's card id must differ from the Skills'")
    return KhanCards(sheet, skills, awards, hordes, advisors)
