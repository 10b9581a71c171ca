"""Tactical assault (EotE 7.x, 5.10-5.16): hand-worked values, every consequence, bad input."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.assault import (
    AssaultSituation,
    DefenderCover,
    Position,
    Support,
    assault,
    column_label,
    support_modifier,
    table_results,
)
from eote_ref.packs.eote.rules.core import Outcome, RulesError, Source
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit
from eote_ref.packs.eote.rulesets import load_default

RS = load_default()
LINE, COLUMN, SQUARE = Formation.LINE, Formation.COLUMN, Formation.SQUARE
FAC = Formation.FRENCH_ASSAULT_COLUMN


def inf(ce: int = 6, formation: Formation = LINE, **kw: object) -> Unit:
    return Unit(CombatArm.INFANTRY, ce, formation, **kw)


def cav(ce: int = 6, formation: Formation = LINE, **kw: object) -> Unit:
    return Unit(CombatArm.CAVALRY, ce, formation, **kw)


def bat(ce: int = 4, formation: Formation = Formation.UNLIMBERED, **kw: object) -> Unit:
    return Unit(CombatArm.ARTILLERY, ce, formation, **kw)


def fight(attackers: list[Unit], defenders: list[Unit], r: int = 5, rs=RS, **kw: object) -> Outcome:
    return assault(AssaultSituation(attackers, defenders, **kw), rs, EnteredDice({"roll": r}))


def net_of_modifiers(o: Outcome) -> float:
    """The attack value's modifiers: the attacker's total less the defender's (7.6).

    The top-level list gives each side's modifiers with its own sign (attacker first).
    """
    a, d = o.details["attacker_modifiers"], o.details["defender_modifiers"]
    assert list(o.modifiers) == [*a, *d]
    return sum(m.value for m in a) - sum(m.value for m in d)


def cell(text: str) -> tuple[str, str]:
    """A table cell as written in RULES-NOTES, e.g. ``./F``, read as (attacker, defender)."""
    a, d = text.split("/")
    return ("./." if a == "." else a, "./." if d == "." else d)


# ------------------------------------------------------------------ worked examples


def test_worked_example_7_2_battery_supported_on_the_flank() -> None:
    """EotE 7.2 worked example: a battery CE 4 hit on the flank by cavalry defends at 8.

    A column supporter on the cavalry's flank counts 1 x 2 = 2, a column supporter in
    enfilade 1 + 1 = 2: 4 + 2 + 2 = 8.
    """
    o = fight(
        [cav(6)],
        [bat(4)],
        r=5,
        attacker_position=Position.FLANK,
        supports=[
            Support(CombatArm.INFANTRY, COLUMN, Position.FLANK),
            Support(CombatArm.INFANTRY, COLUMN, Position.FRONT, enfilade=True),
        ],
    )
    assert o.details["defender_value"] == 8
    assert [m.value for m in o.details["defender_modifiers"]] == [2, 2]
    assert all(m.rule == "7.2" for m in o.details["defender_modifiers"])
    # attacker: 6 + 3 for the flank (provisional)
    assert o.details["attacker_value"] == 9
    assert o.details["attack_value"] == 1
    assert o.details["column"] == "+1..+3"
    assert o.base == 2
    assert o.modified == 1
    # each side's modifiers with its own sign: the attacker's flank +3, the defender's
    # supporters +2 and +2 (the attack value subtracts them)
    assert [m.value for m in o.modifiers] == [3, 2, 2]
    assert [m.reason.split(":")[0] for m in o.modifiers] == ["attacker", "defender", "defender"]


def test_worked_example_7_9_two_french_columns_one_disordered() -> None:
    """EotE 7.9 worked example: two French columns (one disordered) attack a British line.

    All CE 6. Modified 6 + 1 = 7 and 6 + 1 - 2 = 5; 7 + half of 5 (2) = 9; attack value
    9 - 6 = 3.
    """
    french = [inf(6, COLUMN, nation="french"), inf(6, COLUMN, nation="french", disordered=True)]
    o = fight(french, [inf(6, nation="british")], r=9)
    assert o.details["attacker_value"] == 9
    assert o.details["defender_value"] == 6
    assert o.details["attack_value"] == 3
    assert o.base == 6
    assert [m.value for m in o.modifiers] == [1, -2, 1, -3]
    assert [m.rule for m in o.modifiers][-1] == "7.9"
    assert o.modifiers[0].reason.startswith("attacker 1: ")
    assert o.modifiers[1].reason.startswith("attacker 2: ")
    # +1..+3 at roll 9 is ./1: the British line takes a hit and falls back
    assert o.result == "././1"
    assert o.effects["defender_1"].hits == 1
    assert o.effects["defender_1"].fall_back_in == 6


def test_results_apply_to_every_unit_of_a_side() -> None:
    """EotE 7.6, 7.9: two defending battalions (6 and 4 -> 8) both take the result."""
    o = fight([inf(11)], [inf(6), inf(4)], r=10)  # 11 - 8 = +3: roll 10 is ./2
    assert o.details["defender_value"] == 8
    assert o.effects["defender_1"].hits == 2
    assert o.effects["defender_2"].hits == 2
    assert o.effects["defender_1"].fall_back_in == o.effects["defender_2"].fall_back_in == 6


def test_routed_defender_has_ce_zero() -> None:
    """EotE 7.4: a routed unit that is assaulted has CE 0, whatever its markers."""
    o = fight([inf(6)], [inf(8, hits=2, disordered=True, routed=True, leader_attached=True)])
    assert o.details["defender_value"] == 0
    assert [m.value for m in o.details["defender_modifiers"]] == [-8]
    assert o.details["defender_modifiers"][0].rule == "7.4"
    assert o.details["attack_value"] == 6


def test_routed_defender_still_takes_support_and_cover() -> None:
    """EotE 7.4 with 7.2: CE 0, plus a supporting line (+2) and a wall (+1)."""
    o = fight(
        [inf(6)],
        [inf(8, routed=True)],
        supports=[Support(CombatArm.INFANTRY, LINE)],
        defender_cover=DefenderCover.WALL,
    )
    assert o.details["defender_value"] == 3


# ------------------------------------------------------------------ modifiers


@pytest.mark.parametrize(
    ("attackers", "defenders", "extra", "att", "dfd"),
    [
        ([inf(6)], [inf(6)], {}, 6, 6),
        ([inf(6, hits=2)], [inf(6)], {}, 4, 6),
        ([inf(6, disordered=True)], [inf(6)], {}, 4, 6),
        ([inf(6, changed_formation=True)], [inf(6)], {}, 4, 6),
        ([inf(6, leader_attached=True)], [inf(6)], {}, 8, 6),
        ([inf(6, COLUMN)], [inf(6)], {}, 7, 6),
        ([inf(6, FAC)], [inf(6)], {}, 7, 6),
        ([inf(6, SQUARE)], [inf(6)], {}, 6, 6),
        ([inf(6)], [inf(6)], {"attacker_position": Position.FLANK}, 9, 6),
        ([inf(6)], [inf(6)], {"attacker_position": Position.REAR}, 10, 6),
        ([inf(6)], [inf(6)], {"attacker_enfilade": True}, 7, 6),
        (
            [inf(6)],
            [inf(6)],
            {"attacker_position": Position.FLANK, "attacker_enfilade": True},
            10,
            6,
        ),
        ([inf(6)], [inf(6)], {"uphill": True}, 5, 6),
        ([inf(6)], [inf(6, hits=1, disordered=True)], {}, 6, 3),
        ([inf(6)], [inf(6, leader_attached=True)], {}, 6, 8),
        ([inf(6)], [inf(6, COLUMN)], {}, 6, 6),
        ([inf(6)], [inf(6)], {"defender_cover": DefenderCover.TOWN}, 6, 9),
        ([inf(6)], [inf(6)], {"defender_cover": DefenderCover.FORTIFIED}, 6, 9),
        ([inf(6)], [inf(6)], {"defender_cover": DefenderCover.WOODS}, 6, 8),
        ([inf(6)], [inf(6)], {"defender_cover": DefenderCover.WALL}, 6, 7),
        ([inf(6)], [inf(6)], {"defender_cover": DefenderCover.TOWN, "sappers": True}, 8, 9),
        ([inf(6)], [inf(6, SQUARE)], {}, 6, 6),
        ([inf(6)], [bat(6, supported=False)], {}, 6, 6),
        ([cav(6)], [inf(6)], {}, 6, 6),
        ([cav(6, COLUMN)], [inf(6)], {}, 6, 6),
        ([cav(6, blown=1)], [inf(6)], {}, 4, 6),
        ([cav(6, blown=2, hits=1)], [inf(6)], {}, 1, 6),
        ([cav(6)], [inf(6, SQUARE)], {}, 6, 10),
        ([cav(6)], [bat(6, supported=False)], {}, 6, 4),
        ([cav(6)], [bat(6)], {}, 6, 6),
        ([cav(6)], [inf(6)], {"sabre_bonus": True}, 8, 6),
        ([cav(6)], [inf(6)], {"defender_cover": DefenderCover.WALL}, 6, 7),
        ([cav(6)], [cav(6, leader_attached=True)], {}, 6, 8),
    ],
)
def test_attacker_and_defender_modifiers(
    attackers: list[Unit], defenders: list[Unit], extra: dict[str, object], att: float, dfd: float
) -> None:
    """Tactical Combat Chart (RULES-NOTES §3, B and A), each value worked by hand.

    Hits -1, disorder -2, changed formation -2, blown -2 each, leader +2, attacking column
    +1 (French assault column too), flank +3, rear +4, enfilade +1, uphill -1,
    town/fortified +3, woods +2, wall +1, sappers +2 (7.12), square vs cavalry +4,
    unsupported artillery vs cavalry -2, sabre bonus +2 (5.16).
    """
    o = fight(attackers, defenders, **extra)
    assert o.details["attacker_value"] == att
    assert o.details["defender_value"] == dfd
    assert o.details["attack_value"] == att - dfd
    assert o.modified == att - dfd
    assert net_of_modifiers(o) == o.modified - o.base


@pytest.mark.parametrize(
    ("extra", "rule", "source"),
    [
        ({"attacker_position": Position.FLANK}, "1.0.1", Source.PROVISIONAL),
        ({"sabre_bonus": True}, "5.16", Source.PROVISIONAL),
        ({"uphill": True}, "10.0", Source.PROVISIONAL),
    ],
)
def test_attacker_side_modifiers_carry_rule_and_source(
    extra: dict[str, object], rule: str, source: Source
) -> None:
    """RULES-NOTES §3: each modifier is shown with its section and its source."""
    o = fight([cav(6)], [inf(6)], **extra)
    (m,) = o.details["attacker_modifiers"]
    assert (m.rule, m.source) == (rule, source)


def test_sappers_are_a_text_value() -> None:
    """EotE 7.12: sappers add 2 to a town assault (a value the text gives)."""
    o = fight([inf(6)], [inf(6)], defender_cover=DefenderCover.TOWN, sappers=True)
    (m,) = o.details["attacker_modifiers"]
    assert (m.value, m.rule, m.source) == (2, "7.12", Source.TEXT)
    (c,) = o.details["defender_modifiers"]
    assert c.reason.startswith("defender: ")


# ------------------------------------------------------------------ the provisional floor at 0


def test_lone_attacker_floor_applies_after_the_side_modifiers() -> None:
    """EotE 10.0: all modifiers are added to the base CE, then the floor at 0.

    CE 1, disordered, on the flank: 1 - 2 + 3 = 2 (not 0 + 3).
    """
    o = fight([inf(1, disordered=True)], [inf(6)], attacker_position=Position.FLANK)
    assert o.details["attacker_value"] == 2


def test_lone_attacker_below_zero_counts_zero() -> None:
    """Provisional floor (7.4): CE 1 disordered uphill: 1 - 2 - 1 = -2 counts 0."""
    o = fight([inf(1, disordered=True)], [inf(6)], uphill=True)
    assert o.details["attacker_value"] == 0
    floor = o.details["attacker_modifiers"][-1]
    assert (floor.value, floor.rule, floor.source) == (2, "7.4", Source.PROVISIONAL)
    assert net_of_modifiers(o) == o.modified - o.base


def test_lone_defender_below_zero_counts_zero() -> None:
    """Provisional floor (7.4): CE 1, 2 hits, disordered behind a wall: 1 - 2 - 2 + 1 = -2 -> 0."""
    o = fight([inf(6)], [inf(1, hits=2, disordered=True)], defender_cover=DefenderCover.WALL)
    assert o.details["defender_value"] == 0
    assert o.details["attack_value"] == 6
    assert net_of_modifiers(o) == o.modified - o.base


def test_each_of_several_units_counts_at_least_zero_before_combining() -> None:
    """EotE 7.9 with the floor: CE 1 disordered (-1 -> 0) beside CE 6: 6 + 0 = 6, flank 9."""
    o = fight([inf(1, disordered=True), inf(6)], [inf(6)], attacker_position=Position.FLANK)
    assert o.details["attacker_value"] == 9
    assert net_of_modifiers(o) == o.modified - o.base


# ------------------------------------------------------------------ support (7.2)


@pytest.mark.parametrize(
    ("support", "value"),
    [
        (Support(CombatArm.INFANTRY, COLUMN), 1),
        (Support(CombatArm.INFANTRY, SQUARE), 1),
        (Support(CombatArm.INFANTRY, LINE), 2),
        (Support(CombatArm.INFANTRY, FAC), 2),
        (Support(CombatArm.ARTILLERY, Formation.UNLIMBERED), 2),
        (Support(CombatArm.INFANTRY, COLUMN, Position.FLANK), 2),
        (Support(CombatArm.INFANTRY, SQUARE, Position.FLANK), 2),
        (Support(CombatArm.INFANTRY, LINE, Position.FLANK), 4),
        (Support(CombatArm.INFANTRY, FAC, Position.FLANK), 4),
        (Support(CombatArm.ARTILLERY, Formation.UNLIMBERED, Position.FLANK), 4),
        (Support(CombatArm.INFANTRY, COLUMN, Position.REAR), 2),
        (Support(CombatArm.INFANTRY, LINE, Position.REAR), 4),
        (Support(CombatArm.INFANTRY, COLUMN, enfilade=True), 2),
        (Support(CombatArm.INFANTRY, LINE, enfilade=True), 3),
        (Support(CombatArm.INFANTRY, LINE, Position.FLANK, enfilade=True), 5),
    ],
)
def test_support_values(support: Support, value: float) -> None:
    """EotE 7.2, 5.3.6: support values by formation and position.

    Column/square +1, line +2 (French assault column as line), battery +2 (provisional);
    doubled on the flank, rear by option (default 2), +1 in enfilade.
    """
    m = support_modifier(support, RS)
    assert m.value == value
    assert m.rule == "7.2"
    o = fight([inf(6)], [inf(6)], supports=[support])
    assert o.details["defender_value"] == 6 + value


@pytest.mark.parametrize(("factor", "column", "line"), [(1, 1, 2), (2, 2, 4), (3, 3, 6)])
def test_support_rear_factor_option(factor: int, column: float, line: float) -> None:
    """Option support_rear_factor (7.2 values the flank but not the rear)."""
    rs = RS.with_options({"support_rear_factor": factor})
    assert support_modifier(Support(CombatArm.INFANTRY, COLUMN, Position.REAR), rs).value == column
    assert support_modifier(Support(CombatArm.INFANTRY, LINE, Position.REAR), rs).value == line


def test_support_source_follows_the_supporter() -> None:
    """RULES-NOTES §3: infantry support values are text, the battery's is provisional."""
    assert support_modifier(Support(CombatArm.INFANTRY, LINE), RS).source is Source.TEXT
    battery = Support(CombatArm.ARTILLERY, Formation.UNLIMBERED)
    assert support_modifier(battery, RS).source is Source.PROVISIONAL


def test_supports_add_up_for_the_defender_only() -> None:
    """EotE 7.2: only the defending side (without the initiative) adds support."""
    o = fight(
        [inf(9)],
        [inf(6)],
        supports=[
            Support(CombatArm.INFANTRY, LINE),
            Support(CombatArm.INFANTRY, SQUARE, Position.FLANK),
        ],
    )
    assert o.details["attacker_value"] == 9
    assert o.details["defender_value"] == 10
    assert o.details["attack_value"] == -1
    assert o.details["column"] == "-1..-3"


# ------------------------------------------------------------------ the assault table

# RULES-NOTES §3, column by column, rolls 1..10 (attacker/defender, '.' = no result)
TABLE = {
    0: ["1/.", "F/.", "D/.", "D/D", "./.", "./.", "D/D", "./D", "./F", "./1"],
    2: ["F/.", "D/.", "D/D", "./.", "./.", "D/D", "./D", "./F", "./1", "./2"],
    5: ["D/.", "D/D", "./.", "./D", "./D", "./F", "./F", "./1", "./2", "./R"],
    9: ["D/D", "./D", "./F", "./F", "./1", "./1", "./2", "./2", "./R", "./R"],
    # the mirror, worked by hand: column -k at roll r = column +k at roll 11 - r, swapped
    -2: ["2/.", "1/.", "F/.", "D/.", "D/D", "./.", "./.", "D/D", "./D", "./F"],
    -5: ["R/.", "2/.", "1/.", "F/.", "F/.", "D/.", "D/.", "./.", "D/D", "./D"],
    -9: ["R/.", "R/.", "2/.", "2/.", "1/.", "1/.", "F/.", "F/.", "D/.", "D/D"],
}
SAME_COLUMN = {1: 2, 3: 2, 4: 5, 6: 5, 7: 9, 12: 9, -1: -2, -3: -2, -4: -5, -6: -5, -7: -9}
LABELS = {0: "0", 2: "+1..+3", 5: "+4..+6", 9: "≥ +7", -2: "-1..-3", -5: "-4..-6", -9: "≤ -7"}


@pytest.mark.parametrize("k", sorted(TABLE) + sorted(SAME_COLUMN))
@pytest.mark.parametrize("r", range(1, 11))
def test_every_cell_of_the_assault_table(k: int, r: int) -> None:
    """EotE 7.6 (provisional table, RULES-NOTES §3): infantry CE 6 + k against CE 6."""
    attacker, defender = (inf(6 + k), inf(6)) if k >= 0 else (inf(6), inf(6 - k))
    o = fight([attacker], [defender], r=r)
    expected = cell(TABLE[SAME_COLUMN.get(k, k)][r - 1])
    assert o.details["attack_value"] == k
    assert (o.details["attacker_result"], o.details["defender_result"]) == expected
    assert o.result == f"{expected[0]}/{expected[1]}"
    assert o.details["column"] == LABELS[SAME_COLUMN.get(k, k)]
    assert table_results(RS, k, r) == expected


def test_column_labels_of_fractional_values() -> None:
    """EotE 7.6: a half-point attack value reads the column it has reached."""
    rs = RS.with_options({"multi_unit_half_rounding": "none"})
    o = fight([inf(6), inf(1)], [inf(6)], rs=rs)  # 6 + 0.5 - 6
    assert o.details["attack_value"] == 0.5
    assert o.details["column"] == "0"
    o = fight([inf(6)], [inf(6), inf(1)], rs=rs)
    assert o.details["attack_value"] == -0.5
    assert o.details["column"] == "0"


def test_column_label_helper() -> None:
    """EotE 7.6: headings as the umpire reads them."""
    cols = RS.assault_table
    assert [column_label(c, False) for c in cols] == ["0", "+1..+3", "+4..+6", "≥ +7"]
    assert [column_label(c, True) for c in cols] == ["0", "-1..-3", "-4..-6", "≤ -7"]


@pytest.mark.parametrize("k", range(-12, 13))
@pytest.mark.parametrize("r", range(1, 11))
def test_mirror_of_the_assault_table(k: int, r: int) -> None:
    """RULES-NOTES §3: column -k at roll r gives column +k at roll 11 - r, sides swapped."""
    a, d = table_results(RS, -k, 11 - r)
    assert table_results(RS, k, r) == (d, a)


@given(st.integers(-12, 12), st.integers(1, 10))
def test_property_mirror(k: int, r: int) -> None:
    """RULES-NOTES §3: the mirror property, for every attack value and roll."""
    a, d = table_results(RS, k, r)
    assert table_results(RS, -k, 11 - r) == (d, a)


def test_provisional_column_is_labelled() -> None:
    """RULES-NOTES §3: the shipped assault table is provisional and says so."""
    o = fight([inf(6)], [inf(6)])
    assert any("provisional" in n and "7.6" in n for n in o.notes)


def test_a_clubs_own_chart_carries_no_provisional_note() -> None:
    """RULES-NOTES §3: a club that replaces the chart (source house) sees no provisional note."""
    house = [dataclasses.replace(c, source=Source.HOUSE) for c in RS.assault_table]
    rs = dataclasses.replace(RS, assault_table=house)
    o = fight([inf(6)], [inf(6)], rs=rs)
    assert not any("provisional" in n for n in o.notes)


# ------------------------------------------------------------------ infantry fights (7.3, 7.6)


def test_infantry_indecisive_stays_engaged() -> None:
    """EotE 7.3 './.': indecisive, the fight goes on next turn."""
    o = fight([inf(6)], [inf(6)], r=5)
    assert o.result == "./././."
    assert o.details["loser"] == "none"
    assert o.details["engaged_next_turn"] is True
    for e in o.effects.values():
        assert (e.fall_back_in, e.disorder, e.hits, e.engaged_next_turn) == (0, False, 0, True)


def test_infantry_d_does_not_fall_back() -> None:
    """EotE 7.3 'D': infantry disordered but stays in the firefight."""
    o = fight([inf(6)], [inf(6)], r=3)  # 0 at 3: D/.
    a = o.effects["attacker_1"]
    assert (a.disorder, a.fall_back_in, a.engaged_next_turn) == (True, 0, True)
    assert o.details["loser"] == "attacker"
    assert o.details["british_counter_charge"] is False


def test_second_d_on_a_disordered_attacker_falls_back() -> None:
    """EotE 7.3: a second D sends a disordered unit out of contact, no other penalty.

    British defenders who stood may then counter-charge (7.11).
    """
    o = fight([inf(8, disordered=True)], [inf(6, nation="british")], r=3)  # 8 - 2 = 6: D/.
    a = o.effects["attacker_1"]
    assert (a.disorder, a.hits, a.fall_back_in, a.rout) == (False, 0, 6, False)
    assert o.details["engaged_next_turn"] is False
    assert any("7.3" in n for n in o.notes)
    assert o.details["british_counter_charge"] is True


def test_second_d_on_a_disordered_defender_falls_back() -> None:
    """EotE 7.3: the same for a defender (0 at roll 8: ./D)."""
    o = fight([inf(4)], [inf(6, disordered=True)], r=8)
    d = o.effects["defender_1"]
    assert (d.disorder, d.fall_back_in) == (False, 6)
    assert o.effects["attacker_1"].fall_back_in == 0


def test_even_results_in_an_infantry_fight_both_stand() -> None:
    """EotE 7.6: even results between infantry: both sides stand (0 at roll 4: D/D)."""
    o = fight([inf(6)], [inf(6)], r=4)
    assert o.details["loser"] == "both"
    assert all(e.disorder and e.fall_back_in == 0 for e in o.effects.values())
    assert o.details["engaged_next_turn"] is True
    assert any("both sides stand" in n for n in o.notes)


def test_even_d_on_two_disordered_sides_sends_both_back() -> None:
    """EotE 7.3: D/D on two already disordered units: each falls back, neither stands."""
    o = fight([inf(8, disordered=True)], [inf(8, disordered=True)], r=4)
    assert all(e.fall_back_in == 6 and not e.disorder for e in o.effects.values())
    assert not any("both sides stand" in n for n in o.notes)
    assert o.details["engaged_next_turn"] is False


@pytest.mark.parametrize(
    ("k", "r", "code", "hits", "disorder", "distance"),
    [
        (2, 8, "F", 0, True, 6),
        (2, 9, "1", 1, False, 6),
        (2, 10, "2", 2, False, 6),
        (5, 10, "R", 2, False, 12),
    ],
)
def test_infantry_defender_results(
    k: int, r: int, code: str, hits: int, disorder: bool, distance: float
) -> None:
    """EotE 7.3: F falls back 6" disordered; 1 and 2 hits fall back 6"; R: 12" and 2 hits."""
    o = fight([inf(6 + k)], [inf(6)], r=r)
    d = o.effects["defender_1"]
    assert o.details["defender_result"] == code
    assert (d.hits, d.disorder, d.fall_back_in, d.rout) == (hits, disorder, distance, code == "R")
    assert o.effects["attacker_1"].fall_back_in == 0
    assert o.details["loser"] == "defender"
    assert o.details["breakthrough"] is None
    assert d.breakthrough is False


@pytest.mark.parametrize(("r", "code", "hits", "disorder"), [(2, "F", 0, True), (1, "1", 1, False)])
def test_infantry_attacker_results(r: int, code: str, hits: int, disorder: bool) -> None:
    """EotE 7.3 for the attacker (0 at roll 2: F/., roll 1: 1/.)."""
    o = fight([inf(6)], [inf(6, nation="french")], r=r)
    a = o.effects["attacker_1"]
    assert o.details["attacker_result"] == code
    assert (a.hits, a.disorder, a.fall_back_in) == (hits, disorder, 6)
    assert o.details["british_counter_charge"] is False


@pytest.mark.parametrize(
    ("choice", "hits"), [("assault_2_morale_1", 2), ("always_2", 2), ("always_1", 1)]
)
def test_rout_hits_option(choice: str, hits: int) -> None:
    """Option rout_hits: 7.3 marks 2 hits on an assault rout; always_1 follows 7.4/7.5."""
    rs = RS.with_options({"rout_hits": choice})
    o = fight([inf(11)], [inf(6)], r=10, rs=rs)
    assert o.effects["defender_1"].hits == hits
    assert o.effects["defender_1"].rout is True


def test_routed_by_assault_has_no_morale_check_due() -> None:
    """EotE 7.4, 7.5: a unit routed by the result takes its hits but tests no morale itself.

    The units it passes through test (7.5) and its division checks integrity (9.0).
    """
    o = fight([inf(11)], [inf(6, hits=2)], r=10)
    assert o.effects["defender_1"].checks_due == (
        "morale_of_units_passed_through",
        "divisional_integrity",
    )


@pytest.mark.parametrize(
    ("hits_before", "threshold", "due"), [(2, 3, True), (1, 3, False), (2, 4, False), (3, 4, True)]
)
def test_morale_check_due_after_assault_hits(hits_before: int, threshold: int, due: bool) -> None:
    """EotE 7.5 (3 hits) vs 6.8 (4 hits): a '1' result may bring the threshold."""
    rs = RS.with_options({"morale_hit_threshold": threshold})
    o = fight([inf(8)], [inf(6 + hits_before, hits=hits_before)], r=9, rs=rs)  # +2: ./1
    assert o.effects["defender_1"].checks_due == (("morale",) if due else ())
    assert o.effects["attacker_1"].checks_due == ()


def test_two_hits_can_bring_a_morale_check() -> None:
    """EotE 7.5: 1 hit + 2 = 3 hits."""
    o = fight([inf(7)], [inf(6, hits=1)], r=10)  # 7 - 5 = +2: ./2
    assert o.effects["defender_1"].checks_due == ("morale",)


# ------------------------------------------------------------------ artillery (7.0, 7.3)


@pytest.mark.parametrize(
    ("r", "distance", "guns"), [(8, 6, True), (9, 6, True), (7, 0, False), (5, 0, False)]
)
def test_artillery_falling_back_abandons_its_guns(r: int, distance: float, guns: bool) -> None:
    """EotE 7.0: artillery falls back 6" and leaves the guns (+2: 8 F, 9 one hit, 7 D)."""
    o = fight([inf(8)], [bat(6)], r=r)
    d = o.effects["defender_1"]
    assert (d.fall_back_in, d.guns_abandoned) == (distance, guns)
    assert any("7.0" in n for n in d.notes) is guns


def test_routed_artillery_abandons_its_guns() -> None:
    """EotE 7.3, 7.5: routing gunners leave the guns too (+5 at 10: R)."""
    d = fight([inf(11)], [bat(6)], r=10).effects["defender_1"]
    assert (d.rout, d.guns_abandoned, d.fall_back_in) == (True, True, 12)


def test_limbered_artillery_falls_back_10_inches() -> None:
    """EotE 7.3: F sends limbered artillery back 10" (+2 at 8)."""
    d = fight([inf(8)], [bat(6, Formation.LIMBERED)], r=8).effects["defender_1"]
    assert d.fall_back_in == 10
    assert d.disorder is True


def test_infantry_against_artillery_even_both_stand() -> None:
    """EotE 7.6: even results of infantry against artillery: both stand."""
    o = fight([inf(6)], [bat(6)], r=4)
    assert o.effects["defender_1"].guns_abandoned is False
    assert o.effects["defender_1"].fall_back_in == 0
    assert o.effects["attacker_1"].fall_back_in == 0


# ------------------------------------------------------------------ figure scale


def test_figure_scale_shifts_fall_back_and_rout_distances() -> None:
    """Introduction: 6mm subtracts 2" (F 4", R 10", cavalry 8"), 25mm adds 2"."""
    f6 = fight([inf(8)], [inf(6)], r=8, figure_scale="6mm").effects["defender_1"]
    assert f6.fall_back_in == 4
    r6 = fight([inf(11)], [inf(6)], r=10, figure_scale="6mm").effects["defender_1"]
    assert r6.fall_back_in == 10
    c25 = fight([cav(8)], [cav(6)], r=8, figure_scale="25mm").effects["defender_1"]
    assert c25.fall_back_in == 12


# ------------------------------------------------------------------ cavalry fights (7.7)


def test_cavalry_worse_result_falls_back_10() -> None:
    """EotE 7.7: against cavalry the worse result falls back 10" (+2 at 8: ./F)."""
    o = fight([cav(8)], [cav(6)], r=8)
    d, a = o.effects["defender_1"], o.effects["attacker_1"]
    assert (d.fall_back_in, d.disorder) == (10, True)
    assert a.fall_back_in == 0
    assert o.details["breakthrough"] is None
    assert o.details["engaged_next_turn"] is False
    for e in (a, d):
        assert "cavalry_end_of_turn" in e.checks_due
        assert any("5.10" in n for n in e.notes)


def test_cavalry_d_against_nothing_falls_back() -> None:
    """EotE 7.4, 7.7: a D is the worse result against './.' in a cavalry fight."""
    o = fight([cav(6)], [cav(6)], r=3)  # 0 at 3: D/.
    assert o.effects["attacker_1"].fall_back_in == 10
    assert o.effects["attacker_1"].disorder is True
    assert o.effects["defender_1"].fall_back_in == 0


@pytest.mark.parametrize("r", [4, 5, 6, 7])
def test_cavalry_against_cavalry_even_both_fall_back(r: int) -> None:
    """EotE 7.3, 7.7: D/D or './.' between cavalry sends both back 10"."""
    o = fight([cav(6)], [cav(6)], r=r)
    assert all(e.fall_back_in == 10 for e in o.effects.values())
    assert o.details["breakthrough"] is None
    assert any("7.7" in n for n in o.notes)


@pytest.mark.parametrize(("r", "disorder"), [(5, False), (4, True)])
def test_cavalry_against_infantry_even_cavalry_falls_back(r: int, disorder: bool) -> None:
    """EotE 7.3, 7.7: an even result against infantry: the cavalry falls back 10"."""
    o = fight([cav(6)], [inf(6, nation="french")], r=r)
    a, d = o.effects["attacker_1"], o.effects["defender_1"]
    assert (a.fall_back_in, a.disorder) == (10, disorder)
    assert (d.fall_back_in, d.disorder) == (0, disorder)
    assert o.details["loser"] == "attacker"
    assert o.details["british_counter_charge"] is False


def test_cavalry_against_supported_artillery_even_cavalry_falls_back() -> None:
    """EotE 7.7: even against supported artillery: the cavalry goes back, guns stay manned."""
    o = fight([cav(6)], [bat(6, supported=True)], r=5)
    assert o.effects["attacker_1"].fall_back_in == 10
    assert o.effects["defender_1"].fall_back_in == 0
    assert o.effects["defender_1"].guns_abandoned is False


@pytest.mark.parametrize(("r", "disorder"), [(5, False), (4, True)])
def test_cavalry_against_unsupported_artillery_even_gunners_leave(r: int, disorder: bool) -> None:
    """EotE 7.0, 7.7: an even result against unsupported artillery: the gunners leave.

    Battery 6 - 2 = 4 against cavalry 4. The gunners fall back 6" without the guns; the
    cavalry is blown among them and gets no breakthrough.
    """
    o = fight([cav(4)], [bat(6, supported=False)], r=r)
    a, d = o.effects["attacker_1"], o.effects["defender_1"]
    assert o.details["attack_value"] == 0
    assert (d.fall_back_in, d.guns_abandoned) == (6, True)
    assert (a.fall_back_in, a.blown_markers, a.breakthrough, a.disorder) == (0, 1, False, disorder)
    assert o.details["breakthrough"] is None
    assert o.details["loser"] == "defender"
    assert any("7.7" in n for n in o.notes)


def test_cavalry_against_mixed_artillery_even_is_supported() -> None:
    """EotE 7.7: only all-unsupported artillery loses its guns on an even result."""
    o = fight([cav(8)], [bat(6, supported=False), bat(6)], r=5)  # 8 - (6 + 2) = 0
    assert o.details["attack_value"] == 0
    assert o.effects["attacker_1"].fall_back_in == 10
    assert o.effects["attacker_1"].blown_markers == 0


@pytest.mark.parametrize(("k", "r", "code"), [(2, 9, "1"), (2, 10, "2"), (5, 10, "R")])
def test_cavalry_breakthrough_on_a_hit_or_rout(k: int, r: int, code: str) -> None:
    """EotE 5.15, 7.7: cavalry that inflicts 1, 2 or R wins one 10" breakthrough."""
    o = fight([cav(6 + k)], [inf(6)], r=r)
    assert o.details["defender_result"] == code
    assert o.details["breakthrough"] == "attacker"
    a = o.effects["attacker_1"]
    assert a.breakthrough is True
    assert any("5.15" in n for n in a.notes)
    assert not any("5.151" in n for n in a.notes)
    assert o.effects["defender_1"].breakthrough is False


@pytest.mark.parametrize(("k", "r"), [(2, 8), (2, 7), (0, 5)])
def test_no_breakthrough_without_a_hit_or_rout(k: int, r: int) -> None:
    """EotE 5.15: F or D does not win a breakthrough."""
    o = fight([cav(6 + k)], [inf(6)], r=r)
    assert o.details["breakthrough"] is None
    assert o.effects["attacker_1"].breakthrough is False


def test_infantry_never_breaks_through() -> None:
    """EotE 5.15: breakthroughs are for cavalry."""
    assert fight([inf(8)], [inf(6)], r=9).details["breakthrough"] is None


def test_british_cavalry_breakthrough_note() -> None:
    """EotE 5.151: British cavalry declining a breakthrough rolls; even forces it."""
    o = fight([cav(8, nation="British")], [inf(6)], r=9)
    assert any("5.151" in n for n in o.effects["attacker_1"].notes)


def test_only_one_breakthrough() -> None:
    """EotE 5.15: cavalry on its breakthrough movement does not win another."""
    # CE 10 cavalry, disordered on its breakthrough (-2, 5.15): 8 against 6, +2, roll 9: ./1
    o = fight([cav(10)], [inf(6)], r=9, breakthrough=True)
    assert o.details["attack_value"] == 2
    assert o.details["defender_result"] == "1"
    assert o.details["breakthrough"] is None
    assert o.effects["attacker_1"].breakthrough is False
    assert any("5.15" in n for n in o.notes)


def test_defending_cavalry_wins_its_own_breakthrough() -> None:
    """EotE 5.15, 7.7: defending cavalry that inflicts hits breaks through (-2 at 1: 2/.).

    Even against cavalry that is itself on its breakthrough movement.
    """
    for ce, on_breakthrough in ((6, False), (8, True)):
        # 6 against 8; on breakthrough CE 8 less 2 for its disorder (5.15): 6 against 8
        o = fight([cav(ce)], [cav(8)], r=1, breakthrough=on_breakthrough)
        assert o.details["attack_value"] == -2
        assert o.details["attacker_result"] == "2"
        assert o.details["breakthrough"] == "defender"
        assert o.effects["defender_1"].breakthrough is True
        assert o.effects["attacker_1"].fall_back_in == 10


def test_blown_cavalry_that_fights_disintegrates() -> None:
    """EotE 5.11: cavalry that fights while blown disintegrates at the end of the turn."""
    o = fight([cav(8, blown=1)], [cav(6)], r=5)
    assert any("5.11" in n for n in o.effects["attacker_1"].notes)
    assert not any("5.11" in n for n in o.effects["defender_1"].notes)


def test_cavalry_routed_by_a_countercharge() -> None:
    """EotE 7.3 R for cavalry: 12" and 2 hits (-5 at 1: R/.)."""
    a = fight([cav(6)], [cav(11)], r=1).effects["attacker_1"]
    assert (a.rout, a.hits, a.fall_back_in) == (True, 2, 12)


# ------------------------------------------------------------------ British counter-charge (7.11)


@pytest.mark.parametrize(
    ("attackers", "defenders", "r", "expected"),
    [
        ([inf(6)], [inf(6, nation="british")], 2, True),  # F/.
        ([inf(6)], [inf(6, nation="british")], 1, True),  # 1/.
        ([inf(6)], [inf(6, nation="French")], 2, False),
        ([inf(6)], [inf(6, nation="british"), inf(2)], 1, True),
        ([inf(6)], [bat(6, nation="british")], 2, False),  # British gunners do not
        ([inf(6)], [inf(11, nation="british")], 1, False),  # -5 at 1: R/. routed attacker
        ([inf(8, disordered=True)], [inf(8, nation="british", disordered=True)], 4, False),
        ([cav(6)], [inf(6, nation="british")], 5, False),  # ./.: even (option, not offered)
        ([cav(6)], [inf(6, nation="british")], 4, False),  # D/D: the British are disordered
        ([inf(6)], [inf(6, nation="british")], 5, False),  # ./. stays engaged
        ([inf(6)], [inf(6, nation="british")], 9, False),  # British lose
    ],
)
def test_british_counter_charge_eligibility(
    attackers: list[Unit], defenders: list[Unit], r: int, expected: bool
) -> None:
    """EotE 7.11: who may counter-charge.

    British infantry that made the attacker fall back, without being disordered by the
    combat, may advance to pinning distance; not against a routed attacker.
    """
    o = fight(attackers, defenders, r=r)
    assert o.details["british_counter_charge"] is expected
    assert any("7.11" in n for n in o.notes) is expected


# ------------------------------------------------------------------ invalid situations


@pytest.mark.parametrize(
    ("attackers", "defenders", "extra", "rule", "field"),
    [
        ([], [inf()], {}, "7.6", "attackers"),
        ([inf()], [], {}, "7.6", "defenders"),
        ([cav(), inf()], [inf()], {}, "2.0", "attackers"),
        ([cav(), bat()], [inf()], {}, "2.0", "attackers"),
        ([inf(routed=True)], [inf()], {}, "7.4", "attackers"),
        ([cav(routed=True)], [inf()], {}, "7.4", "attackers"),
        ([inf()], [cav()], {}, "5.18", "defenders"),
        ([inf()], [cav(), cav()], {}, "5.18", "defenders"),
        ([bat()], [cav()], {}, "5.18", "defenders"),
        ([cav()], [inf()], {"defender_cover": DefenderCover.WOODS}, "5.8.1", "defender_cover"),
        ([cav()], [inf()], {"defender_cover": DefenderCover.TOWN}, "7.12", "defender_cover"),
        ([cav()], [inf()], {"defender_cover": DefenderCover.FORTIFIED}, "5.8.1", "defender_cover"),
        ([inf()], [inf()], {"sabre_bonus": True}, "5.16", "sabre_bonus"),
        ([cav()], [cav()], {"sabre_bonus": True}, "5.16", "sabre_bonus"),
        ([inf()], [inf()], {"sappers": True}, "7.12", "sappers"),
        (
            [inf()],
            [inf()],
            {"sappers": True, "defender_cover": DefenderCover.WOODS},
            "7.12",
            "sappers",
        ),
        ([inf()], [inf()], {"supports": [Support(CombatArm.CAVALRY, LINE)]}, "7.2", "supports"),
        (
            [inf()],
            [inf()],
            {"supports": [Support(CombatArm.INFANTRY, Formation.SKIRMISH)]},
            "7.2",
            "supports",
        ),
        (
            [inf()],
            [inf()],
            {"supports": [Support(CombatArm.ARTILLERY, Formation.LIMBERED)]},
            "7.2",
            "supports",
        ),
    ],
)
def test_invalid_assaults_name_the_rule(
    attackers: list[Unit],
    defenders: list[Unit],
    extra: dict[str, object],
    rule: str,
    field: str,
) -> None:
    """EotE 7.6, 2.0, 7.4, 5.18, 5.8.1, 5.16, 7.12, 7.2: situations the rules forbid."""
    with pytest.raises(RulesError) as e:
        fight(attackers, defenders, **extra)
    assert e.value.rule == rule
    assert e.value.field == field


def test_infantry_may_assault_mixed_defenders_with_cavalry() -> None:
    """EotE 5.18 forbids charging cavalry alone; an infantry-and-cavalry target is valid."""
    o = fight([inf(6)], [inf(6), cav(2)])
    assert o.details["defender_value"] == 7


def test_cavalry_may_charge_behind_a_wall() -> None:
    """EotE 5.8.1: walls and hedges are not heavy terrain."""
    assert (
        fight([cav(6)], [inf(6)], defender_cover=DefenderCover.WALL).details["defender_value"] == 7
    )


# ------------------------------------------------------------------ properties

any_infantry = st.builds(
    Unit,
    arm=st.just(CombatArm.INFANTRY),
    ce=st.integers(0, 14),
    formation=st.sampled_from([LINE, COLUMN, FAC, SQUARE]),
    hits=st.integers(0, 4),
    disordered=st.booleans(),
    leader_attached=st.booleans(),
    nation=st.sampled_from(["british", "french", ""]),
)
any_cavalry = st.builds(
    Unit,
    arm=st.just(CombatArm.CAVALRY),
    ce=st.integers(0, 14),
    formation=st.sampled_from([LINE, COLUMN]),
    hits=st.integers(0, 4),
    disordered=st.booleans(),
    blown=st.integers(0, 2),
)
any_battery = st.builds(
    Unit,
    arm=st.just(CombatArm.ARTILLERY),
    ce=st.integers(0, 10),
    formation=st.sampled_from([Formation.UNLIMBERED, Formation.LIMBERED]),
    hits=st.integers(0, 4),
    supported=st.booleans(),
    routed=st.booleans(),
)
any_support = st.one_of(
    st.builds(
        Support,
        arm=st.just(CombatArm.INFANTRY),
        formation=st.sampled_from([LINE, COLUMN, FAC, SQUARE]),
        position=st.sampled_from(list(Position)),
        enfilade=st.booleans(),
    ),
    st.builds(
        Support,
        arm=st.just(CombatArm.ARTILLERY),
        formation=st.just(Formation.UNLIMBERED),
        position=st.sampled_from(list(Position)),
        enfilade=st.booleans(),
    ),
)


@st.composite
def situations(draw: st.DrawFn) -> AssaultSituation:
    cavalry = draw(st.booleans())
    attackers = draw(st.lists(any_cavalry if cavalry else any_infantry, min_size=1, max_size=3))
    defenders = draw(st.lists(st.one_of(any_infantry, any_battery), min_size=1, max_size=3))
    if cavalry:
        defenders += draw(st.lists(any_cavalry, max_size=1))
        cover = draw(st.sampled_from([DefenderCover.NONE, DefenderCover.WALL]))
    else:
        cover = draw(st.sampled_from(list(DefenderCover)))
    return AssaultSituation(
        attackers,
        defenders,
        supports=draw(st.lists(any_support, max_size=3)),
        attacker_position=draw(st.sampled_from(list(Position))),
        attacker_enfilade=draw(st.booleans()),
        defender_cover=cover,
        uphill=draw(st.booleans()),
        sabre_bonus=cavalry
        and not any(d.arm is CombatArm.CAVALRY for d in defenders)
        and draw(st.booleans()),
        sappers=cover is DefenderCover.TOWN and draw(st.booleans()),
        breakthrough=cavalry and draw(st.booleans()),  # cavalry only (5.15)
    )


OPTIONS = st.fixed_dictionaries(
    {
        "multi_unit_half_rounding": st.sampled_from(["down", "nearest", "none"]),
        "multi_unit_three_or_more": st.sampled_from(
            ["strongest_plus_half_each", "strongest_plus_half_next_only"]
        ),
        "support_rear_factor": st.sampled_from([1, 2, 3]),
    }
)


@given(situations(), OPTIONS, st.integers(1, 10))
def test_property_trace_and_probabilities(s: AssaultSituation, options: dict, r: int) -> None:
    """EotE 7.6: exact probabilities, a complete modifier trace, the result from the table.

    Probabilities are Fractions summing to 1 and the modifiers add up to the attack value
    minus the base.
    """
    o = assault(s, RS.with_options(options), EnteredDice({"roll": r}))
    assert all(isinstance(p, Fraction) for p in o.probabilities.values())
    assert sum(o.probabilities.values()) == 1
    assert Fraction(net_of_modifiers(o)) == Fraction(o.modified) - Fraction(o.base)
    assert o.modified == o.details["attacker_value"] - o.details["defender_value"]
    assert o.details["attacker_value"] >= 0
    assert o.details["defender_value"] >= 0
    a, d = table_results(RS, o.modified, r)
    assert (o.details["attacker_result"], o.details["defender_result"]) == (a, d)
    assert o.result == f"{a}/{d}"
    assert o.probabilities[o.result] > 0
    assert len(o.effects) == len(s.attackers) + len(s.defenders)
    assert not (o.details["breakthrough"] == "attacker" and s.breakthrough)


SEVERITY = {"./.": 0, "D": 1, "F": 2, "1": 3, "2": 4, "R": 5}


def _side_at_least(attack_value: float, side: int, severity: int) -> int:
    return sum(
        1 for r in range(1, 11) if SEVERITY[table_results(RS, attack_value, r)[side]] >= severity
    )


@pytest.mark.parametrize("severity", range(1, 6))
def test_shipped_table_is_monotone_in_the_attack_value(severity: int) -> None:
    """RULES-NOTES §3, verified on the shipped provisional table: it is monotone.

    As the attack value rises over -12..12 (half-points too), no level of attacker result
    gets likelier and no level of defender result gets less likely.
    """
    values = [v / 2 for v in range(-24, 25)]
    attacker = [_side_at_least(v, 0, severity) for v in values]
    defender = [_side_at_least(v, 1, severity) for v in values]
    assert attacker == sorted(attacker, reverse=True)
    assert defender == sorted(defender)


@given(situations(), st.integers(0, 3))
def test_property_higher_attacker_ce_never_lowers_the_attack_value(
    s: AssaultSituation, bump: int
) -> None:
    """EotE 7.6, 7.9: raising one attacker's CE never lowers the attack value.

    With the table's monotonicity above, the attacker's outlook never gets worse.
    """
    first = s.attackers[0]
    stronger = Unit(**{**first.__dict__, "ce": first.ce + bump})
    s2 = AssaultSituation(**{**s.__dict__, "attackers": [stronger, *s.attackers[1:]]})
    before = assault(s, RS, EnteredDice({"roll": 5})).details["attack_value"]
    after = assault(s2, RS, EnteredDice({"roll": 5})).details["attack_value"]
    assert after >= before


def test_cavalry_in_column_may_fight_in_a_town_street() -> None:
    """EotE 7.12: cavalry in a town is in the street and charges only in column."""
    o = fight([cav(formation=Formation.COLUMN)], [inf()], defender_cover=DefenderCover.TOWN)
    assert o.details["defender_value"] == 6 + 3


def test_limbered_battery_falls_back_with_its_guns() -> None:
    """EotE 7.3: limbered artillery falls back 10" and drives off with its guns (7.0)."""
    limbered = bat(formation=Formation.LIMBERED)
    o = fight([inf(9)], [limbered], r=9)
    eff = o.effects["defender_1"]
    assert eff.fall_back_in == 10
    assert eff.guns_abandoned is False
    unlimbered = fight([inf(9)], [bat()], r=9).effects["defender_1"]
    assert unlimbered.fall_back_in == 6
    assert unlimbered.guns_abandoned is True


def test_only_an_attack_column_attacking_takes_the_attack_column_bonus() -> None:
    """1.0.2: attack, field and road columns; only the attack column's assault gets +1.

    A plain column in field or road column (``attack_columns=False``) takes nothing; a French
    assault column is an attack column either way; a defender's column never takes it.
    """

    def bonus(o: Outcome) -> list[str]:
        return [m.reason for m in o.modifiers if "attacking in column" in m.reason]

    assert bonus(fight([inf(6, COLUMN)], [inf(6)])) == ["attacker: attacking in column"]
    assert bonus(fight([inf(6, COLUMN)], [inf(6)], attack_columns=False)) == []
    assert bonus(fight([inf(6, FAC)], [inf(6)], attack_columns=False)) == [
        "attacker: attacking in column"
    ]
    assert bonus(fight([inf(6)], [inf(6, COLUMN)])) == []
    assert bonus(fight([cav(6, COLUMN)], [inf(6)])) == []
    field = fight([inf(6, COLUMN)], [inf(6)], attack_columns=False)
    assert field.details["attack_value"] == 0
