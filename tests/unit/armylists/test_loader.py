"""Army-list loading and validation: every kind of problem, where it is reported, all at once."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.armylists.loader import (
    ArmyListError,
    LoadResult,
    load_army_list,
    load_army_list_text,
    validate_file,
    validate_text,
)
from eote_ref.armylists.model import Skirmish
from eote_ref.packs.eote.rules.command import Level
from eote_ref.packs.eote.rules.units import Arm, Weight
from eote_ref.yamlio.problems import Problem, YamlError, path_text

from .samples import VALID, replace_lines

FILE = "army.yaml"


def problems(text: str) -> list[Problem]:
    return validate_text(text, FILE)


def errors(text: str) -> list[Problem]:
    return [p for p in problems(text) if p.severity == "error"]


def warnings(text: str) -> list[Problem]:
    return [p for p in problems(text) if p.severity == "warning"]


def summary(p: Problem) -> tuple[int, int, str, str]:
    """Line, column, severity and key path of a problem."""
    assert p.mark is not None
    assert p.mark.file == FILE
    return p.mark.line, p.mark.column, p.severity, path_text(p.path)


def only_error(text: str) -> Problem:
    found = problems(text)
    assert len(found) == 1, "\n".join(str(p) for p in found)
    assert found[0].severity == "error"
    return found[0]


# ---------------------------------------------------------------------------- a valid file


def test_valid_file_loads(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "nord.yaml"
    path.write_text(VALID, encoding="utf-8")
    result = load_army_list(path)
    assert isinstance(result, LoadResult)
    assert result.warnings == ()
    army_list = result.army_list
    assert army_list.format == 1
    assert army_list.name == "Armée du Nord (extract)"
    assert army_list.nation == "french"
    assert army_list.year == 1815
    assert army_list.ruleset == "eote-6.2"
    assert army_list.battle == "Waterloo"
    assert army_list.sources == ("Public order of battle of the Armée du Nord, 18 June 1815",)
    assert army_list.notes is None
    army = army_list.army
    assert (army.name, army.level, army.leader.name, army.leader.rating) == (
        "Armée du Nord",
        Level.ARMY,
        "Napoléon",
        4,
    )
    (corps,) = army.commands
    assert corps.level == Level.CORPS
    assert [d.name for d in army_list.divisions()] == [
        "1st Infantry Division",
        "1st Cavalry Division",
    ]
    assert [c.name for c in army_list.commands()][:2] == ["Armée du Nord", "I Corps"]
    assert len(army_list.units()) == 5
    first, _, battery = corps.commands[0].units
    assert (first.arm, first.type, first.ce, first.stands, first.skirmish) == (
        Arm.INFANTRY,
        "line",
        6,
        4,
        Skirmish.DETACH,
    )
    assert (first.weight, first.howitzers, first.brigade, first.nation) == (None, 0, None, None)
    assert army_list.unit_nation(first) == "french"
    assert (battery.arm, battery.type, battery.weight) == (
        Arm.ARTILLERY,
        "foot",
        Weight.MEDIUM,
    )


def test_valid_file_has_no_problems(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "nord.yaml"
    path.write_text(VALID, encoding="utf-8")
    assert validate_file(path) == []
    assert problems(VALID) == []


def test_example_of_the_format_document_is_clean() -> None:
    doc = pathlib.Path(__file__).resolve().parents[3] / "docs" / "army-list-format.md"
    example = doc.read_text(encoding="utf-8").split("```yaml\n", 1)[1].split("```", 1)[0]
    assert problems(example) == []


def test_load_army_list_text() -> None:
    assert load_army_list_text(VALID).army_list.army.name == "Armée du Nord"


@pytest.mark.parametrize("null", ["null", "~", ""])
def test_a_key_with_a_default_given_as_null_reads_as_absent(null: str) -> None:
    """The format: null means absent (``ruleset: null`` was refused as "expected text")."""
    text = VALID.replace("year: 1815\n", f"year: 1815\nruleset: {null}\n")
    loaded = load_army_list_text(text)
    assert loaded.army_list.ruleset == "eote-6.2"
    assert loaded.warnings == ()


# ---------------------------------------------------------------------------- structural


def test_unknown_key() -> None:
    text = replace_lines(
        VALID,
        22,
        "            - {name: 1/54e Ligne, arm: infantry, type: line, ce: 6, stands: 4, "
        "colour: blue}",
    )
    p = only_error(text)
    assert summary(p) == (22, 80, "error", "army.commands[0].commands[0].units[0].colour")
    assert p.message.startswith("unknown key (known keys: arm, brigade, ce,")


def test_wrong_type() -> None:
    text = replace_lines(
        VALID,
        22,
        "            - {name: 1/54e Ligne, arm: infantry, type: line, ce: six, stands: 4}",
    )
    p = only_error(text)
    assert summary(p) == (22, 66, "error", "army.commands[0].commands[0].units[0].ce")
    assert p.message == "expected a whole number, found 'six'"


def test_number_out_of_range() -> None:
    text = replace_lines(
        VALID, 22, "            - {name: 1/54e Ligne, arm: infantry, type: line, ce: 6, stands: 13}"
    )
    p = only_error(text)
    assert summary(p) == (22, 77, "error", "army.commands[0].commands[0].units[0].stands")
    assert p.message == "13 is out of range 1..12"


def test_year_out_of_range() -> None:
    p = only_error(replace_lines(VALID, 5, "year: 1820"))
    assert summary(p) == (5, 7, "error", "year")
    assert p.message == "1820 is out of range 1792..1815"


def test_leader_rating_out_of_range() -> None:
    p = only_error(replace_lines(VALID, 12, "  leader: {name: Napoléon, rating: 5}"))
    assert summary(p) == (12, 36, "error", "army.leader.rating")


def test_unknown_enum_value() -> None:
    text = replace_lines(
        VALID, 22, "            - {name: 1/54e Ligne, arm: infantery, type: line, ce: 6, stands: 4}"
    )
    p = only_error(text)
    assert summary(p) == (22, 40, "error", "army.commands[0].commands[0].units[0].arm")
    assert p.message.startswith("expected one of 'infantry' | 'cavalry'")


def test_missing_required_key() -> None:
    text = replace_lines(
        VALID, 22, "            - {name: 1/54e Ligne, arm: infantry, type: line, ce: 6}"
    )
    p = only_error(text)
    assert summary(p) == (22, 15, "error", "army.commands[0].commands[0].units[0]")
    assert p.message == "missing key 'stands'"


def test_duplicate_key() -> None:
    p = only_error(replace_lines(VALID, 6, "battle: Waterloo\nbattle: Ligny"))
    assert summary(p) == (7, 1, "error", "battle")
    assert p.message == "duplicate key"


def test_not_yaml() -> None:
    p = only_error(replace_lines(VALID, 12, "  leader: {name: Napoléon, rating: 4"))
    assert p.mark is not None
    assert (p.mark.file, p.mark.line) == (FILE, 13)
    assert p.message.startswith("not valid YAML")


def test_unknown_tag_is_a_problem_not_a_crash() -> None:
    p = only_error(replace_lines(VALID, 6, "battle: !!python/object:os.system x"))
    assert summary(p) == (6, 9, "error", "battle")


def test_recursive_alias_is_a_problem_not_a_crash() -> None:
    p = only_error(replace_lines(VALID, 7, "sources: &s [a, *s]", last=8))
    assert summary(p) == (7, 17, "error", "sources[1]")  # the alias that closes the loop


def test_alias_bomb_is_a_problem_not_a_hang() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    found = problems("\n".join(lines) + "\n")
    assert any(p.message.startswith("too many values") for p in found)


@pytest.mark.parametrize("text", ["", "# nothing\n", "- a list\n", "just text\n"])
def test_document_that_is_not_a_mapping(text: str) -> None:
    p = only_error(text)
    assert summary(p)[:2] == (1, 1)
    assert p.path == ()
    assert p.message.startswith("expected a mapping")


def test_unreadable_file(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "missing.yaml"
    (p,) = validate_file(missing)
    assert p.mark is not None
    assert (p.mark.file, p.mark.line, p.mark.column) == (str(missing), 1, 1)
    assert p.message.startswith("cannot read file")


def test_load_unreadable_file_raises_with_the_problem(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ArmyListError) as info:
        load_army_list(tmp_path / "missing.yaml")
    (p,) = info.value.problems
    assert p.message.startswith("cannot read file")


def test_not_utf8(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(VALID.encode("latin-1"))
    (p,) = validate_file(path)
    assert p.message == "cannot read file: not UTF-8 text (byte 0xE9): save it as UTF-8"
    assert p.mark is not None
    assert (p.mark.line, p.mark.column) == (3, 10)  # the é of "Armée" on line 3


# ---------------------------------------------------------------------------- semantic


def test_unknown_format_version_is_the_only_problem_reported() -> None:
    text = replace_lines(replace_lines(VALID, 2, "format: 2"), 5, "year: 1900")
    p = only_error(text)
    assert summary(p) == (2, 9, "error", "format")
    assert p.message == "unknown format version 2: this eote-ref reads format 1"


def test_format_of_the_wrong_type() -> None:
    p = only_error(replace_lines(VALID, 2, 'format: "1"'))
    assert summary(p) == (2, 9, "error", "format")


def test_child_level_must_be_lower_than_parent() -> None:
    p = only_error(replace_lines(VALID, 15, "      level: army"))
    assert summary(p) == (15, 14, "error", "army.commands[0].level")
    assert p.message.startswith("an army cannot serve under an army")


def test_division_under_division() -> None:
    text = replace_lines(
        VALID,
        24,
        "            - {name: 20/6 Foot Battery, arm: artillery, type: foot, weight: medium, "
        "ce: 5, stands: 2}\n"
        "          commands:\n"
        "            - name: Attached Brigade\n"
        "              level: brigade\n"
        "              leader: {name: Bourgeois, rating: 1}\n"
        "              units:\n"
        "                - {name: 28e Ligne, arm: infantry, type: line, ce: 6, stands: 4}\n"
        "                - {name: 105e Ligne, arm: infantry, type: line, ce: 6, stands: 4}",
    )
    p = only_error(text)
    assert summary(p) == (25, 11, "error", "army.commands[0].commands[0].commands")
    assert p.message.startswith("a division has units, not subordinate commands")


def test_top_command_must_be_an_army() -> None:
    p = only_error(replace_lines(VALID, 11, "  level: wing"))
    assert summary(p) == (11, 10, "error", "army.level")
    assert p.message == "the top command must have level 'army', found 'wing'"


def test_unit_outside_any_division() -> None:
    text = replace_lines(
        VALID,
        16,
        "      leader: {name: Drouet d'Erlon, rating: 2}\n"
        "      units:\n"
        "        - {name: Corps Escort, arm: cavalry, type: light, ce: 5, stands: 2}",
    )
    p = only_error(text)
    assert summary(p) == (18, 11, "error", "army.commands[0].units[0]")
    assert p.message.startswith("unit outside any division")


def test_division_without_units_key() -> None:
    p = only_error(replace_lines(VALID, 21, "", last=24))
    assert summary(p) == (18, 11, "error", "army.commands[0].commands[0]")
    assert p.message == ("the division '1st Infantry Division' has no units (missing key 'units')")


def test_division_with_empty_units() -> None:
    p = only_error(replace_lines(VALID, 21, "          units: []", last=24))
    assert summary(p) == (21, 18, "error", "army.commands[0].commands[0].units")
    assert "has no units" in p.message


def test_division_without_leader() -> None:
    p = only_error(replace_lines(VALID, 20, ""))
    assert summary(p) == (18, 11, "error", "army.commands[0].commands[0]")
    assert p.message == (
        "the division '1st Infantry Division' has no leader (missing key 'leader')"
    )


def test_duplicate_unit_names_in_a_division() -> None:
    text = replace_lines(
        VALID, 23, "            - {name: 1/54E  ligne, arm: infantry, type: line, ce: 6, stands: 4}"
    )
    p = only_error(text)
    assert summary(p) == (23, 22, "error", "army.commands[0].commands[0].units[1].name")
    assert p.message == (
        "duplicate unit name '1/54E  ligne' in the division '1st Infantry Division' "
        "(first at line 22)"
    )


def test_same_unit_name_in_two_divisions_is_fine() -> None:
    text = replace_lines(
        VALID, 30, "            - {name: 1/54e Ligne, arm: cavalry, type: light, ce: 5, stands: 4}"
    )
    assert problems(text) == []


def test_duplicate_command_names_among_siblings() -> None:
    p = only_error(replace_lines(VALID, 25, "        - name: 1st infantry division"))
    assert summary(p) == (25, 17, "error", "army.commands[0].commands[1].name")
    assert p.message == (
        "duplicate command name '1st infantry division' under the corps 'I Corps' "
        "(first at line 18)"
    )


def test_type_must_fit_arm() -> None:
    text = replace_lines(
        VALID, 22, "            - {name: 1/54e Ligne, arm: infantry, type: heavy, ce: 6, stands: 4}"
    )
    p = only_error(text)
    assert summary(p) == (22, 56, "error", "army.commands[0].commands[0].units[0].type")
    assert p.message == (
        "type 'heavy' does not fit arm 'infantry' "
        "(infantry types: line, light, grenadier, guard, militia)"
    )


def test_artillery_needs_weight() -> None:
    text = replace_lines(
        VALID,
        24,
        "            - {name: 20/6 Foot Battery, arm: artillery, type: foot, ce: 5, stands: 2}",
    )
    p = only_error(text)
    assert summary(p) == (24, 15, "error", "army.commands[0].commands[0].units[2]")
    assert p.message.startswith("missing key 'weight'")


@pytest.mark.parametrize(("key", "value"), [("weight", "light"), ("howitzers", "0")])
def test_weight_and_howitzers_only_on_artillery(key: str, value: str) -> None:
    text = replace_lines(
        VALID,
        29,
        f"            - {{name: 7e Hussards, arm: cavalry, type: light, ce: 6, stands: 4, "
        f"{key}: {value}}}",
    )
    p = only_error(text)
    assert summary(p) == (29, 80, "error", f"army.commands[0].commands[1].units[0].{key}")
    assert p.message == f"'{key}' is for artillery only, and this unit's arm is 'cavalry'"


def test_nation_must_be_a_key() -> None:
    p = only_error(replace_lines(VALID, 4, "nation: Dutch Belgian"))
    assert summary(p) == (4, 9, "error", "nation")
    assert p.message.endswith("e.g. 'dutch-belgian'")


@pytest.mark.parametrize(
    ("line", "new", "column", "path"),
    [
        (3, 'name: " "', 7, "name"),
        (18, '        - name: ""', 17, "army.commands[0].commands[0].name"),
        (
            20,
            '          leader: {name: "", rating: 1}',
            26,
            "army.commands[0].commands[0].leader.name",
        ),
        (8, '  - ""', 5, "sources[0]"),
    ],
)
def test_names_must_not_be_empty(line: int, new: str, column: int, path: str) -> None:
    p = only_error(replace_lines(VALID, line, new))
    assert summary(p) == (line, column, "error", path)
    assert p.message == "must not be empty"


# ---------------------------------------------------------------------------- warnings


@pytest.mark.parametrize(
    ("line", "new", "column", "path", "message"),
    [
        (
            22,
            "            - {name: 1/54e Ligne, arm: infantry, type: guard, ce: 11, stands: 4}",
            67,
            "army.commands[0].commands[0].units[0].ce",
            "CE 11 is above 10: check the value",
        ),
        (
            24,
            "            - {name: 20/6 Foot Battery, arm: artillery, type: foot, weight: medium, "
            "ce: 0, stands: 2}",
            89,
            "army.commands[0].commands[0].units[2].ce",
            "artillery with CE 0: check the value",
        ),
        (
            24,
            "            - {name: 20/6 Foot Battery, arm: artillery, type: foot, weight: medium, "
            "ce: 5, stands: 2, skirmish: detach}",
            113,
            "army.commands[0].commands[0].units[2].skirmish",
            "artillery with skirmish 'detach': only infantry and cavalry detach skirmishers "
            "(EotE 5.4)",
        ),
        (
            29,
            "            - {name: 7e Hussards, arm: cavalry, type: light, ce: 6, stands: 4, "
            "nation: french}",
            88,
            "army.commands[0].commands[1].units[0].nation",
            "'french' is the army's nation already: leave it out",
        ),
        (
            4,
            "nation: frnech",
            9,
            "nation",
            "unknown nation 'frnech' (a typo?); the skirmish rating (EotE 5.5.1) depends on "
            "the nation",
        ),
        (
            6,
            "ruleset: eote-5.0",
            10,
            "ruleset",
            "unknown ruleset 'eote-5.0' (eote-ref knows eote-6.2); CE values may not fit the "
            "rules in use",
        ),
    ],
)
def test_warnings(line: int, new: str, column: int, path: str, message: str) -> None:
    text = replace_lines(VALID, line, new)
    (p,) = problems(text)
    assert summary(p) == (line, column, "warning", path)
    assert p.message == message
    result = load_army_list_text(text, FILE)
    assert result.warnings == (p,)


def test_warning_for_a_division_of_a_single_unit() -> None:
    (p,) = problems(replace_lines(VALID, 30, ""))
    assert summary(p) == (25, 11, "warning", "army.commands[0].commands[1]")
    assert p.message == "the division '1st Cavalry Division' has a single unit"


def test_no_warning_for_an_artillery_reserve_of_one_battery() -> None:
    text = VALID + (
        "        - name: I Corps Artillery Reserve\n"
        "          level: division\n"
        "          leader: {name: Desales, rating: 1}\n"
        "          units:\n"
        "            - {name: 11/6 Foot Battery, arm: artillery, type: foot, weight: heavy, "
        "ce: 6, stands: 2}\n"
    )
    assert problems(text) == []


def test_warning_for_a_corps_without_divisions() -> None:
    text = VALID + (
        "    - name: II Corps\n      level: corps\n      leader: {name: Reille, rating: 2}\n"
    )
    (p,) = problems(text)
    assert summary(p) == (31, 7, "warning", "army.commands[1]")
    assert p.message == "the corps 'II Corps' has no subordinate commands"


# ---------------------------------------------------------------------------- all at once

BROKEN = """\
format: 1
name: Broken Army
nation: french
year: 1815
army:
  name: Armée
  level: army
  leader: {name: Napoléon, rating: 4}
  units:
    - {name: Stray Battalion, arm: infantry, type: line, ce: 5, stands: 4}
  commands:
    - name: I Corps
      level: corps
      leader: {name: Drouet d'Erlon, rating: 9}
      commands:
        - name: 1st Division
          level: division
          units:
            - {name: 1/54e Ligne, arm: infantry, type: heavy, ce: 14, stands: 4}
            - {name: 1/54e Ligne, arm: infantry, type: line, ce: 6, stands: 4, weight: light}
            - {name: Foot Battery, arm: artillery, type: foot, ce: 5, stands: 2, colour: red}
        - name: 1st Division
          level: corps
          leader: {name: Donzelot, rating: 1}
          units: [{name: Escort, arm: cavalry, type: light, ce: 3, stands: 2}]
"""


def test_broken_file_reports_every_problem_at_once(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    found = validate_file(path)
    assert all(p.mark is not None and p.mark.file == str(path) for p in found)
    got = [(p.mark.line, p.mark.column, p.severity, path_text(p.path)) for p in found if p.mark]
    d1 = "army.commands[0].commands[0]"
    d2 = "army.commands[0].commands[1]"
    assert got == [
        (10, 7, "error", "army.units[0]"),
        (14, 46, "error", "army.commands[0].leader.rating"),
        (16, 11, "error", d1),
        (19, 56, "error", f"{d1}.units[0].type"),
        (19, 67, "warning", f"{d1}.units[0].ce"),
        (20, 22, "error", f"{d1}.units[1].name"),
        (20, 80, "error", f"{d1}.units[1].weight"),
        (21, 15, "error", f"{d1}.units[2]"),
        (21, 82, "error", f"{d1}.units[2].colour"),
        (22, 17, "error", f"{d2}.name"),
        (23, 18, "error", f"{d2}.level"),
        (25, 19, "error", f"{d2}.units[0]"),
    ]
    messages = [p.message for p in found]
    assert messages[0].startswith("unit outside any division")
    assert messages[2] == "the division '1st Division' has no leader (missing key 'leader')"
    with pytest.raises(ArmyListError) as info:
        load_army_list(path)
    assert isinstance(info.value, ValueError)
    assert info.value.problems == found
    assert str(info.value).splitlines()[0] == f"{path}:10:7: error: army.units[0]: {messages[0]}"


def test_load_error_is_a_yaml_error() -> None:
    with pytest.raises(YamlError) as info:
        load_army_list_text("format: [", FILE)
    assert isinstance(info.value, ArmyListError)
    assert len(info.value.problems) == 1
