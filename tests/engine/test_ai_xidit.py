"""The Xidit AI levels in constructed situations: the hard seat takes a clearly winning move, never
throws rewards away, and the random baseline really is random (but legal)."""

from __future__ import annotations

from collections import Counter

from xidit_support import GAME

from engine.ai.xidit import XiditAI
from engine.ai.xidit_value import ASSESS_WEIGHT, SCALE, Values
from engine.core.prompt import Prompt
from engine.core.rng import Rng
from engine.xidit.orders import path
from engine.xidit.pack import COLOURS
from engine.xidit.state import CityTile, Guild, Pending, State


def _programming(seed: int = 3) -> State:
    """A 4-seat short game at its first programming phase (everyone placed by the normal AI)."""
    state = GAME.setup(4, {"length": "short"}, seed)
    while state.phase == "place":
        prompt = GAME.prompts(state)[0]
        GAME.apply(state, prompt.seat, XiditAI(GAME, "normal").choose(
            GAME.view(state, prompt.seat), prompt, Rng.from_seed(seed)))
    assert state.phase == "program"
    return state


def _prompt(state: State, seat: int, kind: str) -> Prompt:
    return next(p for p in GAME.prompts(state) if p.seat == seat and p.kind == kind)


def _threat_next_door(state: State, seat: int) -> tuple[int, str]:
    """Stand the seat one road away from a board threat it can pay for; (threat city, colour)."""
    threat = next(c for c, t in sorted(state.board.items()) if t.side == "threat")
    colour = next(c for c in COLOURS if GAME.pack.road(threat, c) is not None)
    start = GAME.pack.road(threat, colour)
    assert start is not None
    state.board.pop(start, None)  # nothing else worth doing where it stands
    player = state.players[seat]
    player.city = start
    player.units = {u: 0 for u in player.units} | dict(Counter(GAME.pack.tiles[threat].need))
    back = next(c for c in COLOURS if GAME.pack.road(start, c) == threat)
    return threat, back


def _acts_at(state: State, seat: int, orders: tuple[str, ...]) -> list[int | None]:
    where = path(GAME.pack, state.players[seat].city, list(orders))
    return [city for city, order in zip(where, orders, strict=True) if order == "act"]


def test_hard_clears_the_only_threat_at_once() -> None:
    # The only tile on the board is a threat one road away that the seat can pay for: going there
    # and acting first beats holding the units (a rival could clear it first).
    state = _programming()
    threat, back = _threat_next_door(state, seat=0)
    state.board = {threat: state.board[threat]}
    choice = XiditAI(GAME, "hard").choose(GAME.view(state, 0), _prompt(state, 0, "program"),
                                          Rng.from_seed(1))
    assert choice.values[:2] == (back, "act")


def test_hard_cashes_its_units_in_the_last_year() -> None:
    # After the last year's census units only break ties: a payable threat next door is cleared.
    state = _programming()
    state.year = state.years
    threat, _ = _threat_next_door(state, seat=0)
    choice = XiditAI(GAME, "hard").choose(GAME.view(state, 0), _prompt(state, 0, "program"),
                                          Rng.from_seed(1))
    assert threat in _acts_at(state, 0, choice.values)


def test_hard_keeps_stories_out_of_a_rival_guild() -> None:
    # Rulebook: one colour per guild; stories that do not fit stay in the supply (worth nothing).
    state = _programming()
    tile = GAME.pack.tiles[7]  # 5 gold, 4 bards, 4 stories
    state.players[0].city = 7
    state.board[7] = CityTile(7, "threat")
    state.guilds[7] = Guild(owner=1, height=1)
    state.pending = [Pending(0, "rewards", source="tile:7", rewards=["gold", "bards", "stories"])]
    assert tile.stories >= tile.gold - 1  # stories would look attractive without the rival guild
    prompt = GAME.prompts(state)[0]
    choice = XiditAI(GAME, "hard").choose(GAME.view(state, 0), prompt, Rng.from_seed(2))
    assert set(choice.values) == {"gold", "bards"}


def test_random_level_is_legal_and_varied() -> None:
    state = _programming()
    prompt = _prompt(state, 0, "program")
    view = GAME.view(state, 0)
    answers = {XiditAI(GAME, "random").choose(view, prompt, Rng.from_seed(s)) for s in range(20)}
    for choice in answers:
        prompt.check(choice)
    assert len(answers) > 10


def test_hard_search_is_reproducible() -> None:
    state = _programming(seed=11)
    prompt = _prompt(state, 2, "program")
    view = GAME.view(state, 2)
    first = XiditAI(GAME, "hard").choose(view, prompt, Rng.from_seed(5))
    assert first == XiditAI(GAME, "hard").choose(view, prompt, Rng.from_seed(5))


def test_hard_five_seat_first_assessment_must_beat_two_rivals() -> None:
    """Rulebook "Fin del juego" (five players): the first assessment eliminates the two lowest, so
    a seat ahead of only one rival there is still out. The hard seat's value model must treat
    such a lead as a deficit still to close (a point there worth more than in an even race)."""
    state = GAME.setup(5, {"length": "short"}, 3)
    view = GAME.view(state, 0)
    view["assessments"] = ["influence", "wealth", "reputation"]
    for player, stories in zip(view["players"], (2, 1, 3, 9, 9), strict=True):
        player["stories_on_board"] = stories
    weight = Values(GAME.pack, view).weight["influence"]
    even = ASSESS_WEIGHT[0] / SCALE["influence"]  # the weight when level with the bar
    assert weight > even


def test_hard_reward_pick_does_not_stretch_a_safe_wealth_lead() -> None:
    """Rulebook "Fin del juego": each assessment eliminates only the lowest remaining player, so
    gold beyond what lifts a seat clear of the bar buys no survival. Level in Wealth and far
    behind in Influence, five gold would put the seat several spreads clear in Wealth, while the
    bards count toward the last (deciding) assessment: the hard seat takes stories and bards."""
    state = _programming()
    state.players[0].city = 7
    state.players[0].gold = 1  # level with the rivals' gold as guessed from their guilds
    state.board[7] = CityTile(7, "threat")
    state.assessment_order = ["wealth", "influence", "reputation"]
    for seat in (1, 2, 3):
        state.guilds[seat] = Guild(owner=seat, height=3)
    tile = GAME.pack.tiles[7]
    assert tile.gold > tile.bards  # by points alone the gold would look the better second pick
    state.pending = [Pending(0, "rewards", source="tile:7", rewards=["gold", "bards", "stories"])]
    prompt = GAME.prompts(state)[0]
    choice = XiditAI(GAME, "hard").choose(GAME.view(state, 0), prompt, Rng.from_seed(2))
    assert set(choice.values) == {"stories", "bards"}
