"""The Great Wall's variants (engine/greatwall/variant.py): the base game never asks which mode is
played, a variant is a module and one registration, and the declared data says which variants
may be played together."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.ai import choose
from engine.games import capabilities, get_game
from engine.greatwall.abilities import gain
from engine.greatwall.flow import RULES, Ctx
from engine.greatwall.state import Task
from engine.greatwall.variant import Variant, active, compatible, register_variant, registered, unregister_variant
from engine.greatwall.variants import BUNDLED

ROOT = Path(__file__).resolve().parents[2]
GREATWALL = ROOT / "engine" / "greatwall"
# The rules of the modes (imported by their variants only) and the registration lists.
VARIANT_MODULES = frozenset({"coop", "qin", "reed", "qin_overlord", "demands", "events", "rat"})
REGISTRATION = frozenset({"engine.greatwall.rules", "engine.greatwall.variants"})
MODE_CHECK = re.compile(r"\bmode\s*(==|!=)|\.mode\s+(not\s+)?in\b")


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _is_variant(module: str) -> bool:
    parts = module.split(".")
    # A scenario's rules (engine/greatwall/chronicles/<scenario>.py) are a variant's; its numbers'
    # reader (<scenario>_pack.py, the READERS of chronicles/pack.py) is read by the base pack.
    scenario = parts[:3] == ["engine", "greatwall", "chronicles"] and len(parts) == 4 and not parts[3].endswith("pack")
    return module.startswith("engine.greatwall.variants.") or scenario or (
        len(parts) == 3 and parts[:2] == ["engine", "greatwall"] and parts[2] in VARIANT_MODULES)


def base_modules() -> list[Path]:
    paths = [*GREATWALL.rglob("*.py"), *(ROOT / "rendering").glob("greatwall*.py")]
    return sorted(p for p in paths if not _is_variant(_module(p)) and _module(p) not in REGISTRATION)


def mode_checks(source: str, names: frozenset[str]) -> list[str]:
    """Every place ``source`` asks which variant is played: ``mode ==``/``!=``, ``.mode in``, a
    comparison with a variant's name, an import of a variant module."""
    found = [f"line {source.count(chr(10), 0, m.start()) + 1}: {m.group(0)}" for m in MODE_CHECK.finditer(source)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                if isinstance(operand, ast.Constant) and operand.value in names:
                    found.append(f"line {node.lineno}: compares with {operand.value!r}")
                if isinstance(operand, ast.Attribute | ast.Name) and "mode" in (
                        getattr(operand, "attr", None), getattr(operand, "id", None)):
                    found.append(f"line {node.lineno}: compares a mode")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: imports {a.name}" for a in node.names if _is_variant(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            found += [f"line {node.lineno}: imports {m}" for m in modules if _is_variant(m)]
    return found


def _names() -> frozenset[str]:
    return frozenset(v.name for v in registered())


def test_the_checker_sees_a_mode_check() -> None:
    """The check below can fail: each way of asking for a mode is found."""
    names = _names()
    for source in ('if state.mode == "coop":\n    pass\n', 'x = "coop" in view\n', "ok = mode != other\n",
                   "from engine.greatwall import coop\n", "from engine.greatwall.qin import add_qin\n",
                   "import engine.greatwall.variants.solo\n", 'if state.mode in ("duel", "solo"):\n    pass\n'):
        assert mode_checks(source, names), source
    assert not mode_checks('if kind == "breach":\n    pass\n', names)


@pytest.mark.parametrize("path", base_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_base_module_never_asks_which_mode_is_played(path: Path) -> None:
    """Variants as hooks, not forks (STYLE.md): the 2-player, solo and co-op rules [ES p.15–19]
    change the base game [ES p.4–15] only where a variant's hook says so."""
    assert mode_checks(path.read_text(encoding="utf-8"), _names()) == []


# --- a variant that lives in this file only ----------------------------------------------------------

def _toy_honor(ctx: Ctx, job: Task) -> None:
    for seat in ctx.state.humans():
        gain(ctx, seat, {"honor": 1}, reason="toy")
    ctx.emit("toy_winter", year=ctx.state.year)


@dataclass(frozen=True)
class ToyWinter(Variant):
    """A toy rule: one more Winter step [ES p.9], before the end check: every player gains 1 Honor."""

    def winter_steps(self, ctx: Ctx, steps: list[Task]) -> list[Task]:
        return [*steps[:-1], {"op": "toy_honor"}, steps[-1]]


@pytest.fixture
def toy_winter() -> Iterator[Variant]:
    variant = ToyWinter("toy_winter", seats=(3, 4))
    RULES.task("toy_honor")(_toy_honor)
    register_variant(variant)
    try:
        yield variant
    finally:
        unregister_variant(variant.name)
        del RULES.tasks["toy_honor"]


def test_a_variant_registers_and_plays_a_whole_game_through_the_engine(toy_winter: Variant) -> None:
    """ES p.9: Winter's steps, and the end check ends it. A variant written only here (its module +
    one registration) reaches the lobby's options and plays a seeded game to its end through the
    engine contract, its step in every Winter."""
    mode = capabilities("greatwall").option("mode")
    assert mode is not None and "toy_winter" in mode.values and ("toy_winter", 3, 4) in mode.seats
    assert capabilities("greatwall").seat_range({"mode": "toy_winter"}) == (3, 4)
    game = get_game("greatwall")
    state = game.setup(3, {"mode": "toy_winter"}, 5)
    keys: list[str] = []
    step = 0
    while prompts := game.prompts(state):
        prompt = prompts[0]
        choice = choose(game, game.view(state, prompt.seat), prompt, step)
        keys += [e.key for e in game.apply(state, prompt.seat, choice)]
        step += 1
        assert step < 20_000, "a game that does not end"
    assert game.outcome(state) is not None and state.mode == "toy_winter"
    assert keys.count("gw.toy_winter") == state.year  # one per Winter, the last one included
    assert [v.name for v in active(game.loads(game.dumps(state)))] == ["toy_winter"]


def test_an_unregistered_variant_leaves_the_lobby(toy_winter: Variant) -> None:
    unregister_variant(toy_winter.name)
    mode = capabilities("greatwall").option("mode")
    assert mode is not None and "toy_winter" not in mode.values
    register_variant(toy_winter)  # the fixture removes it again


def test_a_later_registration_replaces_one_of_the_same_name() -> None:
    """The base game is 3 or 4 clans [ES p.4]; an owner's variant of the same name replaces it in
    place (the lobby keeps its order), and putting the bundled one back restores it."""
    standard = BUNDLED[0]
    register_variant(Variant("standard", seats=(3, 3)))
    try:
        assert capabilities("greatwall").seat_range({"mode": "standard"}) == (3, 3)
        mode = capabilities("greatwall").option("mode")
        assert mode is not None and mode.values == ("standard", "duel", "solo", "coop")
    finally:
        register_variant(standard)
    assert capabilities("greatwall").seat_range({"mode": "standard"}) == (3, 5)  # 5 with the fifth player [IT 5P]


# --- combinations ----------------------------------------------------------------------------------

def test_no_two_modes_combine() -> None:
    """The 2-player game [ES p.15], solo [ES p.16] and co-op [ES p.18] are each a way to play the
    whole game: one mode per table, so none declares it combines with another."""
    modes = [v for v in BUNDLED if v.is_mode]
    assert [v.name for v in modes] == ["standard", "duel", "solo", "coop"]
    for a in modes:
        assert not a.combines
        for b in modes:
            if a is not b:
                assert not compatible((a, b))


@dataclass(frozen=True)
class Beacon(Variant):
    """A toy expansion: one more Horde at setup [ES p.4 step 5 places the others]."""

    def extra_hordes(self, ctx: Ctx, n: int) -> int:
        return n + 1


def test_an_expansion_joins_the_modes_it_declares_in_its_order() -> None:
    """A mode and an expansion together: the expansion's option is read only with the modes it
    declares, and the variants apply in their declared order (the mode's first)."""
    beacon = Beacon("beacon", option=("beacon", "on"), combines=frozenset({"standard"}), order=10)
    register_variant(beacon)
    try:
        caps = capabilities("greatwall")
        option = caps.option("beacon")
        assert option is not None and option.values == ("off", "on") and option.when == (("mode", "standard"),)
        assert "beacon" not in caps.table_options({"mode": "duel", "beacon": "on"})
        game = get_game("greatwall")
        plain = game.setup(3, {}, 7)
        lit = game.setup(3, {"beacon": "on"}, 7)
        assert lit.variants == ["beacon"] and plain.variants == []
        assert [v.name for v in active(game.loads(game.dumps(lit)))] == ["standard", "beacon"]
        hordes = [sum(len(s.hordes) for s in state.sections) for state in (plain, lit)]
        assert hordes[1] == hordes[0] + 1
        assert compatible((BUNDLED[0], beacon)) and not compatible((BUNDLED[1], beacon))
    finally:
        unregister_variant("beacon")
    assert capabilities("greatwall").option("beacon") is None
