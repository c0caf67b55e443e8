"""``python -m bot play``: the same table code in a terminal."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.i18n import t
from bot.local import play
from engine.games import capabilities


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
    assert asked and t("en", "local.not_in_list") in lines
    assert table.row.status == "over"


def test_no_token_explains_both_ways(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "python -m bot play xidit" in err


async def test_unattended_great_wall_runs_to_the_end_for_3_and_4_clans(tmp_path: Path) -> None:
    for seats in (3, 4):
        lines: list[str] = []
        out = tmp_path / str(seats)
        table = await play("greatwall", seats, seats, out, "long", 5, "en", ask=lambda _: "", say=lines.append)
        assert table.row.status == "over"
        ranking = lines[lines.index("\nFinal ranking:") + 1:]
        assert len(ranking) == seats and "total" in ranking[0]
        assert list(out.glob("board-*.png"))


async def test_a_great_wall_human_answers_composed_panels_slot_by_slot(tmp_path: Path) -> None:
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "1"  # always the first option of each slot: legal everywhere

    lines: list[str] = []
    table = await play("greatwall", 3, 2, tmp_path, "long", 3, "en", ask=ask, say=lines.append)
    assert table.row.status == "over"
    assert any(line.strip() == "General:" for line in lines)  # the draft panel's first slot
    assert any("Behind your screen" in line for line in lines)


async def test_unattended_akhedena_runs_to_the_end_in_every_mode(tmp_path: Path) -> None:
    for mode, seats in (("standard", 2), ("team", 4), ("quick", 3)):
        lines: list[str] = []
        out = tmp_path / mode
        table = await play("akhedena", seats, seats, out, "long", 7, "en", ask=lambda _: "", say=lines.append,
                           mode=mode)
        assert table.row.status == "over" and table.state.mode == mode
        ranking = lines[lines.index("\nFinal ranking:") + 1:]
        assert len(ranking) == seats and "VP" in ranking[0]
        assert list(out.glob("board-*.png"))


@pytest.mark.parametrize("seats", ["3", "2"])
def test_the_command_line_plays_great_wall_coop_unattended(tmp_path: Path, capsys, seats: str) -> None:  # type: ignore[no-untyped-def]
    """``python -m bot play greatwall --mode coop``: everyone wins or loses together [ES p.19]; at 2
    seats with the Reed clan [ES p.15], whose board panel shows it and which is no player in the end."""
    from bot.local import main as local_main

    assert local_main(["greatwall", "--seats", seats, "--ai", seats, "--out", str(tmp_path), "--mode", "coop",
                       "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "together." in out and "Final ranking:" in out and list(tmp_path.glob("board-*.png"))
    assert out.split("Final ranking:")[1].count(" total ") == int(seats)


def test_the_command_line_plays_akhedena_unattended(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from bot.local import main as local_main

    assert local_main(["akhedena", "--seats", "2", "--ai", "2", "--out", str(tmp_path), "--mode", "quick",
                       "--seed", "3"]) == 0
    assert "Final ranking:" in capsys.readouterr().out and list(tmp_path.glob("board-*.png"))



def test_a_prompts_default_is_shown_and_taken_on_enter(tmp_path: Path) -> None:
    """Local play offers a prompt's default (the Discord panel's one-click Confirm) on an empty line:
    here a firing archer's wound spot, a Great Wall combat decision [ES p.9]."""
    from types import SimpleNamespace

    from bot.local import LocalTable
    from engine.core.prompt import Choice
    from engine.greatwall.flow import Ctx, run
    from engine.greatwall.game import GreatWallGame

    game = GreatWallGame()
    state = game.setup(3, {}, 1)
    for prompt in game.prompts(state):
        game.apply(state, prompt.seat, Choice(prompt.kind, tuple(prompt.options_for(i)[0].id for i in range(2))))
    state.sections[0].firing.append(0)
    state.players[0].reserve["archer"] -= 1
    state.ask, state.tasks = None, [{"op": "fire", "sec": 0, "seat": 0}]
    run(Ctx(state, game.pack))
    [prompt] = game.prompts(state)
    assert prompt.kind == "volley" and prompt.default
    lines: list[str] = []
    table = SimpleNamespace(game=game, state=state, names=["a", "b", "c"])
    local = LocalTable(table, tmp_path, "en", lambda _: "", lines.append)  # type: ignore[arg-type]
    assert local.read_choice(prompt) == f"volley:{prompt.default[0]}"
    marked = [line for line in lines if line.startswith(" *")]  # the default is starred
    assert len(marked) == len(prompt.default)


class _Enough(Exception):
    """Stops a local game once the transcript is long enough to read."""


async def test_the_local_transcript_reads_as_english_with_card_names(tmp_path: Path) -> None:
    """Issue 16: the human seat was named "You", so third-person log lines read "You draws 1 tactic
    card(s)", and the private draw line listed raw ids (``You drew: ['hold2', 'bounty2']``)."""
    asked = 0

    def ask(question: str) -> str:
        nonlocal asked
        asked += 1
        if asked > 400:
            raise _Enough
        return "" if "default" in question else "1"

    lines: list[str] = []
    with contextlib.suppress(_Enough):
        await play("greatwall", 3, 2, tmp_path, "short", 3, "en", ask=ask, say=lines.append)
    text = "\n".join(lines)
    assert "Player 1 draws 1 tactic card." in text
    assert "You draws" not in text and "You takes" not in text and "(s)" not in text
    drew = [line for line in lines if "You drew:" in line]
    assert drew and all("['" not in line and "hold" not in line for line in drew)
    assert "You drew: Hold the Line." in text


async def test_a_great_wall_duel_plays_to_the_end_with_a_human_overlord(tmp_path: Path) -> None:
    """``--mode duel``: 2 players and the Reed clan [ES p.15]; the human seat answers the Overlord's
    prompts for the Reed clan in its own panel, and the ranking lists the 2 players only."""
    lines: list[str] = []
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "1"

    table = await play("greatwall", 2, 1, tmp_path, "long", 4, "en", ask=ask, say=lines.append, mode="duel")
    assert table.row.status == "over" and table.state.mode == "duel"
    ranking = lines[lines.index("\nFinal ranking:") + 1:]
    assert len(ranking) == 2 and "total" in ranking[0]
    assert any("For the Reed clan" in line for line in lines)
    assert any("the Reed clan" in line or "Reed" in line for line in lines if "For the Reed clan" not in line)
    assert list(tmp_path.glob("board-*.png"))


async def test_a_great_wall_solo_game_plays_to_the_end_against_qin(tmp_path: Path) -> None:
    """``--mode solo``: 1 player against Qin Jiushao and the Reed clan [ES p.16–17]; Qin's steps are
    log lines, never prompts; the ranking lists the one player with Qin's final Honor."""
    lines: list[str] = []

    table = await play("greatwall", 1, 0, tmp_path, "long", 4, "en", ask=lambda q: "1", say=lines.append,
                       mode="solo")
    assert table.row.status == "over" and table.state.mode == "solo" and table.state.qin is not None
    ranking = lines[lines.index("\nFinal ranking:") + 1:]
    assert len(ranking) == 1 and "Qin Jiushao's Honor" in ranking[0]
    assert any(line.startswith("Qin Jiushao") or "Qin Jiushao" in line for line in lines)
    assert list(tmp_path.glob("board-*.png"))


def test_the_command_line_plays_a_great_wall_duel_unattended(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from bot.local import main as local_main

    assert local_main(["greatwall", "--seats", "2", "--ai", "2", "--out", str(tmp_path), "--mode", "duel",
                       "--seed", "5"]) == 0
    assert "Final ranking:" in capsys.readouterr().out and list(tmp_path.glob("board-*.png"))


@pytest.mark.parametrize(("argv", "named"), [
    (["xidit", "--mode", "duel"], "mode=duel"),                       # a Great Wall mode on Lords of Xidit
    (["greatwall", "--option", "qin_level=honor50"], "qin_level=honor50"),  # a solo ruling, no solo mode
    (["greatwall", "--mode", "solo", "--option", "qin_level=hard"], "qin_level=hard"),  # a value not allowed
])
def test_a_setting_the_table_would_not_read_stops_local_play_listing_the_valid_ones(
        argv: list[str], named: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``python -m bot play`` checks its options as the lobby does (Capabilities.foreign): a bad one
    exits before any table, naming it and every setting and value this game and mode take."""
    from bot.local import main as local_main

    assert local_main([*argv, "--out", str(tmp_path), "--ai", "4"]) == 2
    err = capsys.readouterr().err
    assert f"“{named}”" in err and not list(tmp_path.glob("board-*.png"))
    game = capabilities(argv[0])
    mode = argv[2] if argv[1] == "--mode" else None
    chosen = game.table_options({"mode": mode} if mode else {})
    for option in game.options:
        line = f"  {option.name}: {', '.join(option.values)}"
        assert (line in err) == (option.name in chosen), line
