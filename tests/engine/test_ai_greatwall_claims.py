"""The hard search's reading of part-covered Horde cards (engine/ai/greatwall_claims.py): who would
claim each and what it pays."""

from __future__ import annotations

import pytest
from greatwall_support import GAME

from engine.ai.greatwall_claims import CLAIM_WEIGHT, claim_outlook
from engine.ai.greatwall_shame_forecast import honor_share
from engine.greatwall.flow import Ctx
from engine.greatwall.state import HordeCard, Soldier, State


def table(options: dict[str, str] | None = None) -> tuple[State, Ctx, str]:
    """A 3-player table (with ``options``) with every Section cleared, then one Horde card of at least
    4 Vital spots in Section 0 and no artifact in play."""
    state = GAME.setup(3, dict(options or {}), 7)
    for section in state.sections:
        section.hordes = []
    card = next(c for c, spec in GAME.pack.hordes.items() if len(spec.spots) >= 4)
    state.sections[0].hordes = [HordeCard(card)]
    state.artifacts = []
    return state, Ctx(state, GAME.pack), card


def test_the_player_covering_most_spots_claims_and_everyone_on_it_earns_defeat_honor() -> None:
    """ES p.10 / RU p.10: a defeated card gives 2 Honor to each player with a Soldier on it, and goes
    to the player covering the most spots with Soldiers; it scores its Honor at the end (ES p.15)."""
    state, ctx, card = table()
    spots = GAME.pack.hordes[card].spots
    state.sections[0].hordes[0].soldiers = [Soldier(1, "horseman", [spots[0], spots[1]]),
                                            Soldier(2, "spearman", [spots[2]])]
    share = CLAIM_WEIGHT * 3 / len(spots)
    honor = GAME.pack.hordes[card].honor
    out = claim_outlook(ctx)
    assert out[1] == pytest.approx(share * (2 + honor))
    assert out[2] == pytest.approx(share * 2)
    assert 0 not in out


def test_wounds_cover_spots_but_never_decide_the_claim_and_ties_go_by_tea() -> None:
    """ES p.10 / RU p.10: Wounds count towards covering a card but not towards the claim; a tie in
    spots covered goes to the player earlier in Tea order."""
    state, ctx, card = table()
    spots = GAME.pack.hordes[card].spots
    horde = state.sections[0].hordes[0]
    horde.soldiers = [Soldier(0, "spearman", [spots[0]]), Soldier(2, "spearman", [spots[1]])]
    horde.wounds = [spots[2], spots[3]]
    share = CLAIM_WEIGHT * 4 / len(spots)
    first = min((0, 2), key=state.tea.index)
    other = 2 if first == 0 else 0
    out = claim_outlook(ctx)
    assert out[first] == pytest.approx(share * (2 + GAME.pack.hordes[card].honor))
    assert out[other] == pytest.approx(share * 2)


def test_an_artifact_counting_claimed_hordes_adds_to_the_claim() -> None:
    """ES p.15 / RU p.15: the artifacts score at the end; one paying per claimed Horde card raises what
    the claim is worth."""
    state, ctx, card = table()
    spots = GAME.pack.hordes[card].spots
    state.sections[0].hordes[0].soldiers = [Soldier(1, "spearman", [spots[0]])]
    before = claim_outlook(ctx)[1]
    state.artifacts = [a for a, spec in GAME.pack.artifacts.items() if spec.per == "horde"][:1]
    per = GAME.pack.artifacts[state.artifacts[0]].honor
    assert claim_outlook(ctx)[1] == pytest.approx(before + CLAIM_WEIGHT / len(spots) * per)


def test_defeat_honor_goes_on_the_track_where_shame_can_take_it_but_the_card_scores_apart() -> None:
    """ES p.15 / RU p.15: the final scoring takes 5 Honor per Soldier with Shame from the Honor track
    (never below 0) and then adds the claimed Horde cards without Shame: a seat whose Shame takes all
    its Honor keeps none of the 2 Honor of the defeat (ES p.10), but still the card it claims."""
    state, ctx, card = table()
    spots = GAME.pack.hordes[card].spots
    state.sections[0].hordes[0].soldiers = [Soldier(1, "horseman", [spots[0], spots[1]]),
                                            Soldier(2, "spearman", [spots[2]])]
    state.players[1].honor, state.players[2].honor = 0, 30
    state.players[1].shamed = {**state.players[1].shamed, "spearman": 3}
    kept = {s: honor_share(ctx, s, 0, 0.0) for s in range(3)}
    assert kept[1] == 0.0 and kept[2] == 1.0
    share = CLAIM_WEIGHT * 3 / len(spots)
    out = claim_outlook(ctx, kept)
    assert out[1] == pytest.approx(share * GAME.pack.hordes[card].honor)
    assert out[2] == pytest.approx(share * 2)


def khan_table() -> tuple[State, Ctx, str]:
    """``table()`` with Genghis Khan: his card and 2 Skills, no spot covered yet."""
    return table({"khan": "on"})


def test_with_genghis_khan_a_claim_lets_a_survivor_wound_him() -> None:
    """IT GK, "Ferire Genghis Khan": whoever claims a defeated Horde may send one of its surviving
    Spearmen (1 spot) or Horsemen (2 spots) onto the Khan or a Skill, for 6 Honor a spot; a card's
    other players earn only its defeat Honor. Once he is defeated no one wounds him."""
    state, ctx, card = khan_table()
    spots = GAME.pack.hordes[card].spots
    horde = state.sections[0].hordes[0]
    horde.soldiers = [Soldier(1, "horseman", [spots[0], spots[1]]), Soldier(2, "spearman", [spots[2]])]
    share = CLAIM_WEIGHT * 3 / len(spots)
    honor = GAME.pack.hordes[card].honor
    out = claim_outlook(ctx)
    assert out[1] == pytest.approx(share * (2 + honor + 2 * 6))
    assert out[2] == pytest.approx(share * 2)
    horde.soldiers = [Soldier(1, "spearman", [spots[0]]), Soldier(1, "spearman", [spots[1]]),
                      Soldier(2, "spearman", [spots[2]])]
    assert claim_outlook(ctx)[1] == pytest.approx(share * (2 + honor + 6))
    assert state.khan is not None
    state.khan.defeated = True
    assert claim_outlook(ctx)[1] == pytest.approx(share * (2 + honor))


def test_an_archer_or_a_bannerman_never_wounds_the_khan() -> None:
    """IT GK: only Spearmen and Horsemen wound him, never Archers (FAQ #37: the Bannerman cannot attack
    him either): a claim held by a Bannerman alone earns no wound."""
    state, ctx, card = khan_table()
    spots = GAME.pack.hordes[card].spots
    state.sections[0].hordes[0].soldiers = [Soldier(1, "bannerman", [spots[0]])]
    share = CLAIM_WEIGHT / len(spots)
    assert claim_outlook(ctx)[1] == pytest.approx(share * (2 + GAME.pack.hordes[card].honor))


def test_the_wound_is_only_as_large_as_the_khans_uncovered_spots() -> None:
    """IT GK, "Punti vitali": the wound covers free active spots only; with one left, a Horseman earns
    6 Honor, not 12."""
    state, ctx, card = khan_table()
    assert state.khan is not None
    sheets = [GAME.pack.khan.khan, *(GAME.pack.khan.skills[s] for s in state.khan.skills)]
    active = [(sheet.id, i) for sheet in sheets for i, n in enumerate(sheet.spots) if n <= 3]
    for sheet_id, i in active[1:]:
        state.khan.wounds.setdefault(sheet_id, []).append(Soldier(0, "spearman", [i]))
    spots = GAME.pack.hordes[card].spots
    state.sections[0].hordes[0].soldiers = [Soldier(1, "horseman", [spots[0], spots[1]])]
    share = CLAIM_WEIGHT * 2 / len(spots)
    assert claim_outlook(ctx)[1] == pytest.approx(share * (2 + GAME.pack.hordes[card].honor + 6))
