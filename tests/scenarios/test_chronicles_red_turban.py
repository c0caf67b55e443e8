"""The Red Turban Rebellion [IT AC, "La Rivolta dei Turbanti Rossi"; fact sheet §13.2, conflict C9],
one test per rule sentence, each through the engine; then seeded playouts at every seat count."""

from __future__ import annotations

import pytest
from greatwall_kit import GAME, PACK, answer, horde, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants

from engine.ai import choose
from engine.core.events import Event
from engine.games import capabilities
from engine.greatwall.flow import Ctx
from engine.greatwall.locations import _restless_candidates
from engine.greatwall.seasons import invade
from engine.greatwall.state import Overseer, State

BLUE, RED, YELLOW = 0, 1, 2
OPTIONS = capabilities("greatwall").table_options({"scenario": "red_turban"})
GOLD_LOC = next(loc for loc, spec in PACK.locations.items() if spec.resource == "gold")
WOOD_LOC = next(loc for loc, spec in PACK.locations.items() if spec.resource == "wood")


def drafted(seats: int = 3, seed: int = 1, **more: str) -> State:
    return kit_drafted(seats, seed, options={**OPTIONS, **more})


def cleared(seats: int = 3) -> State:
    state = drafted(seats)
    for section in state.sections:
        section.hordes, section.barricades, section.firing, section.rest = [], 0, [], {}
    players_cleared(state)
    return state


def place(state: State, seat: int, loc: str, n: int = 1) -> None:
    state.players[seat].clerks -= n
    state.clerks_at.setdefault(loc, []).extend([seat] * n)


def placed(events: list[Event]) -> int:
    return sum(e.key in ("gw.horde", "gw.raid") for e in events)


def test_played_only_in_coop_without_the_demands() -> None:
    """IT AC: "Questo Scenario può essere giocato solo in modalità cooperazione. Applicate le regole e
    la preparazione della modalità cooperazione, ad eccezione delle Richieste dell'Imperatore"."""
    assert OPTIONS["mode"] == "coop" and capabilities("greatwall").seat_range({"scenario": "red_turban"}) == (2, 4)
    state = GAME.setup(3, dict(OPTIONS), 1)
    assert (state.mode, state.variants) == ("coop", ["red_turban"]) and state.demands == [None] * 3
    ctx = Ctx(state, PACK)
    ops = [s["op"] for s in ctx.fold([], lambda v, steps: v.winter_steps(ctx, steps))]
    assert "survival_end_check" in ops and not {"fulfil", "demand_step"} & set(ops)


def test_any_breach_is_an_immediate_loss() -> None:
    """IT AC, "Breccia e Razzia": "se viene aperta una Breccia, i giocatori perdono la partita
    immediatamente"."""
    state = cleared()
    horde(state, 1, state.horde_deck[0])
    state.tasks = [{"op": "next_year"}]
    events = jobs(state, {"op": "breach", "sec": 1})
    assert state.won is False and state.end_reasons == ["breach"] and state.season == "over"
    assert state.tasks == [] and "gw.survival_over" in keys(events)


def test_gold_overseers_cannot_be_upgraded() -> None:
    """IT AC, "Sorveglianti dell'Oro inattivi": "I Sorveglianti dell'Oro non possono essere Potenziati
    in questo Scenario. Coprite gli spazi Sorvegliante dell'Oro": none placed or raised there, by the
    Location's upgrade step or a free upgrade; the other Overseers as usual."""
    state = cleared()
    state.players[BLUE].res.update(wood=9, stone=9, gold=9, chi=9)
    jobs(state, {"op": "upgrade", "loc": GOLD_LOC, "seat": BLUE})
    assert [o.id for o in GAME.prompts(state)[0].options_for(0)] == ["pass"]
    state.ask = None
    jobs(state, {"op": "upgrade", "loc": WOOD_LOC, "seat": BLUE})
    assert len(GAME.prompts(state)[0].options_for(0)) > 1
    state.ask = None
    state.overseers[GOLD_LOC] = {BLUE: Overseer(1, "spearman")}
    state.overseers[WOOD_LOC] = {BLUE: Overseer(1, "spearman")}
    assert _restless_candidates(Ctx(state, PACK), BLUE, None) == [WOOD_LOC]


def test_summer_income_a_clerk_for_twenty_honor() -> None:
    """IT AC, "Reddito del Sorvegliante": "Ogni Estate, durante la fase di Reddito, ogni giocatore può
    perdere 20 punti Onore per assumere un Commesso dall'Ambasciata dell'Imperatore"."""
    state = cleared()
    state.players[BLUE].honor, state.players[RED].honor = 25, 19
    space, reserve = state.players[BLUE].clerk_space, state.players[BLUE].clerks
    assert space > 0
    jobs(state, {"op": "turban_hire", "seat": BLUE})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "turban_hire" and prompt.default == ("keep",)
    answer(state, BLUE, "hire")
    player = state.players[BLUE]
    assert (player.honor, player.clerk_space, player.clerks) == (5, space - 1, reserve + 1)
    jobs(state, {"op": "turban_hire", "seat": RED})
    assert state.ask is None  # 19 Honor: nothing to choose


def test_the_summer_offers_the_hire_at_income() -> None:
    """IT AC, same rule: the hire is a Summer income step, before co-op's Shame steps [ES p.19]."""
    state = cleared()
    ctx = Ctx(state, PACK)
    steps = ctx.fold([], lambda v, s: v.summer_steps(ctx, [0, 1, 2], s))
    ops = [s["op"] for s in steps]
    assert ops[:3] == ["turban_hire"] * 3 and ops.index("coop_shame") > 2


def _spring(state: State, gold: dict[int, int]) -> tuple[list[Event], int]:
    for seat, g in gold.items():
        state.players[seat].res["gold"] = g
    events = jobs(state, {"op": "spring"})
    n = next(e.args["hordes"] for e in events if e.key == "gw.season")
    return events, n


def test_peace_three_gold_per_horde_removed_never_below_one() -> None:
    """IT AC, "Scelta dello Stato": "Ogni Primavera, dopo aver fatto avanzare il Tempo, i giocatori
    decidono"; "Stato di Pace: i giocatori possono pagare collettivamente un totale di 3 Ori per ridurre
    di 1 il numero di carte Orda ... non può essere ridotto al di sotto di 1". The team decides in the
    open, each pledging from their own Gold (default: nothing)."""
    state = cleared()
    _events, n = _spring(state, {BLUE: 4, RED: 2, YELLOW: 0})
    assert n >= 3 and state.time == 1
    assert state.ask is not None and state.ask.kind == "turban_state" and state.ask.seats == [BLUE, RED, YELLOW]
    prompts = GAME.prompts(state)
    assert all(not p.secret for p in prompts) and all(p.default == ("g0",) for p in prompts)
    assert [o.id for o in prompts[2].options] == ["g0"]  # no Gold: nothing to pledge, still asked
    answer(state, BLUE, "g4")
    assert state.ask is not None and state.ask.seats == [RED, YELLOW]
    answer(state, YELLOW, "g0")
    more = answer(state, RED, "g2")
    assert placed(more) == n - 2  # 6 Gold: 2 Hordes kept away
    assert (state.players[BLUE].res["gold"], state.players[RED].res["gold"]) == (0, 0)
    assert state.chronicle is not None and state.chronicle["state"] == "peace"


def test_peace_pays_only_what_removes_hordes_and_leaves_one() -> None:
    """IT AC: "Per scegliere lo stato di Pace, i giocatori devono pagare almeno 3 Ori"; never below 1
    Horde: a pledge beyond that is not paid (the pledges count in Tea order)."""
    state = cleared()
    _events, n = _spring(state, {BLUE: 30, RED: 0, YELLOW: 0})
    top = max(int(o.id[1:]) for o in GAME.prompts(state)[0].options)
    assert top == 3 * (n - 1)
    answer(state, RED, "g0")
    answer(state, YELLOW, "g0")
    more = answer(state, BLUE, "g5")
    assert placed(more) == n - 1 and state.players[BLUE].res["gold"] == 27


def test_war_is_free_and_each_player_hires_a_free_clerk() -> None:
    """IT AC: "Stato di Guerra: la scelta di questo stato non richiede alcun pagamento. Ogni giocatore
    assume gratuitamente 1 Commesso dall'Ambasciata dell'Imperatore"."""
    state = cleared()
    before = [(p.clerks, p.clerk_space, p.res["gold"]) for p in state.players[:3]]
    _, n = _spring(state, {BLUE: 2, RED: 0, YELLOW: 0})
    gold = [p.res["gold"] for p in state.players[:3]]
    answer(state, RED, "g0")
    answer(state, YELLOW, "g0")
    more = answer(state, BLUE, "g2")  # under 3 Gold in all: War
    assert placed(more) == n and "gw.turban_war" in keys(more)
    for seat, (clerks, space, _) in enumerate(before):
        p = state.players[seat]
        assert (p.clerks, p.clerk_space, p.res["gold"]) == (clerks + 1, space - 1, gold[seat])


def test_production_location_sends_the_top_clerk_holder_to_the_embassy() -> None:
    """IT AC, "Attivazione dei Luoghi di produzione": "il giocatore con il maggior numero di Commessi in
    quel luogo ne prende uno e lo invia all'Ambasciata dell'Imperatore. In caso di pareggio, decide il
    tracciato del Tè"."""
    state = cleared()
    place(state, RED, WOOD_LOC, 2)
    place(state, YELLOW, WOOD_LOC, 2)
    place(state, BLUE, WOOD_LOC, 1)
    state.tea = [YELLOW, RED, BLUE]
    space = [p.clerk_space for p in state.players[:3]]
    jobs(state, {"op": "activate", "loc": WOOD_LOC, "advanced": False})
    while state.ask is not None:  # the Location's own steps (upgrades, donations, the team's order)
        prompt = GAME.prompts(state)[0]
        answer(state, prompt.seat, *prompt.default) if prompt.default else answer(
            state, prompt.seat, *[prompt.options_for(i)[0].id for i in range(max(1, prompt.slots))])
    assert [p.clerk_space - s for p, s in zip(state.players[:3], space, strict=True)] == [0, 0, 1]  # Yellow: Tea


def test_a_raid_sends_one_reserve_clerk_per_player_to_the_embassy() -> None:
    """IT AC, "Breccia e Razzia": "Razzia: oltre ai normali effetti della Razzia, ogni giocatore prende 1
    Commesso dalla propria riserva e lo invia all'Ambasciata dell'Imperatore"."""
    state = cleared()
    for sec in range(len(state.sections)):
        for card in state.horde_deck[:3]:
            horde(state, sec, card)
            state.horde_deck.remove(card)
    state.players[YELLOW].clerk_space += state.players[YELLOW].clerks
    state.players[YELLOW].clerks = 0  # none in reserve: none to send
    before = [(p.clerks, p.clerk_space) for p in state.players[:3]]
    boxed = state.shame_boxed
    invade(Ctx(state, PACK))
    assert state.shame_boxed == boxed + 3  # the normal Raid [ES p.7]
    after = [(p.clerks, p.clerk_space) for p in state.players[:3]]
    assert after == [(before[0][0] - 1, before[0][1] + 1), (before[1][0] - 1, before[1][1] + 1), before[2]]


def test_game_length_c9_normal_by_default_one_year_shorter_by_option() -> None:
    """Conflict C9: the IT text says nothing of the length (the normal game's); the fan reference plays
    1 year shorter. Both are offered, the IT reading by default."""
    option = capabilities("greatwall").option("turban_length")
    assert option is not None and option.values == ("normal", "short") and option.default == "normal"
    normal, short = drafted(), drafted(turban_length="short")
    base = len(Ctx(kit_drafted(3, 1, options={"mode": "coop"}), PACK).time_track())
    assert len(Ctx(normal, PACK).time_track()) == base and len(Ctx(short, PACK).time_track()) == base - 1


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_playouts_end_with_the_rules_invariants(seats: int) -> None:
    """Every seat count the scenario allows, AI seats to the end: the invariants hold after every step,
    no Gold Overseer ever stands, and a game lost by a Breach ended at it."""
    for seed in range(2):
        state = GAME.setup(seats, dict(OPTIONS), seed)
        steps = 0
        while prompts := GAME.prompts(state):
            prompt = prompts[0]
            GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, seed * 1000 + steps))
            check_invariants(state)
            assert not state.overseers.get(GOLD_LOC)
            steps += 1
            assert steps < 20_000
        assert state.season == "over" and state.won is not None
