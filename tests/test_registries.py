"""One way in per floor: the per-game part is picked by the registries (keyed by game id), never by an
``if game.id == ...`` chain, and no optional capability is probed by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
# The registries themselves: the only modules that may key on a game id.
REGISTRIES = {"engine/games.py", "engine/ai/__init__.py", "rendering/registry.py",
              "rendering/games.py", "bot/presenters.py"}
CHAIN = re.compile(r"\bif\s+(?:\w+\.)?(?:game\.id|game_id)\b\s*(?:==|!=|in\b)|\b(?:game\.id|game_id)\s*==")
PROBE = re.compile(r"getattr\((?:self\.)?(?:table\.)?game\b|noqa: B009")


def sources() -> list[tuple[str, str]]:
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
            for package in ("engine", "rendering", "bot") for p in sorted((ROOT / package).rglob("*.py"))]


def test_no_game_id_chain_outside_the_registries() -> None:
    offenders = [(name, line.strip()) for name, text in sources() if name not in REGISTRIES
                 for line in text.splitlines() if CHAIN.search(line)]
    assert offenders == []


def test_no_capability_probed_by_name() -> None:
    offenders = [(name, line.strip()) for name, text in sources()
                 for line in text.splitlines() if PROBE.search(line)]
    assert offenders == []


def test_the_grep_catches_a_chain() -> None:
    assert CHAIN.search('    if game.id == "greatwall":')
    assert CHAIN.search("    if game_id == 'xidit' and packs is not None:")
    assert not CHAIN.search("    factory = _FACTORIES.get(game.id)")


def test_capabilities_write_out_every_option_with_its_default() -> None:
    """/game new writes every option the game reads (the lobby says which rules apply); a default may
    follow another option (Akhedena's round limit is on in quick play)."""
    from engine.games import capabilities

    akhedena = capabilities("akhedena")
    assert akhedena.table_options({}) == {"mode": "standard", "rounds": "off", "after_battle": "stop"}
    assert akhedena.table_options({"mode": "quick", "length": "short"})["rounds"] == "on"
    assert capabilities("xidit").table_options({"mode": "quick"}) == {"length": "long"}
    # The Rat is an expansion of every mode [IT Rat]: its own option, off unless chosen; its payout
    # ruling (C4) is read only with it.
    # So is Genghis Khan [IT GK, introduction]; his rulings (C2 starting Hordes, C3 Bannerman cost) are read
    # only with him. The fifth player's Advisors (C10) are read by the modes a fifth player may
    # join [IT 5P]: the lobby does not know yet how many will sit down.
    # With a scenario bundled, the Ancient Chronicles choice is written out too (off unless chosen).
    assert capabilities("greatwall").table_options({"length": "short"}) == {"mode": "standard", "rat": "off",
                                                                            "scenario": "off",
                                                                            "khan": "off", "five_advisors": "in"}
    assert capabilities("greatwall").table_options({"rat": "on"}) == {"mode": "standard", "rat": "on",
                                                                       "scenario": "off", "rat_payout": "gold",
                                                                       "khan": "off",
                                                                       "five_advisors": "in"}
    assert capabilities("greatwall").table_options({"khan": "on"}) == {"mode": "standard", "rat": "off",
                                                                        "scenario": "off", "khan": "on",
                                                                        "khan_hordes": "plus_one",
                                                                        "khan_banner_cost": "gold",
                                                                        "five_advisors": "in"}
    # The Reed clan's rulings are read only in the duel (2 players with the Reed clan [ES p.15]). No
    # scenario is played in the duel (each is a standard or a co-op game [IT AC, "Preparazione"]), so a
    # duel table does not list the choice.
    assert capabilities("greatwall").table_options({"mode": "duel", "raid_count": "clans"}) == {
        "mode": "duel", "reed_temple": "active", "raid_count": "clans", "reed_claim": "discard",
        "reed_company": "company", "rat": "off", "khan": "off"}
    # Co-op's end of the Time track (C14) is read only in co-op [ES p.19]; so are the Reed rulings and
    # start_hordes, which matter at 2 players (co-op with the Reed clan [ES p.15, p.19]).
    assert capabilities("greatwall").table_options({"mode": "coop"}) == {
        "mode": "coop", "scenario": "off", "reed_temple": "active", "raid_count": "humans", "reed_claim": "discard",
        "reed_company": "company", "time_loss": "unmet", "start_hordes": "humans", "rat": "off", "khan": "off",
        "five_advisors": "in"}
    assert capabilities("greatwall").seat_range({"mode": "coop"}) == (2, 5)  # 5 with the fifth player [IT 5P]
    assert capabilities("xidit").fill_to_min_with_ai and not capabilities("akhedena").fill_to_min_with_ai


def test_a_game_without_unknown_never_offers_undo() -> None:
    """``unknown`` is a real method of the contract with a typed default: None, no undo."""
    from toy.game import ToyGame

    game = ToyGame()
    assert game.unknown(game.setup(2, {}, 1)) is None


def test_each_floor_finds_a_registered_game_by_id() -> None:
    """The toy (tests/toy) is registered once per floor through the public registries."""
    from toy import ToyAI, ToyPresenter

    from bot.cogs.choices import game_choices
    from bot.presenters import presenter_for
    from engine.ai import seat_ai
    from engine.games import game_ids, get_game
    from rendering.registry import renderer_for

    game = get_game("toy")
    assert "toy" in game_ids() and isinstance(presenter_for(game), ToyPresenter)
    assert isinstance(seat_ai(game, "hard"), ToyAI) and renderer_for(game) is None
    assert "toy" in [c.value for c in game_choices()]
    # Its modes are offered by the lobby's settings panel (tests/bot/test_toy_table.py).


def test_a_mode_narrows_the_seat_range() -> None:
    """Akhedena's team mode is for exactly four players (two teams of two [Modo Avanzado]); the other
    modes keep the game's 2–4."""
    from engine.games import capabilities

    akhedena = capabilities("akhedena")
    assert akhedena.seat_range({"mode": "team"}) == (4, 4)
    assert akhedena.seat_range({"mode": "quick"}) == akhedena.seat_range({}) == (2, 4)


def test_the_core_loads_no_game() -> None:
    """The contract sits below every game: importing it (and its runner) loads none of them; the game
    catalog (engine/games.py) is the module that imports the bundled games and registers them."""
    import subprocess
    import sys

    core = sorted("engine.core." + p.stem for p in (ROOT / "engine" / "core").glob("*.py") if p.stem != "__init__")
    probe = (f"import sys, engine.core, {', '.join(core)}; "
             "print(sorted(m for m in sys.modules if m.startswith(('engine.greatwall', 'engine.xidit', "
             "'engine.akhedena', 'engine.games'))))")
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"
    # Nor can it load one later: the lookups by game id live in the catalog, not in the core.
    import engine.core.game

    assert not {"get_game", "make_game", "capabilities", "game_ids", "registration"} & set(vars(engine.core.game))
    from engine.games import game_ids

    assert {"greatwall", "xidit", "akhedena"} <= set(game_ids())


def test_a_game_registered_later_is_found_and_can_leave() -> None:
    """A game registered from outside the catalog (the toy, after the bundled ones) is found by id."""
    from toy.game import make_toy

    from engine.core.game import Capabilities
    from engine.games import capabilities, register_game, unregister_game

    register_game(Capabilities("toy_later", 2, 2), make_toy)
    try:
        assert capabilities("toy_later").max_seats == 2
    finally:
        unregister_game("toy_later")
    with pytest.raises(KeyError):
        capabilities("toy_later")
