"""The bundled Lords of Xidit pack and the validation of owners' packs."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from engine.core.errors import PackError
from engine.xidit.pack import COLOURS, UNITS, load_pack


def test_bundled_pack_keeps_the_published_structure() -> None:
    pack = load_pack()
    assert len(pack.cities) == 21 and len(pack.regions) == 9 and len(pack.tiles) == 21
    assert pack.road(5, "blue") == 12 and pack.road(12, "blue") == 5  # the rulebook's move example
    assert all(set(roads) <= set(COLOURS) for roads in pack.roads.values())
    assert all(len(t.recruit) == 5 for t in pack.tiles.values())
    assert any(sorted(t.need) == ["archer", "mage"] for t in pack.tiles.values())
    assert any((t.gold, t.bards, t.stories) == (5, 4, 4) for t in pack.tiles.values())
    assert sorted(t.icons for t in pack.titans) == [3, 3, 4, 4, 5, 5]
    assert set(pack.stand_ins) == {"map", "tiles", "titans", "box"}


def test_map_is_connected_and_every_city_touches_a_region() -> None:
    pack = load_pack()
    seen, queue = {1}, deque([1])
    while queue:
        for other in pack.roads[queue.popleft()].values():
            if other not in seen:
                seen.add(other)
                queue.append(other)
    assert seen == set(pack.cities)
    assert all(2 <= len(pack.roads[c]) <= 3 for c in pack.cities)
    assert all(city.regions for city in pack.cities.values())


def test_recruitment_icons_are_balanced() -> None:
    counts = {u: sum(t.recruit.count(u) for t in load_pack().tiles.values()) for u in UNITS}
    assert max(counts.values()) - min(counts.values()) <= 3


def _override(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "xidit"
    folder.mkdir()
    (folder / f"{name}.toml").write_text(text)
    return tmp_path


def test_an_owner_pack_overrides_by_id(tmp_path: Path) -> None:
    packs = _override(tmp_path, "tiles", '[[tiles]]\nid = 7\ngold = 9\n')
    pack = load_pack(packs)
    assert pack.tiles[7].gold == 9
    assert pack.tiles[7].bards == load_pack().tiles[7].bards


@pytest.mark.parametrize(("name", "text", "field"), [
    ("tiles", '[[tiles]]\nid = 3\nrecruit = ["militia", "archer", "archer", "mage"]\n', "recruit"),
    ("tiles", '[[tiles]]\nid = 3\nneed = ["dragon"]\n', "need"),
    ("tiles", '[[tiles]]\nid = 3\ngold = "lots"\n', "gold"),
    ("map", '[[roads]]\na = 5\nb = 12\ncolour = "blue"\n[[roads]]\na = 5\nb = 6\ncolour = "blue"\n', "colour"),
    ("map", '[[roads]]\na = 5\nb = 12\ncolour = "green"\n', "colour"),
    ("titans", '[[titans]]\nid = "t3a"\nicons = 9\n', "icons"),
    ("map", "regions = []\n", "-"),
])
def test_malformed_packs_name_the_field(tmp_path: Path, name: str, text: str, field: str) -> None:
    with pytest.raises(PackError) as error:
        load_pack(_override(tmp_path, name, text))
    assert error.value.field == field
    assert name in error.value.file


def test_broken_toml_is_a_pack_error(tmp_path: Path) -> None:
    with pytest.raises(PackError):
        load_pack(_override(tmp_path, "tiles", "[[tiles]\nid ="))
