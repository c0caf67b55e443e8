"""Who decides first, and who sees what before deciding (issue 20, items 3–5).

- Co-op: Tea order no longer orders the Clerk actions; the team does [ES p.19, "Indicador de Té"].
- Production: each of its three steps is done by every player before the next step starts [ES p.11,
  RU p.11].
- Summer: the Shame discard (step 2) and the reclaim (step 4) are taken in Tea order [ES p.8], so a
  later player decides knowing what the earlier ones did.
"""

from __future__ import annotations

from greatwall_kit import GAME, answer, cleared, jobs, keys
from test_greatwall_coop import coop

from engine.core.events import Event
from engine.core.prompt import Choice, Prompt
from engine.greatwall.state import State, TrackCard

BLUE, RED, YELLOW = 0, 1, 2


def _asked(state: State) -> list[tuple[str, int]]:
    return [(p.kind, p.seat) for p in GAME.prompts(state)]


def _greedy(prompt: Prompt) -> tuple[str, ...]:
    """Upgrade and donate whenever offered, otherwise the first option of each slot."""
    values = []
    for i in range(prompt.slots):
        ids = [o.id for o in prompt.options_for(i)]
        wanted = [v for v in ids if v.startswith("up") or v == "donate"]
        values.append(wanted[0] if wanted else ids[0])
    return tuple(values)


# --- Production [ES p.11] -------------------------------------------------------------------------

def test_production_every_player_upgrades_before_anyone_donates() -> None:
    """ES p.11 / RU p.11, Production Locations: the steps (1 gather, 2 upgrade the Overseer, 3 donate)
    are resolved one at a time, in Tea order; each step is completed by all players before the next.
    Blue (first in Tea order) must not donate before Red has had the chance to upgrade."""
    state = cleared()
    state.clerks_at["mill"] = [BLUE, RED]
    for seat in (BLUE, RED):
        state.players[seat].clerks -= 1
        state.players[seat].res["chi"] = 2  # a first Overseer at the Lumber Mill costs 2 Chi
    events: list[Event] = jobs(state, {"op": "activate", "loc": "mill", "advanced": False})
    asked = []
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        asked.append(prompt.seat)
        events += GAME.apply(state, prompt.seat, Choice(prompt.kind, _greedy(prompt)))
    order = [(e.key, e.args.get("seat")) for e in events
             if e.key == "gw.overseer" or (e.key == "gw.gain" and e.args.get("reason") == "donate")]
    assert order == [("gw.overseer", BLUE), ("gw.overseer", RED), ("gw.gain", BLUE), ("gw.gain", RED)]
    assert asked == [BLUE, RED, BLUE, RED]  # upgrade in Tea order, then donate in Tea order


def test_production_upgrade_and_donation_are_asked_in_tea_order_one_player_at_a_time() -> None:
    """ES p.11: within each step the players go in Tea order (Red above Blue here)."""
    state = cleared()
    state.tea = [RED, BLUE, YELLOW]
    state.clerks_at["quarry"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    assert [seat for _, seat in _asked(state)] == [RED]


def test_temple_has_no_donation_step() -> None:
    """ES p.11: Chi can never be donated, so the Temple skips the donate step."""
    state = cleared()
    state.clerks_at["temple"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "temple", "advanced": False})
    for seat in (BLUE, RED):
        answer(state, seat, *_greedy(GAME.prompts(state)[0]))
    assert state.ask is None


# --- Summer [ES p.8] ------------------------------------------------------------------------------

def test_summer_shame_discard_goes_in_tea_order_and_later_players_see_it() -> None:
    """ES p.8, Summer step 2: each player, in Tea order, may pay 2 Chi per Shame token to discard it.
    Only the first player in Tea order is asked; their discard happens (publicly, with a log line)
    before the next player is asked."""
    state = cleared()
    state.tea = [RED, BLUE, YELLOW]
    state.players[RED].shamed["spearman"] = 1
    state.players[RED].res["chi"] = 2
    state.shame_supply -= 1
    supply = state.shame_supply
    jobs(state, {"op": "summer"})
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [RED] and not prompts[0].secret
    events = answer(state, RED, "shame.1", "tac.none")
    assert "gw.shame_discarded" in keys(events) and state.shame_supply == supply + 1
    assert [p.seat for p in GAME.prompts(state)] == [BLUE]


def test_summer_reclaim_goes_in_tea_order_after_the_track_is_discarded() -> None:
    """ES p.8, Summer steps 3–4: the track goes to the discard, then, in Tea order, each player takes
    back all their discarded command cards or scores 2 Honor per own card there. One player at a
    time, each choice on the log before the next player chooses."""
    state = cleared()
    state.track = [TrackCard(BLUE, "economy"), TrackCard(RED, "attack"), TrackCard(YELLOW, "mobilise"), None, None]
    for p in state.players:
        p.hand = [c for c in p.hand if c not in ("economy", "attack", "mobilise")]
    jobs(state, {"op": "summer"})
    for seat in (BLUE, RED, YELLOW):  # step 2, nobody holds Shame
        answer(state, seat, "shame.0", "tac.none")
    assert state.track == [None] * 5  # step 3 done before anyone reclaims
    assert [p.seat for p in GAME.prompts(state)] == [BLUE]
    events = answer(state, BLUE, "honor")
    assert state.players[BLUE].honor == 2 and "gw.gain" in keys(events)
    assert [p.seat for p in GAME.prompts(state)] == [RED]
    events = answer(state, RED, "take")
    assert "attack" in state.players[RED].hand and "gw.reclaim" in keys(events)
    assert [p.seat for p in GAME.prompts(state)] == [YELLOW]


def test_coop_summer_shame_discard_goes_in_tea_order() -> None:
    """ES p.19 ("Fichas de deshonra") with ES p.8 step 2: in co-op a Shame token costs 10 Honor
    instead of 2 Chi, "in the normal moment": Summer step 2, taken in Tea order (ES p.19 frees
    only the Clerk actions from Tea order)."""
    state = coop(3)
    state.tea = [YELLOW, BLUE, RED]
    state.players[YELLOW].shamed["spearman"] = 1
    state.players[YELLOW].honor = 10
    state.shame_supply -= 1
    jobs(state, {"op": "summer"})
    assert [p.seat for p in GAME.prompts(state)] == [YELLOW]
    answer(state, YELLOW, "shame.1", "tac.none")
    assert state.players[YELLOW].shamed["spearman"] == 0
    assert [p.seat for p in GAME.prompts(state)] == [BLUE]


# --- Co-op: the team orders the Clerk moves [ES p.19] ----------------------------------------------

def test_coop_the_team_chooses_who_moves_clerks_first() -> None:
    """ES p.19, "Indicador de Té": the Tea track no longer orders the Clerk actions; the players
    decide the order as a team. When a card lets the other players move Clerks, any of them may go
    first (here Yellow, last in Tea order), and the next one moves on the board Yellow left."""
    state = coop(3)
    state.track = [TrackCard(BLUE, "mobilise"), None, None, None, None]
    state.clerks_at["mill"] = [RED]
    state.players[RED].clerks -= 1
    jobs(state, {"op": "track", "slot": 0})
    answer(state, BLUE, *(["skip"] * 6))  # the owner's own moves come first [ES p.8]
    assert {seat for _, seat in _asked(state)} == {RED, YELLOW}
    prompt = next(p for p in GAME.prompts(state) if p.seat == YELLOW)
    assert not prompt.secret  # a move is seen by the next player
    GAME.apply(state, YELLOW, Choice(prompt.kind, ("from.reserve", "to.mill", "skip", "skip")))
    assert state.clerks_at["mill"] == [RED, YELLOW]
    assert _asked(state) and {seat for _, seat in _asked(state)} == {RED}
    red = GAME.prompts(state)[0]
    assert "to.mill" not in [o.id for o in red.options_for(1)]  # the full Mill is locked now
    assert "from.mill" not in [o.id for o in red.options_for(0)]


def test_coop_any_pending_player_may_move_first() -> None:
    """ES p.19: no Tea order among the team's Clerk moves: the first in Tea order may go first too."""
    state = coop(3)
    state.track = [TrackCard(BLUE, "mobilise"), None, None, None, None]
    jobs(state, {"op": "track", "slot": 0})
    answer(state, BLUE, *(["skip"] * 6))
    prompt = next(p for p in GAME.prompts(state) if p.seat == RED)
    GAME.apply(state, RED, Choice(prompt.kind, ("from.reserve", "to.quarry", "skip", "skip")))
    assert {seat for _, seat in _asked(state)} == {YELLOW}


def test_competitive_other_players_still_move_in_tea_order() -> None:
    """ES p.8: outside co-op, "other players" effects are done by the others in Tea order."""
    state = cleared()
    state.track = [TrackCard(BLUE, "mobilise"), None, None, None, None]
    jobs(state, {"op": "track", "slot": 0})
    answer(state, BLUE, *(["skip"] * 6))
    assert _asked(state) == [("move", RED)]


def test_donate_step_asks_a_player_who_has_nothing_left_to_give() -> None:
    """ES p.11, step 3 is offered to every player who gathered here. One who has none of the resource
    left (spent since) is still asked, with only "no donation": who is asked must not tell what lies
    behind a screen (DESIGN: hidden information never leaks through who is asked)."""
    state = cleared()
    state.clerks_at["quarry"] = [BLUE, RED]
    jobs(state, {"op": "activate", "loc": "quarry", "advanced": False})
    answer(state, BLUE, "pass", "tac.none")
    state.players[BLUE].res["stone"] = 0  # spent before step 3 begins
    answer(state, RED, "pass", "tac.none")
    prompt = GAME.prompts(state)[0]
    assert (prompt.kind, prompt.seat) == ("donate", BLUE) and [o.id for o in prompt.options] == ["pass"]
