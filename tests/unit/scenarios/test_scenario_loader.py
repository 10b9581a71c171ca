"""Scenario files: the shipped ones validate, a bad one reports every problem at its place."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.armylists.loader import load_army_list
from eote_ref.referee.scenario_setup import search_folders, shipped_scenarios
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.scenarios.export import dump_scenario
from eote_ref.scenarios.loader import ScenarioError, load_scenario, load_scenario_text

SHIPPED = shipped_scenarios()


def test_at_least_six_scenarios_cover_every_shipped_battle() -> None:
    assert len(SHIPPED) >= 6
    battles = {load_scenario(p).scenario.battle for p in SHIPPED}
    lists = {load_army_list(p).army_list.battle for p in shipped_army_lists()}
    assert lists <= battles


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_each_shipped_scenario_validates_and_names_its_sources(path: pathlib.Path) -> None:
    loaded = load_scenario(path, require_end=True)
    assert loaded.warnings == ()
    assert len(loaded.scenario.sources) >= 2
    assert loaded.scenario.setup
    assert loaded.scenario.end.turns
    assert all(p.in_play for p in loaded.sides)  # a part of the battle, not the whole lists


def test_every_shipped_battle_has_a_list_for_each_side() -> None:
    salamanca = [p for p in shipped_army_lists() if p.name.startswith("salamanca")]
    nations = {load_army_list(p).army_list.nation for p in salamanca}
    assert {"french", "british"} <= nations
    assert (
        load_army_list(pathlib.Path(salamanca[0]).parent / "salamanca-1812-french.yaml").warnings
        == ()
    )


BAD = """\
format: 1
name: Broken
initiative: Prussians
sides:
  - name: French
    lists: [waterloo-1815-french.yaml]
    commands: [I Corps, I Corps / 2nd Infantry Division, No Such Corps]
  - name: Allies
    lists: [no-such-list.yaml]
reinforcements:
  - side: French
    commands: [II Corps]
end:
  objectives:
    - {name: La Haye Sainte, points: 3, held_by: Allied}
  breakpoints:
    - {side: French, share: 150}
"""


def test_a_bad_scenario_reports_every_problem_with_its_line_and_column() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(BAD, "bad.yaml", search_folders())
    text = [str(p) for p in caught.value.problems]
    # the typed parse's problem and the checks' problems elsewhere, all at once, in file order
    assert text == [
        "bad.yaml:3:13: error: initiative: 'Prussians' is neither a side (French, Allies) "
        "nor 'roll'",
        "bad.yaml:7:25: error: sides[0].commands[1]: 'I Corps / 2nd Infantry Division' "
        "overlaps 'Armée du Nord / Left Wing / I Corps' named before",
        "bad.yaml:7:58: error: sides[0].commands[2]: no command or unit 'No Such Corps' "
        "in 'Armée du Nord'",
        text[3],  # names this machine's folder
        "bad.yaml:11:5: error: reinforcements[0]: give 'turn' (arrives then), or "
        "'from_turn' and 'roll' (a d10 each turn)",
        "bad.yaml:15:50: error: end.objectives[0].held_by: no side 'Allied' (French, Allies)",
        "bad.yaml:17:29: error: end.breakpoints[0].share: 150 is out of range 1..100",
    ]
    assert text[3].startswith("bad.yaml:9:13: error: sides[1].lists[0]: no army list")


def test_a_side_that_does_not_parse_leaves_the_other_checks_running() -> None:
    text = BAD.replace("lists: [no-such-list.yaml]", "lists: 7")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "bad.yaml", search_folders())
    found = [str(p) for p in caught.value.problems]
    assert "bad.yaml:9:12: error: sides[1].lists: expected a list, found 7" in found
    assert "bad.yaml:17:29: error: end.breakpoints[0].share: 150 is out of range 1..100" in found


def test_an_ambiguous_name_asks_for_its_path() -> None:
    text = BAD.replace("share: 150", "share: 50").replace(
        "commands: [I Corps, I Corps / 2nd Infantry Division, No Such Corps]",
        "commands: [Imperial Guard]",
    )
    text = text.replace("lists: [no-such-list.yaml]", "lists: [waterloo-1815-anglo-allied.yaml]")
    text = text.replace("initiative: Prussians", "initiative: roll").replace("Allied}", "Allies}")
    text = text.replace("commands: [II Corps]", "commands: [II Corps]\n    turn: 2")
    loaded = load_scenario_text(text, "ok.yaml", search_folders())
    assert loaded.reinforcements[0][0].text() == "Armée du Nord / Left Wing / II Corps"
    ambiguous = text.replace(
        "commands: [Imperial Guard]", "commands: [Guard Artillery Reserve, 2nd Brigade]"
    )
    with pytest.raises(ScenarioError):
        load_scenario_text(ambiguous, "x.yaml", search_folders())


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_export_reads_back_the_same_scenario(path: pathlib.Path) -> None:
    scenario = load_scenario(path).scenario
    again = load_scenario_text(dump_scenario(scenario), "again.yaml", [path.parent.parent])
    assert again.scenario == scenario


def test_a_list_with_a_bad_value_still_has_its_names_checked() -> None:
    """A misspelt side or command beside an out-of-range number is reported too.

    A list with one bad item is left out whole (its positions stay those of the file); the
    names of its items were then never checked, so a hand-broken Arapiles reported the
    share of 150 but not the side 'Anglo-Portugese' on the same line.
    """
    arapiles = next(p for p in SHIPPED if p.stem == "salamanca-arapiles").read_text("utf-8")
    broken = (
        arapiles.replace("side: Anglo-Portuguese, share: 50", "side: Anglo-Portugese, share: 150")
        .replace("commands: [6th Division]", "commands: [6th Divsion]")
        .replace("    roll: 5\n", "    roll: 11\n")
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(broken, "b.yaml", search_folders())
    found = [str(p).split(": error: ", 1)[1] for p in caught.value.problems]
    assert found == [
        "reinforcements[1].commands[0]: no command or unit '6th Divsion' in "
        "'Anglo-Portuguese Army at Salamanca'",
        "reinforcements[1].roll: 11 is out of range 1..10",
        "end.breakpoints[1].side: no side 'Anglo-Portugese' (French, Anglo-Portuguese)",
        "end.breakpoints[1].share: 150 is out of range 1..100",
    ]


def test_a_sides_default_formations_are_words_of_the_lists_unit_model() -> None:
    """A side's ``formations:`` is checked against the unit model of its lists' pack (issue 32).

    An unknown word is worded as the typed parse words a bad value, a word the arm may not
    start in names the arm's starting formations.
    """
    text = BAD.replace(
        "    lists: [waterloo-1815-french.yaml]\n",
        "    lists: [waterloo-1815-french.yaml]\n"
        "    formations: {cavalry: square, infantry: wedge}\n",
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "bad.yaml", search_folders())
    found = [str(p) for p in caught.value.problems]
    assert (
        "bad.yaml:7:27: error: sides[0].formations.cavalry: cavalry cannot start in 'square' "
        "(line, column)" in found
    )
    assert (
        "bad.yaml:7:45: error: sides[0].formations.infantry: expected one of 'line' | 'column' | "
        "'french_assault_column' | 'square' | 'skirmish' | 'limbered' | 'unlimbered', "
        "found 'wedge'" in found
    )


@pytest.mark.parametrize(("value", "shown"), [("3", "3"), ("[line]", "['line']")])
def test_a_default_formation_that_is_not_a_word_names_the_formations(
    value: str, shown: str
) -> None:
    """A side's default formation that is not a word names the formations, as a misspelt one.

    It did while the formations were EotE's enum; once they became the unit model's words
    (issue 32) the parse said only "expected text".
    """
    text = BAD.replace(
        "    lists: [waterloo-1815-french.yaml]\n",
        f"    lists: [waterloo-1815-french.yaml]\n    formations: {{infantry: {value}}}\n",
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "bad.yaml", search_folders())
    found = [str(p) for p in caught.value.problems]
    assert (
        "bad.yaml:7:28: error: sides[0].formations.infantry: expected one of 'line' | 'column' | "
        f"'french_assault_column' | 'square' | 'skirmish' | 'limbered' | 'unlimbered', "
        f"found {shown}" in found
    ), found
