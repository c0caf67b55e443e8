"""``python -m bot play``: the same table code in a terminal."""

from __future__ import annotations

from pathlib import Path

from bot.__main__ import main
from bot.local import play


async def test_unattended_local_game_runs_to_the_end(tmp_path: Path) -> None:
    lines: list[str] = []
    table = await play("xidit", 4, 4, tmp_path, "short", 5, "en", ask=lambda _: "", say=lines.append)
    assert table.row.status == "over"
    assert any("Final ranking:" in line for line in lines)
    assert list(tmp_path.glob("board-*.png"))


async def test_a_human_seat_answers_on_stdin(tmp_path: Path) -> None:
    answers = iter(["x", "1"] + ["5 5 5 5 5 5", "1", "1 2"] * 200)
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    lines: list[str] = []
    table = await play("xidit", 4, 3, tmp_path, "short", 9, "en", ask=ask, say=lines.append)
    assert asked and "Please type option numbers from the list." in lines
    assert table.row.status == "over"


def test_no_token_explains_both_ways(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "python -m bot play xidit" in err
