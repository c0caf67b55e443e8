"""Terminal play reads like the Discord table it mirrors (issue 24, "Terminal play"): refusals in the
same localized words, options typed as the board names them (a Lords of Xidit city by the number drawn
on its disc, an Akhedena square as the board labels it, e.g. "E5"), prompts in ``--lang``, each written
board's path printed, and no Discord markup on the screen."""

from __future__ import annotations

import contextlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.i18n import t
from bot.local import LocalTable, play
from bot.local import main as local_main
from bot.local_text import handles, plain
from engine.core.prompt import Option


class _Enough(Exception):
    pass


async def first_city_prompt(tmp_path: Path, answers: list[str], lang: str = "en") -> tuple[list[str], Any]:
    """A Xidit table with seat 1 human, answering its first prompts (the start city) from ``answers``."""
    given = iter(answers)
    lines: list[str] = []
    table: Any = None

    def ask(question: str) -> str:
        lines.append("?" + question)
        try:
            return next(given)
        except StopIteration:
            raise _Enough from None

    with contextlib.suppress(_Enough):
        table = await play("xidit", 4, 3, tmp_path, "short", 9, lang, ask=ask, say=lines.append)
    return lines, table


async def test_a_refusal_reads_as_on_discord_not_as_a_raw_key(tmp_path: Path) -> None:
    """Two cities where one is asked: the engine's wrong_count refusal, in Discord's words."""
    lines, _ = await first_city_prompt(tmp_path, ["1 2"])
    assert t("en", "error.wrong_count", expected=1, got=2) in lines
    assert not any("wrong_count" in line or "Not allowed" in line for line in lines)


async def test_prompts_and_refusals_follow_lang(tmp_path: Path) -> None:
    lines, _ = await first_city_prompt(tmp_path, ["1 2", "nowhere"], lang="ru")
    assert t("ru", "error.wrong_count", expected=1, got=2) in lines
    assert t("ru", "local.not_in_list") in lines
    assert any(q.startswith("?" + t("ru", "local.ask", count=1)) for q in lines)
    assert not any("Your choice" in line or "Please type" in line for line in lines)


async def test_a_city_is_typed_by_the_number_on_its_disc(tmp_path: Path) -> None:
    """The start-city list skips the AI seats' cities (12, 14, 15 with this seed): typing 16 must place
    the Idrakys in city 16, not on the 16th line of the list."""
    lines, _ = await first_city_prompt(tmp_path, ["16"])
    assert any(line.startswith("  16. ") and "City 16" in line for line in lines)
    assert any("Player 1" in line and "city 16" in line for line in lines)


async def test_a_city_is_typed_by_its_name(tmp_path: Path) -> None:
    lines, _ = await first_city_prompt(tmp_path, ["mistvale"])
    assert any("Player 1" in line and "city 13" in line for line in lines)


def _akhedena_local(tmp_path: Path, answers: list[str]) -> tuple[LocalTable, list[str]]:
    from engine.akhedena.game import AkhedenaGame

    lines: list[str] = []
    table = SimpleNamespace(game=AkhedenaGame(), names=["a", "b"], seats=[])
    return LocalTable(table, tmp_path, "en", lambda _: answers.pop(0), lines.append), lines  # type: ignore[arg-type]


@pytest.mark.parametrize("typed", ["E5", "e5", "its label"])
def test_an_akhedena_square_is_typed_as_the_board_labels_it(tmp_path: Path, typed: str) -> None:
    """A move prompt (stay, or one of the reachable squares): "E5" picks the square E5."""
    options = (Option("stay", "ak.opt.stay"), Option("C4", "ak.opt.move_to", {"sq": "C4", "cost": 1}),
               Option("E5", "ak.opt.move_to", {"sq": "E5", "cost": 2}))
    answers: list[str] = []
    local, lines = _akhedena_local(tmp_path, answers)
    labels = local.list_options(options, ())
    answers.append(labels[2] if typed == "its label" else typed)
    assert [line.split(".")[0].strip() for line in lines] == ["1", "C4", "E5"]
    assert local.read_picks(options, labels, 1, ()) == ["E5"]


def test_numbered_places_beside_other_options_keep_list_numbers() -> None:
    """City 3 and "no city" in one list: numbers would be ambiguous, so every line is numbered."""
    options = (Option("3", "xidit.opt.guild", {"city": 3}), Option("none", "xidit.opt.no_titan"))
    assert handles(options) == ["1", "2"]


def test_every_written_board_is_announced_with_its_path(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert local_main(["akhedena", "--seats", "2", "--ai", "2", "--out", str(tmp_path), "--mode", "quick",
                       "--seed", "3"]) == 0
    out = capsys.readouterr().out
    boards = sorted(tmp_path.glob("board-*.png"))
    assert boards and all(t("en", "local.board_written", path=str(board)) in out for board in boards)


def test_a_table_that_cannot_start_says_why_in_words(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Xidit needs 4 seats: the lobby's own refusal, not "error.not_enough_seats {'min': 4}"."""
    assert local_main(["xidit", "--seats", "3", "--ai", "3", "--out", str(tmp_path), "--lang", "es"]) == 2
    assert capsys.readouterr().err.strip() == t("es", "error.not_enough_seats", min=4)


def test_no_discord_markup_reaches_the_terminal(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert local_main(["greatwall", "--seats", "3", "--ai", "3", "--out", str(tmp_path), "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "**" not in out and "__" not in out and "<@" not in out


def test_plain_drops_markup_and_names_mentions() -> None:
    assert plain("**Raid** on <@7> __now__ ||x||", lambda user: {7: "Ada"}[user]) == "Raid on Ada now x"


async def test_the_final_ranking_names_each_number_in_lang(tmp_path: Path) -> None:
    lines: list[str] = []
    table = await play("akhedena", 2, 2, tmp_path, "long", 3, "ru", ask=lambda _: "", say=lines.append,
                       mode="quick")
    assert table.row.status == "over"
    ranking = lines[lines.index("\n" + t("ru", "local.final_ranking")) + 1:]
    assert len(ranking) == 2 and all(t("ru", "akhedena.assess.vp") in line for line in ranking)
