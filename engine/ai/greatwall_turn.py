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
