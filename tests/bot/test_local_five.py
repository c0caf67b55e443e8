"""``python -m bot play greatwall --seats 5``: the fifth player [IT 5P] in the terminal, the same table
code as on Discord."""

from __future__ import annotations

from pathlib import Path

from bot.__main__ import main
from bot.local import play


def test_seats_5_on_the_command_line_plays_to_the_end(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """IT 5P: five clans; at most 4 years; the ranking names the five seats."""
    assert main(["play", "greatwall", "--seats", "5", "--ai", "5", "--out", str(tmp_path), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    ranking = out[out.index("Final ranking:"):].strip().splitlines()[1:]
    assert len(ranking) == 5 and list(tmp_path.glob("board-*.png"))


async def test_a_person_plays_5_player_coop_in_the_terminal(tmp_path: Path) -> None:
    """Co-op at 5 [IT 5P step 10; ES p.18]: one person (always the first option) and four AI seats."""
    lines: list[str] = []
    table = await play("greatwall", 5, 4, tmp_path, "long", 4, "en", ask=lambda _: "1", say=lines.append,
                       mode="coop")
    assert table.row.status == "over" and table.state.seats == 5 and table.state.variants == ["five"]
    assert table.state.year <= 4 and table.state.won is not None
