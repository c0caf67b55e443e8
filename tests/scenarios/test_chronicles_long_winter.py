"""Il Lungo Inverno, a competitive Ancient Chronicles scenario [IT AC, "Il Lungo Inverno"; fact sheet
§13.2, errata 49]: one test per rule sentence, each through the engine; then seeded playouts at 3 and
4 players with their invariants."""

from __future__ import annotations

from pathlib import Path

import games  # tests/engine, on the path by tests/scenarios/conftest.py
import pytest
from greatwall_kit import GAME, PACK, answer, jobs, keys, players_cleared
from greatwall_kit import drafted as kit_drafted
from greatwall_support import check_invariants

from engine.core.errors import IllegalChoice, PackError
from engine.core.prompt import Choice
from engine.games import capabilities
from engine.greatwall.chronicles import long_winter_pack
from engine.greatwall.chronicles.pack import load_scenarios
from engine.greatwall.flow import Ctx
from engine.greatwall.seasons import invade
from engine.greatwall.state import HordeCard, Overseer, State

OPTIONS = {"scenario": "long_winter"}
RESOURCES = ("wood", "stone", "gold", "chi")


def cleared(seats: int = 3) -> State:
    """A Long Winter game past the draft, then the players' side emptied (kit.players_cleared)."""
    return players_cleared(kit_drafted(seats, 1, options=OPTIONS))


def stock(state: State, seat: int, **res: int) -> None:
    state.players[seat].res.update(res)


def production(state: State) -> int:
    return int(PACK.scenarios["long_winter"].value(state.time))


# --- The scenario card [IT AC, "Il Lungo Inverno"; "Preparazione"] -----------------------------------

def test_it_is_a_competitive_scenario_of_the_standard_game_at_3_or_4() -> None:
    """IT AC, "Preparazione": a scenario card gives its mode; Il Lungo Inverno is played competitively
    ("il giocatore che ottiene più Onore vince"), with no other expansion."""
    caps = capabilities("greatwall")
    option = caps.option("scenario")
    assert option is not None and "long_winter" in option.values
    assert caps.table_options(OPTIONS)["mode"] == "standard" and caps.seat_range(OPTIONS) == (3, 4)
    assert caps.clash({**OPTIONS, "rat": "on"}) is not None
    state = GAME.setup(3, OPTIONS, 1)
    assert state.variants == ["long_winter"] and state.chronicle is not None
    assert GAME.setup(3, {}, 1).chronicle is None


# --- The Production track ------------------------------------------------------------------------

def test_production_changes_each_overseers_summer_income() -> None:
    """IT AC, "Tracciato della Produzione": "Il valore di Produzione ... modifica il numero di Risorse
    ottenute durante il passo di Reddito all'inizio dell'Estate ... applicato individualmente a
    ciascun Sorvegliante". Two Overseers, two changes; the value follows the Time marker (ruling)."""
    state = cleared()
    state.overseers = {"mill": {0: Overseer(1, "spearman")}, "quarry": {0: Overseer(1, "spearman")}}
    base = PACK.overseers["mill"].income[0]["wood"], PACK.overseers["quarry"].income[0]["stone"]
    state.time = 0
    jobs(state, {"op": "summer"})
    assert production(state) == -1
    assert (state.players[0].res["wood"], state.players[0].res["stone"]) == (base[0] - 1, base[1] - 1)
    state = cleared()
    state.overseers = {"mill": {0: Overseer(1, "spearman")}}
    state.time = 4
    jobs(state, {"op": "summer"})
    assert production(state) == 1 and state.players[0].res["wood"] == base[0] + 1


def test_production_changes_the_overseers_share_when_gathering() -> None:
    """IT AC, "Tracciato della Produzione": also "il passo di Raccolta delle Risorse ogni volta che
    viene Attivato un Luogo di produzione", per Overseer. Ruling: the Clerks gather as usual; an
    Overseer never yields less than 0."""
    for time, expected in ((0, 2 + 0), (4, 2 + 2)):  # 2 Clerks + an Overseer of level 1, changed
        state = cleared()
        state.time = time
        state.overseers = {"mill": {0: Overseer(1, "spearman")}}
        state.players[0].clerks -= 2
        state.clerks_at = {"mill": [0, 0]}
        jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
        assert state.players[0].res["wood"] == expected, time


# --- Supporting the Emperor [IT AC, "Sostenere l'Imperatore"; errata 49] --------------------------

def test_sending_four_of_one_kind_puts_a_reserve_clerk_on_its_space() -> None:
    """IT AC, "Sostenere l'Imperatore": "potete scartare 4 Risorse dello stesso tipo ... rimosse dal
    gioco ... piazzate un Commesso dalla vostra riserva sulla carta Scenario nello spazio
    corrispondente". A decision, with a preselection; "none" is always offered."""
    state = cleared()
    stock(state, 0, wood=5, gold=4, stone=3)
    clerks = state.players[0].clerks
    jobs(state, {"op": "lw_send", "seat": 0})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "lw_send" and prompt.seat == 0
    assert [o.id for o in prompt.options] == ["send.wood", "send.gold", "none"]  # stone: only 3
    assert prompt.default == ("send.wood",)
    events = answer(state, 0, "send.gold")
    player = state.players[0]
    assert player.res["gold"] == 0 and player.clerks == clerks - 1 and "gw.lw_sent" in keys(events)
    assert state.chronicle is not None and state.chronicle["sent"]["gold"] == [0]
    assert state.chronicle["clerks"]["0"] == 1


def test_sending_is_refused_without_four_of_that_kind_and_changes_nothing() -> None:
    """IT AC: "4 Risorse dello stesso tipo contemporaneamente": 3 are not enough."""
    state = cleared()
    stock(state, 0, stone=3)
    jobs(state, {"op": "lw_send", "seat": 0})
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice):
        GAME.apply(state, 0, Choice("lw_send", ("send.stone",)))
    assert GAME.dumps(state) == before
    answer(state, 0, "none")
    assert state.players[0].res["stone"] == 3 and state.chronicle["clerks"]["0"] == 0  # type: ignore[index]


def test_each_kind_is_sent_once_and_a_clerk_must_be_in_reserve() -> None:
    """IT AC: "Ogni giocatore deve raccogliere 4 unità di ciascuna Risorsa ... e inviarle": one space
    per kind, so a kind already sent is not offered again; with no Clerk in reserve, nothing can go
    on the card, so the player is not asked."""
    state = cleared()
    stock(state, 0, wood=8)
    jobs(state, {"op": "lw_send", "seat": 0})
    answer(state, 0, "send.wood")
    jobs(state, {"op": "lw_send", "seat": 0})
    assert [o.id for o in GAME.prompts(state)[0].options] == ["none"]
    answer(state, 0, "none")
    state.players[1].clerks = 0
    stock(state, 1, stone=4)
    jobs(state, {"op": "lw_send", "seat": 1})
    assert state.ask is None


def test_the_send_comes_after_the_own_turns_horde_defeat_check() -> None:
    """IT AC: "Durante l'Autunno, alla fine del turno, dopo il passo di Controllo Sconfitta delle
    Orde"; errata 49: after your *own* Horde Defeat check. In a played game every send is made by the
    player whose command-card turn it is, after that turn's activations."""
    state, log = games.playout(games.Case("greatwall", 3, OPTIONS), 3)
    sends = [text for _, text in log if text.startswith("lw_send")]
    assert sends and state.season == "over"
    # Replay with events: each gw.lw_sent follows a gw.turn of the same seat, with no other turn between.
    state = GAME.setup(3, OPTIONS, 3)
    current = None
    seen = 0
    for seat, text in log:
        for event in GAME.apply(state, seat, Choice.parse(text)):
            if event.key == "gw.turn":
                current = event.args["seat"]
            if event.key == "gw.lw_sent":
                assert event.args["seat"] == current
                seen += 1
    assert seen


# --- A Breach [IT AC, "Breccia"] --------------------------------------------------------------------

def test_at_a_breach_a_player_may_give_up_a_resource_instead_of_shame() -> None:
    """IT AC, "Breccia": "Invece di ottenere un tassello Onta durante una Breccia, potete decidere di
    rimuovere 1 delle vostre Risorse dal gioco". Each token is a choice; taking the Shame stays open."""
    state = cleared()
    state.sections[0].hordes = [HordeCard(next(iter(PACK.hordes)))]
    stock(state, 0, wood=2, chi=1)
    supply = state.shame_supply
    jobs(state, {"op": "breach", "sec": 0})
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "lw_breach" and prompt.seat == 0
    assert {o.id for o in prompt.options} == {"give.wood", "give.chi", "shame"}
    assert prompt.default == ("give.wood",)
    events = answer(state, 0, "give.chi")
    assert state.players[0].res == {"wood": 2, "stone": 0, "gold": 0, "chi": 0} and "gw.lw_gave" in keys(events)
    assert state.ask is not None and state.ask.kind == "lw_breach" and state.ask.seats == [1]
    answer(state, 1, "shame")  # seat 1 holds nothing: the token is the only answer
    assert state.shame_supply == supply - 1 or (state.ask is not None and state.ask.kind == "shame")


def test_giving_up_a_resource_not_held_is_refused() -> None:
    """IT AC, "Breccia": "1 delle vostre Risorse": one you have."""
    state = cleared()
    state.sections[0].hordes = [HordeCard(next(iter(PACK.hordes)))]
    jobs(state, {"op": "breach", "sec": 0})
    before = GAME.dumps(state)
    with pytest.raises(IllegalChoice):
        GAME.apply(state, 0, Choice("lw_breach", ("give.gold",)))
    assert GAME.dumps(state) == before


# --- A Raid [IT AC, "Razzia"] -----------------------------------------------------------------------

def test_a_raid_boxes_two_of_each_resource_and_shame_for_each_one_missing() -> None:
    """IT AC, "Razzia": "invece di rimuovere i tasselli Onta dalla riserva, prendete 2 segnalini di
    ogni Risorsa ... e rimuoveteli dal gioco ... rimuovete 1 tassello Onta per ogni Risorsa mancante"
    (ruling: each player's own resources). Seat 0 has them all, seat 1 lacks 3, seat 2 lacks all 8."""
    state = cleared()
    card = next(iter(PACK.hordes))
    for section in state.sections:
        section.hordes = [HordeCard(card)] * 3
    stock(state, 0, wood=3, stone=2, gold=2, chi=5)
    stock(state, 1, wood=1, stone=2, gold=2, chi=0)
    supply, boxed = state.shame_supply, state.shame_boxed
    ctx = Ctx(state, PACK)
    invade(ctx)
    assert "gw.lw_raid" in keys(ctx.events) and "gw.raid" not in keys(ctx.events)
    assert state.players[0].res == {"wood": 1, "stone": 0, "gold": 0, "chi": 3}
    assert state.players[1].res == {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
    assert state.shame_supply == supply - 3 - 8 and state.shame_boxed == boxed + 11


# --- The end [IT AC, "Conteggio finale dei punti Onore"] --------------------------------------------

def test_twelve_honor_per_own_clerk_on_the_card_before_the_final_scoring() -> None:
    """IT AC: "Alla fine della partita, prima del conteggio finale dei punti Onore, ottenete 12 punti
    Onore per ciascuno dei vostri Commessi sulla carta Scenario"."""
    state = cleared()
    assert state.chronicle is not None
    state.chronicle["clerks"] = {"0": 2, "1": 0, "2": 1}
    state.players[0].clerks -= 2
    state.players[2].clerks -= 1
    state.time = len(PACK.time[3]) - 1
    events = jobs(state, {"op": "end_check"})
    assert state.season == "over" and keys(events).count("gw.lw_honor") == 2
    assert [state.final[s]["before"] for s in range(3)] == [24, 0, 12]  # counted before the scoring steps


# --- Its numbers -------------------------------------------------------------------------------------

def test_the_numbers_are_the_printed_ones_and_a_marked_stand_in_track() -> None:
    """IT AC prints 4 (sent), 2 (Raid) and 12 (Honor); the Production values are not printed, so the
    file is a stand-in (README: stand-ins)."""
    numbers = PACK.scenarios["long_winter"]
    assert (numbers.send, numbers.raid_take, numbers.clerk_honor) == (4, 2, 12)
    assert "chronicles/long_winter" in PACK.stand_ins


def test_a_malformed_file_fails_with_a_clear_pack_error(tmp_path: Path) -> None:
    """A printed card overlaid by an owner (MUSTER_PACKS) is checked at load: the file and field named."""
    with pytest.raises(PackError, match="production"):
        long_winter_pack.read("chronicles/long_winter.toml", {"production": ["cold"], "send": 4, "raid_take": 2,
                                                               "clerk_honor": 12})
    with pytest.raises(PackError, match="send"):
        long_winter_pack.read("chronicles/long_winter.toml", {"production": [0], "raid_take": 2, "clerk_honor": 12})
    over = tmp_path / "greatwall" / "chronicles"
    over.mkdir(parents=True)
    (over / "long_winter.toml").write_text("production = [1, 2]\n", encoding="utf-8")
    numbers, _ = load_scenarios(tmp_path)
    assert numbers["long_winter"].production == (1, 2) and numbers["long_winter"].send == 4


# --- Playouts ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [3, 4])
def test_a_long_winter_game_plays_to_its_end(seats: int) -> None:
    """Every seat count the scenario allows: a seeded game (AI and random answers) ends, every
    invariant holding after every step (Clerks on the card counted with the player's, resources never
    below 0, Shame conserved); Clerks only ever join the card, one per kind per player."""
    card: list[int] = []

    def check(state: State) -> None:
        check_invariants(state)
        chronicle = state.chronicle or {}
        on_card = sum(chronicle["clerks"].values())
        assert on_card >= (card[-1] if card else 0)
        assert on_card == sum(len(set(s)) for s in chronicle["sent"].values())
        card.append(on_card)

    state, _ = games.playout(games.Case("greatwall", seats, OPTIONS), 11, random_share=30, check=check)
    assert state.season == "over" and state.end_reasons
