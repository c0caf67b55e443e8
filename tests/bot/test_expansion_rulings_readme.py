"""Issue 22, "Data and docs": the README's rulings name each conflict the expansions settle (fact
sheet §17: C2 the Khan's starting Hordes, C3 the Bannerman's cost, C4 the Rat's payout, C10 the fifth
player's Advisors) with its source section and the table option that plays the other reading."""

from __future__ import annotations

from pathlib import Path

import pytest

README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
RULINGS = README[README.index("## Rulings"):]


@pytest.mark.parametrize(("conflict", "source", "option"), [
    ("C2", '[IT GK, "Preparazione" step 7]', "`khan_hordes:players`"),
    ("C3", '[IT GK, "Portabandiera"]', "`khan_banner_cost:stone`"),
    ("C4", '"Presenza del Ratto"', "`rat_payout:honor`"),
    ("C10", "[IT 5P", "`five_advisors:out`"),
])
def test_each_expansion_conflict_is_a_ruling_with_its_source_and_option(conflict: str, source: str,
                                                                      option: str) -> None:
    item = next(block for block in RULINGS.split("\n  - ") + RULINGS.split("\n- ") if f"{conflict}," in block
                or f"conflict {conflict}" in block)
    assert source in item and option in item, conflict
