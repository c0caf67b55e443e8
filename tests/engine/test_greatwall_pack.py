"""The bundled Great Wall pack keeps the published counts and numbers; a malformed owner's pack is
refused with the file, the item and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import PackError
from engine.greatwall.pack import load_pack


def test_bundled_pack_has_the_published_counts_and_numbers() -> None:
    pack = load_pack()
    base = [len(pack.deck(kind, "standard")) for kind in ("generals", "tactics", "hordes", "advisors")]
    assert (len(pack.commands), base[0], base[3], base[1], base[2],
            len(pack.deck("artifacts")), len(pack.locations)) == (6, 13, 44, 20, 24, 5, 10)
    assert pack.recruit["archer"] == {"chi": 2, "wood": 1}
    assert [w.cost for w in pack.walls[1:]] == [5, 10, 15]
    assert pack.costs["barricade"] == 2 and pack.costs["hire_clerk_gold"] == 2 and pack.costs["save_chi"] == 2
    assert pack.box["shame_per_player"] == 10 and pack.box["hand_limit"] == 5
    assert pack.overseers["mill"].costs[0] == {"chi": 2}
    yang = pack.generals["yang_ye"]
    assert (yang.setup, yang.tea) == ({"wood": 2, "stone": 4, "gold": 3, "chi": 7, "tactics": 2}, 55)
    # The Ancient Chronicles scenarios' numbers are stand-ins too (each its own file, chronicles/<name>).
    base = {s for s in pack.stand_ins if not s.startswith("chronicles/")}
    assert pack.commands["betrayal"].stays and base == {"board", "commands", "cards", "coop", "rat", "khan", "five"}
    # Genghis Khan [IT GK; fact sheet §13.1]: 9 Horde cards of 3 new types, 6 Advisors, 6 Skills, 6 Awards.
    khan = pack.khan
    assert (len(khan.hordes), len(khan.advisors), len(khan.skills), len(khan.awards)) == (9, 6, 6, 6)
    assert len({pack.hordes[h].type for h in pack.khan.hordes}) == 3


def test_an_owner_overlay_replaces_a_card_by_id(tmp_path: Path) -> None:
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "cards.toml").write_text('[[hordes]]\nid = "raiders1"\npower = 9\n')
    pack = load_pack(tmp_path)
    assert pack.hordes["raiders1"].power == 9 and pack.hordes["raiders1"].name == "Steppe Raiders"


@pytest.mark.parametrize(("text", "field"), [
    ('[[hordes]]\nid = "raiders1"\ngrid = ["oooooo"]\n', "grid"),
    ('[[hordes]]\nid = "raiders1"\npower = "lots"\n', "power"),
    ('[[tactics]]\nid = "retreat1"\nwindow = "whenever"\n', "window"),
    ('[[advisors]]\nid = "adv01"\nability = { when = "never", gain = {} }\n', "ability.when"),
])
def test_a_malformed_owner_pack_names_the_place(tmp_path: Path, text: str, field: str) -> None:
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "cards.toml").write_text(text)
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    assert err.value.file == "cards.toml" and err.value.field == field


@pytest.mark.parametrize(("file", "text", "field"), [
    ("commands.toml", '[[commands]]\nid = "despotism"\nowner = [{ op = [], n = 2 }]\n', "owner"),
    ("cards.toml", '[[artifacts]]\nid = "seal"\nscore = { per = ["horde"], honor = 2 }\n', "score"),
])
def test_a_field_of_the_wrong_type_is_refused_not_crashed_on(tmp_path: Path, file: str, text: str,
                                                             field: str) -> None:
    """Found by the pack fuzzer: a list where a name belongs raised TypeError (unhashable) instead of
    naming the place."""
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / file).write_text(text)
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    assert err.value.file == file and err.value.field == field


def test_qin_solo_cards_are_checked_and_an_owner_may_replace_them(tmp_path: Path) -> None:
    """Qin Jiushao's 6 solo cards [ES p.16] are stand-ins: one per clan card name; a step only a clan
    card takes (here Betrayal's copy) is refused, a printed card replaces one by id."""
    pack = load_pack()
    assert sorted(pack.solo) == sorted(f"qin.{c}" for c in pack.commands)
    assert pack.command("qin.economy").name == pack.commands["economy"].name
    (tmp_path / "greatwall").mkdir()
    overlay = tmp_path / "greatwall" / "commands.toml"
    overlay.write_text('[[solo]]\nid = "qin.economy"\nowner = [{ op = "qin_honor", n = 5 }]\n')
    assert load_pack(tmp_path).solo["qin.economy"].owner == ({"op": "qin_honor", "n": 5},)
    overlay.write_text('[[solo]]\nid = "qin.economy"\nowner = [{ op = "copy" }]\n')
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    assert err.value.file == "commands.toml" and err.value.field == "owner"


def test_the_coop_pack_has_its_counts_every_item_a_stand_in() -> None:
    """Co-op [ES p.18] and fact sheet §1/§12: 12 Events, 12 Demands (the four known names kept),
    24 co-op Hordes replacing the normal ones, 8 Generals and 12 Tactics shuffled in with the normal ones."""
    import tomllib

    from engine.greatwall.pack import DATA_DIR

    pack = load_pack()
    assert (len(pack.events), len(pack.demands)) == (12, 12)
    assert [len(pack.coop[k]) for k in ("hordes", "generals", "tactics")] == [24, 8, 12]
    assert sorted(pack.deck("hordes", "coop")) == sorted(pack.coop["hordes"])
    assert len(pack.deck("generals", "coop")) == 21 and len(pack.deck("tactics", "coop")) == 32
    assert {"taunt", "guard", "glory", "escort"} <= set(pack.demands) and "coop" in pack.stand_ins
    raw = tomllib.loads((DATA_DIR / "coop.toml").read_text())
    assert all(item.get("stand_in") is True for key in ("demands", "events", "hordes", "generals", "tactics")
               for item in raw[key])


@pytest.mark.parametrize(("text", "field"), [
    ('[[demands]]\nid = "guard"\nwho = "everyone"\n', "who"),
    ('[[demands]]\nid = "guard"\npay = { gold = 2 }\n', "need"),
    ('[[demands]]\nid = "timber"\nwho = "team"\n', "who"),
    ('[[demands]]\nid = "timber"\npay = { wood = "Y" }\n', "pay"),
    ('[[events]]\nid = "fever"\npassive = { plague = 1 }\n', "passive"),
    ('[[events]]\nid = "warband"\ninstant = { hordes = 0 }\n', "instant.hordes"),
    ('[[hordes]]\nid = "c_wolves1"\ngrid = ["o"]\n', "grid"),
])
def test_a_malformed_coop_pack_names_the_place(tmp_path: Path, text: str, field: str) -> None:
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "coop.toml").write_text(text)
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    assert err.value.file == "coop.toml" and err.value.field == field


def test_an_owner_demand_may_print_x(tmp_path: Path) -> None:
    """A Demand amount printed "X" (co-op, RU p.18) loads as an X amount, filled in when played."""
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "coop.toml").write_text('[[demands]]\nid = "bowmen"\nsacrifice = { archer = "x" }\n')
    demand = load_pack(tmp_path).demands["bowmen"]
    assert demand.x == ("archer",) and demand.with_x(2).sacrifice == {"archer": 2}
    assert load_pack().demands["bowmen"].x == ()


def test_the_rat_pack_has_its_counts_and_the_published_artifact() -> None:
    """IT Rat, components: 5 Rat cards and 5 Rat Artifacts; Zhaoyao Jing's score is published
    (errata, fact sheet §15: 3 Honor per Soldier in the Sections with the highest built Wall), every
    other item a stand-in. The Rat Artifacts stay out of a game without the Rat."""
    import tomllib

    from engine.greatwall.pack import DATA_DIR

    pack = load_pack()
    assert len(pack.rat_cards) == 5 and len(pack.rat["artifacts"]) == 5
    zhaoyao = pack.artifacts["zhaoyao_jing"]
    assert (zhaoyao.per, zhaoyao.honor) == ("soldier_top_wall", 3)
    assert not set(pack.deck("artifacts")) & set(pack.rat["artifacts"])
    raw = tomllib.loads((DATA_DIR / "rat.toml").read_text())
    assert all(item.get("stand_in") is True for item in raw["rat_cards"])
    assert [a["id"] for a in raw["artifacts"] if not a.get("stand_in")] == ["zhaoyao_jing"]


def test_an_owner_may_replace_a_rat_card(tmp_path: Path) -> None:
    """The Rat cards are owner-overridable by id, like the co-op cards."""
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "rat.toml").write_text(
        '[[rat_cards]]\nid = "rat_crumbs"\nname = "Printed Rat"\ncondition = { most = "walls" }\n')
    card = load_pack(tmp_path).rat_cards["rat_crumbs"]
    assert (card.name, card.most, card.metric) == ("Printed Rat", True, "walls")


@pytest.mark.parametrize("text", [
    '[[rat_cards]]\nid = "rat_crumbs"\ncondition = { most = "gold" }\n',  # a secret count: refused
    '[[rat_cards]]\nid = "rat_crumbs"\ncondition = { more = "honor" }\n',
])
def test_a_malformed_rat_card_names_the_place(tmp_path: Path, text: str) -> None:
    (tmp_path / "greatwall").mkdir()
    (tmp_path / "greatwall" / "rat.toml").write_text(text)
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    assert err.value.file == "rat.toml" and err.value.field == "condition"
