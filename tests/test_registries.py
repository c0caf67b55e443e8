"""One way in per floor: the per-game part is picked by the registries (keyed by game id), never by an
``if game.id == ...`` chain, and no optional capability is probed by name."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
# The registries themselves: the only modules that may key on a game id.
REGISTRIES = {"engine/core/game.py", "engine/games.py", "engine/ai/__init__.py", "rendering/registry.py",
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
