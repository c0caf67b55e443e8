"""Akhedena's modes are variant modules on hooks (DESIGN.md "Variants are modules on hooks", issue 21):
the base rules never test a mode's name nor import a variant, a variant defined anywhere registers
and plays with no other edit, and a team game's sides are the ones its variant declares."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.ai import choose
from engine.akhedena import variant as variant_registry
from engine.akhedena.flow import Ctx
from engine.akhedena.game import AkhedenaGame, register_variant, unregister_variant
from engine.akhedena.variant import Variant
from engine.core.errors import IllegalChoice
from engine.core.game import Capabilities, OutcomeKind, TableOption
from engine.games import capabilities, get_game

ROOT = Path(__file__).resolve().parents[2]
REGISTRATION = "engine.akhedena.variants"


def _variant_modules() -> set[str]:
    return {type(v).__module__ for v in variant_registry.variants()} | {REGISTRATION}


def _base_files() -> list[Path]:
    exempt = _variant_modules()
    engine = [p for p in sorted((ROOT / "engine/akhedena").glob("*.py"))
              if f"engine.akhedena.{p.stem}" not in exempt]
    return engine + sorted((ROOT / "rendering").glob("akhedena*.py"))


def _is_mode(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "mode") or (isinstance(node, ast.Attribute)
                                                                   and node.attr == "mode")


def _field_names(tree: ast.AST) -> set[int]:
    """String constants that name a field (a dict key, a subscript, ``.get``'s key): data, not a mode test."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            found |= {id(k) for k in node.keys if k is not None}
        elif isinstance(node, ast.Subscript):
            found.add(id(node.slice))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            found |= {id(a) for a in node.args[:1]}
    return found


# engine/akhedena/pack.py reads the quick-play layout from the ``[quick]`` table of rules.toml: a
# section name of the owners' pack format (MUSTER_PACKS), not a mode test; renaming it would break
# their packs. Its comparisons and imports are checked like any other base module's.
SECTION_NAMES = {"engine/akhedena/pack.py"}


def _offences(source: str, file: str, names: set[str], variant_modules: set[str]) -> Iterator[str]:
    tree = ast.parse(source)
    fields = _field_names(tree)
    literals = file not in SECTION_NAMES
    for node in ast.walk(tree):
        where = f"{file}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Compare) and any(_is_mode(e) for e in (node.left, *node.comparators)):
            yield f"{where} compares a mode"
        elif literals and isinstance(node, ast.Constant) and node.value in names and id(node) not in fields:
            yield f"{where} names the mode {node.value!r}"
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            if imported & variant_modules:
                yield f"{where} imports a variant module"
        elif isinstance(node, ast.Import) and {a.name for a in node.names} & variant_modules:
            yield f"{where} imports a variant module"


def test_no_base_module_names_a_mode_or_imports_a_variant() -> None:
    """DESIGN.md: the base never imports a variant and never tests a mode's name. Every Akhedena
    module but the variant modules and the registration list (and the board's rendering) is base."""
    names = {v.name for v in variant_registry.variants()}
    variant_modules = _variant_modules() - {REGISTRATION}
    assert {"standard", "team", "quick"} <= names
    offences = [o for path in _base_files() for o in _offences(path.read_text(encoding="utf-8"),
                                                                 str(path.relative_to(ROOT)), names, variant_modules)]
    assert offences == []


def test_the_check_catches_a_mode_test() -> None:
    """The check above can fail: a mode comparison, a mode-name literal and a variant import."""
    sample = 'from engine.akhedena import quick\nif state.mode == "x":\n    y = "quick"\n'
    found = list(_offences(sample, "sample.py", {"quick"}, {"engine.akhedena.quick"}))
    assert len(found) == 3
    assert list(_offences('view = {"quick": 1}\nz = p.get("quick")\n', "sample.py", {"quick"}, set())) == []


class Pairs(Variant):
    """A toy variant only this test knows: four players, neighbours allied (0+1 against 2+3), a
    short target, and a round limit on by default."""

    name = "toy_pairs"
    seats = (4, 4)
    outcome = OutcomeKind.TEAMS
    sides = ((0, 1), (2, 3))
    rounds = "on"
    options = (TableOption("toy_note", ("a", "b"), "a"),)

    def target_vp(self, ctx: Ctx) -> int:
        return 20


@pytest.fixture
def pairs() -> Iterator[Pairs]:
    toy = Pairs()
    register_variant(toy)
    yield toy
    unregister_variant(toy.name)


def test_a_variant_defined_elsewhere_registers_and_plays_to_the_end(pairs: Pairs) -> None:
    """A registration is all a new variant needs: the game's capabilities (the lobby's mode list, the
    seats, the outcome kind and the sides) carry it, and a seeded game plays to its end."""
    caps = capabilities("akhedena")
    assert pairs.name in caps.option("mode").values  # type: ignore[union-attr]
    assert caps.seat_range({"mode": pairs.name}) == (4, 4)
    assert caps.outcome_kind({"mode": pairs.name}) is OutcomeKind.TEAMS
    assert caps.teams({"mode": pairs.name}) == ((0, 1), (2, 3))
    assert caps.table_options({"mode": pairs.name})["rounds"] == "on"
    assert caps.table_options({"mode": pairs.name})["toy_note"] == "a"
    assert "toy_note" not in caps.table_options({"mode": "standard"})
    game = get_game("akhedena")
    with pytest.raises(IllegalChoice):
        game.setup(3, {"mode": pairs.name}, 1)
    state = game.setup(4, {"mode": pairs.name}, 11)
    for step in range(4000):
        if not (prompts := game.prompts(state)):
            break
        prompt = prompts[0]
        game.apply(state, prompt.seat, choose(game, game.view(state, prompt.seat), prompt, step))
    outcome = game.outcome(state)
    assert outcome is not None and outcome.kind is OutcomeKind.TEAMS and outcome.teams == ((0, 1), (2, 3))
    assert set(outcome.winners) in ({0, 1}, {2, 3}, {0, 1, 2, 3})
    assert game.view(state, None)["target_vp"] == 20
    assert state.over and step > 50, (state.end, step)  # a real game, not a refusal at the start


def test_a_removed_variant_is_gone(pairs: Pairs) -> None:
    unregister_variant(pairs.name)
    assert pairs.name not in capabilities("akhedena").option("mode").values  # type: ignore[union-attr]
    with pytest.raises(IllegalChoice):
        get_game("akhedena").setup(4, {"mode": pairs.name}, 1)
    register_variant(pairs)  # the fixture takes it away again


def test_team_sides_follow_the_declaration(pairs: Pairs) -> None:
    """ES [Modo Avanzado]: allies may not attack each other and a thief leaves a team-mate's Origin
    Point alone. Who is allied is what the variant declares: neighbours here, never a seat-parity rule."""
    game = get_game("akhedena")
    state = game.setup(4, {"mode": pairs.name}, 3)
    ctx = Ctx(state, game.pack)  # type: ignore[attr-defined]
    assert [ctx.allies(s) for s in range(4)] == [{0, 1}, {0, 1}, {2, 3}, {2, 3}]
    assert [p["team"] for p in game.view(state, None)["players"]] == [0, 0, 1, 1]


def test_the_team_game_seats_partners_across_the_table() -> None:
    """ES [Modo Avanzado] pairs players in alliances without saying where they sit; engine/akhedena/
    team.py rules that partners sit across the table (seats 0+2 against 1+3), so turns alternate
    between the sides. The declaration, the setup and the outcome agree."""
    game = get_game("akhedena")
    assert capabilities("akhedena").teams({"mode": "team"}) == ((0, 2), (1, 3))
    state = game.setup(4, {"mode": "team"}, 2)
    ctx = Ctx(state, game.pack)  # type: ignore[attr-defined]
    assert [sorted(ctx.allies(s)) for s in range(4)] == [[0, 2], [1, 3], [0, 2], [1, 3]]
    assert game.view(state, None)["sides"] == [[0, 2], [1, 3]]


def test_the_assembled_capabilities_are_the_declared_modes() -> None:
    """The lobby reads the same options as before the variants were modules: three modes, team play
    at four only and ending as TEAMS, the round limit on by default in quick play only."""
    old = Capabilities("akhedena", 2, 4, options=(
        TableOption("mode", ("standard", "team", "quick"), "standard", seats=(("team", 4, 4),),
                    outcomes=(("team", OutcomeKind.TEAMS),), teams=(("team", ((0, 2), (1, 3))),)),
        TableOption("rounds", ("off", "on"), "off", follows=(("mode", "quick", "on"),)),
        TableOption("after_battle", ("stop", "move_on"), "stop")))
    assert AkhedenaGame.caps == old
    assert capabilities("akhedena") == old


def test_a_later_variant_of_the_same_name_replaces_the_earlier(pairs: Pairs) -> None:
    """``register_variant``: one variant per name, the later one kept (as ``register_game`` keeps one
    game per id), and the game's capabilities follow it."""

    class Across(Pairs):
        sides = ((0, 3), (1, 2))

    register_variant(Across())
    assert capabilities("akhedena").teams({"mode": pairs.name}) == ((0, 3), (1, 2))
    assert list(capabilities("akhedena").option("mode").values).count(pairs.name) == 1  # type: ignore[union-attr]
    state = get_game("akhedena").setup(4, {"mode": pairs.name}, 3)
    assert [p.team for p in state.players] == [0, 1, 1, 0]
