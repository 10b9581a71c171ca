"""Starting formations in the army-list format: per unit, a default per arm, and their checks."""

from __future__ import annotations

import pytest

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import load_army_list_text, validate_text
from eote_ref.packs.eote.rules.units import Formation

HEAD = """\
format: 1
name: Test army
nation: {nation}
year: 1815
{formations}army:
  name: Army
  level: army
  leader: {{name: General, rating: 2}}
  commands:
    - name: 1st Division
      level: division
      leader: {{name: Divisionnaire, rating: 1}}
      units:
"""


def army(units: list[str], *, nation: str = "french", formations: str = "") -> str:
    top = f"formations: {formations}\n" if formations else ""
    body = "".join(f"        - {u}\n" for u in units)
    return HEAD.format(nation=nation, formations=top) + body


INF = "{name: %s, arm: infantry, type: line, ce: 6, stands: 4%s}"
CAV = "{name: %s, arm: cavalry, type: heavy, ce: 8, stands: 3%s}"
GUN = "{name: %s, arm: artillery, type: foot, weight: light, ce: 5, stands: 2%s}"


def test_a_units_own_formation_beats_its_arms_default() -> None:
    text = army(
        [INF % ("1/1e", ", formation: line"), INF % ("2/1e", ""), GUN % ("Bty", "")],
        formations="{infantry: column, artillery: unlimbered}",
    )
    result = load_army_list_text(text)
    units = {u.name: u for u in result.army_list.units()}
    assert [result.army_list.unit_formation(units[n]) for n in ("1/1e", "2/1e", "Bty")] == [
        Formation.LINE,
        Formation.COLUMN,
        Formation.UNLIMBERED,
    ]
    assert result.warnings == ()


def test_no_formation_anywhere_leaves_the_unit_without_one() -> None:
    result = load_army_list_text(army([INF % ("1/1e", ""), CAV % ("1e Cuir", "")]))
    assert [result.army_list.unit_formation(u) for u in result.army_list.units()] == [None, None]


def test_a_default_assault_column_is_a_plain_column_for_an_allied_contingent() -> None:
    text = army(
        [INF % ("1/1e", ""), INF % ("1/Nassau", ", nation: nassau")],
        formations="{infantry: french_assault_column}",
    )
    al = load_army_list_text(text).army_list
    assert [al.unit_formation(u) for u in al.units()] == [
        Formation.FRENCH_ASSAULT_COLUMN,
        Formation.COLUMN,
    ]


def test_formations_survive_export_and_reload() -> None:
    text = army(
        [INF % ("1/1e", ", formation: square"), GUN % ("Bty", ", formation: limbered")],
        formations="{infantry: column, cavalry: line}",
    )
    first = load_army_list_text(text).army_list
    again = load_army_list_text(dump_army_list(first)).army_list
    assert again == first
    assert again.formations is not None
    assert again.formations.cavalry == Formation.LINE


@pytest.mark.parametrize(
    ("unit", "formations", "where", "words"),
    [
        (INF % ("1/1e", ", formation: limbered"), "", "units[0].formation", "infantry cannot"),
        (CAV % ("1e Cuir", ", formation: square"), "", "units[0].formation", "cavalry cannot"),
        (GUN % ("Bty", ", formation: line"), "", "units[0].formation", "artillery cannot"),
        (INF % ("1/1e", ", formation: skirmish"), "", "units[0].formation", "skirmish: full"),
        (INF % ("1/1e", ""), "{cavalry: limbered}", "formations.cavalry", "cavalry cannot"),
        (INF % ("1/1e", ""), "{infantry: square}", "formations.infantry", "cannot be a default"),
        (INF % ("1/1e", ", formation: wedge"), "", "units[0].formation", "expected one of"),
        (INF % ("1/1e", ""), "{lancers: line}", "formations.lancers", "unknown key"),
    ],
)
def test_a_formation_that_does_not_fit_is_an_error_at_its_line_and_column(
    unit: str, formations: str, where: str, words: str
) -> None:
    text = army([unit, INF % ("2/1e", "")], formations=formations)
    problems = [p for p in validate_text(text, "army.yaml") if p.severity == "error"]
    assert len(problems) == 1, problems
    shown = str(problems[0])
    assert shown.startswith("army.yaml:")
    line, column = (int(x) for x in shown.split(":")[1:3])
    lines = text.splitlines()
    key = where.rsplit(".", 1)[-1]
    # the mark points at the offending value on its own line, after the key
    assert key in lines[line - 1][: column - 1] or key in lines[line - 1]
    assert where in shown
    assert words in shown


def test_a_skirmish_capable_unit_may_start_in_skirmish_order() -> None:
    text = army([INF % ("1/1e", ", skirmish: full, formation: skirmish"), INF % ("2/1e", "")])
    assert [p for p in validate_text(text) if p.severity == "error"] == []


def test_an_assault_column_outside_france_is_a_warning_only() -> None:
    text = army(
        [INF % ("1/95th", ", formation: french_assault_column"), INF % ("2/95th", "")],
        nation="british",
        formations="{infantry: french_assault_column}",
    )
    problems = validate_text(text, "a.yaml")
    assert {p.severity for p in problems} == {"warning"}
    assert [str(p).split(": ", 2)[1] for p in problems] == ["warning"] * 2
    assert all("EotE 5.3.6" in str(p) for p in problems)
