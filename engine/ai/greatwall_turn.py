"""One Great Wall decision as the seat AIs see it: the prompt, the seat's own view, a running budget
of what it holds and the AI's dice. Shared by every level (engine/ai/greatwall.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.game import View
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng
from engine.greatwall.pack import BUILD_RESOURCES, LOCATIONS, GreatWallPack

RESERVE = "reserve"


class Turn:
    """The prompt, the seat's view, a running budget (``res``) and the AI's dice."""

    def __init__(self, pack: GreatWallPack, view: View, prompt: Prompt, rng: Rng) -> None:
        self.pack, self.view, self.prompt, self.rng = pack, view, prompt, rng
        self.me: dict[str, Any] = view["me"]
        self.seat = prompt.seat
        self.res: dict[str, int] = dict(self.me["res"])
        self.player: dict[str, Any] = view["players"][self.seat]
        self.honor: int = self.player["honor"]

    def slot(self, i: int) -> tuple[Option, ...]:
        return self.prompt.options_for(i) if self.prompt.slots > 1 else self.prompt.options

    def affordable(self, cost: dict[str, int]) -> bool:
        return all(self.res.get(r, 0) >= n for r, n in cost.items() if r != "honor") and \
            self.honor >= cost.get("honor", 0)

    def spend(self, cost: dict[str, int]) -> None:
        for r, n in cost.items():
            if r == "honor":
                self.honor -= n
            else:
                self.res[r] -= n

    def years_after(self) -> int:
        """Years on the Time track after this one: the game ends on its last space [ES p.9]."""
        return len(self.view["time_track"]) - 1 - int(self.view["time"])

    def build_money(self) -> int:
        """Wood, stone and gold of our own plus the Warehouse: what walls and barricades may use
        (the Warehouse is spent first [ES p.13])."""
        warehouse: dict[str, int] = self.prompt.args.get("warehouse") or self.view["warehouse"]
        return sum(self.res[r] + warehouse.get(r, 0) for r in BUILD_RESOURCES)

    def tactic(self, options: tuple[Option, ...]) -> str:
        """Play the first boosted tactic we can afford, else the first normal one."""
        for o in options:
            if o.id.endswith(".b") and self.affordable(o.args.get("cost", {})):
                self.spend(o.args.get("cost", {}))
                return o.id
        for o in options:
            if o.id.endswith(".n"):
                return o.id
        return options[0].id

    def recruits(self, ordered: Callable[[list[Option]], list[Option]]) -> list[str]:
        """A Barracks answer [ES p.11]: each recruit slot takes the first of its options, in the order
        ``ordered`` gives them, that the seat can pay for with a soldier free of Shame in its reserve (an
        attacking archer also needs a free firing spot); then the slot's tactic."""
        reserve = {u: self.player["reserve"][u] - self.player["shamed"][u] for u in self.player["reserve"]}
        room = [s["firing_spots"] - len(s["firing"]) for s in self.view["sections"]]
        out = [self._first_affordable(ordered(list(self.slot(i))), reserve, room) for i in range(self.prompt.slots - 1)]
        return [*out, self.tactic(self.slot(self.prompt.slots - 1))]

    def _first_affordable(self, options: list[Option], reserve: dict[str, int], room: list[int]) -> str:
        for o in options:
            if o.id == "pass":
                return "pass"
            unit, sec = o.args["unit"], o.args["sec"]
            if reserve.get(unit, 0) <= 0 or not self.affordable(o.args["cost"]):
                continue
            if unit == "archer" and ".atk." in o.id:
                if room[sec] <= 0:
                    continue
                room[sec] -= 1
            reserve[unit] -= 1
            self.spend(o.args["cost"])
            return o.id
        return "pass"

    # --- clerks on Locations [ES p.7] -------------------------------------------------------------

    def clerks(self) -> dict[str, list[int]]:
        return {loc: list(seats) for loc, seats in self.view["clerks"].items()}

    def full(self, clerks: dict[str, list[int]], loc: str) -> bool:
        spec = self.pack.locations[loc]
        return spec.regular and len(clerks.get(loc, [])) >= spec.slots

    def sources(self, clerks: dict[str, list[int]], reserve: int) -> list[str]:
        """Reserve, or a Location of ours that is not locked (a full regular one keeps its clerks)."""
        out = [RESERVE] if reserve > 0 else []
        return out + [loc for loc in LOCATIONS if self.seat in clerks.get(loc, []) and not self.full(clerks, loc)]

    def rooms(self, clerks: dict[str, list[int]]) -> list[str]:
        return [loc for loc in LOCATIONS if not self.full(clerks, loc)]


Pick = Callable[[Turn], list[str]]


def move_clerk(clerks: dict[str, list[int]], seat: int, src: str, dst: str) -> None:
    """Apply one legal clerk move to a scratch copy of the board's clerks."""
    if src != RESERVE:
        clerks[src].remove(seat)
    clerks.setdefault(dst, []).append(seat)
