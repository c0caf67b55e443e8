"""The Akhedena AI levels do what their names promise on hand-made positions: the baseline stays
within the rules, the hard seat takes a won game and walls its Origin Point in."""

from __future__ import annotations

from engine.ai import choose
from engine.ai.akhedena import AkhedenaAI, random_legal
from engine.akhedena.game import AkhedenaGame
from engine.akhedena.state import card_type
from engine.core.prompt import Choice, Option, Prompt
from engine.core.rng import Rng

GAME = AkhedenaGame()


def test_random_upkeep_never_spends_more_gold_than_the_purse() -> None:
    options = tuple(Option(f"lance1.{i}", "ak.opt.keep", {"cost": 2}) for i in range(2))
    prompt = Prompt(seat=0, kind="upkeep", id="upkeep0", key="ak.ask.upkeep", options=options,
                    pick_min=0, pick_max=2, args={"gold": 3})
    kept = {random_legal(prompt, Rng.from_seed(seed)).values for seed in range(60)}
    assert max(len(k) for k in kept) == 1  # two cards would cost 4
    assert () in kept and len(kept) == 3  # and every affordable answer turns up


def test_hard_quick_seat_rides_down_the_enemy_hero() -> None:
    """A rider on the same file as a weakly guarded hero wins on the spot [Condiciones de Victoria]."""
    state = GAME.setup(2, {"mode": "quick"}, 0)
    rider = next(p for p in state.pieces if p.seat == 0 and p.card == "g23")
    hero = next(p for p in state.pieces if p.seat == 1 and p.kind == "hero")
    assert rider.at == [12, 0]
    hero.at = [5, 0]
    hero.army = [next(c for c in state.army_deck if card_type(c) == "spear3")]
    step = 0
    while (prompts := GAME.prompts(state)) and prompts[0].seat == 0:
        prompt = prompts[0]
        GAME.apply(state, 0, choose(GAME, GAME.view(state, 0), prompt, step, "hard"))
        step += 1
    assert state.over and state.winners == [0] and state.end == "hero"


def test_hard_seat_walls_its_origin_point_in_first() -> None:
    state = GAME.setup(2, {"mode": "standard"}, 3)
    view = GAME.view(state, 0)
    origin = tuple(next(t for t in view["territories"] if t["seat"] == 0)["origin"])
    r0, r1 = next(t for t in view["territories"] if t["seat"] == 0)["rows"]
    c0, c1 = next(t for t in view["territories"] if t["seat"] == 0)["cols"]
    labels = [f"{chr(65 + c)}{r + 1}" for r in range(r0, r1 + 1) for c in range(c0, c1 + 1) if (r, c) != origin]
    prompt = Prompt(seat=0, kind="place", id="place9", key="ak.ask.place_wall",
                    options=tuple(Option(label, "ak.opt.square") for label in labels))
    pick = AkhedenaAI(GAME, "hard").choose(view, prompt, Rng.from_seed(1)).values[0]
    row, col = int(pick[1:]) - 1, ord(pick[0]) - 65
    assert abs(row - origin[0]) + abs(col - origin[1]) == 1



def test_hard_quick_archer_walks_into_range_and_shoots_the_hero() -> None:
    """Quick play [Modo de Partida Rápida]: a turn moves one piece, which may then strike; an archer
    strikes anything within two squares, where each of a non-archer's army cards defends alone and
    none strikes back, and beating a hero wins the game. Seat 1's archer can walk to such a square
    beside seat 0's hero, so the hard seat must move it there (its search's square, not the
    heuristic's walk toward the nearest foe) and win on the spot."""
    state = GAME.setup(3, {"mode": "quick"}, 1)
    GAME.apply(state, 0, Choice("qturn", ("p5",)))  # seat 0's rider rides up the west flank
    GAME.apply(state, 0, Choice("qmove", ("C5",)))
    archer = next(p for p in state.pieces if p.id == "p9")
    hero = next(p for p in state.pieces if p.seat == 0 and p.kind == "hero")
    assert archer.seat == 1 and archer.at == [8, 0] and hero.at == [12, 4]
    step = 0
    while (prompts := GAME.prompts(state)) and prompts[0].seat == 1:
        GAME.apply(state, 1, choose(GAME, GAME.view(state, 1), prompts[0], step, "hard"))
        step += 1
    assert state.over and state.winners == [1] and state.end == "hero"


def test_hard_seat_walls_in_the_castle_holding_its_crown() -> None:
    """[Cómo Obtener la Corona]: whoever destroys the castle holding the crown takes it; [Muros]:
    walls block every attack, and a unit must spend its attack breaking one first. Holding the crown,
    the hard seat builds its walls on the free squares of its territory beside that castle."""
    state = GAME.setup(2, {"mode": "standard"}, 3)
    view = GAME.view(state, 0)
    castle = {"id": "p9", "seat": 0, "kind": "castle", "card": "c04", "name": "", "cls": "infantry",
              "weapon": "", "at": [2, 2], "army": [], "crown": True, "fought": False, "fed": False, "steps": 0}
    view["pieces"] = [*view["pieces"], castle]
    view["crown"] = {"at": [2, 2], "seat": 0, "castle": "p9"}
    labels = [f"{chr(65 + c)}{r + 1}" for r in range(5) for c in range(5) if (r, c) not in ((0, 0), (2, 2))]
    prompt = Prompt(seat=0, kind="place", id="place9", key="ak.ask.place_wall",
                    options=tuple(Option(label, "ak.opt.square") for label in labels))
    pick = AkhedenaAI(GAME, "hard").choose(view, prompt, Rng.from_seed(1)).values[0]
    row, col = int(pick[1:]) - 1, ord(pick[0]) - 65
    assert abs(row - 2) + abs(col - 2) == 1


def test_hard_seat_holding_the_crown_walls_its_castle_before_marching() -> None:
    """[Cómo Obtener la Corona]: whoever destroys the castle holding the crown takes it; [Muros]:
    walls block every attack on what they surround. With a free square beside its crown's castle
    and the gold for a wall, the hard seat takes the Build action, though an armed general of its
    could march on a rival's Origin Point holding VP."""
    state = GAME.setup(2, {"mode": "standard"}, 3)
    view = GAME.view(state, 0)
    base = {"name": "", "weapon": "", "fought": False, "fed": False, "steps": 0}
    castle = {**base, "id": "p9", "seat": 0, "kind": "castle", "card": "c04", "cls": "infantry",
              "at": [2, 2], "army": [], "crown": True}
    general = {**base, "id": "p8", "seat": 0, "kind": "general", "card": "g01", "cls": "infantry",
               "at": [4, 4], "army": ["axe3"], "crown": False}
    view["pieces"] = [castle, general]
    view["crown"] = {"at": [2, 2], "seat": 0, "castle": "p9"}
    view["players"][0].update(gold=5, castles=1)
    view["players"][1].update(origin_vp=10, vp=10)
    prompt = Prompt(seat=0, kind="action", id="action9", key="ak.ask.action",
                    options=tuple(Option(a, "ak.opt.action") for a in ("market", "redistribute", "build", "fight")))
    assert AkhedenaAI(GAME, "normal").choose(view, prompt, Rng.from_seed(1)).values[0] == "fight"
    assert AkhedenaAI(GAME, "hard").choose(view, prompt, Rng.from_seed(1)).values[0] == "build"


def test_hard_seat_drafts_the_hero_with_the_longer_die_move() -> None:
    """[Cómo Obtener la Corona]: the first hero to reach the fortress centre takes the crown; the
    pack's Turn Guide power "steps" adds one step to the hero's die move [Detalles del Turno], so
    the hard seat drafts that hero while it is offered."""
    state = GAME.setup(2, {"mode": "standard"}, 3)
    view = GAME.view(state, 0)
    heroes = [h for h in GAME.pack.heroes if GAME.pack.heroes[h].power != "steps"]
    quick = next(h for h in GAME.pack.heroes if GAME.pack.heroes[h].power == "steps")
    prompt = Prompt(seat=0, kind="draft_hero", id="draft_hero1", key="ak.ask.hero",
                    options=tuple(Option(h, "ak.opt.hero") for h in [*heroes, quick]))
    assert AkhedenaAI(GAME, "hard").choose(view, prompt, Rng.from_seed(1)).values[0] == quick
