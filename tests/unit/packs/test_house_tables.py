"""House table files and the tables view, for every pack (docs/PACKS.md, Tables a club types)."""

from __future__ import annotations

from eote_ref.packs.house import HouseTables, dump, house_text, tables_view
from eote_ref.packs.registry import get_pack, pack_ids


def test_every_pack_s_tables_show_each_cell_s_source() -> None:
    for pack_id in pack_ids():
        pack = get_pack(pack_id)
        views = tables_view(pack)
        assert [v.name for v in views] == list(pack.tables)
        for v in views:
            sources = {c.source for row in v.rows[1:] for c in row[1:]}
            assert sources <= {"text", "provisional", "house"}, (pack_id, v.name, sources)
    eote = {v.name: v for v in tables_view(get_pack("eote"))}
    # EotE's rows keep their own sources: its assault table is the project's reading.
    assert {c.source for row in eote["assault_table"].rows[1:] for c in row[1:]} == {"provisional"}
    vle = {v.name: v for v in tables_view(get_pack("vle"))}
    assert vle["fire"].editable
    assert vle["melee"].editable
    assert not vle["loss_malus"].editable


def test_a_pack_without_house_tables_refuses_a_file_in_place() -> None:
    text = "format: 1\npack: avle\nname: x\ntables:\n  fire_values: {}\n"
    tables, problems = house_text(text, get_pack("avle"), "club.yaml")
    assert tables is None
    assert [str(p) for p in problems] == [
        "club.yaml:1:1: error: (document): pack avle takes no house tables"
    ]


def test_the_file_s_own_keys_are_checked() -> None:
    text = 'format: 2\npack: avle\nsource: text\ncolour: red\ntables:\n  fire: {"6": {"5": "2"}}\n'
    tables, problems = house_text(text, get_pack("vle"), "club.yaml")
    assert tables is None
    got = [str(p) for p in problems]
    assert "club.yaml:1:9: error: format: format must be 1" in got
    assert "club.yaml:2:7: error: pack: this file is for pack 'avle', not 'vle'" in got
    assert "club.yaml:3:9: error: source: a club's values are 'house'" in got
    assert any(g.startswith("club.yaml:4:") and "colour: unknown key" in g for g in got)
    assert any("name: give the file a name" in g for g in got)


def test_an_exported_file_reads_back_the_same() -> None:
    house = HouseTables("vle", 'Club "A"', {"fire": {("6", "5"): "3", ("0", "1"): ""},
                                             "melee": {("3", "2/1"): "0/D1"}})  # fmt: skip
    back, problems = house_text(dump(house), get_pack("vle"))
    assert back is not None, [str(p) for p in problems]
    assert back.cells == house.cells
    assert back.name == house.name
