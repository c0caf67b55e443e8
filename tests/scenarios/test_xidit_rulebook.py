"""Lords of Xidit rulebook scenarios (../shared/rules/002_*.txt): every worked example, named after
it, then one test per rule sentence of the sections our rulings touch.

DATC style: each docstring states the rule in our own words and cites where it comes from. Our
rulebook copy is a Spanish machine translation without page numbers, so the citation is its section
heading (as the fact sheet ``xidit-facts.md`` cites it), with the phase it belongs to. Each test builds
the situation on the bundled stand-in map and tiles, then plays it through ``XiditGame.apply`` exactly
as a table would.
"""

from __future__ import annotations

from xidit_support import GAME, check_invariants

from engine.core.events import Event
from engine.core.prompt import Choice
from engine.xidit.pack import UNITS
from engine.xidit.state import CityTile, Guild, State

PACK = GAME.pack
PAUL, ALEX, STEPHANIE, STEVE = 0, 1, 2, 3


def table(cities: dict[int, int], seed: int = 5) -> State:
    """A 4-player game in year 1's programming phase, seat 0 first, Idrakys of the seats named in
    ``cities`` there and the others on the lowest free cities."""
    state = GAME.setup(4, {}, seed)
    state.first = 0
    spare = iter(c for c in sorted(PACK.cities) if c not in cities.values())
    for seat in range(4):
        city = cities.get(seat) or next(spare)
        GAME.apply(state, seat, Choice.of("place", str(city)))
    assert state.phase == "program"
    return state


def clear_board(state: State, keep: tuple[int, ...] = ()) -> None:
    """Send every tile except ``keep`` back into the piles, units to the barracks."""
    for city in list(state.board):
        if city in keep:
            continue
        tile = state.board.pop(city)
        for unit in tile.units:
            state.barracks[unit] += 1
        state.threat_pile.append(tile.tile)


def take_out(state: State, tile: int) -> None:
    """Lift a tile out of whichever pile or Next space holds it."""
    for pile in (state.recruit_pile, state.threat_pile, state.recruit_discard,
                 state.threat_discard):
        if tile in pile:
            pile.remove(tile)
    if state.next_recruit == tile:
        state.next_recruit = state.recruit_pile.pop(0)
    if state.next_threat == tile:
        state.next_threat = state.threat_pile.pop(0)


def put_tile(state: State, tile: int, side: str, units: list[str] | None = None) -> None:
    take_out(state, tile)
    for unit in units or []:
        state.barracks[unit] -= 1
    state.board[tile] = CityTile(tile, side, list(units or []))


def give(state: State, seat: int, *units: str) -> None:
    for unit in units:
        state.barracks[unit] -= 1
        state.players[seat].units[unit] += 1


def program(state: State, programmes: dict[int, str]) -> list[Event]:
    """Every seat locks in its programme (all waits unless given); the events of the year's play."""
    events: list[Event] = []
    for seat in range(4):
        text = programmes.get(seat, "wait,wait,wait,wait,wait,wait")
        events += GAME.apply(state, seat, Choice.parse(f"program:{text}"))
    return events


def test_pauls_programme() -> None:
    """Rule: each player secretly sets six orders for the year, left to right; nobody else sees them
    until all are revealed. Example: Paul programs move, act, move, wait, act, move.
    Rulebook [es] phase one, "Fase uno: órdenes secretas" (Paul's example)."""
    state = table({})
    paul = "blue,act,red,wait,act,black"
    GAME.apply(state, PAUL, Choice.parse(f"program:{paul}"))
    assert state.players[PAUL].orders == paul.split(",")
    for seat in (None, ALEX, STEPHANIE, STEVE):
        view = GAME.view(state, seat)
        assert view["players"][PAUL]["orders"] is None
        assert view["players"][PAUL]["locked"] is True
        assert paul not in str(view)
    assert GAME.view(state, PAUL)["me"]["orders"] == paul.split(",")


def test_alexs_blue_road_from_5_to_12() -> None:
    """Rule: a road order moves the Idrakys to the neighbouring city along the road of that colour;
    every programmed move is carried out. Example: Alex goes from city 5 to 12 by the blue road.
    Rulebook [es] phase two, "Mueve los Idrakys" (Alex's example)."""
    state = table({ALEX: 5})
    program(state, {ALEX: "blue,wait,wait,wait,wait,wait"})
    assert state.players[ALEX].city == 12


def test_stephanies_recruit() -> None:
    """Rule: an Action in a city with a recruitment tile must recruit, always the weakest unit on
    the tile, and a player recruits at most once per city per year (a second Action there does
    nothing). Example: Stephanie in city 5 must take the peasant militia.
    Rulebook [es] phase two, "Recluta una unidad" (both rules and Stephanie's example)."""
    state = table({STEPHANIE: 5})
    clear_board(state)
    put_tile(state, 5, "recruit", ["cleric", "militia", "archer", "mage", "infantry"])
    program(state, {STEPHANIE: "act,act,wait,wait,wait,wait"})
    assert state.players[STEPHANIE].units["militia"] == 1
    assert sum(state.players[STEPHANIE].units.values()) == 1
    assert sorted(state.board[5].units) == ["archer", "cleric", "infantry", "mage"]
    check_invariants(state)


def _archer_mage_tile() -> int:
    return next(t.id for t in PACK.tiles.values() if sorted(t.need) == ["archer", "mage"])


def test_alexs_archer_and_battle_mage_threat() -> None:
    """Rule: to clear a threat the player hands in exactly the units the tile shows; they go back to
    the barracks, the tile leaves, and the player chooses 2 of the tile's 3 rewards. Example: Alex
    hands in an archer and a battle mage.
    Rulebook [es] phase two, "Proporcione las unidades necesarias" (Alex's example) and "Tres tipos
    de recompensa"."""
    tile = _archer_mage_tile()
    state = table({ALEX: tile})
    clear_board(state)
    put_tile(state, tile, "threat")
    give(state, ALEX, "archer", "mage", "infantry")
    before = dict(state.barracks)
    program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert state.players[ALEX].units["archer"] == 0 and state.players[ALEX].units["mage"] == 0
    assert state.players[ALEX].units["infantry"] == 1
    assert state.barracks["archer"] == before["archer"] + 1
    assert state.barracks["mage"] == before["mage"] + 1
    assert tile not in state.board or state.board[tile].side != "threat"
    [prompt] = GAME.prompts(state)
    assert prompt.seat == ALEX and prompt.kind == "rewards"
    assert {o.id for o in prompt.options} == {"gold", "bards", "stories"}


def test_alexs_threat_without_the_units_is_void() -> None:
    """Rule: an Action in a threat city is cancelled when the player lacks the units the tile shows;
    a stronger unit never stands in for a missing one. The tile stays and nothing is handed in.
    Rulebook [es] phase two, "Eliminar una amenaza", note on cancelled Actions (second case)."""
    tile = _archer_mage_tile()
    state = table({ALEX: tile})
    clear_board(state)
    put_tile(state, tile, "threat")
    give(state, ALEX, "archer", "cleric")  # a stronger unit never stands in for the mage
    program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert state.board[tile].side == "threat"
    assert state.players[ALEX].units["archer"] == 1


def _five_four_four_tile() -> int:
    return next(t.id for t in PACK.tiles.values()
                if (t.gold, t.bards, t.stories) == (5, 4, 4))


def test_pauls_bards() -> None:
    """Rule: the gold reward is the tile's number of gold sovereigns; the bards reward is the tile's
    number of bards, each placed in a region next to the player's Idrakys. Example: Paul takes
    5 gold and 4 bards.
    Rulebook [es] phase two, "Recolecta fichas soberanas de oro" and "Colocar fichas de bardo"
    (Paul's examples)."""
    tile = _five_four_four_tile()
    state = table({PAUL: tile})
    clear_board(state)
    put_tile(state, tile, "threat")
    give(state, PAUL, *PACK.tiles[tile].need)
    program(state, {PAUL: "act,wait,wait,wait,wait,wait"})
    GAME.apply(state, PAUL, Choice.of("rewards", "gold", "bards"))
    assert state.players[PAUL].gold == 5
    regions = list(PACK.cities[tile].regions)
    placed = 0
    while state.pending:
        [prompt] = GAME.prompts(state)
        assert prompt.kind == "bard" and {o.id for o in prompt.options} == set(regions)
        GAME.apply(state, PAUL, Choice.of("bard", regions[placed % len(regions)]))
        placed += 1
    on_board = sum(c.get(PAUL, 0) for c in state.bards.values())
    assert on_board + state.players[PAUL].bastion == 4
    assert state.players[PAUL].bards_left == 16


def test_pauls_bards_in_the_bastion_stay_secret() -> None:
    """Rule: bards sent to the central region go into the Bastion, where they stay secret until the
    end of the game: no other seat's view or log tells how many.
    Rulebook [es] phase two, "Colocar fichas de bardo" (central region)."""
    central = PACK.central
    city = next(c.id for c in PACK.cities.values() if central in c.regions)
    state = table({PAUL: city})
    clear_board(state)
    put_tile(state, city, "threat")
    give(state, PAUL, *PACK.tiles[city].need)
    program(state, {PAUL: "act,wait,wait,wait,wait,wait"})
    GAME.apply(state, PAUL, Choice.of("rewards", "gold", "bards"))
    events = []
    while state.pending and state.pending[0].kind == "bard":
        events += GAME.apply(state, PAUL, Choice.of("bard", central))
    assert state.players[PAUL].bastion == PACK.tiles[city].bards
    for seat in (None, ALEX, STEPHANIE, STEVE):
        view = GAME.view(state, seat)
        assert central not in view["bards"]
        assert "bastion" not in str({k: v for k, v in view.items() if k != "me"})
        for event in events:
            assert all(line[0] != "xidit.bard_bastion" for line in event.for_seat(seat))
    assert GAME.view(state, PAUL)["me"]["bastion"] == PACK.tiles[city].bards


def test_alexs_guild_capped_at_4_floors() -> None:
    """Rule: a guild is at most four stories high; stories that do not fit stay in the player's
    supply. Example: Alex has a 2-story guild here and takes 4 stories: only 2 go up.
    Rulebook [es] phase two, "Construye historias de gremios de hechiceros" (Alex's example)."""
    tile = next(t.id for t in PACK.tiles.values() if t.stories == 4)
    state = table({ALEX: tile})
    clear_board(state)
    put_tile(state, tile, "threat")
    state.guilds[tile] = Guild(ALEX, 2)
    state.players[ALEX].stories_left -= 2
    give(state, ALEX, *PACK.tiles[tile].need)
    program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    GAME.apply(state, ALEX, Choice.of("rewards", "gold", "stories"))
    assert state.guilds[tile].height == 4
    assert state.players[ALEX].stories_left == 11
    check_invariants(state)


def test_guild_of_another_colour_takes_no_story() -> None:
    """Rule: a city holds one guild, all of one colour: a player who takes the stories reward where
    a rival's guild stands builds nothing, and the stories stay in their supply.
    Rulebook [es] phase two, "Construye historias de gremios de hechiceros" (second restriction
    and the sentence after the list)."""
    tile = next(t.id for t in PACK.tiles.values() if t.stories > 0)
    state = table({ALEX: tile})
    clear_board(state)
    put_tile(state, tile, "threat")
    state.guilds[tile] = Guild(PAUL, 1)
    state.players[PAUL].stories_left -= 1
    give(state, ALEX, *PACK.tiles[tile].need)
    program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    GAME.apply(state, ALEX, Choice.of("rewards", "gold", "stories"))
    assert state.guilds[tile].owner == PAUL and state.guilds[tile].height == 1
    assert state.players[ALEX].stories_left == 15


def test_tile_refill_example() -> None:
    """Rule: a recruitment tile whose last unit is taken goes to the recruitment discard; the Next
    Recruitment tile goes onto its city with the units it shows, and the top of the recruitment
    pile moves to Next Recruitment, all before the next order. Example: Paul in city 8.
    Rulebook [es] phase three A, "Renovación de cuadros de contratación y amenazas" (Paul's
    example)."""
    state = table({PAUL: 8})
    clear_board(state)
    put_tile(state, 8, "recruit", ["archer"])
    coming = state.next_recruit
    top = state.recruit_pile[0]
    assert coming is not None and coming != 8
    program(state, {PAUL: "act,wait,wait,wait,wait,wait"})
    assert 8 not in state.board
    assert state.recruit_discard == [8]
    assert state.board[coming].side == "recruit"
    assert sorted(state.board[coming].units) == sorted(PACK.tiles[coming].recruit)
    assert state.next_recruit == top
    check_invariants(state)


def test_stephanies_planning_ahead_with_tile_12() -> None:
    """Rule: players see the Next tiles and may program for a tile that is not on the board yet; an
    order is judged by the board as it stands when it comes up. Example: tile 12 waits on Next
    Threat; Paul's first order clears a threat, tile 12 comes out, and Stephanie's sixth order,
    programmed beforehand, clears it.
    Rulebook [es] phase three A, "Azulejos de la ciudad - Planificación futura" (Stephanie's
    example)."""
    first = next(t for t in sorted(PACK.tiles) if t != 12)
    state = table({PAUL: first, STEPHANIE: 12})
    clear_board(state)
    put_tile(state, first, "threat")
    take_out(state, 12)
    if state.next_threat is not None:
        state.threat_pile.insert(0, state.next_threat)
    state.next_threat = 12
    give(state, PAUL, *PACK.tiles[first].need)
    give(state, STEPHANIE, *PACK.tiles[12].need)
    events = []
    for seat in range(4):
        text = {PAUL: "act,wait,wait,wait,wait,wait",
                STEPHANIE: "wait,wait,wait,wait,wait,act"}.get(seat, "wait,wait,wait,wait,wait,wait")
        events += GAME.apply(state, seat, Choice.parse(f"program:{text}"))
    assert state.board[12].side == "threat"  # placed after Paul's clear; Stephanie not yet there
    events += GAME.apply(state, PAUL, Choice.of("rewards", "gold", "stories"))
    clears = [e.args for e in events if e.key == "xidit.clear"]
    assert clears == [{"seat": PAUL, "city": first, "units": list(PACK.tiles[first].need)},
                      {"seat": STEPHANIE, "city": 12, "units": list(PACK.tiles[12].need)}]
    assert GAME.prompts(state)[0].seat == STEPHANIE
    check_invariants(state)


def test_titan_example() -> None:
    """Rule: from a city without a tile, an Action may take on a raging titan: the player picks the
    titan, hands in one unit of their choice per "?" icon, and the titan goes back to the box.
    Example: Alex in empty city 4, two titans raging, fights the three-icon one.
    Rulebook [es] phase three B, "Eliminando una baldosa de Titán furioso" (second and fourth
    exceptions, Alex's example)."""
    state = table({ALEX: 4})
    clear_board(state)
    for stack in state.titans[:2]:
        stack[-1].raging = True
    three = state.titans[0][-1].id
    give(state, ALEX, "militia", "militia", "archer", "cleric")
    program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    [prompt] = GAME.prompts(state)
    assert prompt.kind == "titan"
    assert {o.id for o in prompt.options} == {three, state.titans[1][-1].id, "none"}
    GAME.apply(state, ALEX, Choice.of("titan", three))
    for unit in ("militia", "archer", "militia"):
        GAME.apply(state, ALEX, Choice.of("titan_pay", unit))
    assert state.players[ALEX].units["cleric"] == 1
    assert sum(state.players[ALEX].units.values()) == 1
    assert len(state.titans[0]) == 1 and state.titans[0][-1].id != three
    assert GAME.prompts(state)[0].kind == "rewards"
    assert 4 in state.players[ALEX].cleared_in


def test_titan_is_optional() -> None:
    """Rule: unlike a threat, a raging titan need not be fought: an Action in a city without a tile
    may decline it, and nothing is handed in.
    Rulebook [es] phase three B, "Eliminando una baldosa de Titán furioso" (last exception)."""
    state = table({ALEX: 4})
    clear_board(state)
    state.titans[0][-1].raging = True
    give(state, ALEX, "militia", "militia", "archer")
    program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    GAME.apply(state, ALEX, Choice.of("titan", "none"))
    assert len(state.titans[0]) == 2
    assert sum(state.players[ALEX].units.values()) == 3


def _to_census(state: State, units: dict[int, dict[str, int]]) -> None:
    for seat, held in units.items():
        for unit, n in held.items():
            give(state, seat, *[unit] * n)
    state.year = 4
    program(state, {})
    assert state.phase == "census"


def test_clerics_census() -> None:
    """Rule: at a census each type of unit is counted in turn; the player who shows the most of a
    type gets its reward, for clerics 2 bards in regions next to their Idrakys. Example: clerics
    shown Steve 1, Paul 1, Alex 0, Stephanie 2: Stephanie places 2 bards.
    Rulebook [es] phase four, "Fase cuatro: censo militar" (Stephanie's example)."""
    state = table({})
    _to_census(state, {STEVE: {"cleric": 1}, PAUL: {"cleric": 1}, STEPHANIE: {"cleric": 2}})
    for _unit in UNITS[:3]:
        for seat in range(4):
            GAME.apply(state, seat, Choice.of("census", "0"))
        while state.pending:
            prompt = GAME.prompts(state)[0]
            GAME.apply(state, prompt.seat, Choice.of(prompt.kind, prompt.options[0].id))
    assert state.census is not None and UNITS[state.census.unit] == "cleric"
    shown = {STEVE: 1, PAUL: 1, ALEX: 0, STEPHANIE: 2}
    for seat, n in shown.items():
        GAME.apply(state, seat, Choice.of("census", str(n)))
    placed = 0
    while state.pending:
        prompt = GAME.prompts(state)[0]
        assert prompt.seat == STEPHANIE and prompt.kind == "bard"
        GAME.apply(state, STEPHANIE, Choice.of("bard", prompt.options[0].id))
        placed += 1
    player = state.players[STEPHANIE]
    assert player.bards_left == 18
    assert all(state.players[s].bards_left == 20 for s in (PAUL, ALEX, STEVE))


def test_census_counts_stay_secret_until_all_have_chosen() -> None:
    """Rule: each player chooses in secret how many units of the type to show, and all show at once;
    until then nobody else learns a count, only who has chosen.
    Rulebook [es] phase four, "Fase cuatro: censo militar" (second paragraph)."""
    state = table({})
    _to_census(state, {PAUL: {"militia": 3}})
    GAME.apply(state, PAUL, Choice.of("census", "3"))
    for seat in (None, ALEX, STEPHANIE, STEVE):
        view = GAME.view(state, seat)
        assert view["census"]["locked"] == [PAUL]
        assert "census_shown" not in view.get("me", {})
    assert GAME.view(state, PAUL)["me"]["census_shown"] == 3


def test_wealth_tie_break_example() -> None:
    """Rule: a tie in an assessment is broken by the number of units behind the screen, more units
    ranking higher; the lowest-ranked player is eliminated. Example: Stephanie and Paul tie last in
    Wealth with 18 gold; Stephanie has 2 units, Paul 4: Stephanie is out.
    Rulebook [es] end of game, "Resolver lazos" and "Eliminando a un jugador" (the wealth
    example)."""
    from engine.xidit.assessment import run_assessments

    state = table({})
    state.assessment_order = ["wealth", "influence", "reputation"]
    golds = {PAUL: 18, ALEX: 30, STEPHANIE: 18, STEVE: 25}
    for seat, gold in golds.items():
        state.players[seat].gold = gold
    give(state, STEPHANIE, "militia", "archer")
    give(state, PAUL, "militia", "archer", "infantry", "cleric")
    run_assessments(state, PACK, [])
    assert state.assessments[0].eliminated == [STEPHANIE]
    assert state.assessments[0].ranking[-2:] == [PAUL, STEPHANIE]


def _next_threat(state: State, tile: int) -> None:
    """Make ``tile`` the Next Threat, the tile that was there going back on top of the pile."""
    take_out(state, tile)
    if state.next_threat is not None:
        state.threat_pile.insert(0, state.next_threat)
    state.next_threat = tile


def _fight_titan(state: State, seat: int, titan: str, unit: str) -> None:
    GAME.apply(state, seat, Choice.of("titan", titan))
    while state.pending and state.pending[0].kind == "titan_pay":
        GAME.apply(state, seat, Choice.of("titan_pay", unit))
    GAME.apply(state, seat, Choice.of("rewards", "gold", "stories"))


def test_eliminating_a_raging_titan_no_threat_after_a_titan_in_that_city() -> None:
    """Rule: a player may not eliminate both a titan and a threat in one city in one year, in either
    order. Here the titan falls first; when a threat tile later comes onto that city, the player's
    Action there (with the right units behind the screen) does nothing, and the log says why.
    Rulebook [es] phase three B, "Eliminando una baldosa de Titán furioso", third exception."""
    state = table({PAUL: 13, ALEX: 4})
    clear_board(state)
    put_tile(state, 13, "threat")
    _next_threat(state, 4)
    state.titans[0][-1].raging = True
    titan = state.titans[0][-1].id
    give(state, PAUL, *PACK.tiles[13].need)
    give(state, ALEX, "archer", "archer", "archer", *PACK.tiles[4].need)
    program(state, {PAUL: "wait,act,wait,wait,wait,wait", ALEX: "act,wait,act,wait,wait,wait"})
    _fight_titan(state, ALEX, titan, "archer")
    events = GAME.apply(state, PAUL, Choice.of("rewards", "gold", "stories"))
    # Paul's clear brought tile 4 onto city 4, and it is still there after Alex's third order.
    assert state.board.get(4) == CityTile(4, "threat")
    assert sorted(u for u, n in state.players[ALEX].units.items() for _ in range(n)) == \
        sorted(PACK.tiles[4].need)
    assert [e.args for e in events if e.key == "xidit.threat_after_titan"] == \
        [{"seat": ALEX, "city": 4}]
    assert not any(e.key == "xidit.clear" and e.args["seat"] == ALEX for e in events)
    check_invariants(state)


def _rewards_prompt_under(guild: Guild | None, seat: int = ALEX, stories_left: int = 15):
    tile = next(t.id for t in PACK.tiles.values() if t.stories > 0 and t.bards > 0)
    state = table({seat: tile})
    clear_board(state)
    put_tile(state, tile, "threat")
    if guild is not None:
        state.guilds[tile] = guild
        state.players[guild.owner].stories_left -= guild.height
    state.players[seat].stories_left = min(stories_left, state.players[seat].stories_left)
    give(state, seat, *PACK.tiles[tile].need)
    program(state, {seat: "act,wait,wait,wait,wait,wait"})
    [prompt] = GAME.prompts(state)
    assert prompt.kind == "rewards" and prompt.seat == seat
    return state, prompt


def test_guild_stories_option_says_it_builds_nothing_under_a_rivals_guild() -> None:
    """Rule: one guild per city, all of one colour, so a player cannot build stories where a rival's
    guild stands. Choosing the stories reward is still legal (only the bards reward is ever barred),
    but the option must say it builds nothing here; the other two keep their plain labels.
    Rulebook [es] phase two, "Construye historias de gremios de hechiceros" (restrictions)."""
    _, prompt = _rewards_prompt_under(Guild(PAUL, 1))
    keys = {o.id: o.key for o in prompt.options}
    assert keys == {"gold": "xidit.reward.gold", "bards": "xidit.reward.bards",
                    "stories": "xidit.reward.stories_none"}
    assert (prompt.pick_min, prompt.pick_max) == (2, 2)


def test_guild_stories_option_says_it_builds_nothing_on_a_full_guild() -> None:
    """Rule: a guild is at most four stories high; a player's own guild at four floors takes no
    more, so the stories option says it builds nothing there.
    Rulebook [es] phase two, "Construye historias de gremios de hechiceros" (first restriction)."""
    _, prompt = _rewards_prompt_under(Guild(ALEX, 4))
    assert {o.id: o.key for o in prompt.options}["stories"] == "xidit.reward.stories_none"


def test_guild_stories_option_plain_where_stories_can_go() -> None:
    """Rule: a player may add stories to a guild of their own colour (up to four floors) or start
    one in a city without a guild: the stories option is the plain one there.
    Rulebook [es] phase two, "Construye historias de gremios de hechiceros" (third restriction)."""
    for guild in (None, Guild(ALEX, 3)):
        _, prompt = _rewards_prompt_under(guild)
        assert {o.id: o.key for o in prompt.options}["stories"] == "xidit.reward.stories"


def test_eliminating_a_raging_titan_not_after_a_threat_in_that_city() -> None:
    """Rule: the same ban the other way round: a player who cleared the threat of a city cannot fight
    a raging titan there later that year, even once the city has no tile; the log says why.
    Rulebook [es] phase three B, "Eliminando una baldosa de Titán furioso", third exception."""
    state = table({ALEX: 4})
    clear_board(state)
    put_tile(state, 4, "threat")
    state.titans[0][-1].raging = True
    give(state, ALEX, *PACK.tiles[4].need, "archer", "archer", "archer")
    program(state, {ALEX: "act,act,wait,wait,wait,wait"})
    events = GAME.apply(state, ALEX, Choice.of("rewards", "gold", "stories"))
    assert 4 not in state.board
    assert all(p.kind == "program" for p in GAME.prompts(state))  # no titan was offered
    assert [e.args for e in events if e.key == "xidit.titan_after_clear"] == [{"seat": ALEX, "city": 4}]
    assert len(state.titans[0]) == 2 and state.players[ALEX].units["archer"] == 3


def test_eliminating_a_raging_titan_only_one_titan_per_city_per_year() -> None:
    """Rule: a player may not eliminate several titans in the same city in one year: a second
    Action there, with another raging titan about and the units for it, offers no titan.
    Rulebook [es] phase three B, "Eliminando una baldosa de Titán furioso", third exception."""
    state = table({ALEX: 4})
    clear_board(state)
    for stack in state.titans[:2]:
        stack[-1].raging = True
    first = state.titans[0][-1].id
    give(state, ALEX, *["archer"] * 8)
    program(state, {ALEX: "act,act,wait,wait,wait,wait"})
    GAME.apply(state, ALEX, Choice.of("titan", first))
    events = GAME.apply(state, ALEX, Choice.of("rewards", "gold", "stories"))
    assert all(p.kind == "program" for p in GAME.prompts(state))  # no second titan was offered
    assert [e.args for e in events if e.key == "xidit.titan_after_clear"] == [{"seat": ALEX, "city": 4}]
    assert state.titans[1][-1].raging and state.players[ALEX].units["archer"] == 5


def test_eliminating_a_raging_titan_only_where_the_city_has_no_tile() -> None:
    """Rule: raging titans belong to no city and can be fought from any city without a threat or
    recruitment tile; an Action in a city with a recruitment tile recruits and offers no titan.
    Rulebook [es] phase three B, "Eliminando una baldosa de Titán furioso", first exception."""
    state = table({ALEX: 5})
    clear_board(state)
    put_tile(state, 5, "recruit", ["archer"])
    state.titans[0][-1].raging = True
    give(state, ALEX, "militia", "militia", "militia")
    program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert all(p.kind == "program" for p in GAME.prompts(state))  # no titan was offered
    assert state.players[ALEX].units["archer"] == 1 and len(state.titans[0]) == 2


def test_three_types_of_reward_bards_barred_once_all_are_placed() -> None:
    """Rule: a player who has already placed all their bards cannot take the bards reward; of the
    three rewards only two remain, and the player gets both (no choice is left to make).
    Rulebook [es] phase two, "Tres tipos de recompensa" / "Colocar fichas de bardo", note."""
    tile = _five_four_four_tile()
    state = table({PAUL: tile})
    clear_board(state)
    put_tile(state, tile, "threat")
    state.players[PAUL].bards_left = 0
    state.bards["n"] = {PAUL: PACK.bards_per_player}
    give(state, PAUL, *PACK.tiles[tile].need)
    program(state, {PAUL: "act,wait,wait,wait,wait,wait"})
    assert all(p.kind == "program" for p in GAME.prompts(state))  # no rewards prompt was needed
    assert state.players[PAUL].gold == 5
    assert state.guilds[tile] == Guild(PAUL, 4)
    check_invariants(state)


def _queues(state: State, threat_discard: list[int], next_threat: int | None = None,
            recruit_discard: tuple[int, ...] = ()) -> None:
    """Lay out the Path of Destiny: the given threat discard, recruitment discard and Next Threat,
    an empty threat pile, and every other tile off the board in the recruitment queue."""
    off = [t for t in sorted(PACK.tiles) if t not in state.board]
    fixed = {*threat_discard, *recruit_discard, next_threat}
    rest = [t for t in off if t not in fixed]
    state.next_recruit, state.recruit_pile = rest[0], rest[1:]
    state.next_threat, state.threat_pile = next_threat, []
    state.threat_discard, state.recruit_discard = list(threat_discard), list(recruit_discard)


def test_awakening_of_the_titans_when_the_threat_queue_runs_out() -> None:
    """Rule: when a threat tile leaves the Next Threat space and neither the threat pile nor the
    recruitment discard can refill the queue, the titans awaken at once (the top of each titan
    stack turns raging) and reinforcements arrive.
    Rulebook [es] phase three A, "Reponer la cola...", last bullet, and phase three B,
    "Despertar de los titanes" steps 1-2."""
    state = table({ALEX: 13})
    clear_board(state, keep=())
    put_tile(state, 13, "threat")
    _queues(state, threat_discard=[4, 5], next_threat=6)
    give(state, ALEX, *PACK.tiles[13].need)
    events = program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert state.board[6].side == "threat"
    assert [e.args for e in events if e.key == "xidit.titans_awaken"] == [{"count": 3}]
    assert all(stack[-1].raging for stack in state.titans)
    assert not any(stack[0].raging for stack in state.titans)
    check_invariants(state)


def test_awakening_of_the_titans_not_again_while_the_threat_queue_stays_empty() -> None:
    """Rule: the titans awaken when the threat queue runs out, i.e. in the refill that follows a
    threat tile going onto its city. When the queue is already empty (the titans woke when it ran
    out and the reinforcements had no tile left for it), clearing a threat places no tile and wakes
    no titan a second time; the cleared tile just goes to the threat discard.
    Rulebook [es] phase three A, "Reponer la cola..." (refill after a tile moves to a city), and
    phase three B, "Despertar de los titanes" step 1."""
    state = table({ALEX: 13})
    clear_board(state)
    put_tile(state, 13, "threat")
    _queues(state, threat_discard=[2])
    state.titans[0].pop()  # the titans woke and one was fought since: a sleeping one is on top
    give(state, ALEX, *PACK.tiles[13].need)
    events = program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert not any(e.key == "xidit.titans_awaken" for e in events)
    assert any(e.key == "xidit.threat_queue_empty" for e in events)  # the log says why no tile
    assert not state.titans[0][-1].raging
    assert 13 not in state.board and state.threat_discard == [2, 13]
    assert state.next_threat is None and state.threat_pile == []
    check_invariants(state)


def test_threat_queue_rebuilt_from_the_recruitment_discard_when_next_threat_is_empty() -> None:
    """Rule: an empty threat pile is rebuilt at once from the recruitment discard, turned threat
    side up; a threat cleared while the Next Threat space is empty is replaced from that pile
    without waking the titans.
    Rulebook [es] phase three A, "Reponer la cola de reclutamiento y la cola de amenazas"."""
    state = table({ALEX: 13})
    clear_board(state)
    put_tile(state, 13, "threat")
    _queues(state, threat_discard=[2], recruit_discard=(9, 10))
    give(state, ALEX, *PACK.tiles[13].need)
    events = program(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert not any(e.key == "xidit.titans_awaken" for e in events)
    assert state.board[9].side == "threat" and state.next_threat == 10
    assert state.recruit_discard == []
    check_invariants(state)


def _play_year(state: State, programmes: dict[int, str]) -> list:
    events: list = []
    for seat in range(4):
        text = programmes.get(seat, "wait,wait,wait,wait,wait,wait")
        events += GAME.apply(state, seat, Choice.parse(f"program:{text}"))
    return events


def test_eliminate_a_threat_void_when_the_tile_has_gone() -> None:
    """Rule: an Action meant for a threat is cancelled when the threat tile is no longer on the
    city as the order comes up (someone cleared it first); with no raging titan about, nothing
    happens and the player keeps the units.
    Rulebook [es] phase two, "Eliminar una amenaza", note on cancelled Actions (first case)."""
    state = table({PAUL: 13, ALEX: 1})
    clear_board(state)
    put_tile(state, 13, "threat")
    give(state, PAUL, *PACK.tiles[13].need)
    give(state, ALEX, *PACK.tiles[13].need)
    _play_year(state, {PAUL: "act,wait,wait,wait,wait,wait", ALEX: "red,act,wait,wait,wait,wait"})
    events = GAME.apply(state, PAUL, Choice.of("rewards", "gold", "stories"))
    assert [e.args for e in events if e.key == "xidit.nothing"] == [{"seat": ALEX, "city": 13}]
    assert sorted(u for u, n in state.players[ALEX].units.items() for _ in range(n)) == \
        sorted(PACK.tiles[13].need)


def test_eliminate_a_threat_twice_in_one_city_in_one_year() -> None:
    """Ruling: the ban on two feats in one city in one year names titans only (a threat and a
    titan, or two titans), so a player may clear the threat of a city twice in one year when the
    same tile comes back onto it (here through the reinforcements).
    Rulebook [es] phase three B, "Eliminando una baldosa de Titán furioso", third exception, read
    with "Llegada de refuerzos"."""
    state = table({PAUL: 19, ALEX: 13})
    state.board.clear()
    state.barracks = {unit: PACK.units_per_type for unit in UNITS}  # the tiles' units came back
    for tile in sorted(PACK.tiles):
        if tile not in (1, 2, 3, 6):
            state.board[tile] = CityTile(tile, "threat")
    state.next_recruit, state.recruit_pile, state.recruit_discard = 2, [], []
    state.next_threat, state.threat_pile, state.threat_discard = 6, [], [1, 3]
    give(state, PAUL, *PACK.tiles[19].need)
    give(state, ALEX, *PACK.tiles[13].need, *PACK.tiles[13].need)
    _play_year(state, {PAUL: "wait,act,wait,wait,wait,wait", ALEX: "act,wait,act,wait,wait,wait"})
    events = GAME.apply(state, ALEX, Choice.of("rewards", "gold", "stories"))
    # The reinforcements brought tile 13 back to Next Threat; Paul's clear put it on city 13.
    assert {"city": 13} in [e.args for e in events if e.key == "xidit.tile_threat"]
    events = GAME.apply(state, PAUL, Choice.of("rewards", "gold", "bards"))
    while state.pending and state.pending[0].seat == PAUL:
        events += GAME.apply(state, PAUL, Choice.of("bard", GAME.prompts(state)[0].options[0].id))
    clears = [e.args["city"] for e in events if e.key == "xidit.clear" and e.args["seat"] == ALEX]
    assert clears == [13] and state.players[ALEX].cleared_in == [13, 13]
    check_invariants(state)


def test_new_recruitment_tile_left_incomplete_when_the_barracks_lack_a_unit() -> None:
    """Rule: a recruitment tile placed on the board takes the units it shows from the barracks; a
    type the barracks no longer hold is left empty, never replaced by another type.
    Rulebook [es] phase three A, "Coloca un nuevo mosaico de reclutamiento o amenaza", second
    bullet."""
    state = table({PAUL: 8})
    clear_board(state)
    put_tile(state, 8, "recruit", ["archer"])
    coming = state.next_recruit
    assert coming is not None
    missing = PACK.tiles[coming].recruit[0]
    give(state, STEVE, *[missing] * state.barracks[missing])
    _play_year(state, {PAUL: "act,wait,wait,wait,wait,wait"})
    assert sorted(state.board[coming].units) == \
        sorted(u for u in PACK.tiles[coming].recruit if u != missing)
    check_invariants(state)


def test_recruitment_pile_rebuilt_from_the_threat_discard() -> None:
    """Rule: when the recruitment pile is empty and Next Recruitment must be refilled, the threat
    discard, turned recruitment side up, becomes the new recruitment pile.
    Rulebook [es] phase three A, "Reponer la cola de reclutamiento y la cola de amenazas", first
    rebuilding bullet."""
    state = table({PAUL: 8})
    clear_board(state)
    put_tile(state, 8, "recruit", ["archer"])
    _queues(state, threat_discard=[4, 5], next_threat=6)
    coming = state.next_recruit
    state.threat_pile, state.recruit_pile = state.recruit_pile, []
    _play_year(state, {PAUL: "act,wait,wait,wait,wait,wait"})
    assert state.board[coming].side == "recruit"
    assert state.next_recruit == 4 and state.recruit_pile == [5] and state.threat_discard == []
    check_invariants(state)


def test_recruitment_queue_takes_the_top_threat_tile_when_nothing_else_is_left() -> None:
    """Rule: when the recruitment queue is empty and neither its pile nor the threat discard can
    refill it, the top tile of the threat pile goes recruitment side up onto Next Recruitment.
    Rulebook [es] phase three A, "Reponer la cola de reclutamiento y la cola de amenazas", fourth
    rebuilding bullet."""
    state = table({PAUL: 8})
    clear_board(state)
    put_tile(state, 8, "recruit", ["archer"])
    _queues(state, threat_discard=[], next_threat=6)
    coming = state.next_recruit
    state.threat_pile, state.recruit_pile = state.recruit_pile, []
    top = state.threat_pile[0]
    _play_year(state, {PAUL: "act,wait,wait,wait,wait,wait"})
    assert state.board[coming].side == "recruit"
    assert state.next_recruit == top and top not in state.threat_pile
    check_invariants(state)


def test_awakening_leaves_raging_titans_and_empty_stacks_alone() -> None:
    """Rule: the awakening only turns a sleeping titan on top of a stack; a raging titan still on
    top stays as it is (the one under it keeps sleeping) and an empty stack wakes nothing.
    Rulebook [es] phase three B, "Despertar de los titanes", step 2 and its two bullets."""
    state = table({ALEX: 13})
    clear_board(state)
    put_tile(state, 13, "threat")
    _queues(state, threat_discard=[4, 5], next_threat=6)
    state.titans[0][-1].raging = True
    state.titans[1].clear()
    give(state, ALEX, *PACK.tiles[13].need)
    events = _play_year(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert [e.args for e in events if e.key == "xidit.titans_awaken"] == [{"count": 1}]
    assert [t.raging for t in state.titans[0]] == [False, True]
    assert state.titans[1] == [] and state.titans[2][-1].raging


def test_arrival_of_reinforcements() -> None:
    """Rule: every awakening brings reinforcements: the threat discard is turned over, what is left
    of the recruitment pile goes on top, the first two tiles form the new recruitment pile, the
    rest is shuffled into the new threat pile, and its top goes to Next Threat.
    Rulebook [es] phase three B, "Llegada de refuerzos" steps 1-5 and the note before it."""
    state = table({ALEX: 13})
    clear_board(state)
    put_tile(state, 13, "threat")
    for stack in state.titans:
        stack.clear()  # no titan left to wake: the reinforcements come all the same
    _queues(state, threat_discard=[4, 5, 7, 9], next_threat=6)
    state.next_recruit, state.recruit_pile = 2, [3]
    state.board.update({t: CityTile(t, "threat") for t in PACK.tiles
                        if t not in (2, 3, 4, 5, 6, 7, 9, 13)})
    give(state, ALEX, *PACK.tiles[13].need)
    events = _play_year(state, {ALEX: "act,wait,wait,wait,wait,wait"})
    assert [e.args for e in events if e.key == "xidit.titans_awaken"] == [{"count": 0}]
    assert state.recruit_pile == [3, 4] and state.next_recruit == 2
    assert sorted([state.next_threat, *state.threat_pile]) == [5, 7, 9, 13]
    assert state.threat_discard == []
    check_invariants(state)
