"""No decision may be unrenderable or half-shown: the real panel of every open prompt, at random states
of every registered game and mode and in every language, fits Discord's limits (rows, components,
options per select, text lengths, custom_ids that route back) and lets the player choose every option
of the prompt (a long list through its narrowing steps). A stalled Akhedena table (127 reachable
squares; "could not find open space for item") is what this guards against."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from games import Case, cases, game_of, playout

from bot.games.generic import GenericPresenter
from bot.i18n import LANGS
from bot.presenters import presenter_for
from bot.ui import limits
from bot.ui.components import BUTTON_TEMPLATE, SELECT_TEMPLATE
from bot.ui.panels import Panel, build_panel
from engine.core.prompt import Option, Prompt

BUTTON = re.compile(BUTTON_TEMPLATE)
SELECT = re.compile(SELECT_TEMPLATE)
NAMES = ["Alexandra Konstantinopoulou", "Бартоломей", "Chiara", "Dmitri", "Eve"]


def _components(payload: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in payload:
        yield comp
        yield from _components(comp.get("components", []))


def assert_fits(panel: Panel) -> list[dict[str, Any]]:
    """Discord's limits on the payload the panel sends; returns its buttons and selects."""
    payload = panel.view.to_components()
    flat = list(_components(payload))
    if panel.view.__class__.__name__ == "LayoutView" or any(c["type"] not in (1, 2, 3) for c in flat):
        assert panel.content is None
        assert len(flat) <= limits.V2_COMPONENTS
        assert sum(len(c.get("content", "")) for c in flat if c["type"] == 10) <= 4000
    else:
        assert panel.content is not None and len(panel.content) <= 2000
        assert len(payload) <= limits.ROWS and all(c["type"] == 1 for c in payload)
    for row in (c for c in flat if c["type"] == 1):
        kinds = [c["type"] for c in row["components"]]
        assert kinds == [3] or (kinds and set(kinds) == {2} and len(kinds) <= 5), kinds
    items = [c for c in flat if c["type"] in (2, 3)]
    ids = [c["custom_id"] for c in items]
    assert len(ids) == len(set(ids)), "custom_ids repeat in one message"
    for comp in items:
        assert len(comp["custom_id"]) <= limits.CUSTOM_ID
        assert (BUTTON if comp["type"] == 2 else SELECT).fullmatch(comp["custom_id"]), comp["custom_id"]
        if comp["type"] == 2:
            assert 0 < len(comp["label"]) <= limits.BUTTON_LABEL
            continue
        options = comp["options"]
        assert 1 <= len(options) <= limits.SELECT_OPTIONS
        assert len({o["value"] for o in options}) == len(options)
        assert all(0 < len(o["label"]) <= 100 and 0 < len(o["value"]) <= 100 for o in options)
        assert len(comp.get("placeholder", "")) <= limits.PLACEHOLDER
        assert 0 <= comp["min_values"] <= comp["max_values"] <= min(len(options), 25)
    return items


def _act(comp: dict[str, Any]) -> re.Match[str]:
    match = (BUTTON if comp["type"] == 2 else SELECT).fullmatch(comp["custom_id"])
    assert match is not None
    return match


def reachable(build: Any, prompt: Prompt, path: str = "") -> dict[str, set[str]]:
    """Option ids each part of the panel can submit: per slot for a programme, else under "" —
    following every narrowing step of a long list."""
    found: dict[str, set[str]] = {}
    for comp in assert_fits(build(path)):
        match = _act(comp)
        act, arg = match["act"], match["arg"]
        values = {o["value"] for o in comp.get("options", [])}
        if act == "nav":
            if arg != path:  # an earlier step, already open
                continue
            for value in values:
                for key, ids in reachable(build, prompt, f"{arg}.{value}" if arg else value).items():
                    found.setdefault(key, set()).update(ids)
        elif act in ("opt", "one", "multi", "page"):
            found.setdefault("", set()).update({arg} if act == "opt" else values)
        elif act == "slot":
            found.setdefault(arg.split(".")[0], set()).update(values)
        elif act == "dflt":
            found.setdefault("", set()).update(prompt.default)
    return found


def assert_complete(prompt: Prompt, build: Any) -> None:
    found = reachable(build, prompt)
    if prompt.slots > 1:
        for slot in range(prompt.slots):
            assert found.get(str(slot)) == {o.id for o in prompt.options_for(slot)}, f"slot {slot} half-shown"
    else:
        assert found.get("") == {o.id for o in prompt.options}, "options missing from the panel"


def check_prompt(game: Any, state: Any, prompt: Prompt, lang: str) -> None:
    view = game.view(state, prompt.seat)
    presenter = presenter_for(game)

    def build(path: str) -> Panel:
        return build_panel(987654321012345678, prompt, view, presenter, lang, NAMES, (), path)

    assert_complete(prompt, build)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.label)
@pytest.mark.parametrize("seed", [3, 11])
def test_every_open_prompt_has_a_panel_that_fits(case: Case, seed: int) -> None:
    game = game_of(case)
    seen = 0

    def check(state: Any) -> None:
        nonlocal seen
        seen += 1
        if seen % 3:
            return
        for prompt in game.prompts(state):
            check_prompt(game, state, prompt, LANGS[seen % len(LANGS)])

    playout(case, seed, max_steps=400, random_share=30, check=check)
    assert seen > 0


def _prompt(n: int, **kw: Any) -> Prompt:
    options = tuple(Option(f"sq{i}", "opt", {}) for i in range(n))
    return Prompt(0, "pick", "pick1", "ask", options, **kw)


@pytest.mark.parametrize("n", [1, 20, 21, 100, 125, 126, 127, 300, 625, 626, 4000])
@pytest.mark.parametrize("default", [False, True])
def test_a_single_pick_of_any_length_fits_and_offers_everything(n: int, default: bool) -> None:
    prompt = _prompt(n, default=(f"sq{n // 2}",) if default else ())

    def build(path: str) -> Panel:
        return build_panel(1, prompt, {}, GenericPresenter(), "en", ["A"], (), path)

    assert_complete(prompt, build)
    if default:
        assert any(_act(c)["act"] in ("dflt", "opt") for c in assert_fits(build("")))


@pytest.mark.parametrize("n", [3, 25, 26, 90])
def test_a_multi_pick_of_any_length_fits_and_offers_everything(n: int) -> None:
    prompt = _prompt(n, pick_min=0, pick_max=min(n, 30), default=("sq0", "sq2"))

    def build(path: str) -> Panel:
        return build_panel(1, prompt, {}, GenericPresenter(), "en", ["A"], (), path)

    assert_complete(prompt, build)
    preselected = {o["value"] for c in assert_fits(build("")) for o in c.get("options", []) if o.get("default")}
    assert preselected == {"sq0", "sq2"}


def test_a_programme_slot_longer_than_a_select_is_shown_whole() -> None:
    options = tuple(Option(f"o{i}", "opt", {}) for i in range(40))
    prompt = Prompt(0, "program", "program1", "ask", options, slots=3,
                    slot_options=(tuple(o.id for o in options), ("o1", "o2"), ("o3",)))

    def build(path: str) -> Panel:
        return build_panel(1, prompt, {}, GenericPresenter(), "en", ["A"], (), path)

    assert_complete(prompt, build)


def test_a_v2_panel_takes_the_seat_picture_only_while_it_fits() -> None:
    """The seat picture's gallery (bot/seat_pictures.py) is one more component: a V2 panel with room
    takes it right under its text, one that fills Discord's limit stays as it is."""
    from bot.seat_pictures import _with_gallery, fits

    small = build_panel(1, _prompt(90, pick_min=0, pick_max=30), {}, GenericPresenter(), "en", ["A"])
    assert isinstance(small.view, discord.ui.LayoutView) and fits(small.view)
    _with_gallery(small.view)
    flat = list(_components(small.view.to_components()))
    assert [c["type"] for c in flat[:2]] == [10, 12] and len(flat) <= limits.V2_COMPONENTS
    full = discord.ui.LayoutView(timeout=None)
    for _ in range(limits.V2_COMPONENTS // 2):
        full.add_item(discord.ui.ActionRow(discord.ui.Button(label="x", custom_id=f"b{len(full.children)}")))
    assert not fits(full)
