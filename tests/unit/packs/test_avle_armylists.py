"""AVlE army lists: ``ruleset: avle-1.2`` picks the pack's schema; the shipped Quatre Bras sides."""

from __future__ import annotations

import copy
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eote_ref.armylists.loader import (
    ArmyListError,
    check_any_document,
    check_document,
    load_any_army_list,
    load_army_list_text,
    validate_file,
    validate_text,
)
from eote_ref.cli import main
from eote_ref.packs.avle.armylist import AvleArmyList, summary
from eote_ref.packs.avle.data import load_default
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.loader import load_text
from tests.budget import budget

REPO = pathlib.Path(__file__).resolve().parents[3]
QUATRE_BRAS = sorted((REPO / "army_lists" / "avle").glob("quatre-bras-1815-*.yaml"))

GOOD = """\
format: 1
ruleset: avle-1.2
name: Test side
nation: french
year: 1815
flag: french
generals:
  - {name: Ney, sector: centre, attached: Line A}
units:
  - {name: Line A, type: french_infantry, sector: centre}
  - {name: Line B, type: french_infantry, sector: left, elements: 3}
  - {name: Guns, type: horse_artillery, sector: right}
"""


def test_both_sides_of_quatre_bras_validate_in_the_pack_s_unit_types() -> None:
    assert [p.name for p in QUATRE_BRAS] == [
        "quatre-bras-1815-allied.yaml",
        "quatre-bras-1815-french.yaml",
    ]
    types = set(load_default().data.units)
    sides = []
    for path in QUATRE_BRAS:
        assert validate_file(path) == [], path  # no error and no warning
        loaded = load_any_army_list(path)
        assert loaded.pack == "avle"
        army = loaded.army_list
        assert isinstance(army, AvleArmyList)
        assert army.ruleset == "avle-1.2"
        assert army.sources
        assert {u.type for u in army.units} <= types
        assert {u.sector for u in army.units if u.arrives == 1} == {"left", "centre", "right"}
        assert len(army.generals) >= 3
        sides.append(army)
    allied, french = sides
    assert allied.battle == french.battle == "Quatre Bras, 16 June 1815"
    assert (allied.flag, french.flag) == ("english", "french")
    # Historical strength at the pack's scale: every French unit and General is there.
    assert summary(french) == "13 units, 3 Generals"
    assert summary(allied) == "20 units, 4 Generals"


def test_a_good_list_loads_with_the_type_s_stats() -> None:
    pack, army, problems = check_any_document(load_text(GOOD, "good.yaml"))
    assert (pack, problems) == ("avle", [])
    assert isinstance(army, AvleArmyList)
    line_a, line_b, guns = army.units
    assert army.start_elements(line_a) == 4
    assert army.start_elements(line_b) == 3
    assert army.unit_type(guns).moving_fire == [10, 6, 3]
    general = army.general_of(line_a)
    assert general is not None
    assert general.name == "Ney"
    assert army.flag_of(guns) == "french"


def test_a_malformed_list_gives_every_problem_with_file_line_column_and_field() -> None:
    text = """\
format: 1
ruleset: avle-1.2
name: Broken side
nation: French
year: 1815
flag: french
generals:
  - {name: Ney, sector: centre, attached: Nobody}
  - {name: Soult, sector: left, attached: Line A}
  - {name: Reille, sector: right, attached: Line A}
units:
  - {name: Line A, type: french_infantry, sector: left, elements: 5}
  - {name: Line B, type: line_infantry, sector: centre}
  - {name: line  a, type: french_infantry, sector: centre}
  - {name: Horse, type: light_cavalry, sector: middle}
  - {name: Guns, type: medium_artillery, sector: right, elements: 4}
"""
    problems = [str(p) for p in validate_text(text, "broken.yaml")]
    assert problems == [
        "broken.yaml:4:9: error: nation: 'French' is not a nation key: write it in "
        "lower-case letters and hyphens",
        "broken.yaml:8:43: error: generals[0].attached: no unit 'Nobody' in this list to "
        "attach him to",
        "broken.yaml:10:28: error: generals[2].sector: he is attached to 'Line A', which "
        "is in the left sector",
        "broken.yaml:10:45: error: generals[2].attached: 'Line A' has a General attached "
        "already: one General a unit (AVlE 6.3.11)",
        "broken.yaml:12:67: error: units[0].elements: French infantry has 4 elements at most "
        "(Reference Sheet, AVlE 1.1), found 5",
        "broken.yaml:13:26: error: units[1].type: unknown unit type 'line_infantry' (AVlE 1.2 "
        "types: old_guard, elite_infantry, english_infantry, french_infantry, "
        "regular_infantry, militia_infantry, heavy_cavalry, dragoons_lancers, light_cavalry, "
        "heavy_artillery, medium_artillery, horse_artillery, garrison)",
        "broken.yaml:14:12: error: units[2].name: duplicate unit name 'line  a' (first at line 12)",
        "broken.yaml:15:48: error: units[3].sector: expected one of 'left' | 'centre' | "
        "'right', found 'middle'",
        "broken.yaml:16:67: error: units[4].elements: medium artillery has 3 elements at "
        "most (Reference Sheet, AVlE 1.1), found 4",
    ]
    with pytest.raises(ArmyListError):
        load_any_army_list_text(text)


def test_set_up_hexes_are_on_the_map_one_unit_a_hex_and_a_general_with_his_unit() -> None:
    """Hexes on the map (2.0: 21 columns A-V without J, 13 rows), one unit a hex (6.1).

    6.3.1: a General in a unit's hex is attached to it; 6.3: two Generals never share a hex.
    """
    text = """\
format: 1
ruleset: avle-1.2
name: Hexes
nation: french
year: 1815
flag: french
generals:
  - {name: Ney, sector: centre, hex: K4, attached: Line A}
  - {name: Soult, sector: left, hex: B5}
  - {name: Reille, sector: left, hex: B5}
  - {name: Drouot, sector: right, hex: W2}
units:
  - {name: Line A, type: french_infantry, sector: centre, hex: K5}
  - {name: Line B, type: french_infantry, sector: left, hex: J5}
  - {name: Line C, type: french_infantry, sector: left, hex: B5}
  - {name: Line D, type: french_infantry, sector: left, hex: B5}
  - {name: Guns, type: horse_artillery, sector: right, hex: Q14}
  - {name: Later, type: horse_artillery, sector: right, hex: Q5, arrives: 4}
  - {name: Later too, type: horse_artillery, sector: right, hex: Q5, arrives: 4}
"""
    problems = [str(p) for p in validate_text(text, "hexes.yaml")]
    assert problems == [
        "hexes.yaml:8:38: error: generals[0].hex: he is attached to 'Line A', which is set "
        "up in K5",
        "hexes.yaml:9:38: error: generals[1].hex: he is set up in B5 with 'Line C', so he is "
        "attached to it (AVlE 6.3.1): write attached: Line C",
        "hexes.yaml:10:39: error: generals[2].hex: B5 holds General 'Soult' already (AVlE 6.3)",
        "hexes.yaml:10:39: error: generals[2].hex: he is set up in B5 with 'Line C', so he is "
        "attached to it (AVlE 6.3.1): write attached: Line C",
        "hexes.yaml:11:40: error: generals[3].hex: 'W2' is not a hex of the map: a column A-V "
        "(no J) and a row 1-13, as D8 (AVlE 2.0)",
        "hexes.yaml:14:62: error: units[1].hex: 'J5' is not a hex of the map: a column A-V "
        "(no J) and a row 1-13, as D8 (AVlE 2.0)",
        "hexes.yaml:16:62: error: units[3].hex: B5 holds 'Line C' already: one unit a hex "
        "(AVlE 6.1)",
        "hexes.yaml:17:61: error: units[4].hex: 'Q14' is not a hex of the map: a column A-V "
        "(no J) and a row 1-13, as D8 (AVlE 2.0)",
    ]


def load_any_army_list_text(text: str) -> None:
    pack, army, problems = check_any_document(load_text(text, "x.yaml"))
    if army is None:
        raise ArmyListError(problems)


def test_a_missing_sector_and_an_empty_sector_are_reported() -> None:
    text = GOOD.replace("sector: right}", "}").replace("sector: left, ", "")
    problems = [str(p) for p in validate_text(text, "x.yaml")]
    assert problems[2:] == [
        "x.yaml:11:5: error: units[1]: missing key 'sector'",
        "x.yaml:12:5: error: units[2]: missing key 'sector'",
    ]
    assert [p.split(": ", 3)[1:3] for p in problems[:2]] == [["warning", "units"]] * 2
    assert "left sector" in problems[0]
    assert "right sector" in problems[1]


def test_warnings_alone_load_the_list() -> None:
    text = GOOD.replace("sector: left, elements: 3", "sector: centre").replace(
        "generals:\n  - {name: Ney, sector: centre, attached: Line A}\n", ""
    )
    pack, army, problems = check_any_document(load_text(text, "x.yaml"))
    assert army is not None
    assert [(p.severity, p.path) for p in problems] == [
        ("warning", ()),
        ("warning", ("units",)),
    ]
    assert "left sector" in problems[1].message
    assert "4.2" in problems[1].message


def test_eote_lists_keep_their_own_format() -> None:
    eote = """\
format: 1
name: Test
nation: french
year: 1815
ruleset: eote-6.2
army:
  name: Army
  level: army
  leader: {name: N, rating: 2}
  commands:
    - name: 1st Division
      level: division
      leader: {name: D, rating: 1}
      units:
        - {name: 1/1e, arm: infantry, type: line, ce: 6, stands: 4}
        - {name: 2/1e, arm: infantry, type: line, ce: 6, stands: 4}
"""
    for text in (eote, eote.replace("ruleset: eote-6.2\n", "")):
        pack, army, problems = check_any_document(load_text(text, "e.yaml"))
        assert (pack, problems) == ("eote", [])
        assert load_army_list_text(text).army_list == army
    # An unknown ruleset is still read as the EotE format, with its warning.
    pack, army, problems = check_any_document(load_text(eote.replace("eote-6.2", "x-1"), "e"))
    assert pack == "eote"
    assert [p.severity for p in problems] == ["warning"]


def test_an_avle_list_is_refused_where_an_eote_list_is_needed() -> None:
    army, problems = check_document(load_text(GOOD, "good.yaml"))
    assert army is None
    (problem,) = problems
    assert str(problem).startswith("good.yaml:2:10: error: ruleset: a list for Advanced Vive")
    with pytest.raises(ArmyListError):
        load_army_list_text(GOOD)


def test_armylist_validate_reports_an_avle_list(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("horse_artillery", "rocket_troop"), encoding="utf-8")
    assert main(["armylist", "validate", str(good)]) == 0
    assert f"OK: {good} (avle: 3 units, 1 General)" in capsys.readouterr().out
    assert main(["armylist", "validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:12:24: error: units[2].type: unknown unit type 'rocket_troop'" in out


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 9),
    st.sampled_from(["", " ", "left", "centre", "garrison", "french_infantry", "Line A", "x"]),
    st.lists(st.integers(0, 3), max_size=2),
)


@settings(max_examples=budget(60, 400))
@given(data=st.data())
def test_any_damaged_list_gives_problems_with_positions_never_a_crash(
    data: st.DataObject,
) -> None:
    """Replace any one value of a good list: the check answers, each problem placed in it."""
    doc = load_text(GOOD, "g.yaml")
    paths = sorted(doc.positions, key=str)
    path = data.draw(st.sampled_from(paths))
    value = data.draw(_SCALARS)
    damaged = copy.deepcopy(doc.data)
    if path:
        target = damaged
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
    else:
        damaged = value
    broken = Document("g.yaml", damaged, doc.positions, doc.key_positions)
    pack, army, problems = check_any_document(broken)
    errors = [p for p in problems if p.severity == "error"]
    assert (army is None) == bool(errors)
    assert all(p.mark is not None and p.mark.file == "g.yaml" for p in problems)
    if army is not None:
        assert pack == "avle"
        assert all(1 <= army.start_elements(u) <= 4 for u in army.units)


def test_the_allied_opening_holds_every_sector_with_more_than_one_unit() -> None:
    """Found in a trial: one Allied unit held the left at turn 1 (AVlE 4.2: its loss ends it).

    At 14:00 Perponcher's division held the whole front: Saxe-Weimar's
    Nassauers in the Bossu wood (the Allied right), Bijlandt's brigade from the high road
    (the centre) to Gemioncourt and Piraumont (the left).
    """
    army = load_any_army_list(QUATRE_BRAS[0]).army_list
    opening: dict[str, list[str]] = {}
    for u in army.units:
        if u.arrives == 1:
            opening.setdefault(u.sector, []).append(u.name)
    assert {s: len(n) >= 2 for s, n in opening.items()} == {
        "left": True, "centre": True, "right": True,
    }  # fmt: skip
    assert all(n.startswith(("Bijlandt", "Saxe-Weimar", "Perponcher", "Bijleveld"))
               for names in opening.values() for n in names)  # fmt: skip
    assert any(n.startswith("Saxe-Weimar") for n in opening["right"])
    assert any(n.startswith("Bijlandt") for n in opening["left"])
