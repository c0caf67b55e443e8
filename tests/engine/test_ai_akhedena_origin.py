"""The hard seat keeps its Origin Point shut while VP lie on it: a piece stepping onto an enemy
Origin Point takes every VP stacked there [Puntos de Origen] (C9, akhedena-facts.md §2), and walls
block every move onto their square until a unit spends its attack breaking one [Muros]."""

from __future__ import annotations

from engine.ai.akhedena import AkhedenaAI
from engine.akhedena.game import AkhedenaGame
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng

GAME = AkhedenaGame()
BASE = {"name": "", "weapon": "", "fought": False, "fed": False, "steps": 0, "crown": False}


def test_vp_on_an_open_origin_point_are_walled_in_before_any_march() -> None:
    """Seat 0 has 20 VP on its Origin Point and no wall beside it; its armed general could march on
    seat 1's crown castle. The normal seat marches; the hard seat builds first."""
    state = GAME.setup(2, {"mode": "standard"}, 3)
    view = GAME.view(state, 0)
    general = {**BASE, "id": "p8", "seat": 0, "kind": "general", "card": "g01", "cls": "infantry",
               "at": [4, 4], "army": ["axe2", "axe2"]}
    castle = {**BASE, "id": "p9", "seat": 1, "kind": "castle", "card": "c04", "cls": "infantry",
              "at": [12, 12], "army": [], "crown": True}
    view["pieces"] = [general, castle]
    view["walls"] = []
    view["crown"] = {"at": [12, 12], "seat": 1, "castle": "p9"}
    view["players"][0].update(gold=5, castles=1, origin_vp=20, vp=20)
    prompt = Prompt(seat=0, kind="action", id="action9", key="ak.ask.action",
                    options=tuple(Option(a, "ak.opt.action") for a in ("market", "redistribute", "build", "fight")))
    assert AkhedenaAI(GAME, "normal").choose(view, prompt, Rng.from_seed(1)).values[0] == "fight"
    assert AkhedenaAI(GAME, "hard").choose(view, prompt, Rng.from_seed(1)).values[0] == "build"
    view["walls"] = [{"at": [0, 1], "seat": 0}, {"at": [1, 0], "seat": 0}]  # shut: the march goes on
    assert AkhedenaAI(GAME, "hard").choose(view, prompt, Rng.from_seed(1)).values[0] == "fight"
