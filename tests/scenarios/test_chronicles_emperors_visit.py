"""The Emperor's Visit [IT AC, "La Visita dell'Imperatore"; fact sheet §13.2], a competitive Ancient
Chronicles scenario: one test per rule sentence of issue 23's list, each through the engine; then
seeded playouts at every seat count it allows."""

from __future__ import annotations

import pytest
from greatwall_kit import GAME, PACK, answer, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants, playout

from engine.core.errors import IllegalChoice, PackError
from engine.games import capabilities
from engine.greatwall.chronicles import emperors_visit as visit
from engine.greatwall.chronicles.emperors_visit_pack import read
from engine.greatwall.clerks import ask_move, eligible, occupied
from engine.greatwall.flow import Ctx, run
from engine.greatwall.state import State

OPTIONS = {"scenario": "emperors_visit"}
NEED = PACK.scenarios["emperors_visit"].amounts


def cleared(seats: int = 3, seed: int = 1, wanted: str = "gold") -> State:
    """Drafted, then the players' side cleared (Tea order 0, 1, 2…); the token on ``wanted``."""
    state = players_cleared(kit_drafted(seats, seed, options=OPTIONS))
    state.chronicle = {"wanted": wanted}
    return state


def to_warehouse(state: State, seat: int, n: int = 1) -> None:
    state.players[seat].clerks -= n
    state.clerks_at.setdefault(visit.WAREHOUSE, []).extend([seat] * n)


def place_shame(state: State) -> None:
    """Every Shame token asked for goes under a Spearman (the owner's choice [ES p.7])."""
    while state.ask is not None and state.ask.kind == "shame":
        answer(state, state.ask.seats[0], "spearman")


# --- the scenario ------------------------------------------------------------------------------------

def test_the_scenario_is_competitive_at_three_or_four() -> None:
    """IT AC, "Preparazione": some scenarios use the standard game's setup; the Emperor's Visit is
    one (its card's setup side; ruling in engine/greatwall/variants/chronicles.py: 3–4 players)."""
    caps = capabilities("greatwall")
    assert "emperors_visit" in caps.option("scenario").values  # type: ignore[union-attr]
    assert caps.table_options(OPTIONS)["mode"] == "standard"
    assert caps.seat_range(OPTIONS) == (3, 4)


def test_a_wound_token_marks_the_wanted_resource() -> None:
    """IT AC, "Carta Scenario della Visita dell'Imperatore": "Questa carta indica il tipo di Risorsa a
    cui l'Imperatore darà più valore nell'Anno in corso" — a Wound token on one of its spaces. Every
    game starts with the token on a resource space, the board shows it and the amount asked."""
    starts = set()
    for seed in range(12):
        state = GAME.setup(3, OPTIONS, seed)
        assert state.chronicle is not None and state.chronicle["wanted"] in NEED
        starts.add(state.chronicle["wanted"])
        view = GAME.view(state, None)
        assert view["emperors_visit"]["resource"] == state.chronicle["wanted"]
        assert view["emperors_visit"]["n"] == NEED[state.chronicle["wanted"]]
    assert len(starts) > 1  # the stand-in start: a random space
    assert GAME.setup(3, {}, 1).chronicle is None


# --- the Emperor's claim ["Rivendicazione dell'Imperatore"] ---------------------------------------------

def test_each_winter_a_player_showing_the_amount_gains_10_honor() -> None:
    """IT AC, "Rivendicazione dell'Imperatore": "Ciascun giocatore che ha il numero indicato di Risorse
    o più nella propria riserva riceve immediatamente 10 punti Onore (è necessario mostrare i segnalini
    Risorsa agli altri giocatori)" — exactly the amount is enough, and the showing is public."""
    state = cleared(wanted="gold")
    state.players[0].res["gold"] = NEED["gold"]
    state.players[1].res["gold"] = NEED["gold"] + 3
    events = jobs(state, {"op": "emperor_claim"})
    place_shame(state)
    assert state.players[0].honor == 10 and state.players[1].honor == 10
    shown = [e for e in events if e.key == "gw.emperor_shown"]
    assert [e.args["seat"] for e in shown] == [0, 1] and all(e.args["wanted"] == {"gold": NEED["gold"]} for e in shown)
    assert all(not e.private for e in shown)  # shown to the other players: public
    assert state.players[0].res["gold"] == NEED["gold"]  # shown, not paid


def test_each_winter_a_player_who_cannot_show_takes_a_shame_token() -> None:
    """IT AC, "Rivendicazione dell'Imperatore": "Ciascun giocatore che non ci riesce, riceve un tassello
    Onta" — one short of the amount is not enough; the other resources do not count."""
    state = cleared(wanted="chi")
    state.players[2].res = {"wood": 9, "stone": 9, "gold": 9, "chi": NEED["chi"] - 1}
    supply = state.shame_supply
    events = jobs(state, {"op": "emperor_claim"})
    place_shame(state)
    assert state.shame_supply == supply - 3
    assert all(state.players[s].shamed["spearman"] == 1 and state.players[s].honor == 0 for s in range(3))
    assert [e.args["seat"] for e in events if e.key == "gw.emperor_failed"] == [0, 1, 2]


def test_the_claim_comes_after_the_assault_every_winter() -> None:
    """IT AC: "Ogni Inverno, dopo la fase di Assalto, controllate la posizione del segnalino Ferita" —
    after the Assault, before the Winter end check."""
    state = cleared()
    state.players[0].res["gold"] = 9
    events = jobs(state, {"op": "winter"})
    place_shame(state)
    run(Ctx(state, PACK))
    order = keys(events)
    assert "gw.assault" in order and "gw.emperor_shown" in order
    assert max(i for i, k in enumerate(order) if k == "gw.assault") < order.index("gw.emperor_shown")


# --- the Warehouse ["Inviare i Commessi al Magazzino"] ------------------------------------------------

def _move_prompt(state: State, seat: int) -> set[str]:
    ask_move(Ctx(state, PACK), seat, 2, False)
    return {o.id for o in GAME.prompts(state)[0].options}


def test_clerks_may_be_sent_to_the_warehouse() -> None:
    """IT AC: "Nello Scenario della Visita dell'Imperatore, i giocatori possono inviare i propri
    Commessi al Magazzino" — it takes any number of them."""
    state = cleared()
    assert "to.warehouse" in _move_prompt(state, 0)
    answer(state, 0, "from.reserve", "to.warehouse", "from.reserve", "to.warehouse")
    assert state.clerks_at[visit.WAREHOUSE] == [0, 0]


def test_only_this_scenario_has_a_warehouse_location() -> None:
    """IT AC: the Warehouse takes Clerks "in this scenario" ("Nello Scenario della Visita
    dell'Imperatore"): in the standard game it is no Location, and a crafted answer is refused."""
    state = players_cleared(kit_drafted(3, 1))
    assert "to.warehouse" not in _move_prompt(state, 0)
    with pytest.raises(IllegalChoice):
        answer(state, 0, "from.reserve", "to.warehouse", "skip", "skip")


def test_the_warehouse_never_activates() -> None:
    """IT AC: "Questo Luogo, tuttavia, non si Attiva nel passo di attivazione e non può essere la sede
    di un'Attivazione Avanzata" — Clerks there open no activation of either kind."""
    state = cleared()
    to_warehouse(state, 0, 2)
    ctx = Ctx(state, PACK)
    assert visit.WAREHOUSE not in eligible(state, PACK) and visit.WAREHOUSE not in occupied(state, PACK)
    ctx.push({"op": "activation", "seat": 0})
    run(ctx)
    assert state.ask is None and "gw.activate" not in keys(ctx.events)
    assert state.clerks_at[visit.WAREHOUSE] == [0, 0]


def test_most_clerks_in_the_warehouse_must_move_the_token_elsewhere() -> None:
    """IT AC: "il giocatore che ha più Commessi nel Magazzino ... può spostare il segnalino Ferita sulla
    carta dell'Imperatore in uno spazio a scelta (non è consentito lasciare il segnalino Ferita nello
    stesso spazio)" — the token must leave its space; where to is the player's choice."""
    state = cleared(wanted="gold")
    to_warehouse(state, 2, 2)
    to_warehouse(state, 0, 1)
    jobs(state, {"op": "emperor_warehouse"})
    assert state.ask is not None and state.ask.kind == "emperor_move" and state.ask.seats == [2]
    prompt = GAME.prompts(state)[0]
    assert {o.id for o in prompt.options} == {"wood", "stone", "chi"}
    with pytest.raises(IllegalChoice):
        answer(state, 2, "gold")
    answer(state, 2, "stone")
    assert state.chronicle == {"wanted": "stone"}


def test_a_tie_in_the_warehouse_goes_to_the_higher_tea_marker() -> None:
    """IT AC: "(o, in caso di pareggio, il giocatore più in alto sul tracciato del Tè)"."""
    state = cleared()
    state.tea = [2, 1, 0]
    to_warehouse(state, 0, 2)
    to_warehouse(state, 1, 2)
    jobs(state, {"op": "emperor_warehouse"})
    assert state.ask is not None and state.ask.seats == [1]


def test_then_every_clerk_in_the_warehouse_goes_home() -> None:
    """IT AC: "Allora tutti i Commessi nel Magazzino vengono rimessi nelle riserve dei rispettivi
    proprietari" — the mover's and everyone else's."""
    state = cleared()
    to_warehouse(state, 0, 2)
    to_warehouse(state, 1, 1)
    reserves = [p.clerks for p in state.players[:3]]
    jobs(state, {"op": "emperor_warehouse"})
    answer(state, 0, "wood")
    assert not state.clerks_at.get(visit.WAREHOUSE)
    assert [p.clerks for p in state.players[:3]] == [reserves[0] + 2, reserves[1] + 1, reserves[2]]


def test_an_empty_warehouse_leaves_the_token() -> None:
    """IT AC: the move belongs to "il giocatore che ha più Commessi nel Magazzino"; ruling (the text
    is silent when nobody has one there): nobody moves it."""
    state = cleared(wanted="chi")
    jobs(state, {"op": "emperor_warehouse"})
    assert state.ask is None and state.chronicle == {"wanted": "chi"}


def test_the_move_comes_after_the_claim_in_winter() -> None:
    """IT AC: both happen after the Assault; the claim reads the space of "l'Anno in corso", so the
    move (ruling) sets the next year's and comes after it."""
    state = cleared(wanted="gold")
    state.players[1].res["gold"] = 9
    to_warehouse(state, 1)
    jobs(state, {"op": "winter"})
    place_shame(state)
    assert state.players[1].honor == 10
    assert state.ask is not None and state.ask.kind == "emperor_move"


# --- numbers -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("data", "field"), [
    ({"honor": 10, "amounts": {"wood": 5, "stone": 5, "gold": 4}}, "amounts"),
    ({"honor": 10, "amounts": {"wood": 5, "stone": 5, "gold": 4, "chi": 0}}, "chi"),
    ({"honor": 10, "start": "rice", "amounts": {"wood": 5, "stone": 5, "gold": 4, "chi": 3}}, "start"),
    ({"amounts": {"wood": 5, "stone": 5, "gold": 4, "chi": 3}}, "honor"),
])
def test_a_malformed_scenario_file_fails_with_its_field(data: dict[str, object], field: str) -> None:
    """The card's numbers are data (stand-ins but the printed 10 Honor): a bad file names its field."""
    with pytest.raises(PackError, match=field):
        read("chronicles/emperors_visit.toml", data)


# --- playouts ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [3, 4])
def test_an_emperors_visit_game_plays_to_its_end(seats: int) -> None:
    """Every seat count the scenario allows: a seeded game (AI and random answers) ends, every
    invariant holding after every step; the token is always on a space."""
    def check(state: State) -> None:
        check_invariants(state)
        assert state.chronicle is not None and state.chronicle["wanted"] in NEED

    state, _ = playout(seats, seats, options=OPTIONS, check=False)
    check(state)
    state, _ = playout(seats + 10, seats, options=OPTIONS, check=True)
    assert state.season == "over"


def test_normal_ai_seats_keep_the_amount_the_emperor_will_ask_for() -> None:
    """AI policy (engine/ai/greatwall_emperors_visit.py): a normal seat saves the wanted resource for
    the Winter claim (10 Honor, else a Shame token [IT AC, "Rivendicazione dell'Imperatore"]), so over
    a few games it shows the amount more often than it fails (without the policy: about 1 in 18); and
    when it cannot show this year's amount but holds another space's, it sends a Clerk to the
    Warehouse to move the token [IT AC, "Inviare i Commessi al Magazzino"]."""
    from engine.ai import choose

    shown = failed = moved = 0
    for seed in range(3):
        state = GAME.setup(3, OPTIONS, seed)
        step = 0
        while prompts := GAME.prompts(state):
            prompt = prompts[0]
            events = GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, step, "normal"))
            step += 1
            shown += sum(e.key == "gw.emperor_shown" for e in events)
            failed += sum(e.key == "gw.emperor_failed" for e in events)
            moved += sum(e.key == "gw.emperor_moved" for e in events)
    assert shown > failed and moved > 0
