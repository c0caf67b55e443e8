"""The bundled Akhedena pack keeps the published counts and numbers; an owner's pack overlays by id;
a malformed pack is refused with the file, the item and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.akhedena.pack import load_pack
from engine.core.errors import PackError


def test_bundled_pack_has_the_published_counts_and_numbers() -> None:
    pack = load_pack()
    assert sum(a.count for a in pack.armies.values()) == 90
    assert (len(pack.generals), len(pack.castles), len(pack.heroes)) == (27, 12, 4)
    assert sum(b.count for b in pack.black.values()) == 19 and pack.black["bluff"].count >= 1
    assert sum(a.count for a in pack.actions.values()) == 62
    assert pack.heroes["henry"].power == "trade"
    n = pack.n
    assert (n("start_gold"), n("origin_income"), n("castle_income"), n("gold_cap"), n("food_cap")) == (5, 2, 2, 12, 5)
    assert (n("general_cost"), n("army_cost"), n("castle_cost"), n("wall_cost")) == (2, 3, 3, 1)
    assert (n("max_generals"), n("max_castles"), n("max_walls"), n("hand_size")) == (3, 3, 8, 4)
    assert (n("battle_vp"), n("completion_vp"), n("win_vp"), n("win_vp_small")) == (10, 20, 70, 50)
    assert (n("foot_steps"), n("horse_steps"), n("range"), n("alert_spaces")) == (3, 5, 3, 5)
    assert pack.quick.size == 13 and pack.board.fortress == 3 and len(pack.board.tunnels) == 4
    axes = {(a.atk, a.df) for a in pack.armies.values() if a.weapon == "axe"}
    assert {(30, 20), (60, 10)} <= axes  # the Scenario A axemen


def test_every_unpublished_table_is_marked_stand_in() -> None:
    import tomllib

    data = Path(__file__).parents[2] / "engine" / "akhedena" / "data"
    rules = tomllib.loads((data / "rules.toml").read_text())
    cards = tomllib.loads((data / "cards.toml").read_text())
    assert rules["stand_in"]["stand_in"] and rules["board"]["stand_in"] and rules["dice"]["stand_in"]
    assert cards["stand_in"] is True


def test_an_owner_overlay_replaces_a_card_by_id(tmp_path: Path) -> None:
    (tmp_path / "akhedena").mkdir()
    (tmp_path / "akhedena" / "cards.toml").write_text('[[army]]\nid = "axe1"\natk = 35\n')
    pack = load_pack(tmp_path)
    assert pack.armies["axe1"].atk == 35 and pack.armies["axe1"].df == 20


@pytest.mark.parametrize(("text", "item", "field"), [
    ('[[army]]\nid = "axe1"\natk = "lots"\n', "army axe1", "atk"),
    ('[[army]]\nid = "axe1"\nweapon = "bow"\n', "army axe1", "weapon"),
    ('[[army]]\nid = "axe1"\natk = 99999999\n', "army axe1", "atk"),
    ('[[black]]\nid = "blade"\neffect = "explode"\n', "black blade", "effect"),
    ('[[hero]]\nid = "henry"\npower = "flight"\n', "hero henry", "power"),
    ('[[general]]\nid = "g01"\nclass = "navy"\n', "general g01", "class"),
    ('[[action]]\nid = "new"\neffect = "gold"\nvalue = 1\n', "action new", "count"),
])
def test_a_malformed_owner_pack_names_the_place(tmp_path: Path, text: str, item: str, field: str) -> None:
    (tmp_path / "akhedena").mkdir()
    (tmp_path / "akhedena" / "cards.toml").write_text(text)
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    assert (err.value.file, err.value.item, err.value.field) == ("cards.toml", item, field)


def test_a_malformed_board_is_refused(tmp_path: Path) -> None:
    (tmp_path / "akhedena").mkdir()
    (tmp_path / "akhedena" / "rules.toml").write_text('[board]\nsize = 15\nterritory = 5\nfortress = 3\n'
                                                      'tunnels = [[2, 7]]\ncorners = [[0, 0]]\n')
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    assert (err.value.item, err.value.field) == ("board", "tunnels")
