"""The Great Wall data pack: board numbers, locations, overseer tracks and every card.

Published numbers are exact (fact sheet §3–§4); everything else is an original stand-in
(``stand_in = true``). Owners overlay their printed cards item by item (``MUSTER_PACKS/greatwall``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import PackError
from engine.core.packs import Fields, overlay, read_toml, table, tables
from engine.greatwall.chronicles.cards_pack import read_chronicle_cards
from engine.greatwall.chronicles.pack import load_scenarios
from engine.greatwall.coop_pack import COOP_DECKS, read_demands, read_events
from engine.greatwall.coop_pack import CoopEvent as CoopEvent
from engine.greatwall.coop_pack import Demand as Demand
from engine.greatwall.five_pack import FIVE_DECKS, five_setup
from engine.greatwall.khan_pack import COUNTS as KHAN_COUNTS
from engine.greatwall.khan_pack import KhanCards, load_khan
from engine.greatwall.pack_fields import GAINS, read_ability, read_cost, read_items
from engine.greatwall.pack_fields import RESOURCES as RESOURCES
from engine.greatwall.pack_fields import UNITS as UNITS
from engine.greatwall.pack_fields import Ability as Ability
from engine.greatwall.pack_fields import Cost as Cost
from engine.greatwall.rat_pack import RatCard as RatCard
from engine.greatwall.rat_pack import read_rat_cards

DATA_DIR = Path(__file__).parent / "data"
BUILD_RESOURCES: tuple[str, ...] = ("wood", "stone", "gold")
# Every kind a Soldier may be: the base three and the Genghis Khan expansion's Bannerman [IT GK],
# which only its players hold (a count of 0 elsewhere changes nothing).
SOLDIER_UNITS: tuple[str, ...] = (*UNITS, "bannerman")
PRODUCTION: tuple[str, ...] = ("mill", "quarry", "mine", "temple")
LOCATIONS: tuple[str, ...] = ("mill", "quarry", "mine", "temple", "barracks", "encampment", "logistics",
                              "teahouse", "embassy", "academy")
REWARDS = {"w": "wood", "s": "stone", "g": "gold", "c": "chi", "h": "honor", "t": "tactics"}
WINDOWS = {"losses", "assault", "produce", "recruit", "build", "defeat", "summer"}
TACTIC_EFFECTS = {"save", "defence", "upgrade", "gathered", "honor_per_recruit", "honor_per_build", "gain"}
HORDE_ABILITIES = {"row1_power", "barricade_malus", "lethality", "crowd_power", "empty_wall_power",
                   "lead_power"}
COMMAND_OPS = {"move", "gain", "hire", "advanced", "attack_order", "tea_up", "tactics", "copy"}
# Steps only Qin Jiushao's solo cards take (engine/greatwall/qin.py): a Wall, free Spearmen, Honor.
SOLO_OPS = {"move", "advanced", "qin_wall", "qin_recruit", "qin_honor"}
# Qin's Location track tokens [ES p.16]: one per resource, the Wound standing for the Barracks.
QIN_TOKENS: dict[str, str] = {"wood": "mill", "stone": "quarry", "gold": "mine", "chi": "temple",
                              "wound": "barracks"}
ART_PER = {"horde", "overseer_level", "wall_built", "advisor", "resources3", "soldier_top_wall"}


@dataclass(frozen=True)
class Location:
    id: str
    regular: bool
    slots: int  # 0 for a special location (no limit)
    shame: bool
    resource: str | None


@dataclass(frozen=True)
class OverseerTrack:
    costs: tuple[Cost, ...]  # costs[i] reaches level i + 1
    income: tuple[Cost, ...]  # income[i] is paid by level i + 1 in Summer


@dataclass(frozen=True)
class General:
    id: str
    name: str
    setup: Cost  # resources and "tactics"
    tea: int
    ability: Ability


@dataclass(frozen=True)
class Advisor:
    id: str
    name: str
    icons: int
    ability: Ability


@dataclass(frozen=True)
class Tactic:
    id: str
    name: str
    window: str
    normal: dict[str, Any]
    boosted: dict[str, Any]
    boost_cost: Cost


@dataclass(frozen=True)
class Horde:
    id: str
    type: str
    name: str
    power: int
    honor: int
    ability: dict[str, int]
    invasion: int
    spots: tuple[int, ...]  # vital spot indexes in the 2×6 grid (row * 6 + column)
    rewards: dict[int, str]  # spot -> reward kind

    def adjacent_pairs(self) -> list[tuple[int, int]]:
        """Orthogonally adjacent vital spot pairs, for a horseman [ES p.12]."""
        vital = set(self.spots)
        pairs = [(s, s + 1) for s in self.spots if s % 6 < 5 and s + 1 in vital]
        pairs += [(s, s + 6) for s in self.spots if s < 6 and s + 6 in vital]
        return sorted(pairs)


@dataclass(frozen=True)
class Command:
    id: str
    name: str
    owner: tuple[dict[str, Any], ...]
    others: tuple[dict[str, Any], ...]
    alternative: tuple[dict[str, Any], ...]
    stays: bool


@dataclass(frozen=True)
class Artifact:
    id: str
    name: str
    per: str
    honor: int
    ability: Ability = field(default_factory=Ability)  # in play (the Chronicles' [IT AC]); none for the base's


@dataclass(frozen=True)
class Wall:
    cost: int  # to build this level (0 for the empty space)
    defence: int
    firing: int


@dataclass(frozen=True)
class GreatWallPack:
    box: dict[str, int]
    costs: dict[str, int]
    recruit: dict[str, Cost]
    walls: tuple[Wall, ...]
    time: dict[int, tuple[tuple[int, int], ...]]  # player count -> (hordes, lethality) per space
    locations: dict[str, Location]
    overseers: dict[str, OverseerTrack]
    commands: dict[str, Command]
    generals: dict[str, General]
    advisors: dict[str, Advisor]
    tactics: dict[str, Tactic]
    hordes: dict[str, Horde]
    artifacts: dict[str, Artifact]
    stand_ins: tuple[str, ...]
    reed: Command = field(default_factory=lambda: Command("reed", "Reed", (), (), (), False))
    solo: dict[str, Command] = field(default_factory=dict)  # Qin Jiushao's 6 cards, "qin.<clan card id>"
    qin_overseers: tuple[str, ...] = ("horseman", "horseman", "spearman", "spearman")

    def command(self, card: str) -> Command:
        """A card on the track: one of the 6 clan cards, the Reed clan's or one of Qin's."""
        if card == self.reed.id:
            return self.reed
        return self.solo[card] if card in self.solo else self.commands[card]

    # The co-op mode's own cards (engine/greatwall/coop_pack.py).
    demands: dict[str, Demand] = field(default_factory=dict)
    events: dict[str, CoopEvent] = field(default_factory=dict)
    # The Rat expansion's cards (engine/greatwall/rat_pack.py).
    rat_cards: dict[str, RatCard] = field(default_factory=dict)
    # The Genghis Khan expansion (data/khan.toml): its own cards; its Hordes and Advisors are in the
    # dicts above, their ids in ``khan.hordes`` / ``khan.advisors``.
    khan: KhanCards = field(default_factory=KhanCards)
    # The fifth player expansion's setup numbers (data/five.toml).
    five_setup: dict[str, int] = field(default_factory=dict)
    # The card sets, by the name a variant gives as its ``card_set`` (the data file they come from):
    # the ids of the cards each brings, by kind; the cards themselves share the lookup dicts above.
    # ``load_pack`` fills it with what each expansion's reading hands in, so ``deck`` names none.
    card_sets: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    # The Ancient Chronicles scenarios' numbers by scenario (engine/greatwall/chronicles/pack.py).
    scenarios: dict[str, Any] = field(default_factory=dict)

    @property
    def coop(self) -> dict[str, tuple[str, ...]]:
        """The ids of the co-op Hordes, Generals and Tactics."""
        return self.card_sets.get("coop", {})

    @property
    def rat(self) -> dict[str, tuple[str, ...]]:
        """The ids of the Rat's Artifacts."""
        return self.card_sets.get("rat", {})

    @property
    def chronicles(self) -> dict[str, tuple[str, ...]]:
        """The ids of the Ancient Chronicles' shared Artifacts, Tactics, Generals and Advisors."""
        return self.card_sets.get("chronicles", {})

    @property
    def five(self) -> dict[str, tuple[str, ...]]:
        """The ids of the fifth player's Generals, Tactics and Advisors."""
        return self.card_sets.get("five", {})

    def deck(self, kind: str, card_set: str | None = None) -> list[str]:
        """The cards of ``kind`` in play with a variant's card set (engine/greatwall/variant.py
        ``card_set``; None or a name the pack has no set of: the base game's): the set's Hordes
        replace the normal ones, its Generals and Tactics are shuffled in with the normal ones
        (co-op [ES p.18 setup steps 4, 7, 9])."""
        cards: dict[str, Any] = getattr(self, kind)
        added = {c for s in self.card_sets.values() for c in s.get(kind, ())}
        if card_set not in self.card_sets:
            return [c for c in cards if c not in added]
        own = set(self.card_sets[card_set or ""].get(kind, ()))
        return [c for c in cards if c in own or (kind != "hordes" and c not in added)]


def _grid(f: Fields) -> tuple[tuple[int, ...], dict[int, str]]:
    rows = f.get("grid", list)
    # FAQ #23: every Horde card's vital grid is 2×6.
    if len(rows) != 2 or not all(isinstance(r, str) and len(r) == 6 for r in rows):
        raise f.fail("grid", "expected two rows of 6 characters")
    spots: list[int] = []
    rewards: dict[int, str] = {}
    for i, ch in enumerate(rows[0] + rows[1]):
        if ch == ".":
            continue
        if ch != "o" and ch not in REWARDS:
            raise f.fail("grid", f"unknown spot mark {ch!r} (use . o {' '.join(REWARDS)})")
        spots.append(i)
        if ch in REWARDS:
            rewards[i] = REWARDS[ch]
    if len(spots) < 2:
        raise f.fail("grid", "a horde needs at least 2 vital spots")
    return tuple(spots), rewards


def _hordes(file: str, data: dict[str, Any], count: int = 24, kinds: int = 8) -> dict[str, Horde]:
    out = {}
    for f in read_items(data, "hordes", file, count):
        ability = read_cost(f, "ability", f.get("ability", dict), HORDE_ABILITIES)
        spots, rewards = _grid(f)
        hid = f.get("id", str)
        out[hid] = Horde(hid, f.get("type", str), f.get("name", str), f.int_in("power", 0, 30),
                         f.int_in("honor", 0, 30), ability, f.int_in("invasion", 0, 2), spots, rewards)
    types = {h.type for h in out.values()}
    if len(types) != kinds or any(sum(h.type == t for h in out.values()) != 3 for t in types):
        raise PackError(file, "hordes", "type", f"expected {kinds} horde types of 3 cards each")
    return out


def _tactics(file: str, data: dict[str, Any], count: int = 20) -> dict[str, Tactic]:
    out = {}
    for f in read_items(data, "tactics", file, count):
        window = f.get("window", str)
        if window not in WINDOWS:
            raise f.fail("window", f"unknown timing {window!r}")
        effects = {}
        for part in ("normal", "boosted"):
            effect = f.get(part, dict)
            if not effect or not set(effect) <= TACTIC_EFFECTS:
                raise f.fail(part, f"expected one of {', '.join(sorted(TACTIC_EFFECTS))}")
            if "gain" in effect:
                read_cost(f, part, effect["gain"])
            effects[part] = effect
        tid = f.get("id", str)
        out[tid] = Tactic(tid, f.get("name", str), window, effects["normal"], effects["boosted"],
                          read_cost(f, "boost_cost", f.get("boost_cost", dict)))
    return out


def _generals(file: str, data: dict[str, Any], count: int) -> dict[str, General]:
    generals = {}
    for f in read_items(data, "generals", file, count):
        setup = read_cost(f, "setup", f.get("setup", dict), GAINS | {"tea"})
        gid = f.get("id", str)
        generals[gid] = General(gid, f.get("name", str), {k: v for k, v in setup.items() if k != "tea"},
                                setup.get("tea", 0), read_ability(f, f.get("ability", dict)))
    return generals


def _commands(file: str, data: dict[str, Any]) -> dict[str, Command]:
    return {c.id: c for c in (_command(f) for f in read_items(data, "commands", file, 6))}


def _solo_commands(file: str, data: dict[str, Any], clan: dict[str, Command]) -> dict[str, Command]:
    """Qin Jiushao's 6 solo cards [ES p.16]: the clan cards' names, their own effects."""
    out = {c.id: c for c in (_command(f, SOLO_OPS) for f in read_items(data, "solo", file, 6))}
    if {cid.removeprefix("qin.") for cid in out} != set(clan) or not all(c.startswith("qin.") for c in out):
        raise PackError(file, "solo", "id", "one qin.<id> card per clan command card")
    return out


def _command(f: Fields, ops: set[str] = COMMAND_OPS) -> Command:
    steps = {}
    for part in ("owner", "others", "alternative"):
        raw = f.opt(part, list, [])
        for step in raw:
            op = step.get("op") if isinstance(step, dict) else None
            if not isinstance(op, str) or op not in ops:
                raise f.fail(part, f"each step needs an op among {', '.join(sorted(ops))}")
        steps[part] = tuple(raw)
    cid = f.get("id", str)
    return Command(cid, f.get("name", str), steps["owner"], steps["others"], steps["alternative"],
                   f.opt("stays", bool, False))


def _reed_command(file: str, data: dict[str, Any]) -> Command:
    """The Reed clan's one command card ([reed] in commands.toml) [ES p.15]."""
    return _command(Fields(file, "reed", table(file, data, "reed")))


def _locations(file: str, data: dict[str, Any]) -> dict[str, Location]:
    out = {}
    for f in read_items(data, "locations", file, 10):
        lid = f.get("id", str)
        if lid not in LOCATIONS:
            raise f.fail("id", f"unknown location (expected {', '.join(LOCATIONS)})")
        regular = f.get("kind", str) == "regular"
        out[lid] = Location(lid, regular, f.int_in("slots", 1, 9) if regular else 0,
                            f.opt("shame", bool, False), f.opt("resource", str, "") or None)
    for lid in PRODUCTION:
        if out[lid].resource not in RESOURCES:
            raise PackError(file, f"location {lid}", "resource", "a production location needs a resource")
    return out


def _overseers(file: str, data: dict[str, Any]) -> dict[str, OverseerTrack]:
    out = {}
    for i, raw in enumerate(tables(file, data, "overseers")):
        f = Fields(file, f"overseer track #{i + 1}", raw)
        lid = f.get("location", str)
        costs = tuple(read_cost(f, "costs", c, set(RESOURCES)) for c in f.get("costs", list))
        income = tuple(read_cost(f, "income", c, set(RESOURCES)) for c in f.get("income", list))
        if not costs or len(costs) != len(income):
            raise f.fail("income", "one income per level, as many as costs")
        out[lid] = OverseerTrack(costs, income)
    if set(out) != set(PRODUCTION):
        raise PackError(file, "overseers", "location", "one track per production location")
    return out


def _time_tables(file: str, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``[time.N]``: one track per player count N (a number), each a table."""
    tracks = table(file, data, "time")
    for n, raw in tracks.items():
        if not n.isascii() or not n.isdigit():
            raise PackError(file, f"time.{n}", "-", "a time track is named by its player count ([time.3])")
        if not isinstance(raw, dict):
            raise PackError(file, f"time.{n}", "-", f"expected a table ([time.{n}])")
    return tracks


def _time_track(file: str, n: str, raw: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    f = Fields(file, f"time track {n}", raw)
    hordes, lethality = f.get("hordes", list), f.get("lethality", list)
    if len(hordes) != len(lethality) or len(hordes) < 2:
        raise f.fail("lethality", "one lethality per space, at least 2 spaces")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (*hordes, *lethality)):
        raise f.fail("hordes", "expected counts (whole numbers, 0 or more)")
    return tuple(zip(hordes, lethality, strict=True))


def _board(file: str, data: dict[str, Any]) -> dict[str, Any]:
    box = Fields(file, "box", table(file, data, "box"))
    costs = Fields(file, "costs", table(file, data, "costs"))
    walls = []
    for i, raw in enumerate(tables(file, data, "walls")):
        f = Fields(file, f"wall level {i}", raw)
        walls.append(Wall(f.opt("cost", int, 0), f.int_in("defence", 0, 60), f.int_in("firing", 0, 6)))
    if len(walls) != 4:
        raise PackError(file, "walls", "-", "expected the empty space and 3 levels")
    time = {int(n): _time_track(file, n, raw) for n, raw in _time_tables(file, data).items()}
    if not {3, 4} <= set(time):
        raise PackError(file, "time", "-", "tracks for 3 and 4 players are needed")
    recruit = {u: read_cost(Fields(file, "recruit", {}), u, table(file, data, "recruit").get(u), set(RESOURCES))
               for u in UNITS}
    return {
        "box": {k: box.int_in(k, 0, 99) for k in ("clerks", "spearmen", "archers", "horsemen", "clerks_on_board",
                                                  "shame_per_player", "sections", "hand_limit", "command_slots",
                                                  "five_player_slot")},
        "costs": {k: costs.int_in(k, 0, 99) for k in costs.data},
        "walls": tuple(walls), "time": time, "recruit": recruit,
    }


def load_pack(override: Path | None = None) -> GreatWallPack:
    """Load the bundled pack, overlaid item by item with ``override``/greatwall if given."""
    files: dict[str, dict[str, Any]] = {}
    for name in ("board", "commands", "cards", "coop", "rat", "khan", "five"):
        data = read_toml(DATA_DIR / f"{name}.toml")
        extra = override / "greatwall" / f"{name}.toml" if override else None
        if extra is not None and extra.exists():
            more = read_toml(extra)
            for key in ("locations", "commands", "solo", "generals", "advisors", "tactics", "hordes", "artifacts",
                        "demands", "events", "rat_cards", "skills", "awards"):
                data = overlay(data, {key: more[key]}, key, f"{name}.toml") if key in more else data
            data.update({k: v for k, v in more.items() if k not in data or not isinstance(v, list)})
        files[name] = data
    board = _board("board.toml", files["board"])
    cards = files["cards"]
    generals = _generals("cards.toml", cards, 13)
    advisors = _advisors("cards.toml", cards, 44)
    artifacts = _artifacts("cards.toml", cards)
    rat_artifacts = _artifacts("rat.toml", files["rat"])
    if set(artifacts) & set(rat_artifacts):
        raise PackError("rat.toml", "artifacts", "id", "Rat Artifact ids must differ from the base game's")
    commands = _commands("commands.toml", files["commands"])
    coop = files["coop"]
    hordes, coop_hordes = _hordes("cards.toml", cards), _hordes("coop.toml", coop, COOP_DECKS["hordes"])
    coop_generals = _generals("coop.toml", coop, COOP_DECKS["generals"])
    tactics, coop_tactics = _tactics("cards.toml", cards), _tactics("coop.toml", coop, COOP_DECKS["tactics"])
    # The Genghis Khan expansion [IT GK]: 3 new Horde types (9 cards) and 6 Advisors (fact sheet §13.1).
    khan_hordes = _hordes("khan.toml", files["khan"], KHAN_COUNTS["hordes"], 3)
    khan_advisors = _advisors("khan.toml", files["khan"], KHAN_COUNTS["advisors"])
    if set(khan_hordes) & (set(hordes) | set(coop_hordes)) or set(khan_advisors) & set(advisors):
        raise PackError("khan.toml", "hordes", "id", "Genghis Khan card ids must differ from the others")
    for kind, base, added in (("hordes", set(hordes), set(coop_hordes)),
                              ("generals", set(generals), set(coop_generals)),
                              ("tactics", set(tactics), set(coop_tactics))):
        if base & added:
            raise PackError("coop.toml", kind, "id", "co-op card ids must differ from the base game's")
    five = _five("five.toml", files["five"], {"generals": set(generals) | set(coop_generals),
                                              "tactics": set(tactics) | set(coop_tactics),
                                              "advisors": set(advisors) | set(khan_advisors)})
    khan = load_khan("khan.toml", files["khan"], tuple(khan_hordes), tuple(khan_advisors))
    scenarios, scenario_stand_ins = load_scenarios(override)
    ac, ac_stand_in = read_chronicle_cards(override, _CHRONICLE_READERS, {
        "artifacts": {*artifacts, *rat_artifacts}, "tactics": {*tactics, *coop_tactics, *five["tactics"]},
        "generals": {*generals, *coop_generals, *five["generals"]},
        "advisors": {*advisors, *khan_advisors, *five["advisors"]}})
    return GreatWallPack(
        box=board["box"], costs=board["costs"], recruit=board["recruit"], walls=board["walls"],
        time=board["time"], locations=_locations("board.toml", files["board"]),
        overseers=_overseers("board.toml", files["board"]), commands=commands,
        reed=_reed_command("commands.toml", files["commands"]),
        solo=_solo_commands("commands.toml", files["commands"], commands),
        generals={**generals, **coop_generals, **five["generals"], **ac["generals"]},
        advisors={**advisors, **khan_advisors, **five["advisors"], **ac["advisors"]},
        tactics={**tactics, **coop_tactics, **five["tactics"], **ac["tactics"]},
        hordes={**hordes, **coop_hordes, **khan_hordes}, artifacts={**artifacts, **rat_artifacts, **ac["artifacts"]},
        stand_ins=(*(n for n, d in files.items() if d.get("stand_in", False)), *scenario_stand_ins,
                   *(("chronicles/cards",) if ac_stand_in else ())),
        demands=read_demands("coop.toml", coop), events=read_events("coop.toml", coop),
        rat_cards=read_rat_cards("rat.toml", files["rat"]), khan=khan,
        five_setup=five_setup("five.toml", files["five"]),
        card_sets={"coop": {"hordes": tuple(coop_hordes), "generals": tuple(coop_generals),
                            "tactics": tuple(coop_tactics)},
                   "rat": {"artifacts": tuple(rat_artifacts)},
                   "khan": {"hordes": khan.hordes, "advisors": khan.advisors},
                   "five": {kind: tuple(cards) for kind, cards in five.items()},
                   "chronicles": {kind: tuple(found) for kind, found in ac.items()}},
        scenarios=scenarios,
    )


def _advisors(file: str, data: dict[str, Any], count: int) -> dict[str, Advisor]:
    out = {}
    for f in read_items(data, "advisors", file, count):
        aid = f.get("id", str)
        out[aid] = Advisor(aid, f.get("name", str), f.int_in("icons", 0, 3), read_ability(f, f.get("ability", dict)))
    return out


def _five(file: str, data: dict[str, Any], base: dict[str, set[str]]) -> dict[str, dict[str, Any]]:
    """The fifth player's Generals, Tactics and Advisors [IT 5P components], ids apart from the others'."""
    cards: dict[str, dict[str, Any]] = {"generals": _generals(file, data, FIVE_DECKS["generals"]),
                                        "tactics": _tactics(file, data, FIVE_DECKS["tactics"]),
                                        "advisors": _advisors(file, data, FIVE_DECKS["advisors"])}
    for kind, found in cards.items():
        if set(found) & base[kind]:
            raise PackError(file, kind, "id", "fifth player card ids must differ from the other cards'")
    return cards


def _artifacts(file: str, data: dict[str, Any], count: int = 5) -> dict[str, Artifact]:
    out = {}
    for f in read_items(data, "artifacts", file, count):  # 5 base, 5 Rat, 10 Chronicles (fact sheet §1, §13)
        score = f.get("score", dict)
        per = score.get("per")
        if not isinstance(per, str) or per not in ART_PER or not isinstance(score.get("honor"), int):
            raise f.fail("score", f"expected per (one of {', '.join(sorted(ART_PER))}) and honor")
        aid = f.get("id", str)
        out[aid] = Artifact(aid, f.get("name", str), score["per"], score["honor"],
                            read_ability(f, f.opt("ability", dict, {})))
    return out


# The base readers the Chronicles' shared cards are read with (engine/greatwall/chronicles/cards_pack.py).
_CHRONICLE_READERS: dict[str, Any] = {"artifacts": _artifacts, "tactics": _tactics, "generals": _generals,
                                      "advisors": _advisors}
