"""The Hungry Ghost Festival [IT AC, "Il Festival dei Fantasmi"; fact sheet §13.2], a competitive
Ancient Chronicles scenario: one test per rule sentence of issue 23's list, each through the engine;
then seeded playouts at every seat count it allows."""

from __future__ import annotations

import pytest
from greatwall_kit import GAME, PACK, answer, cover_rest, horde, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants, playout

from engine.core.errors import IllegalChoice, PackError
from engine.games import capabilities
from engine.greatwall.chronicles import ghost_festival as ghosts
from engine.greatwall.chronicles.ghost_festival_pack import read
from engine.greatwall.clerks import ask_move
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State

OPTIONS = {"scenario": "ghost_festival"}
HORDES = sorted(PACK.hordes)


def cleared(seats: int = 3, seed: int = 1) -> State:
    """Drafted, the players' side cleared (Tea order 0, 1, 2…), no Horde on the board, no haunting."""
    state = players_cleared(kit_drafted(seats, seed, options=OPTIONS))
    for section in state.sections:
        section.hordes = []
    state.chronicle = {"haunted": []}
    return state


def place(state: State, seat: int, loc: str, n: int = 1) -> None:
    state.players[seat].clerks -= n
    state.clerks_at.setdefault(loc, []).extend([seat] * n)


def haunt(state: State, *locs: str) -> None:
    state.shame_supply -= len(locs)
    state.chronicle = {"haunted": list(locs)}


def test_the_scenario_is_competitive_at_three_or_four() -> None:
    """IT AC, "Preparazione": the Festival uses the standard game's setup (3–4 players, the ruling in
    engine/greatwall/variants/chronicles.py); nothing is haunted at the start."""
    caps = capabilities("greatwall")
    assert "ghost_festival" in caps.option("scenario").values  # type: ignore[union-attr]
    assert caps.table_options(OPTIONS)["mode"] == "standard" and caps.seat_range(OPTIONS) == (3, 4)
    assert GAME.setup(3, OPTIONS, 1).chronicle == {"haunted": []}


@pytest.mark.parametrize(("cards", "tokens"), [((1, 0, 0), 1), ((2, 1, 0), 2), ((1, 3, 1), 3), ((0, 0, 0), 0)])
def test_one_shame_token_per_horde_row_with_a_card_at_most_3(cards: tuple[int, int, int], tokens: int) -> None:
    """IT AC, "Luoghi infestati": "Prendete 1 tassello Onta dalla riserva per ogni FILA con almeno 1
    carta Orda (fino a 3 tasselli Onta in totale)" — from the supply, one per row, never more than 3."""
    state = cleared()
    deck = iter(HORDES)
    for sec, n in enumerate(cards):
        for _ in range(n):
            horde(state, sec, next(deck))
    supply = state.shame_supply
    jobs(state, {"op": "ghost_haunt"})
    for _ in range(tokens):
        assert state.ask is not None and state.ask.kind == "ghost_place"
        answer(state, state.ask.seats[0], "mill")
    assert state.ask is None
    assert ghosts.haunted(state) == ["mill"] * tokens and state.shame_supply == supply - tokens


def test_players_place_the_tokens_from_the_top_of_tea_order() -> None:
    """IT AC: "a partire dal giocatore più in alto sul tracciato del Tè, piazzate ciascun tassello Onta
    su 1 Luogo a scelta" — one token each, in Tea order, each where its player chooses."""
    state = cleared()
    state.tea = [2, 0, 1]
    for sec in range(3):
        horde(state, sec, HORDES[sec])
    state.sections[0].hordes += [state.sections[1].hordes.pop(), state.sections[2].hordes.pop()]
    jobs(state, {"op": "ghost_haunt"})
    for seat, loc in ((2, "quarry"), (0, "temple"), (1, "embassy")):
        assert state.ask is not None and state.ask.seats == [seat]
        answer(state, seat, loc)
    assert sorted(ghosts.haunted(state)) == ["embassy", "quarry", "temple"]


def test_a_haunted_location_sends_its_clerks_home() -> None:
    """IT AC: "Tutti i Commessi in tali Luoghi vengono rimessi nelle rispettive riserve"."""
    state = cleared()
    horde(state, 0, HORDES[0])
    place(state, 1, "mine", 2)
    place(state, 2, "mine")
    before = [p.clerks for p in state.players[:3]]
    jobs(state, {"op": "ghost_haunt"})
    answer(state, 0, "mine")
    assert not state.clerks_at.get("mine")
    assert [p.clerks for p in state.players[:3]] == [before[0], before[1] + 2, before[2] + 1]


def test_no_clerk_may_be_moved_into_a_haunted_location() -> None:
    """IT AC: "I Commessi non possono essere Mossi nei Luoghi infestati" — not offered, and refused."""
    state = cleared()
    haunt(state, "quarry")
    ask_move(Ctx(state, PACK), 0, 2, False)
    offered = {o.id for o in GAME.prompts(state)[0].options}
    assert "to.quarry" not in offered and "to.mill" in offered
    with pytest.raises(IllegalChoice):
        answer(state, 0, "from.reserve", "to.quarry", "skip", "skip")


def test_the_barracks_and_the_tea_house_cannot_be_haunted() -> None:
    """IT AC: "La Caserma e la Casa da Tè non possono essere infestate"."""
    state = cleared()
    horde(state, 0, HORDES[0])
    jobs(state, {"op": "ghost_haunt"})
    ids = {o.id for o in GAME.prompts(state)[0].options}
    assert "barracks" not in ids and "teahouse" not in ids and "mill" in ids
    for spared in ("barracks", "teahouse"):
        with pytest.raises(IllegalChoice):
            answer(state, 0, spared)


def test_the_tokens_return_at_the_start_of_the_next_assault() -> None:
    """IT AC, "Rimozione": "All'inizio della fase di Assalto, rimuovete tutti i tasselli Onta da tutti i
    Luoghi e rimetteteli nella riserva" — before the Assault, then the new ones after it."""
    state = cleared()
    haunt(state, "mill", "mine")
    supply = state.shame_supply
    events = jobs(state, {"op": "winter"})
    order = keys(events)
    assert order.index("gw.ghost_cleared") < order.index("gw.assault")
    assert state.shame_supply == supply + 2 and ghosts.haunted(state) == []


def _defeat(state: State, seat: int | None) -> None:
    card = horde(state, 0, HORDES[0], [(seat, "spearman", [PACK.hordes[HORDES[0]].spots[0]])] if seat is not None
                 else [])
    cover_rest(card)
    jobs(state, {"op": "defeat_check"})
    settle(state)


def settle(state: State) -> None:
    """Every casualty and loss answered with its default, or the first option per slot (no Chi spent)."""
    while state.ask is not None and state.ask.kind in ("casualties", "losses"):
        for p in GAME.prompts(state):
            values = p.default or tuple(p.options_for(i)[0].id for i in range(p.slots)) if p.slots > 1 \
                else p.default or (p.options[0].id,)
            answer(state, p.seat, *values)


def test_a_claimant_may_remove_one_token() -> None:
    """IT AC: "Ogni volta che una carta Orda viene Sconfitta, il giocatore che la prende può rimuovere 1
    tassello Onta da un Luogo a scelta" — one token, of their choice, back to the supply; or none."""
    state = cleared()
    haunt(state, "mill", "temple")
    supply = state.shame_supply
    _defeat(state, 1)
    assert state.ask is not None and state.ask.kind == "ghost_lift" and state.ask.seats == [1]
    assert {o.id for o in GAME.prompts(state)[0].options} == {"mill", "temple", "keep"}
    answer(state, 1, "temple")
    assert ghosts.haunted(state) == ["mill"] and state.shame_supply == supply + 1


def test_for_an_unclaimed_card_the_top_tea_player_decides() -> None:
    """IT AC: "Se nessuno prende la carta Sconfitta, la decisione spetta al giocatore più in alto sul
    tracciato del Tè" — and may keep every token."""
    state = cleared()
    state.tea = [2, 1, 0]
    haunt(state, "mill")
    _defeat(state, None)
    assert state.ask is not None and state.ask.kind == "ghost_lift" and state.ask.seats == [2]
    answer(state, 2, "keep")
    assert ghosts.haunted(state) == ["mill"]


def test_killed_soldiers_leave_the_game() -> None:
    """IT AC, "Morte permanente": "Ogni volta che un Soldato viene Ucciso, non viene rimesso nella
    riserva del giocatore: rimuovete la sua miniatura dal gioco"."""
    state = cleared()
    spot = PACK.hordes[HORDES[0]].spots[0]
    card = horde(state, 0, HORDES[0], [(0, "spearman", [spot])])
    cover_rest(card)
    reserve = state.players[0].reserve["spearman"]
    jobs(state, {"op": "defeat_check"})
    settle(state)  # the spearman dies, no Chi to save it
    while state.ask is not None and state.ask.kind == "ghost_lift":
        answer(state, state.ask.seats[0], "keep")
    assert state.players[0].reserve["spearman"] == reserve and state.players[0].sacrificed["spearman"] == 1


def test_the_board_shows_the_haunted_locations() -> None:
    """Nothing of the Festival is hidden: every seat's view names the haunted Locations."""
    state = cleared()
    haunt(state, "mill")
    assert all(GAME.view(state, s)["ghost_festival"] == {"haunted": ["mill"]} for s in (None, 0, 1))


def test_a_malformed_scenario_file_fails_with_its_field() -> None:
    """The printed numbers are data: a bad file names its field."""
    with pytest.raises(PackError, match="spared"):
        read("chronicles/ghost_festival.toml", {"tokens": 3, "spared": ["castle"]})
    with pytest.raises(PackError, match="tokens"):
        read("chronicles/ghost_festival.toml", {"spared": []})


@pytest.mark.parametrize("seats", [3, 4])
def test_a_ghost_festival_game_plays_to_its_end(seats: int) -> None:
    """Every seat count the scenario allows: a seeded game (AI and random answers) ends, every
    invariant holding after every step (killed soldiers counted out of the game, tokens on Locations
    counted with the supply); no Barracks or Tea House ever haunted."""
    def check(state: State) -> None:
        check_invariants(state)
        assert not set(ghosts.haunted(state)) & {"barracks", "teahouse"}

    state, _ = playout(seats + 20, seats, options=OPTIONS, check=True)
    check(state)
    assert state.season == "over"


def test_the_pack_reader_knows_the_boards_locations() -> None:
    """The reader checks ``spared`` against its own copy of the board's Locations (engine/greatwall/pack.py
    imports the reader, so it cannot import them back): the two lists are the same."""
    from engine.greatwall.chronicles import ghost_festival_pack
    from engine.greatwall.pack import LOCATIONS

    assert ghost_festival_pack.LOCATIONS == LOCATIONS
