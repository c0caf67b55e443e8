"""``python -m bot play greatwall --scenario NAME``: an Ancient Chronicles scenario chosen on the command
line, checked as the lobby checks it [IT AC, "Preparazione"]: it sets its mode, an unknown name or a
clash with another expansion or mode is refused in the player's language before any table. Toy
scenarios (tests/chronicles_toys.py) stand in for the bundled six."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGS, t, translator
from bot.local import main as local_main
from engine.games import capabilities


def test_the_command_line_plays_a_co_op_scenario(tmp_path: Path, capsys: Any, toy_scenarios: None) -> None:
    """IT AC: "Per alcuni scenari si usano le regole di preparazione … della modalità cooperazione":
    ``--scenario`` alone makes the game a co-op one (the team wins or loses together)."""
    assert local_main(["greatwall", "--scenario", "toy_siege", "--seats", "2", "--ai", "2",
                       "--out", str(tmp_path), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert t("en", "local.coop_win") in out or t("en", "local.coop_loss") in out


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_scenario_is_refused_naming_the_games_scenarios(tmp_path: Path, capsys: Any, lang: str,
                                                                    toy_scenarios: None) -> None:
    assert local_main(["greatwall", "--scenario", "picnic", "--ai", "4", "--out", str(tmp_path),
                       "--lang", lang]) == 2
    err = capsys.readouterr().err.strip()
    tr = translator(lang)
    offered = capabilities("greatwall").option("scenario")
    assert offered is not None and {"toy_rival", "toy_siege"} <= set(offered.values)
    valid = ", ".join(f"{v} ({t(lang, f'option.scenario.{v}')})" for v in offered.values if v != "off")
    assert err == t(lang, "local.unknown_scenario", name="picnic", game=tr("greatwall.name"), valid=valid)
    assert not list(tmp_path.glob("*.png"))


@pytest.mark.parametrize(("extra", "other"), [(["--expansions", "khan"], "khan"), (["--mode", "duel"], "mode")])
def test_a_scenario_with_another_expansion_or_mode_is_refused(tmp_path: Path, capsys: Any, toy_scenarios: None,
                                                                extra: list[str], other: str) -> None:
    """IT AC: "gli Scenari non possono essere combinati con le altre espansioni"; a competitive scenario
    is the standard game's (not the duel's)."""
    assert local_main(["greatwall", "--scenario", "toy_rival", *extra, "--ai", "4", "--out", str(tmp_path),
                       "--lang", "ru"]) == 2
    err = capsys.readouterr().err.strip()
    tr = translator("ru")
    names = {tr("option.scenario"), tr(f"option.{other}")}
    assert err in {t("ru", "error.options_clash", setting=a, other=b) for a in names for b in names if a != b}
