"""The Great Wall combat decisions that belong to the player, not the engine [ES v2.0 p.9–12]: which
soldiers die and which are Saved, where a firing archer's wound goes, which overseers a Restless
tactic upgrades, and where a recruit goes when its target vanished. Each prompt opens on the careful
player's default (what the engine used to choose), but the player's answer is what happens."""

from __future__ import annotations

from greatwall_kit import GAME, answer, cleared, cover_rest, horde, jobs

from engine.core.prompt import Prompt
from engine.greatwall.state import Overseer, State

BLUE, RED, YELLOW = 0, 1, 2


def _prompt(state: State, seat: int) -> Prompt:
    return next(p for p in GAME.prompts(state) if p.seat == seat)


def _ids(prompt: Prompt) -> list[str]:
    return [o.id for o in prompt.options]


# --- Soldier death: the owner picks who dies [ES p.10] ---------------------------------------------

def test_death_the_owner_picks_which_soldiers_die_on_a_defeated_horde() -> None:
    """Lethality says how many of each player's soldiers die; the owner says which [ES p.10]. The
    table's report: lethality 1, a spearman and a horseman on the card — the player may let the
    horseman die instead of the spearman."""
    state = cleared()
    state.time = 0  # lethality 1
    card = horde(state, 0, "raiders1", [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9])])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    assert state.ask is not None and state.ask.kind == "casualties"
    prompt = _prompt(state, BLUE)
    assert prompt.pick_min == prompt.pick_max == 1 and _ids(prompt) == ["s0", "s1"]
    assert prompt.default == ("s0",)  # the cheapest is only the preselection
    answer(state, BLUE, "s1")
    assert state.ask is not None and state.ask.kind == "losses" and state.ask.data["counts"] == {"0": 1}
    answer(state, BLUE, "save.0", "tac.none")
    blue = state.players[BLUE]
    assert blue.reserve["horseman"] == 2 and blue.reserve["spearman"] == 9  # the horseman died
    assert state.sections[0].rest[BLUE] == {"spearman": 1, "archer": 0, "horseman": 0}


def test_death_no_question_when_every_soldier_dies_or_all_are_alike() -> None:
    """Nothing to decide, nothing asked: all of a player's soldiers die, or the ones that may die are
    all of one kind (they end in the same place either way) [ES p.10]."""
    state = cleared()
    state.time = 3  # lethality 2
    card = horde(state, 0, "raiders1", [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9]),
                                        (RED, "spearman", [1]), (RED, "spearman", [3]), (RED, "spearman", [11])])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    assert state.ask is not None and state.ask.kind == "losses"


def test_death_several_owners_choose_at_once_and_secretly() -> None:
    """All deaths of one event happen together [ES p.10]: every owner with a choice answers the same
    simultaneous decision, each for their own soldiers only."""
    state = cleared()
    state.time = 0
    card = horde(state, 0, "warlord1", [(BLUE, "spearman", [0]), (BLUE, "horseman", [1, 7]),
                                        (RED, "spearman", [2]), (RED, "horseman", [3, 4])])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    assert state.ask is not None and state.ask.kind == "casualties" and state.ask.seats == [BLUE, RED]
    blue, red = _prompt(state, BLUE), _prompt(state, RED)
    assert blue.secret and red.secret and blue.group == red.group
    assert _ids(blue) == ["s0", "s1"] and _ids(red) == ["s2", "s3"]
    answer(state, RED, "s3")  # Red gives up its horseman
    answer(state, BLUE, "s0")
    assert state.ask is not None and state.ask.kind == "losses"
    for seat in list(state.ask.seats):
        answer(state, seat, "save.0", "tac.none")
    assert state.players[RED].reserve["horseman"] == 2 and state.sections[0].rest[RED]["spearman"] == 1
    assert state.players[BLUE].reserve["spearman"] == 10 and state.sections[0].rest[BLUE]["horseman"] == 1


def test_saving_the_owner_names_the_soldiers_saved() -> None:
    """Each dying soldier may be Saved for 2 Chi [ES p.10]; when only some are, the owner says which
    (the dearest is only the preselection)."""
    state = cleared()
    state.time = 3  # lethality 2: both die
    card = horde(state, 0, "raiders1", [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9])])
    cover_rest(card)
    state.players[BLUE].res["chi"] = 2
    jobs(state, {"op": "defeat_check"})
    answer(state, BLUE, "save.1", "tac.none")
    assert state.ask is not None and state.ask.kind == "rescue"
    prompt = _prompt(state, BLUE)
    assert prompt.pick_min == prompt.pick_max == 1 and prompt.default == ("r0.s1",)
    answer(state, BLUE, "r0.s0")
    assert state.sections[0].rest[BLUE] == {"spearman": 1, "archer": 0, "horseman": 0}
    assert state.players[BLUE].reserve["horseman"] == 2 and state.players[BLUE].res["chi"] == 0


def test_breach_the_owner_picks_who_dies_and_the_survivor_stays_on_the_card() -> None:
    """Breach: lethality on each card, the owner picks which die; survivors stay on the horde and a
    removed soldier leaves a wound on its spots [ES p.10 Brecha steps 2–3]."""
    state = cleared()
    state.time = 0
    card = horde(state, 0, "raiders1", [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9])])
    horde(state, 0, "heavy1", [(BLUE, "spearman", [0])])
    jobs(state, {"op": "breach", "sec": 0})
    while state.ask is not None and state.ask.kind == "shame":
        answer(state, state.ask.seats[0], "spearman")
    assert state.ask is not None and state.ask.kind == "casualties" and state.ask.seats == [BLUE]
    assert _prompt(state, BLUE).default == ("s0",)
    answer(state, BLUE, "s1")
    answer(state, BLUE, "save.0", "tac.none")
    assert [(s.unit, s.spots) for s in card.soldiers] == [("spearman", [0])]
    assert sorted(card.wounds) == [8, 9]
    assert state.sections[0].hordes[1].soldiers == []  # alone there: it dies


# --- Winter firing: the archer's owner picks the spot [ES p.9, FAQ #39] ---------------------------

def test_firing_the_archers_owner_picks_the_wounded_spot() -> None:
    """Each archer in a firing spot puts a wound on a horde of its section [ES p.9]; which vital spot
    is the owner's call (a rewarded spot may be denied). Plain spots first is only the default."""
    state = cleared()
    card = horde(state, 0, "heavy2")
    state.sections[0].firing = [BLUE]
    state.players[BLUE].reserve["archer"] -= 1
    jobs(state, {"op": "firing"})
    assert state.ask is not None and state.ask.kind == "volley"
    prompt = _prompt(state, BLUE)
    assert _ids(prompt) == [f"h0.{s}" for s in (0, 1, 2, 3, 6, 9)] and prompt.default == ("h0.6",)
    answer(state, BLUE, "h0.2")  # deny the gold
    assert card.wounds == [2]


def test_faq39_firing_is_mandatory_with_several_hordes_every_free_spot_and_no_pass() -> None:
    """Firing is mandatory (FAQ #39): with several hordes the panel offers exactly the free vital
    spots of the section's hordes, one pick per archer, and no way not to fire."""
    state = cleared()
    first = horde(state, 1, "raiders1", [(RED, "spearman", [0])], wounds=[1])
    second = horde(state, 1, "scouts1", wounds=[0])
    horde(state, 0, "heavy1")  # another section: never a target
    state.sections[1].firing = [BLUE, BLUE]
    state.players[BLUE].reserve["archer"] -= 2
    jobs(state, {"op": "firing"})
    prompt = _prompt(state, BLUE)
    assert prompt.kind == "volley" and prompt.pick_min == prompt.pick_max == 2
    assert _ids(prompt) == ["h0.3", "h0.8", "h0.9", "h0.11", "h1.2", "h1.7"]
    assert len(prompt.default) == 2
    answer(state, BLUE, "h0.11", "h1.7")
    assert first.wounds == [1, 11] and second.wounds == [0, 7]


def test_firing_every_free_spot_taken_is_not_asked() -> None:
    """As many arrows as free spots: no choice to make, no question [ES p.9]."""
    state = cleared()
    card = horde(state, 0, "scouts1", wounds=[0])
    state.sections[0].firing = [BLUE, BLUE, BLUE]
    state.players[BLUE].reserve["archer"] -= 3
    jobs(state, {"op": "firing"})
    assert state.ask is None and sorted(card.wounds) == [0, 2, 7]


# --- Restless: the player names the overseers [ES p.14, FAQ #21] ----------------------------------

def _restless_position() -> State:
    state = cleared()
    blue = state.players[BLUE]
    state.overseers = {"mill": {BLUE: Overseer(1, "spearman")}, "quarry": {BLUE: Overseer(2, "spearman")},
                       "mine": {BLUE: Overseer(1, "spearman")}, "temple": {BLUE: Overseer(1, "spearman")}}
    blue.reserve["spearman"] -= 4
    state.clerks_at["mill"] = [BLUE, RED]
    return state


def test_faq21_boosted_restless_upgrades_the_two_different_overseers_the_player_names() -> None:
    """Boosted Restless upgrades two different overseers (FAQ #21), the player's pick; the location
    just upgraded cannot take a second one (FAQ #8)."""
    state = _restless_position()
    state.players[BLUE].tactics, state.players[BLUE].res["chi"] = ["restless1"], 5
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    answer(state, BLUE, "up", "tac.restless1.b")
    assert state.ask is not None and state.ask.kind == "restless"
    prompt = _prompt(state, BLUE)
    assert _ids(prompt) == ["quarry", "mine", "temple"] and prompt.pick_min == prompt.pick_max == 2
    assert prompt.default == ("mine", "temple")  # the lowest first: only the preselection
    answer(state, BLUE, "quarry", "temple")
    levels = {loc: o[BLUE].level for loc, o in state.overseers.items()}
    assert levels == {"mill": 2, "quarry": 3, "mine": 1, "temple": 2}


def test_restless_with_no_more_overseers_than_upgrades_is_not_asked() -> None:
    """Two upgrades, two eligible overseers: both go up, no question (FAQ #21)."""
    state = _restless_position()
    del state.overseers["mine"], state.overseers["temple"]
    state.players[BLUE].tactics, state.players[BLUE].res["chi"] = ["restless1"], 2
    jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    answer(state, BLUE, "pass", "tac.restless1.b")
    assert state.ask is None or state.ask.kind != "restless"
    assert {loc: o[BLUE].level for loc, o in state.overseers.items()} == {"mill": 2, "quarry": 3}


# --- Barracks: a recruit whose target vanished is asked again [ES p.12] ---------------------------

def test_recruit_whose_target_vanished_attacks_elsewhere_or_rests_where_the_owner_says() -> None:
    """Each recruit attacks at once in any section, or goes to any Rest Zone [ES p.12]. When an
    earlier recruit of the same activation took the last target, the owner chooses again; the Rest
    Zone of that section is only the default."""
    state = cleared()
    horde(state, 0, "scouts1", wounds=[0, 2])  # one free spot left: one spearman fits
    horde(state, 2, "raiders1")
    state.players[BLUE].res = {"wood": 2, "stone": 4, "gold": 0, "chi": 0}
    jobs(state, {"op": "recruit", "seat": BLUE, "n": 2})
    answer(state, BLUE, "spearman.atk.0", "spearman.atk.0", "tac.none")
    answer(state, BLUE, "h0.7")  # the first recruit takes the last spot
    assert state.ask is not None and state.ask.kind == "regroup"
    prompt = _prompt(state, BLUE)
    assert _ids(prompt) == ["atk.2", "rest.0", "rest.1", "rest.2"] and prompt.default == ("rest.0",)
    answer(state, BLUE, "atk.2")
    assert state.ask is not None and state.ask.kind == "target" and state.ask.data["sec"] == 2
    answer(state, BLUE, "h0.0")
    assert [s.unit for s in state.sections[2].hordes[0].soldiers] == ["spearman"]


def test_recruit_whose_target_vanished_may_still_rest_anywhere() -> None:
    """The same recruit may go to any Rest Zone instead [ES p.12]."""
    state = cleared()
    horde(state, 0, "scouts1", wounds=[0, 2])
    state.players[BLUE].res = {"wood": 2, "stone": 4, "gold": 0, "chi": 0}
    jobs(state, {"op": "recruit", "seat": BLUE, "n": 2})
    answer(state, BLUE, "spearman.atk.0", "spearman.atk.0", "tac.none")
    answer(state, BLUE, "h0.7")
    assert _ids(_prompt(state, BLUE)) == ["rest.0", "rest.1", "rest.2"]
    answer(state, BLUE, "rest.1")
    assert state.sections[1].rest[BLUE]["spearman"] == 1 and BLUE not in state.sections[0].rest


# --- Every AI level answers the new prompts legally; the default is the old engine choice ---------

def test_every_ai_level_answers_the_new_combat_prompts_legally() -> None:
    """AI seats and the default timeout policy answer with the prompt's default; the random baseline
    with any legal pick. Each answer must pass the prompt's own check and apply."""
    from engine.ai import neutral_choice
    from engine.ai.greatwall import GreatWallAI
    from engine.core.rng import Rng

    state = cleared()
    state.time = 0
    card = horde(state, 0, "raiders1", [(BLUE, "spearman", [0]), (BLUE, "horseman", [8, 9])])
    horde(state, 0, "heavy2")
    state.sections[1].firing = [RED]
    state.players[RED].reserve["archer"] -= 1
    horde(state, 1, "heavy2")
    cover_rest(card)
    kinds = set()
    for level in ("random", "easy", "normal", "hard"):
        for seed in range(3):
            position = GAME.loads(GAME.dumps(state))
            jobs(position, {"op": "firing"}, {"op": "defeat_check"})
            while position.ask is not None:
                prompt = GAME.prompts(position)[0]
                kinds.add(prompt.kind)
                choice = GreatWallAI(GAME, level).choose(GAME.view(position, prompt.seat), prompt, Rng(seed))
                prompt.check(choice)
                if level == "normal" and prompt.default:
                    assert choice.values == prompt.default == neutral_choice(prompt).values  # type: ignore[union-attr]
                GAME.apply(position, prompt.seat, choice)
    assert {"volley", "casualties", "losses"} <= kinds
