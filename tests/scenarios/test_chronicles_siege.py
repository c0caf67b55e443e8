"""The Siege of Diaoyucheng [IT AC, "L'Assedio di Diaoyucheng"; fact sheet §13.2, FAQ #30/#31/#34],
one test per rule sentence, each through the engine; then seeded playouts at every seat count."""

from __future__ import annotations

from pathlib import Path

import pytest
from greatwall_kit import GAME, PACK, answer, horde, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants

from engine.ai import choose
from engine.core.errors import IllegalChoice, PackError
from engine.core.prompt import Choice
from engine.games import capabilities
from engine.greatwall.chronicles import siege_pack
from engine.greatwall.chronicles.pack import SCENARIO_DIR
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import invade
from engine.greatwall.state import State

BLUE, RED, YELLOW = 0, 1, 2
NUMBERS = PACK.scenarios["siege"]
OPTIONS = capabilities("greatwall").table_options({"scenario": "siege"})


def drafted(seats: int = 3, seed: int = 1) -> State:
    return kit_drafted(seats, seed, options=OPTIONS)


def cleared(seats: int = 3) -> State:
    """Drafted, an empty board, nothing pending, Tea order 0, 1, 2…; the Fortress at its start."""
    state = drafted(seats)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    players_cleared(state)
    state.chronicle = {"scenario": "siege", "defence": NUMBERS.defence_start, "siege": 0, "fortress": []}
    return state


def place(state: State, seat: int, loc: str, n: int = 1) -> None:
    state.players[seat].clerks -= n
    state.clerks_at.setdefault(loc, []).extend([seat] * n)


def activate(state: State, loc: str) -> list[object]:
    return jobs(state, {"op": "activate", "loc": loc, "advanced": False})


def fort(state: State) -> dict[str, object]:
    assert state.chronicle is not None
    return state.chronicle


def winter_ops(state: State) -> list[str]:
    ctx = Ctx(state, PACK)
    return [s["op"] for s in ctx.fold([], lambda v, steps: v.winter_steps(ctx, steps))]


# --- Co-op without the Demands; survive to the end (both co-op scenarios) -------------------------

def test_played_only_in_coop_at_two_to_four() -> None:
    """IT AC: "Questo Scenario può essere giocato solo in modalità cooperazione"."""
    caps = capabilities("greatwall")
    assert OPTIONS["mode"] == "coop" and caps.seat_range({"scenario": "siege"}) == (2, 4)
    assert caps.clash({"scenario": "siege", "mode": "standard"}) is not None
    state = GAME.setup(3, dict(OPTIONS), 1)
    assert (state.mode, state.variants) == ("coop", ["siege"])


def test_coop_setup_without_the_emperors_demands() -> None:
    """IT AC: "Applicate le regole e la preparazione della modalità cooperazione, ad eccezione delle
    Richieste dell'Imperatore, che non vengono utilizzate": no Demand dealt, none in a deck; the co-op
    Events are still set out."""
    for seats in (2, 3, 4):
        state = GAME.setup(seats, dict(OPTIONS), seats)
        assert state.demands == [None, None, None] and state.demand_deck == []
        assert sorted(state.event_deck) == sorted(PACK.events)


def test_the_winter_has_no_demand_steps() -> None:
    """IT AC (same sentence): co-op's Winter loses its Demand steps (fulfilment, Demand step) and its
    Demand-counting end check; the Event step stays."""
    ops = winter_ops(cleared())
    assert not {"fulfil", "demand_step", "coop_end_check"} & set(ops)
    assert "survival_end_check" in ops and "event_step" in ops


def test_the_team_wins_by_surviving_to_the_end_of_the_last_year() -> None:
    """IT AC: "L'obiettivo dei giocatori è sopravvivere fino alla fine della partita"."""
    state = cleared()
    state.time = len(Ctx(state, PACK).time_track()) - 1
    events = jobs(state, {"op": "survival_end_check"})
    assert state.won is True and state.end_reasons == ["survived"] and state.season == "over"
    assert "gw.survival_over" in keys(events) and "gw.coop_over" not in keys(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1, 2)


def test_an_earlier_year_goes_on_and_an_empty_supply_loses() -> None:
    """IT AC: "Tutte le altre condizioni di fine gioco sono ancora valide": before the last year the
    game goes on, unless the Shame supply is empty (the base game's end [ES p.9]) — then the team has
    not survived."""
    state = cleared()
    jobs(state, {"op": "survival_end_check"})
    assert state.won is None and state.season != "over"
    state.shame_boxed += state.shame_supply
    state.shame_supply = 0
    jobs(state, {"op": "survival_end_check"})
    assert state.won is False and state.end_reasons == ["shame"]


def test_a_shame_due_from_an_empty_supply_loses_at_once() -> None:
    """IT AC: "la riserva di tasselli Onta non deve mai essere esaurita quando un giocatore deve
    riceverne uno"."""
    state = cleared()
    state.shame_boxed += state.shame_supply
    state.shame_supply = 0
    events = jobs(state, {"op": "shame", "seat": BLUE, "why": "alone"})
    assert state.won is False and state.season == "over" and "gw.survival_over" in keys(events)


# --- The Fortress card ----------------------------------------------------------------------------

def test_the_fortress_card_has_three_firing_spots_and_a_defence_track() -> None:
    """IT AC, "Carta Scenario": "la Fortezza di Diaoyu, con 3 Postazioni di Tiro e uno speciale
    tracciato di Difesa"; the track's start is a stand-in (data/chronicles/siege.toml)."""
    assert NUMBERS.firing_spots == 3 and 0 < NUMBERS.defence_start <= NUMBERS.defence_max
    state = GAME.setup(3, dict(OPTIONS), 1)
    assert state.chronicle == {"scenario": "siege", "defence": NUMBERS.defence_start, "siege": 0, "fortress": []}
    view = GAME.view(state, None)
    assert view["siege"]["defence"] == NUMBERS.defence_start and {"kind": "siege", "data": "siege"} in view["panels"]


def test_a_malformed_scenario_file_fails_with_the_field_named() -> None:
    """The scenario's numbers are validated at load (a PackError names the file and the field)."""
    good = {"firing_spots": 3, "entry_wood": 1, "fortify_cost": 3, "defence_start": 8, "defence_max": 12}
    assert siege_pack.read("chronicles/siege.toml", good).firing_spots == 3
    with pytest.raises(PackError, match="defence_start"):
        siege_pack.read("chronicles/siege.toml", {**good, "defence_start": 13})
    with pytest.raises(PackError, match="firing_spots"):
        siege_pack.read("chronicles/siege.toml", {**good, "firing_spots": "three"})
    assert (SCENARIO_DIR / "siege.toml").exists() and isinstance(SCENARIO_DIR, Path)


def test_a_raid_adds_one_shame_beside_the_card_on_top_of_the_normal_raid() -> None:
    """IT AC, "Razzie": "Ogni volta che viene fatta una Razzia, piazzate 1 tassello Onta accanto alla
    carta Scenario, oltre a seguire le normali regole della Razzia"."""
    state = cleared()
    for sec in range(len(state.sections)):
        for card in state.horde_deck[:3]:
            horde(state, sec, card)
            state.horde_deck.remove(card)
    supply, boxed = state.shame_supply, state.shame_boxed
    ctx = Ctx(state, PACK)
    invade(ctx)
    assert state.shame_boxed == boxed + 3  # the normal Raid: one per player [ES p.7]
    assert fort(state)["siege"] == 1 and state.shame_supply == supply - 4
    assert "gw.siege_token" in keys(ctx.events)


# --- The Night ------------------------------------------------------------------------------------

def test_the_night_comes_after_the_assault_and_fortress_archers_fire_first() -> None:
    """IT AC, "Fase della Notte": "Ogni Inverno, dopo la fase di Assalto, risolvete la fase della
    Notte"; "Arcieri nella Fortezza": "Durante la fase di Tiro, risolvete prima gli Arcieri nella Fortezza"."""
    ops = winter_ops(cleared())
    assert ops.index("siege_fire") == ops.index("firing") - 1
    assert ops.index("siege_night") == ops.index("assault") + 1
    assert ops.index("siege_night") < ops.index("survival_end_check")


def test_the_night_lowers_defence_per_token_each_fortress_archer_cancelling_one() -> None:
    """IT AC, "Fase della Notte" 1: "Riducete la Difesa della Fortezza di 1 per ogni tassello Onta
    accanto alla carta Scenario. Ogni Arciere nella Fortezza previene l'effetto di 1 tassello Onta"."""
    state = cleared()
    fort(state).update(defence=8, siege=3, fortress=[BLUE, RED])
    events = jobs(state, {"op": "siege_night"})
    assert fort(state)["defence"] == 7 and "gw.siege_night" in keys(events)
    fort(state).update(siege=1)
    state.ask, state.tasks = None, []
    jobs(state, {"op": "siege_night"})
    assert fort(state)["defence"] == 7  # two archers, one token: nothing lost


def test_after_the_night_archers_go_to_the_rest_zones_their_owners_choose() -> None:
    """IT AC, "Fase della Notte" 2: "Muovete tutti gli Arcieri dalla Fortezza alle Zone di Riposo
    scelte dai rispettivi proprietari": each owner is asked, one zone per archer, a default preselected."""
    state = cleared()
    fort(state).update(siege=0, fortress=[RED, BLUE, RED])
    jobs(state, {"op": "siege_night"})
    assert state.ask is not None and state.ask.kind == "siege_leave" and state.ask.seats == [BLUE]
    prompt = GAME.prompts(state)[0]
    assert prompt.default and len(prompt.default) == 1
    answer(state, BLUE, "rest.2")
    assert state.sections[2].rest[BLUE]["archer"] == 1
    assert state.ask is not None and state.ask.seats == [RED] and GAME.prompts(state)[0].slots == 2
    answer(state, RED, "rest.0", "rest.1")
    assert state.sections[0].rest[RED]["archer"] == 1 and state.sections[1].rest[RED]["archer"] == 1
    assert fort(state)["fortress"] == []


def test_defence_zero_or_less_is_an_immediate_loss() -> None:
    """IT AC, "Fine della partita": "Se la Difesa della Fortezza scende a 0 o meno in qualsiasi
    momento, i giocatori perdono IMMEDIATAMENTE la partita"."""
    state = cleared()
    fort(state).update(defence=2, siege=4, fortress=[BLUE])
    state.tasks = [{"op": "next_year"}]
    events = jobs(state, {"op": "siege_night"})
    assert fort(state)["defence"] == -1
    assert state.won is False and state.end_reasons == ["fortress"] and state.season == "over"
    assert state.tasks == [] and state.ask is None and "gw.survival_over" in keys(events)


# --- Archers into the Fortress --------------------------------------------------------------------

def test_barracks_recruit_an_archer_into_the_fortress_for_one_wood() -> None:
    """IT AC, "Arcieri nella Fortezza": "Durante l'Attivazione della Caserma, quando Reclutate un
    Arciere, potete pagare 1 Legno per inviarlo direttamente alla Fortezza"."""
    state = cleared()
    place(state, BLUE, "barracks", 2)
    cost = dict(PACK.recruit["archer"])
    state.players[BLUE].res.update(wood=5, stone=5, gold=5, chi=5)
    before = state.players[BLUE].reserve["archer"]
    activate(state, "barracks")
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "siege_barracks" and prompt.default == ("normal", "normal")
    answer(state, BLUE, "fort", "normal")
    assert fort(state)["fortress"] == [BLUE] and state.players[BLUE].reserve["archer"] == before - 1
    paid = {r: 5 - state.players[BLUE].res[r] for r in ("wood", "stone", "gold", "chi")}
    assert paid == {r: cost.get(r, 0) + (1 if r == "wood" else 0) for r in paid}  # its cost + 1 Wood
    assert state.ask is not None and state.ask.kind == "recruit" and state.ask.data["n"] == 1  # the other Clerk


def test_the_fortress_has_three_spots_only() -> None:
    """IT AC: 3 Firing spots; a fourth archer is refused and nothing changes."""
    state = cleared()
    fort(state)["fortress"] = [RED, RED]
    place(state, BLUE, "barracks", 2)
    state.players[BLUE].res.update(wood=9, stone=9, gold=9, chi=9)
    activate(state, "barracks")
    with pytest.raises(IllegalChoice):
        answer(state, BLUE, "fort", "fort")
    assert fort(state)["fortress"] == [RED, RED] and state.players[BLUE].res["wood"] == 9


def test_logistics_moves_one_archer_per_clerk_from_any_wall_or_rest_zone() -> None:
    """IT AC, "Arcieri nella Fortezza": "per ogni Commesso nel Centro Logistico, potete pagare 1 Legno
    per piazzare 1 Arciere da qualsiasi Sezione di Mura o Zona di Riposo a una Postazione di Tiro libera
    della Fortezza" (FAQ #30)."""
    state = cleared()
    state.sections[0].firing = [BLUE]
    state.sections[2].rest[BLUE] = {"spearman": 0, "archer": 1, "horseman": 0}
    state.players[BLUE].reserve["archer"] -= 2
    state.players[BLUE].res["wood"] = 2
    place(state, BLUE, "logistics", 2)
    activate(state, "logistics")
    options = {o.id for o in GAME.prompts(state)[0].options}
    assert {"normal", "s0.f", "s2.r"} <= options
    answer(state, BLUE, "s0.f", "s2.r")
    assert fort(state)["fortress"] == [BLUE, BLUE] and state.players[BLUE].res["wood"] == 0
    assert state.sections[0].firing == [] and BLUE not in state.sections[2].rest
    assert state.ask is None  # both Clerks took the Fortress action: no normal move follows


# --- Firing ---------------------------------------------------------------------------------------

def test_fortress_archers_attack_a_row_one_horde_in_any_section() -> None:
    """IT AC: "Un Arciere nella Fortezza può Attaccare una carta Orda nella prima Fila di una Sezione
    di Mura a scelta"."""
    state = cleared()
    cards = state.horde_deck[:3]
    horde(state, 0, cards[0])
    horde(state, 0, cards[1])
    horde(state, 2, cards[2])
    fort(state)["fortress"] = [RED]
    jobs(state, {"op": "siege_fire"})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "siege_volley" and prompt.pick_min == prompt.pick_max == 1
    sections = {o.id.split(".")[0] for o in prompt.options}
    assert sections == {"s0", "s2"}  # row 1 only: nothing of row 2 in Section 0
    spot = next(o.id for o in prompt.options if o.id.startswith("s2."))
    answer(state, RED, spot)
    assert state.sections[2].hordes[0].wounds == [int(spot.split(".")[1])]


def test_advisors_and_attack_order_cannot_make_fortress_archers_attack() -> None:
    """IT AC, "Nota": "gli Arcieri nella Fortezza non sono considerati essere su una Sezione di Mura
    in particolare, non possono Attaccare per via degli effetti dei Consiglieri e della carta Comando
    Ordine di Attacco"."""
    state = cleared()
    horde(state, 1, state.horde_deck[0])
    fort(state)["fortress"] = [BLUE, BLUE]
    jobs(state, {"op": "cmd_attack_order", "seat": BLUE})
    assert state.ask is None  # nothing of Blue's on any Section: Attack Order has no one to send
    assert all(BLUE not in s.firing for s in state.sections)


# --- The Encampment -------------------------------------------------------------------------------

def test_encampment_clerk_pays_three_own_non_chi_resources_for_one_defence() -> None:
    """IT AC, "Aumentare la Difesa": "per ciascuno dei suoi Commessi presenti, il giocatore può pagare
    3 Risorse di qualsiasi tipo eccetto il Qi per aumentare la Difesa della Fortezza di 1"; that Clerk
    gives up its normal action (FAQ #31), paid from the player's own supply only (FAQ #34)."""
    state = cleared()
    state.players[BLUE].res.update(wood=2, stone=1, gold=0, chi=5)
    state.warehouse.update(wood=5, stone=5, gold=5)
    place(state, BLUE, "encampment", 2)
    activate(state, "encampment")
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "siege_camp" and prompt.default == ("normal", "normal")
    assert {o.id for o in prompt.options} == {"normal", "d210"}  # own Wood and Stone only, never Chi
    with pytest.raises(IllegalChoice):
        answer(state, BLUE, "d210", "d210")
    answer(state, BLUE, "d210", "normal")
    assert fort(state)["defence"] == NUMBERS.defence_start + 1
    assert state.players[BLUE].res == {"wood": 0, "stone": 0, "gold": 0, "chi": 5}
    assert state.warehouse["wood"] == 5
    assert state.ask is not None and state.ask.kind == "build" and state.ask.data["n"] == 1


# --- Playouts -------------------------------------------------------------------------------------

def _defence_ledger(events: list[object]) -> int:
    total = 0
    for e in events:
        key, args = getattr(e, "key", ""), getattr(e, "args", {})
        if key == "gw.siege_night":
            total -= args["loss"]
        elif key == "gw.siege_fortify":
            total += args["n"]
    return total


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_playouts_end_and_keep_the_fortress_consistent(seats: int) -> None:
    """Every seat count the scenario allows: AI and random seats play to the end; the invariants hold
    after every step, and the Defence only ever moved by a Night's loss or the Encampment's +1."""
    for seed in range(2):
        state = GAME.setup(seats, dict(OPTIONS), seed)
        ledger, steps = NUMBERS.defence_start, 0
        while prompts := GAME.prompts(state):
            prompt = prompts[0]
            choice = choose(GAME, GAME.view(state, prompt.seat), prompt, seed * 1000 + steps)
            ledger += _defence_ledger(GAME.apply(state, prompt.seat, Choice.parse(str(choice))))
            check_invariants(state)
            card = fort(state)
            assert card["defence"] == ledger and len(card["fortress"]) <= NUMBERS.firing_spots
            assert card["defence"] > 0 or state.end_reasons == ["fortress"]
            steps += 1
            assert steps < 20_000
        assert state.season == "over" and state.won is not None
