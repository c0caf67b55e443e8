"""The hard seat reads an attack with the battle rules (engine/ai/akhedena_strike.py): archers
shooting a non-archer at range hit each of its army cards on its own, and a castle's own walls once
its cards are gone [Cómo Batallar, Escenario A] (akhedena-facts.md §7.3); whoever destroys the
castle holding the crown takes it [Cómo Obtener la Corona]."""

from __future__ import annotations

from engine.ai.akhedena import AkhedenaAI
from engine.akhedena.game import AkhedenaGame
from engine.core.prompt import Option, Prompt
from engine.core.rng import Rng

GAME = AkhedenaGame()
BASE = {"name": "", "fought": False, "fed": False, "steps": 0, "crown": False}


def test_archers_storm_a_crown_castle_whose_total_defence_outweighs_their_attack() -> None:
    """Bowmen of total ATK 80 (two 30s and their bow general's +20) two squares from a sword castle
    holding the crown: its total DEF is 140 (walls 40 + 20, two cards of 40 with its +20 each), but
    each card alone defends 60 and the walls 40, all below 80, so the volley takes the castle and
    the crown. The normal seat compares totals and holds its fire; the hard seat shoots."""
    state = GAME.setup(2, {"mode": "standard"}, 3)
    view = GAME.view(state, 0)
    archers = {**BASE, "id": "p8", "seat": 0, "kind": "general", "card": "g12", "cls": "ranged", "weapon": "bow",
               "at": [10, 10], "army": ["bow2", "bow2"]}
    castle = {**BASE, "id": "p9", "seat": 1, "kind": "castle", "card": "c04", "cls": "infantry", "weapon": "sword",
              "at": [12, 10], "army": ["sword3", "sword3"], "crown": True}
    view["pieces"] = [archers, castle]
    view["crown"] = {"at": [12, 10], "seat": 1, "castle": "p9"}
    prompt = Prompt(seat=0, kind="attack", id="attack9", key="ak.ask.attack", args={"unit": "g12"},
                    options=(Option("p9", "ak.opt.target", {"ranged": True}), Option("none", "ak.opt.no_attack")))
    assert AkhedenaAI(GAME, "normal").choose(view, prompt, Rng.from_seed(1)).values[0] == "none"
    assert AkhedenaAI(GAME, "hard").choose(view, prompt, Rng.from_seed(1)).values[0] == "p9"
