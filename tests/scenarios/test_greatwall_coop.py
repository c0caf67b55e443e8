"""The Great Wall co-operative mode, rule by rule [ES p.18–19] (fact sheet §12; FAQ #3, #16, #38).

Each test builds a position with the engine's own setup and tasks, then checks one rule of the co-op
pages. The Demand and Event cards are our stand-ins (engine/greatwall/data/coop.toml); the tests pick
them by id so each rule is exercised whatever the stand-in contents.
"""

from __future__ import annotations

import pytest
from greatwall_kit import GAME, PACK, answer, jobs, keys

from bot.i18n import LANGS, t, translator
from bot.presenters import presenter_for
from engine.core.errors import IllegalChoice
from engine.core.prompt import Choice, Option
from engine.greatwall.coop import TARGET
from engine.greatwall.state import Claimed, HordeCard, State, TrackCard

COOP = {"mode": "coop"}


def coop(seats: int = 3, seed: int = 1, options: dict[str, str] | None = None) -> State:
    """A co-op game just past the draft, with an empty board, no Demands, no Events, nothing pending;
    each player's reserve holds spearmen only (a Shame token then has one place: no question)."""
    state = GAME.setup(seats, options or COOP, seed)
    for prompt in GAME.prompts(state):
        GAME.apply(state, prompt.seat, Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    state.clerks_at, state.tea, state.ask, state.tasks = {}, list(range(seats)), None, []
    state.demands, state.demand_deck, state.events, state.event_deck = [None] * 3, [], [], []
    state.track, state.command_discard, state.time = [None] * 5, [], 1
    for p in state.players:
        p.tactics, p.active, p.support, p.honor = [], [], [], 0
        p.res = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
        p.reserve = {"spearman": 5, "archer": 0, "horseman": 0}
    return state


def _settle(state: State) -> None:
    """Answer every open question with the prompt's own default (or its first options)."""
    while state.ask is not None:
        prompt = GAME.prompts(state)[0]
        if prompt.default:
            values = list(prompt.default)
        elif prompt.slots > 1:
            values = [prompt.options_for(i)[0].id for i in range(prompt.slots)]
        else:
            values = [o.id for o in prompt.options[:max(1, prompt.pick_min)]]
        GAME.apply(state, prompt.seat, Choice(prompt.kind, tuple(values)))


def _seen(events: list[object], key: str) -> int:
    return keys(events).index(f"gw.{key}")  # type: ignore[arg-type]


# --- Setup [ES p.18, "Cambios en la preparación"] ---------------------------------------------------

def test_setup_step_3_demands_take_the_artifact_slots() -> None:
    """Setup step 3: no Artifacts; the Demand deck is shuffled and 3 Demands go on the artifact slots."""
    state = GAME.setup(3, COOP, 4)
    assert state.artifacts == [] and len(state.demands) == 3 and None not in state.demands
    assert len(state.demand_deck) == len(PACK.demands) - 3


def test_setup_steps_4_and_5_coop_hordes_players_plus_one() -> None:
    """Steps 4–5: only the co-op Horde deck is used, and players + 1 Hordes are placed."""
    for seats in (3, 4):
        state = GAME.setup(seats, COOP, 2)
        on_board = [c.card for s in state.sections for c in s.hordes]
        assert len(on_board) == seats + 1
        assert set(on_board + state.horde_deck) <= set(PACK.coop["hordes"])


def test_setup_steps_7_and_9_coop_tactics_and_generals_are_shuffled_in() -> None:
    """Steps 7 and 9: co-op Tactics and Generals join the normal decks (not replace them)."""
    state = GAME.setup(4, COOP, 3)
    offered = [g for p in state.players for g in p.offer_generals]
    # 20 base + 12 co-op Tactics, 13 + 8 Generals (the fifth player's join only at 5 [IT 5P]).
    assert len(state.tactic_deck) == len(PACK.deck("tactics", "coop")) == 32
    assert set(offered) <= set(PACK.generals) and len(PACK.deck("generals", "coop")) == 21


def test_setup_step_21_event_deck_face_down() -> None:
    """Step 21 (new): all co-op Events shuffled face down; none is revealed at setup."""
    state = GAME.setup(3, COOP, 5)
    assert sorted(state.event_deck) == sorted(PACK.events) and state.events == []


# --- Spring, Summer, building [ES p.19, "Reglas especiales"] ----------------------------------------

def test_extra_horde_cards_one_more_each_spring() -> None:
    """The "+1" Time marker: each Spring one Horde more than the Time track shows; it does not
    change Lethality (FAQ #16)."""
    state = coop()
    state.horde_deck = list(PACK.coop["hordes"])
    shown, lethality = PACK.time[3][2]
    jobs(state, {"op": "spring"})
    assert sum(len(s.hordes) for s in state.sections) == shown + 1
    assert GAME.view(state, None)["lethality"] == lethality


def test_shame_tokens_discarded_for_10_honor_in_summer_not_chi() -> None:
    """In Summer a Shame token is discarded by losing 10 Honor (no Chi option)."""
    state = coop()
    p = state.players[0]
    p.honor, p.res["chi"], p.shamed["spearman"] = 25, 9, 2
    jobs(state, {"op": "summer"})
    assert state.ask is not None and state.ask.kind == "coop_shame"
    shame = GAME.prompts(state)[0].options_for(0)
    assert [o.id for o in shame] == ["shame.0", "shame.1", "shame.2"]
    answer(state, 0, "shame.2", "tac.none")
    answer(state, 1, "shame.0", "tac.none")
    answer(state, 2, "shame.0", "tac.none")
    assert (p.honor, p.res["chi"], p.shamed["spearman"]) == (5, 9, 0)


def test_no_reclaiming_cards_in_summer() -> None:
    """The Summer "reclaim command cards" step is gone: the track still goes to the discard, but no
    card comes back to a hand and no Honor is scored for them."""
    state = coop()
    state.track[0] = TrackCard(0, "economy")
    hand = list(state.players[0].hand)
    jobs(state, {"op": "summer"})
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == 0 and prompt.slot_keys == ("gw.slot.shame", "gw.slot.tactic")
    for seat in range(3):
        answer(state, seat, "shame.0", "tac.none")
    assert state.players[0].hand == hand and state.players[0].honor == 0
    assert [(c.seat, c.card) for c in state.command_discard] == [(0, "economy")]


def test_building_a_wall_reclaims_one_command_card() -> None:
    """Building a Wall level lets its builder take 1 of their command cards back from the discard."""
    state = coop()
    p = state.players[0]
    p.hand.remove("economy")
    state.command_discard = [TrackCard(0, "economy"), TrackCard(1, "economy")]
    p.res["stone"] = 20
    jobs(state, {"op": "build", "seat": 0, "n": 1})
    answer(state, 0, "wall.0", "tac.none")
    while state.ask is not None and state.ask.kind == "pay":
        answer(state, 0, GAME.prompts(state)[0].default[0])
    assert state.ask is not None and state.ask.kind == "reclaim_card"
    answer(state, 0, "take.economy")
    assert "economy" in p.hand and [c.seat for c in state.command_discard] == [1]


# --- Hordes and Shame ------------------------------------------------------------------------------

def _defeat_setup(state: State) -> HordeCard:
    card = HordeCard("c_envoys1")
    state.sections[0].hordes.append(card)
    spots = PACK.hordes["c_envoys1"].spots
    from engine.greatwall.state import Soldier
    card.soldiers = [Soldier(0, "spearman", [spots[0]]), Soldier(1, "spearman", [spots[1]])]
    state.players[0].reserve["spearman"] -= 1
    state.players[1].reserve["spearman"] -= 1
    return card


def test_claiming_a_horde_gains_its_honor_immediately() -> None:
    """The player who claims a Horde gains its Honor at once, not at the end (FAQ #3)."""
    state = coop()
    _defeat_setup(state)
    jobs(state, {"op": "defeat_check"})
    _settle(state)
    honor = PACK.hordes["c_envoys1"].honor
    claimed = [s for s, p in enumerate(state.players) if p.claimed]
    assert claimed == [0]  # a tie on covered spots goes to the higher Tea marker
    assert state.players[0].honor == PACK.costs["defeat_honor"] + honor


def test_tea_order_breaks_ties_when_claiming_hordes() -> None:
    """Tea order still breaks a tie on covered vital spots when claiming a Horde."""
    state = coop()
    state.tea = [1, 0, 2]
    _defeat_setup(state)
    jobs(state, {"op": "defeat_check"})
    _settle(state)
    assert [s for s, p in enumerate(state.players) if p.claimed] == [1]


def test_no_shame_on_horde_cards() -> None:
    """Shame tokens may not go on the Shame slots of claimed Horde cards."""
    state = coop()
    p = state.players[0]
    p.claimed = [Claimed("c_envoys1")]
    p.reserve = {"spearman": 3, "archer": 2, "horseman": 0}
    jobs(state, {"op": "shame", "seat": 0, "reason": "breach"})
    assert state.ask is not None
    assert sorted(o.id for o in GAME.prompts(state)[0].options) == ["archer", "spearman"]


def test_lose_10_honor_to_discard_a_shame_right_after_gaining_it() -> None:
    """Right after gaining a Shame token, a player may lose 10 Honor to discard it."""
    state = coop()
    p = state.players[0]
    p.honor = 12
    supply = state.shame_supply
    jobs(state, {"op": "shame", "seat": 0, "reason": "breach"})
    assert "honor" in [o.id for o in GAME.prompts(state)[0].options]
    answer(state, 0, "honor")
    assert (p.honor, sum(p.shamed.values()), state.shame_supply) == (2, 0, supply)


# --- The co-op Winter [ES p.18–19, "Flujo de la partida en modo cooperativo"] -----------------------

def test_winter_order_fulfil_end_check_demand_step_event_step() -> None:
    """Winter: Firing, Assault, fulfil Demands, end check, Demand step, then the Event step."""
    state = coop()
    state.players[0].walls_built = 4
    state.demands = ["ramparts", "timber", None]
    state.demand_deck = ["marble"]
    state.event_deck = ["harvest"]
    state.horde_deck = list(PACK.coop["hordes"])
    events = jobs(state, {"op": "winter"})
    assert "gw.demand_met" not in keys(events) and state.ask is not None and state.ask.kind == "demands"
    for seat in range(3):
        events += answer(state, seat, "s1")  # nobody can pay for the timber
    assert _seen(events, "demand_met") < _seen(events, "shame") < _seen(events, "demand_new") < _seen(events, "event")
    assert state.fulfilled == ["ramparts"] and state.season != "over"


def test_demand_step_one_shame_per_player_per_unmet_demand_then_refill() -> None:
    """Demand step: each player gains 1 Shame per Demand still on the board; then empty slots refill."""
    state = coop()
    state.demands = ["timber", "marble", None]
    state.demand_deck = ["treasury", "prayers"]
    jobs(state, {"op": "demand_step"})
    assert [sum(p.shamed.values()) for p in state.players] == [2, 2, 2]
    assert state.demands == ["timber", "marble", "treasury"] and state.demand_deck == ["prayers"]


def test_all_players_demand_each_pays_their_own_share() -> None:
    """An "all players" Demand: every player pays their own part; if one cannot, it is not met and
    nobody pays (nobody pays for a partner)."""
    state = coop()
    state.demands = ["supplies", None, None]
    for p in state.players:
        p.res.update(wood=1, stone=1, gold=1)
    jobs(state, {"op": "fulfil"})
    for seat in range(3):
        answer(state, seat, "d0")
    assert state.fulfilled == ["supplies"] and all(sum(p.res.values()) == 0 for p in state.players)
    state = coop()
    state.demands = ["supplies", None, None]
    for p in state.players[:2]:
        p.res.update(wood=3, stone=3, gold=3)
    jobs(state, {"op": "fulfil"})
    assert GAME.prompts(state)[2].default == ("s0",)  # seat 2 cannot pay its part
    answer(state, 0, "d0")
    answer(state, 1, "d0")
    answer(state, 2, "s0")
    assert state.fulfilled == [] and state.players[0].res["wood"] == 3


def test_a_demand_is_paid_in_full_at_once() -> None:
    """A requirement is met in one full payment: a player short of it cannot pay part of it."""
    state = coop()
    state.demands = ["timber", None, None]
    state.players[0].res["wood"] = 4
    jobs(state, {"op": "fulfil"})
    assert GAME.prompts(state)[0].default == ("s0",)
    try:
        answer(state, 0, "d0")
        raise AssertionError("a part payment was accepted")
    except IllegalChoice as refused:
        assert refused.reason == "unknown_option"  # paying it is not even offered
    assert state.fulfilled == [] and state.players[0].res["wood"] == 4


def _labels(option: Option) -> dict[str, str]:
    presenter = presenter_for(GAME)
    return {lang: presenter.option_label(translator(lang), option, ["Ana", "Bo", "Cy"]) for lang in LANGS}


def test_a_demand_you_cannot_pay_is_not_offered_as_paid_and_says_what_paying_needs() -> None:
    """ES p.18: a Demand is met by paying its whole cost at once, and (our reading, demands.py) one
    player pays a "one player" Demand alone, from their own supply. Short of it, paying is no option:
    the panel says how much more paying needs, never what anyone holds (resources stay behind each
    screen [ES p.5]), and a partner's supply changes nothing in it."""
    state = coop()
    state.demands = ["timber", None, None]
    state.players[0].res["wood"] = 3
    state.players[1].res["wood"] = 9
    jobs(state, {"op": "fulfil"})
    mine = GAME.prompts(state)[0]
    assert [o.id for o in mine.options] == ["s0"]
    assert mine.options[0].args["short"] == {"wood": 2}
    for lang, label in _labels(mine.options[0]).items():
        wood = translator(lang)("gw.res.wood")
        assert f"2 {wood}" in label and "3" not in label and "9" not in label, (lang, label)
    with pytest.raises(IllegalChoice):
        answer(state, 0, "d0")
    state.players[1].res["wood"] = 0
    assert GAME.prompts(state)[0] == mine


def test_demands_you_cannot_pay_together_are_refused_naming_the_shortfall() -> None:
    """ES p.18: each Demand is paid in full. Two Demands each within your means may not be together:
    the refusal names how much is missing, not what you hold, and nothing is paid."""
    state = coop()
    state.demands = ["timber", "supplies", None]
    state.players[0].res.update(wood=5, stone=1, gold=1)
    jobs(state, {"op": "fulfil"})
    assert {o.id for o in GAME.prompts(state)[0].options} == {"s0", "d0", "s1", "d1"}
    with pytest.raises(IllegalChoice) as refused:
        answer(state, 0, "d0", "d1")
    assert refused.value.key == "gw.error.demands_short.wood" and refused.value.args_ == {"count": 1}
    for lang in LANGS:
        text = t(lang, refused.value.key, **refused.value.args_)
        assert text != refused.value.key and "1" in text and "5" not in text, (lang, text)
    assert state.players[0].res["wood"] == 5 and state.ask is not None and not state.ask.answers


def test_sacrificed_soldiers_leave_the_game() -> None:
    """A Sacrifice removes the components from the game for good."""
    state = coop()
    state.demands = ["guard", None, None]
    jobs(state, {"op": "fulfil"})
    for seat in range(3):
        answer(state, seat, "d0")
    assert state.fulfilled == ["guard"]
    assert all(p.reserve["spearman"] == 3 and p.sacrificed["spearman"] == 2 for p in state.players)


def test_event_instant_now_passive_all_game_never_discarded() -> None:
    """Event step: the instant effect happens now, the passive effect lasts the whole game, and the
    card is never discarded."""
    state = coop()
    state.event_deck = ["caravan", "fever"]
    jobs(state, {"op": "event_step"})
    assert [p.res["gold"] for p in state.players] == [2, 2, 2]
    state.event_deck = ["fever"]
    before = GAME.view(state, None)["lethality"]
    jobs(state, {"op": "event_step"})
    assert state.events == ["caravan", "fever"] and GAME.view(state, None)["lethality"] == before + 1
    jobs(state, {"op": "summer"})  # the caravan's passive income, every Summer
    assert [p.res["wood"] for p in state.players] == [1, 1, 1]


# --- The end [ES p.19, "Fin de partida"] ------------------------------------------------------------

def test_win_at_the_end_check_with_the_demand_target() -> None:
    """The team wins at the end check once 7 (3 players) or 9 (4 players) Demands are met; a
    co-op game is won or lost by everyone together."""
    assert (TARGET[3], TARGET[4]) == (7, 9)
    for seats in (3, 4):
        state = coop(seats)
        state.fulfilled = list(PACK.demands)[:TARGET[seats] - 1]
        jobs(state, {"op": "coop_end_check"})
        assert state.season != "over"
        state.fulfilled.append("glory")
        jobs(state, {"op": "coop_end_check"})
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winners == tuple(range(seats)) and outcome.places == (1,) * seats


def test_a_shame_due_from_an_empty_supply_loses_at_once() -> None:
    """If a player must take a Shame token and none is left, everyone loses immediately."""
    state = coop()
    state.shame_supply = 0
    jobs(state, {"op": "shame", "seat": 1, "reason": "breach"}, {"op": "spring"})
    outcome = GAME.outcome(state)
    assert state.season == "over" and state.end_reasons == ["shame_due"]
    assert outcome is not None and outcome.winners == ()


def test_a_raid_emptying_the_supply_is_no_loss_until_a_shame_is_due() -> None:
    """ES p.19 / RU p.19: in co-op the team loses at once when a player must take a Shame token and
    the supply has none; an empty supply by itself only counts at the Winter end check [ES p.9]. So a
    Spring Raid that boxes the last tokens does not end the game (unlike solo, ES p.17); the first
    Shame then due does."""
    state = coop()
    for section in state.sections:  # every Section full: each new Horde is a Raid [ES p.8]
        for card in state.horde_deck[:3]:
            state.horde_deck.remove(card)
            section.hordes.append(HordeCard(card))
    state.shame_supply = 3
    events = jobs(state, {"op": "spring"})
    assert "gw.raid" in keys(events) and state.shame_supply == 0
    assert state.season == "summer" and GAME.outcome(state) is None
    state.ask, state.tasks = None, []
    jobs(state, {"op": "shame", "seat": 0, "reason": "breach"})
    assert state.season == "over" and state.end_reasons == ["shame_due"]


def test_the_time_marker_on_the_last_space_loses() -> None:
    """The team loses when the game ends with the Time marker on the last space."""
    state = coop()
    state.time = len(PACK.time[3]) - 1
    jobs(state, {"op": "coop_end_check"})
    assert state.won is False and state.end_reasons == ["time"]


def test_c14_target_met_in_the_last_winter_table_option() -> None:
    """Conflict C14: the target met at the last space's end check wins (RU p.19, default); the table
    option time_loss=always plays the literal ES p.19 reading, where reaching the last space loses."""
    for option, won in (("unmet", True), ("always", False)):
        state = coop(options={"mode": "coop", "time_loss": option})
        state.time = len(PACK.time[3]) - 1
        state.fulfilled = list(PACK.demands)[:TARGET[3]]
        jobs(state, {"op": "coop_end_check"})
        assert state.won is won


def test_the_wall_end_condition_is_ignored() -> None:
    """In co-op, completed Walls do not end the game."""
    state = coop()
    for section in state.sections:
        section.wall = 3
    jobs(state, {"op": "coop_end_check"})
    assert state.season != "over"


# --- Command cards: secret choice, open planning [ES p.19, "Cartas de mando"] -----------------------

def test_command_cards_secret_then_the_team_plans_the_slots_openly() -> None:
    """Command cards are chosen secretly and revealed together; then the players may discuss the
    slot order openly: the public view shows the revealed cards and the open slots."""
    state = coop()
    events = jobs(state, {"op": "fall"})
    assert GAME.view(state, None)["coop"]["plan"]["revealed"] == {}
    for seat in range(3):
        events += answer(state, seat, "economy")
    plan = GAME.view(state, None)["coop"]["plan"]
    assert plan["revealed"] == {"0": "economy", "1": "economy", "2": "economy"} and plan["open_slots"]
    assert "gw.plan" in keys(events)


def test_the_team_decides_the_order_at_a_location() -> None:
    """Tea order no longer orders the clerks' actions: the team decides (the active player gives the
    order, Tea order preselected)."""
    state = coop()
    state.active = 2
    state.clerks_at = {"academy": [0, 1]}
    jobs(state, {"op": "activate", "loc": "academy", "advanced": False})
    assert state.ask is not None and state.ask.kind == "team_order" and state.ask.seats == [2]
    events = answer(state, 2, "o10")
    assert [e.args["seat"] for e in events if e.key == "gw.draw"] == [1, 0]
