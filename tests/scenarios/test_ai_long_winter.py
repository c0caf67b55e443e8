"""The hard seat's reading of Il Lungo Inverno's end [IT AC, "Il Lungo Inverno", "Conteggio finale dei
punti Onore"]: 12 Honor per own Clerk on the scenario card, paid before the final scoring. The search's
estimate of the final scoring (engine/ai/greatwall_search.py ``estimate``) must count them mid-game,
or sending 4 resources to the Emperor looks like a pure loss until the very last playout step."""

from __future__ import annotations

import copy

from greatwall_kit import PACK, jobs, players_cleared
from greatwall_kit import drafted as kit_drafted

from engine.ai.greatwall_search import estimate
from engine.games import capabilities
from engine.greatwall.flow import Ctx
from engine.greatwall.state import State

OPTIONS = capabilities("greatwall").table_options({"scenario": "long_winter"})


def cleared() -> State:
    return players_cleared(kit_drafted(3, 1, options=OPTIONS))


def with_clerks(state: State, clerks: dict[int, int]) -> State:
    """``clerks`` of each seat's reserve Clerks put on the scenario card."""
    out = copy.deepcopy(state)
    assert out.chronicle is not None
    out.chronicle["clerks"] = {str(s): n for s, n in clerks.items()}
    for seat, n in clerks.items():
        out.players[seat].clerks -= n
    return out


def test_the_estimate_counts_twelve_honor_per_clerk_on_the_card() -> None:
    state = cleared()
    sent = with_clerks(state, {0: 2, 2: 1})
    before = [estimate(Ctx(state, PACK), s) for s in range(3)]
    after = [estimate(Ctx(sent, PACK), s) for s in range(3)]
    assert [a - b for a, b in zip(after, before, strict=True)] == [24, 0, 12]


def test_the_estimate_of_the_card_is_what_the_end_pays() -> None:
    """The Honor the estimate adds for the card is the Honor the end check adds to the track."""
    state = cleared()
    sent = with_clerks(state, {0: 1, 1: 3})
    due = [estimate(Ctx(sent, PACK), s) - estimate(Ctx(state, PACK), s) for s in range(3)]
    ended = copy.deepcopy(sent)
    ended.time = len(PACK.time[3]) - 1
    jobs(ended, {"op": "end_check"})
    assert ended.season == "over"
    assert [ended.final[s]["before"] - sent.players[s].honor for s in range(3)] == due
