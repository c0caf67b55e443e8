"""The Great Wall board draws the extra panels its view declares (``view["panels"]``, filled by the
variants: engine/greatwall/variant.py view_extras), never by asking which mode is played."""

from __future__ import annotations

import copy
from typing import Any

from engine.greatwall.game import GreatWallGame
from rendering.greatwall import render_board
from rendering.greatwall_text import alt_text, clan_names

GAME = GreatWallGame()
NAMES = ["Alice", "Bruno", "Chiara"]


def _renamed(view: dict[str, Any], kind: str, key: str) -> dict[str, Any]:
    """The same view with the ``kind`` panel's data under another key (as another variant might)."""
    out = copy.deepcopy(view)
    panel = next(p for p in out["panels"] if p["kind"] == kind)
    out[key] = out.pop(panel["data"])
    panel["data"] = key
    return out


def test_the_demands_panel_is_drawn_from_the_declaration() -> None:
    """ES p.18 (co-op setup step 3): the Demands take the Artifacts' slots. The board draws them
    wherever the view declares them, and the Artifacts when it declares none."""
    view = GAME.view(GAME.setup(3, {"mode": "coop"}, 2), None)
    drawn = render_board(view, GAME.pack, NAMES)
    assert render_board(_renamed(view, "demands", "team"), GAME.pack, NAMES) == drawn
    undeclared = {k: v for k, v in view.items() if k != "panels"}
    assert render_board(undeclared, GAME.pack, NAMES) != drawn


def test_the_team_result_is_read_from_the_declared_panel() -> None:
    """ES p.19: the team wins or loses together; the alt text says so from the declared panel."""
    view = GAME.view(GAME.setup(3, {"mode": "coop"}, 2), None)
    view["coop"]["won"] = True
    said = alt_text(view, GAME.pack, NAMES)
    assert alt_text(_renamed(view, "demands", "team"), GAME.pack, NAMES) == said
    assert said != alt_text({k: v for k, v in view.items() if k != "panels"}, GAME.pack, NAMES)


def test_the_automaton_track_names_its_clan_from_the_declaration() -> None:
    """ES p.16: Qin Jiushao plays beside you with his public Location track; the board names him
    (and draws his track) from the declared panel, the Reed clan otherwise [ES p.15]."""
    view = GAME.view(GAME.setup(1, {"mode": "solo"}, 3), None)
    names = clan_names(view, NAMES[:1], lambda key: key)
    assert names == clan_names(_renamed(view, "automaton_track", "rival"), NAMES[:1], lambda key: key)
    assert "board.gw.qin" in names
    assert "board.gw.qin" not in clan_names({k: v for k, v in view.items() if k != "panels"}, NAMES[:1],
                                            lambda key: key)
