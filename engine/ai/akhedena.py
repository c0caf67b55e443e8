"""Akhedena seats at four strengths, each reading only its seat's view (plus the public pack).

- ``random`` (the bench baseline): a uniformly random legal answer from the prompt's options; the
  one rule beyond the options, upkeep within the purse [Costo de Mantenimiento], is respected.
- ``easy``: the normal heuristic, but a share of its answers are random legal ones.
- ``normal``: builds castles, arms its hero first, goes for the crown, robs Origin Points within
  reach and fights only battles its numbers win. Once someone holds the crown it campaigns for the
  win (engine/ai/akhedena_plan.py): it marches on the rival's crown castle (arming archers when no
  unit of its side can storm it), robs reachable Origin Points, breaks the walls in its way; in team
  play its partner's crown and VP count as its own.
- ``hard``: in the full game, normal's plan that drafts the hero with the longer die move (first on
  the crown), arms it before building so it sets out a turn sooner and plays a march card to carry it
  onto the crown (``akhedena_race``), walls its Origin Point in against theft first and shuts it
  again whenever VP lie on it [Puntos de Origen], builds the sturdiest castles and seats the crown
  on the hardest one to storm [Cómo Obtener la Corona], then walls in and mans that castle before it
  marches anywhere [Muros]; it reads an attack with the battle rules (a volley hits each card, then
  a castle's walls) and storms a rival's crown castle first (``akhedena_strike``); in quick play a search
  of every move (and attack) of one piece, scored after each rival's best reply (``akhedena_quick``).
"""

from __future__ import annotations

from typing import Any

from engine.ai import akhedena_plan as plan
from engine.ai import akhedena_race as race
from engine.ai import akhedena_strike as strike
from engine.ai.akhedena_quick import QuickPlanner
from engine.akhedena.board import parse
from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import Piece
from engine.akhedena.strength import Stats, stats
from engine.core.game import Game, View
from engine.core.prompt import Choice, Prompt
from engine.core.rng import Rng

Square = tuple[int, int]
# The beginner's share of random answers: enough to blunder often, not enough to forget the plan.
EASY_RANDOM_PERCENT = 40


def random_legal(prompt: Prompt, rng: Rng) -> Choice:
    """A uniformly random option; a multi-pick (upkeep) keeps a random set of cards the purse can
    pay for, since the engine refuses more [Costo de Mantenimiento]."""
    ids = [o.id for o in prompt.options]
    if prompt.pick_max == 1 and prompt.pick_min == 1:
        return Choice(prompt.kind, (rng.pick(ids),))
    gold = int(prompt.args.get("gold", 0))
    order = list(prompt.options)
    rng.shuffle(order)
    wanted = prompt.pick_min + rng.below(prompt.pick_max - prompt.pick_min + 1)
    kept: set[str] = set()
    for option in order[:wanted]:
        cost = int(option.args.get("cost", 0))
        if cost <= gold:
            kept.add(option.id)
            gold -= cost
    return Choice(prompt.kind, tuple(i for i in ids if i in kept))


class AkhedenaAI:
    def __init__(self, game: Game, level: str = "normal") -> None:
        self.level = level
        assert isinstance(game, AkhedenaGame)  # the registry pairs each game with its own part
        self.pack = game.pack

    def choose(self, view: View, prompt: Prompt, rng: Rng) -> Choice:
        self.view, self.me, self.rng = view, prompt.seat, rng
        if self.level == "random" or (self.level == "easy" and rng.below(100) < EASY_RANDOM_PERCENT):
            return random_legal(prompt, rng)
        # No VP to race for (the view's declared scoring, engine/akhedena/view.py): beating a hero or
        # storming a castle is the whole game, which the planner searches for.
        if self.level == "hard" and view["scoring"] == "cards":
            pick = QuickPlanner(self.pack, view, prompt.seat).answer(prompt)
            if pick is not None:
                return Choice(prompt.kind, (pick,))
        return self._heuristic(view, prompt)

    def _heuristic(self, view: View, prompt: Prompt) -> Choice:
        ids = [o.id for o in prompt.options]
        handler = getattr(self, f"_{prompt.kind}", None)
        if prompt.kind == "trim_cards":
            return Choice(prompt.kind, tuple(self._weakest(prompt)))
        if prompt.pick_max > 1 or prompt.pick_min == 0:
            return Choice(prompt.kind, tuple(self._keep(prompt)))
        pick = handler(prompt, ids) if handler else None
        return Choice(prompt.kind, (pick if pick in ids else ids[0],))

    # -- reading the view ----------------------------------------------------------------------------
    def _pieces(self, mine: bool | None = None) -> list[dict[str, Any]]:
        return [p for p in self.view["pieces"] if mine is None or (p["seat"] == self.me) == mine]

    def _enemies(self) -> list[dict[str, Any]]:
        team = self.view["players"][self.me]["team"]
        return [p for p in self._pieces(False) if team is None or self.view["players"][p["seat"]]["team"] != team]

    def _racing(self) -> bool:
        """The hard seat in the full game (VP scoring), where its race and battle reading play
        (``akhedena_race``, ``akhedena_strike``); quick play has its own search."""
        return self.level == "hard" and self.view["scoring"] == "vp"

    def _piece(self, piece_id: str) -> dict[str, Any] | None:
        return next((p for p in self.view["pieces"] if p["id"] == piece_id), None)

    def _stats(self, p: dict[str, Any]) -> Stats:
        piece = Piece(p["id"], p["seat"], p["kind"], p["card"], list(p["at"]), [f"{a}.0" for a in p["army"]])
        return stats(self.pack, piece)

    def _sq(self, label: str) -> Square | None:
        return parse(label, self.view["size"])

    def _goal(self, p: dict[str, Any] | None) -> Square:
        """Heroes head for the crown while it lies free; armies for the richest enemy Origin Point
        (or the nearest enemy when nobody has VP to steal)."""
        centre = (self.view["centre"][0], self.view["centre"][1])
        if p is not None and p["kind"] == "hero" and self.view["crown"]["castle"] is None:
            return centre
        if self.view["scoring"] == "cards":  # no VP to steal: the enemy heroes are the targets
            heroes = [e for e in self._enemies() if e["kind"] == "hero"]
            return _at(heroes[0]) if heroes else centre
        if p is not None and p["army"] and (target := plan.goal(self, p)) is not None:
            return target  # the campaign towards crown + VP (engine/ai/akhedena_plan.py)
        rich = [t for t in self.view["territories"] if t["seat"] != self.me
                and self.view["players"][t["seat"]]["origin_vp"] > 0 and self._foe(t["seat"])]
        if rich:
            best = max(rich, key=lambda t: self.view["players"][t["seat"]]["origin_vp"])
            return (best["origin"][0], best["origin"][1])
        here = _at(p) if p else centre
        foes = [e for e in self._enemies() if e["kind"] != "castle"]
        return min((_at(e) for e in foes), key=lambda sq: _dist(sq, here), default=centre)

    def _origin(self) -> Square | None:
        mine = next((t for t in self.view["territories"] if t["seat"] == self.me), None)
        return None if mine is None else (mine["origin"][0], mine["origin"][1])

    def _sealed(self) -> bool:
        """Walls (or my castles) stand on every square next to my Origin Point, so no enemy can step
        onto it to steal its VP without first breaking through [Puntos de Origen] [Muros]."""
        origin = self._origin()
        if origin is None:
            return True
        size = self.view["size"]
        blocked = {(w["at"][0], w["at"][1]) for w in self.view["walls"]}
        blocked |= {_at(p) for p in self._pieces(True) if p["kind"] == "castle"}
        return all(sq in blocked for sq in _neighbours(origin, size))

    def _foe(self, seat: int) -> bool:
        team = self.view["players"][self.me]["team"]
        return team is None or self.view["players"][seat]["team"] != team

    # -- decisions -----------------------------------------------------------------------------------
    def _draft_general(self, prompt: Prompt, ids: list[str]) -> str:
        return max(ids, key=lambda g: (self.pack.generals[g].atk + self.pack.generals[g].df, g))

    def _draft_hero(self, prompt: Prompt, ids: list[str]) -> str:
        """Hard drafts the hero whose die move is one step longer (its Turn Guide): the first hero
        on the fortress centre takes the crown [Cómo Obtener la Corona]."""
        if self.level != "hard":
            return ids[0]
        steps = [h for h in ids if self.pack.heroes[h].power == "steps"]
        return steps[0] if steps else ids[0]

    def _place(self, prompt: Prompt, ids: list[str]) -> str:
        """Walls and units toward the middle of the board; castles in the back, out of reach."""
        centre = tuple(self.view["centre"])
        squares = [(label, sq) for label in ids if (sq := self._sq(label)) is not None]
        back = "castle" in prompt.key or "crown" in prompt.key
        gaps = self._crown_gaps() if self.level == "hard" and prompt.key.endswith("place_wall") else []
        if (shield := [label for label, sq in squares if sq in gaps]):
            return shield[0]
        if self.level == "hard" and prompt.key.endswith("place_wall") and (origin := self._origin()):
            guard = [label for label, sq in squares if _dist(sq, origin) == 1]
            if guard:
                return guard[0]
        ranked = sorted(squares, key=lambda item: (_dist(item[1], centre) * (-1 if back else 1), item[0]))
        return ranked[0][0]

    def _hero_move(self, prompt: Prompt, ids: list[str]) -> str:
        return self._toward(ids, self._goal(self._hero()))

    def _move(self, prompt: Prompt, ids: list[str]) -> str:
        unit = next((p for p in self._pieces(True) if p["card"] == prompt.args.get("unit")), None)
        return self._toward([i for i in ids if i != "stay"] or ids, self._goal(unit))

    _qmove = _move

    def _toward(self, ids: list[str], goal: Square) -> str:
        best, best_d = ids[0], 10**6
        for label in ids:
            sq = self._sq(label)
            if sq is not None and _dist(sq, goal) < best_d:
                best, best_d = label, _dist(sq, goal)
        return best

    def _hero(self) -> dict[str, Any] | None:
        return next((p for p in self._pieces(True) if p["kind"] == "hero"), None)

    def _attack(self, prompt: Prompt, ids: list[str]) -> str:
        unit = next((p for p in self._pieces(True) if p["card"] == prompt.args.get("unit")), None)
        if unit is None:
            return "none"
        if self._racing() and (hit := strike.pick(self, unit, prompt)):
            return hit
        mine = self._stats(unit)
        best, margin = "none", -1
        for option in prompt.options:
            target = self._piece(option.id)
            if target is None:
                if option.id == "dragon" and mine.atk > self.pack.n("dragon_def"):
                    return "dragon"
                continue
            edge = mine.atk - self._stats(target).df
            if self._worth(unit, target) and edge > margin:
                best, margin = option.id, edge
        if best == "none" and self.view["scoring"] == "vp":
            return self._breach(unit, prompt)
        return best

    def _breach(self, unit: dict[str, Any], prompt: Prompt) -> str:
        """Break the wall that stands between the unit and its goal [Muros], else no attack."""
        walls = {o.id: sq for o in prompt.options if o.id.startswith("wall.")
                 and (sq := self._sq(o.id[len("wall."):])) is not None}
        return plan.breach(self, unit, list(walls), walls) or "none"

    def _action(self, prompt: Prompt, ids: list[str]) -> str:
        me = self.view["players"][self.me]
        if self.level == "hard" and (shore := self._shore_up(me)) is not None:
            return shore
        if self._racing() and (sprint := race.opening(self, me)) is not None:
            return sprint
        if self._racing() and race.sprint(self):
            return "fight"
        if self.level == "hard" and me["origin_vp"] > 0 and me["gold"] >= 1 and not self._sealed():
            return "build"  # VP on the Origin Point are a thief's whole prize [Puntos de Origen]
        if self.view["scoring"] == "vp" and plan.siege(self) and self._siege_buys():
            return "market"
        if self.view["scoring"] == "vp" and self._campaign(me):
            return "fight"
        if self.level == "hard" and me["castles"] >= 1 and me["gold"] >= 1 and not self._sealed():
            return "build"  # wall the Origin Point in before its VP are worth stealing
        mine = self._pieces(True)
        armed = [p for p in mine if p["army"] and p["kind"] == "general"]
        room = self._shopping()
        if me["castles"] < 1 and me["gold"] >= 3:
            return "build"
        if me["gold"] >= 3 and room:
            return "market"
        if me["castles"] < 3 and me["gold"] >= 3:
            return "build"
        if armed:
            return "fight"
        return "build" if me["gold"] >= 1 and me["walls"] < 8 else "fight"

    def _shore_up(self, me: dict[str, Any]) -> str | None:
        """Holding the crown, defend its castle before marching: walls on its free sides block
        attacks on it [Muros] and army cards of its class add to its defence [Batallas de Castillo];
        a rival who storms it takes the crown [Cómo Obtener la Corona], which ends the race for VP."""
        if me["gold"] >= self.pack.n("wall_cost") and self._crown_gaps():
            return "build"
        castle = self._crown_castle()
        if castle is not None and me["gold"] >= self.pack.n("army_cost") \
                and any(self.pack.armies[c].cls == castle["cls"] for c in self.view["market"]):
            return "market"
        return None

    def _campaign(self, me: dict[str, Any]) -> bool:
        """March when a general can win a battle now, or once someone holds the crown and a general
        has a goal (the race is then for the crown's castle and the VP): a seat that only builds and
        shops after that point would never bring the game to its end [Objetivo del Juego]."""
        armed = [p for p in self._pieces(True) if p["kind"] == "general" and p["army"]]
        if any(plan.adjacent_prey(self, p) for p in armed):
            return True
        return plan.crown_holder(self.view) is not None and plan.marches(self)

    def _shopping(self) -> bool:
        """The market sells something this seat would buy (``_market``'s own test): else a visit
        there changes nothing."""
        me = self.view["players"][self.me]
        if me["gold"] < 2:
            return False
        if me["gold"] >= 3 and any(self._room_for(card) for card in self.view["market"]):
            return True
        return bool(self.view["general_market"]) and me["generals"] < 2

    def _siege_buys(self) -> list[str]:
        """What the market offers towards an archer that storms the rival's crown castle: ranged
        army cards a unit has room for (strongest attack first), else one ranged general to carry them."""
        me = self.view["players"][self.me]
        if me["gold"] >= self.pack.n("army_cost"):
            cards = [c for c in self.view["market"] if self.pack.armies[c].cls == "ranged" and self._room_for(c)]
            if cards:
                return sorted(cards, key=lambda c: (-self.pack.armies[c].atk, c))
        archers = [p for p in self._pieces(True) if p["kind"] == "general" and p["cls"] == "ranged"]
        if archers or me["gold"] < self.pack.n("general_cost") or me["generals"] >= self.pack.n("max_generals"):
            return []
        return [g for g in self.view["general_market"] if self.pack.generals[g].cls == "ranged"]

    def _market(self, prompt: Prompt, ids: list[str]) -> str:
        """Buy only what a unit has room for: the excess would be discarded at the end of the turn."""
        if self.level == "hard" and (guard := self._guard_buy(prompt)) is not None:
            return guard
        if self._racing() and (arm := race.hero_buy(self, prompt)) is not None:
            return arm
        if self._racing() and (stop := race.save_for_castle(self, ids)):
            return stop
        if self.view["scoring"] == "vp" and plan.siege(self):
            wanted = self._siege_buys()
            offered = {o.args.get("card", o.args.get("general")): o.id for o in prompt.options}
            pick = next((offered[w] for w in wanted if w in offered), None)
            if pick is not None:
                return pick
        buys = [o for o in prompt.options if o.key.endswith("buy_army") and self._room_for(o.args["card"])]
        if buys:
            return max(buys, key=lambda o: (self._value(o.args["card"]), o.id)).id
        if "trade" in ids and self.view["players"][self.me]["food"] >= 4:
            return "trade"
        generals = [o for o in prompt.options if o.key.endswith("buy_general")]
        if generals and self.view["players"][self.me]["generals"] < 2:
            return generals[0].id
        return "done"

    def _crown_castle(self) -> dict[str, Any] | None:
        """My castle holding the crown, when it has room for another army card."""
        castle = next((p for p in self._pieces(True) if p["crown"]), None)
        return castle if castle is not None and len(castle["army"]) < 2 else None

    def _crown_gaps(self) -> list[Square]:
        """Free home squares beside my crown's castle: walls there block every attack on it [Muros],
        so a rival must first spend a unit's attack breaking one."""
        castle = next((p for p in self._pieces(True) if p["crown"]), None)
        mine = next((t for t in self.view["territories"] if t["seat"] == self.me), None)
        if castle is None or mine is None or self.view["players"][self.me]["walls"] >= self.pack.n("max_walls"):
            return []
        taken = {(w["at"][0], w["at"][1]) for w in self.view["walls"]} | {_at(p) for p in self.view["pieces"]}
        rows, cols, origin = mine["rows"], mine["cols"], (mine["origin"][0], mine["origin"][1])
        return [sq for sq in _neighbours(_at(castle), self.view["size"]) if sq not in taken and sq != origin
                and rows[0] <= sq[0] <= rows[1] and cols[0] <= sq[1] <= cols[1]]

    def _guard_buy(self, prompt: Prompt) -> str | None:
        """Man the crown's castle first: whoever storms it takes the crown [Cómo Obtener la Corona],
        and its army cards add to its defence [Batallas de Castillo]."""
        castle = self._crown_castle()
        if castle is None:
            return None
        buys = [o for o in prompt.options if o.key.endswith("buy_army")
                and self.pack.armies[o.args["card"]].cls == castle["cls"]]
        return max(buys, key=lambda o: (self.pack.armies[o.args["card"]].df, o.id)).id if buys else None

    def _room_for(self, card: str) -> bool:
        cls = self.pack.armies[card].cls
        return any(len(p["army"]) < 2 and (p["cls"] == cls or (p["kind"] == "hero" and not p["army"]))
                   for p in self._pieces(True))

    def _trim_general(self, prompt: Prompt, ids: list[str]) -> str:
        """Let go the general carrying the least."""
        generals = [p for p in self._pieces(True) if p["id"] in ids]
        weakest = min(generals, key=lambda p: (sum(self._value(c) for c in p["army"]), p["id"]), default=None)
        return ids[0] if weakest is None else str(weakest["id"])

    def _weakest(self, prompt: Prompt) -> list[str]:
        ranked = sorted(prompt.options, key=lambda o: (self._value(o.args["card"]), o.id))
        return [o.id for o in ranked[:prompt.pick_min]]

    def _castle_def(self, card: str) -> int:
        castle = self.pack.castles[card]
        return castle.base + castle.df

    def _crown(self, prompt: Prompt, ids: list[str]) -> str:
        """The crown sits on the castle hardest to storm, far from the fortress [La Corona]."""
        if self.level != "hard":
            return ids[0]
        centre = tuple(self.view["centre"])
        castles = [p for p in self._pieces(True) if p["id"] in ids]
        best = max(castles, key=lambda p: (self._stats(p).df, _dist(_at(p), centre), p["id"]), default=None)
        return ids[0] if best is None else str(best["id"])

    def _value(self, card: str) -> int:
        a = self.pack.armies[card]
        return a.atk + a.df - 10 * a.upkeep

    def _assign(self, prompt: Prompt, ids: list[str]) -> str:
        roomy = [p for p in self._pieces(True) if p["id"] in ids and len(p["army"]) < 2]
        castle = self._crown_castle() if self.level == "hard" else None
        if castle is not None and castle in roomy:
            return str(castle["id"])
        hero = self._hero()
        if hero is not None and hero in roomy:
            return str(hero["id"])
        return str(roomy[0]["id"]) if roomy else ids[0]

    def _build(self, prompt: Prompt, ids: list[str]) -> str:
        castles = [i for i in ids if i.startswith("castle.")]
        if self.level == "hard" and "wall" in ids and self._crown_gaps():
            return "wall"
        if self.level == "hard" and castles:
            return max(castles, key=lambda c: (self._castle_def(c[len("castle."):]), c))
        if castles:
            return self.rng.pick(castles)
        if self.level == "hard" and "wall" in ids and not self._sealed():
            return "wall"
        if "wall" in ids and self.view["players"][self.me]["castles"] >= 3:
            return "wall"
        return "done"

    def _fight(self, prompt: Prompt, ids: list[str]) -> str:
        """Each armed general moves once (a moved unit has paid its Food), attacking on arrival."""
        if self._racing() and (dash := race.sprint_step(self, prompt)):
            return dash
        for option in prompt.options:
            unit = self._piece(option.id)
            if unit is None or not unit["army"] or unit["kind"] != "general":
                continue
            if (not unit["fed"] and option.args.get("moves")) or (not unit["fought"] and self._prey(unit)):
                return str(unit["id"])
        return "done"

    def _prey(self, unit: dict[str, Any]) -> bool:
        """An adjacent enemy this unit beats outright (the same test ``_attack`` applies)."""
        return any(_dist(_at(e), _at(unit)) == 1 and self._worth(unit, e) for e in self._enemies())

    def _worth(self, unit: dict[str, Any], target: dict[str, Any]) -> bool:
        return self._stats(unit).atk > self._stats(target).df or (not target["army"] and target["kind"] != "castle")

    def _march(self, prompt: Prompt, ids: list[str]) -> str:
        dash = race.sprint_step(self, prompt) if self._racing() else None
        return dash or ids[0]

    def _declare(self, prompt: Prompt, ids: list[str]) -> str:
        return "play"

    def _play_card(self, prompt: Prompt, ids: list[str]) -> str:
        return next((i for i in ids if i != "skip"), "skip")

    def _redistribute(self, prompt: Prompt, ids: list[str]) -> str:
        return "done"

    def _qturn(self, prompt: Prompt, ids: list[str]) -> str:
        for option in prompt.options:
            unit = self._piece(option.id)
            if unit is not None and unit["kind"] != "castle" and self._can_win_next(unit):
                return option.id
        movable = [i for i in ids if (u := self._piece(i)) is not None and u["kind"] != "castle"]
        return self.rng.pick(movable) if movable else ids[0]

    def _can_win_next(self, unit: dict[str, Any]) -> bool:
        mine = self._stats(unit)
        return any(_dist(_at(e), _at(unit)) <= 2 and mine.atk > self._stats(e).df for e in self._enemies())

    def _keep(self, prompt: Prompt) -> list[str]:
        """Upkeep: keep the strongest cards the purse allows."""
        gold = int(prompt.args.get("gold", 0))
        kept: list[str] = []
        for option in sorted(prompt.options, key=lambda o: -self._value(o.args.get("card", ""))
                             if o.args.get("card") in self.pack.armies else 0):
            cost = int(option.args.get("cost", 0))
            if cost <= gold:
                kept.append(option.id)
                gold -= cost
        return [o.id for o in prompt.options if o.id in kept]


def _at(p: dict[str, Any]) -> Square:
    return (p["at"][0], p["at"][1])


def _neighbours(sq: Square, size: int) -> list[Square]:
    return [(sq[0] + dr, sq[1] + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= sq[0] + dr < size and 0 <= sq[1] + dc < size]


def _dist(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
