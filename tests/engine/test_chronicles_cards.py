"""Ancient Chronicles: the cards every scenario shares [IT AC, "Preparazione"; fact sheet §13.2] — its
Artifacts shuffled in with the base ones, its Tactics, Generals and Advisors added to their decks, its
Artifacts acting during play. Toy scenarios with no rules of their own (tests/chronicles_toys.py)
stand in for the bundled six."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ai import choose
from engine.core.errors import PackError
from engine.core.events import Event
from engine.greatwall.abilities import trigger
from engine.greatwall.chronicles import cards, cards_pack
from engine.greatwall.flow import Ctx
from engine.greatwall.game import GreatWallGame
from engine.greatwall.pack import load_pack
from engine.greatwall.seasons import cards_in_play

GAME = GreatWallGame()
PACK = GAME.pack


def test_the_box_holds_the_chronicles_cards() -> None:
    """Fact sheet §13.2 [IT AC components]: 10 Artifacts, 8 Tactics, 4 Generals, 10 Advisors."""
    counts = {kind: len(ids) for kind, ids in PACK.chronicles.items()}
    assert counts == {"artifacts": 10, "tactics": 8, "generals": 4, "advisors": 10}
    for kind, ids in PACK.chronicles.items():
        assert set(ids) <= set(getattr(PACK, kind))
    assert "chronicles/cards" in PACK.stand_ins


@pytest.mark.parametrize("scenario,seats", [("toy_rival", 3), ("toy_siege", 2)])
def test_a_scenario_adds_the_chronicles_cards_to_its_decks(toy_scenarios: None, scenario: str, seats: int) -> None:
    """IT AC, "Preparazione": "Aggiungete le carte Tattica dell'espansione Antiche Cronache al mazzo
    Tattica", "Mescolate le carte Generale … con i Generali base (standard o in cooperazione)",
    "Aggiungete le carte Consigliere … al mazzo Consigliere" — in the standard and the co-op setup."""
    state = GAME.setup(seats, {"scenario": scenario}, 5)
    dealt_generals = {g for p in state.players[:seats] for g in p.offer_generals}
    advisors = {*state.advisor_deck, *(a for p in state.players[:seats] for a in p.offer_advisors)}
    assert set(PACK.chronicles["tactics"]) <= set(state.tactic_deck)
    assert set(PACK.chronicles["advisors"]) <= advisors
    assert set(PACK.chronicles["generals"]) <= set(cards_in_play(Ctx(state, PACK), "generals"))
    assert dealt_generals <= set(cards_in_play(Ctx(state, PACK), "generals"))
    if scenario == "toy_siege":  # co-op's own Generals stay in ("standard o in cooperazione")
        assert set(PACK.coop["generals"]) <= set(cards_in_play(Ctx(state, PACK), "generals"))


def test_no_chronicles_card_without_a_scenario() -> None:
    """The Chronicles' cards are the expansion's: a game with no scenario never deals them."""
    for options in ({}, {"mode": "coop"}, {"rat": "on"}):
        state = GAME.setup(3, dict(options), 5)
        ctx = Ctx(state, PACK)
        for kind in ("tactics", "generals", "advisors"):
            assert not set(cards_in_play(ctx, kind)) & set(PACK.chronicles[kind]), (options, kind)
        assert not set(state.artifacts) & set(PACK.chronicles["artifacts"])


@pytest.mark.parametrize("scenario,seats", [("toy_rival", 3), ("toy_siege", 3)])
def test_three_artifacts_from_the_base_and_chronicles_ones(toy_scenarios: None, scenario: str, seats: int) -> None:
    """IT AC, "Preparazione": "Mescolate le carte Artefatto dell'espansione Antiche Cronache con le
    carte Artefatto del gioco base e mettetene 3 negli spazi Artefatto". Ruling (chronicles/cards.py):
    in a co-op scenario too — its setup is changed the same way, and no Demand takes the spaces."""
    pool = {*PACK.deck("artifacts"), *PACK.chronicles["artifacts"]}
    seen: set[str] = set()
    for seed in range(12):
        state = GAME.setup(seats, {"scenario": scenario}, seed)
        assert len(state.artifacts) == 3 and set(state.artifacts) <= pool
        seen |= set(state.artifacts)
        assert sorted(cards.artifacts(Ctx(state, PACK), PACK.deck("artifacts"))) == sorted(pool)
    assert seen & set(PACK.chronicles["artifacts"]) and seen & set(PACK.deck("artifacts"))


def test_a_chronicles_artifact_pays_whoever_meets_its_moment(toy_scenarios: None) -> None:
    """IT AC, "Preparazione": "gli effetti degli Artefatti in questa espansione valgono durante la
    partita e non solo alla fine". The Counting Frame (stand-in: 1 Gold when you gather) pays the
    player who gathers, while it lies on an Artifact space; a base Artifact does nothing in play."""
    state = GAME.setup(3, {"scenario": "toy_rival"}, 5)
    ctx = Ctx(state, PACK)
    state.artifacts = ["seal", "ink", "ac_abacus"]
    gold = [p.res["gold"] for p in state.players]
    trigger(ctx, 1, "gather")
    paid = PACK.artifacts["ac_abacus"].ability.gain["gold"]
    assert [p.res["gold"] for p in state.players] == [gold[0], gold[1] + paid, gold[2]]
    assert _paid(ctx.events) == [1]
    state.artifacts = ["seal", "ink", "box"]
    trigger(ctx, 1, "gather")
    assert state.players[1].res["gold"] == gold[1] + 1


def test_artifacts_act_during_a_played_year(toy_scenarios: None) -> None:
    """The same rule through the game: with the Ritual Tripod and the Jade Cup in play (stand-ins: 1 Chi,
    1 Gold at each Summer income), every player's Summer income carries them, and the end still counts
    each one's ``score`` ("non solo alla fine")."""
    state = GAME.setup(3, {"scenario": "toy_rival"}, 2)
    state.artifacts = ["ac_cup", "ac_tripod", "seal"]
    paid: list[int] = []
    while (prompts := GAME.prompts(state)) and state.year < 2:
        prompt = prompts[0]
        events = GAME.apply(state, prompt.seat, choose(GAME, GAME.view(state, prompt.seat), prompt, 7))
        paid += _paid(events)
    assert sorted(paid) == [0, 0, 1, 1, 2, 2]  # two Artifacts, one Summer income each


def _paid(events: list[Event]) -> list[int]:
    """The seats an Artifact paid (resources are told to their owner only, Honor and Tactics openly)."""
    seats = [e.args["seat"] for e in events if e.args.get("reason") == "artifact"]
    return seats + [s for e in events for s, (_, args) in e.private.items()
                    if args.get("reason") == "artifact" and not e.args]


def test_a_malformed_chronicles_card_fails_with_packerror(tmp_path: Path) -> None:
    """A malformed owner file is refused at load with the file, the card and the field named."""
    folder = tmp_path / "greatwall" / "chronicles"
    folder.mkdir(parents=True)
    bad = '[[artifacts]]\nid = "ac_bell"\nability = { when = "final", gain = { honor = 1 } }\n'
    (folder / "cards.toml").write_text(bad)
    with pytest.raises(PackError, match="ability"):
        load_pack(tmp_path)
    (folder / "cards.toml").write_text('[[tactics]]\nid = "ac_rally1"\nwindow = "someday"\n')
    with pytest.raises(PackError, match="window"):
        load_pack(tmp_path)


def test_a_chronicles_id_must_differ_from_every_other_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The decks hold cards by id: a Chronicles Advisor named like a base one is refused."""
    text = (cards_pack.SCENARIO_DIR / "cards.toml").read_text()
    first = PACK.chronicles["advisors"][0]
    (tmp_path / "cards.toml").write_text(text.replace(f'id = "{first}"\n', 'id = "adv01"\n'))
    monkeypatch.setattr(cards_pack, "SCENARIO_DIR", tmp_path)
    with pytest.raises(PackError, match="differ"):
        load_pack()


def test_the_reed_clan_gains_nothing_from_an_artifact(toy_scenarios: None) -> None:
    """ES p.15: the Reed clan holds no resources, Honor or Tactics of its own (what it would gain goes to
    the Warehouse); an Artifact pays players, and Reed is none: its gathering takes nothing from one."""
    state = GAME.setup(2, {"scenario": "toy_siege"}, 5)
    assert state.reed is not None
    ctx = Ctx(state, PACK)
    state.artifacts = ["ac_abacus", "ac_bell", "ac_cup"]
    warehouse = dict(state.warehouse)
    trigger(ctx, state.reed, "gather")
    assert state.warehouse == warehouse and _paid(ctx.events) == []
