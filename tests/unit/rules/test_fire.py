"""Tactical fire (EotE 6.x, 5.3.6, 5.5, 10.0): hand-worked tables, modifiers and eligibility."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.core import Outcome, RulesError, Source
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.fire import Cover, FireSituation, fire, fire_result, fire_row
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit, Weight
from eote_ref.packs.eote.rulesets import load_default

RS = load_default()


def inf(ce: int = 6, formation: Formation = Formation.LINE, **kw: object) -> Unit:
    return Unit(CombatArm.INFANTRY, ce, formation, **kw)


def bat(ce: int = 5, weight: Weight = Weight.MEDIUM, **kw: object) -> Unit:
    return Unit(CombatArm.ARTILLERY, ce, Formation.UNLIMBERED, weight=weight, **kw)


def roll(r: int) -> EnteredDice:
    return EnteredDice({"roll": r})


def shoot(
    firers: list[Unit],
    target: Unit | None = None,
    range_in: float = 4,
    r: int = 10,
    rs=RS,
    **kw: object,
) -> Outcome:
    t = inf() if target is None and not kw.get("target_bridge") else target
    return fire(FireSituation(firers, t, range_in, **kw), rs, roll(r))


def values(o: Outcome) -> list[float]:
    return [m.value for m in o.modifiers]


# ------------------------------------------------------------------ 6.6 worked example

WORKED_6_6 = {1: "D", 2: "D", 3: "1", 4: "1", 5: "none", 6: "none"}
WORKED_6_6 |= {7: "none", 8: "none", 9: "none", 10: "none"}


@pytest.mark.parametrize(("r", "expected"), sorted(WORKED_6_6.items()))
def test_worked_example_6_6_french_battalion_ce_7(r: int, expected: str) -> None:
    """EotE 6.6: a CE 7 battalion reads the 5-7 row: 1-2 disorder, 3-4 one hit, else nothing."""
    o = shoot([inf(7, nation="french")], inf(6), range_in=4, r=r)
    assert o.procedure == "fire"
    assert o.rule == "6.6"
    assert o.base == 7
    assert o.modified == 7
    assert o.modifiers == ()
    assert o.roll == r
    assert o.result == expected
    assert o.details["fire_kind"] == "infantry"
    assert o.details["hits"] == (1 if expected == "1" else 0)
    assert o.details["disorder"] is (expected == "D")
    assert o.effects["target"].hits == (1 if expected == "1" else 0)
    assert o.effects["target"].disorder is (expected == "D")
    assert o.probabilities == {"D": Fraction(1, 5), "1": Fraction(1, 5), "none": Fraction(3, 5)}
    # the 5-7 row is the one row the text gives: no provisional note
    assert not any("provisional" in n for n in o.notes)


def test_zero_entered_reads_ten() -> None:
    """EotE conventions: the die face 0 reads 10 (no effect on the 5-7 row)."""
    o = fire(FireSituation([inf(7)], inf(), 4), RS, EnteredDice({"roll": 0}))
    assert o.roll == 10
    assert o.result == "none"


# ------------------------------------------------------------------ every row of the table

# results of rolls 1..10 on each shipped row: '.' none, 'D' disorder, '1' one hit, '2' two hits
ROWS = {
    0: "..........",
    1: "D.........",
    2: "D.........",
    3: "D1........",
    4: "D1........",
    5: "DD11......",
    7: "DD11......",
    8: "DD112.....",
    10: "DD112.....",
    11: "D11122....",
    13: "D11122....",
    14: "D112222...",
    17: "D112222...",
    18: "11222222..",
    30: "11222222..",
}
CODE = {".": "none", "D": "D", "1": "1", "2": "2"}


@pytest.mark.parametrize("ce", sorted(ROWS))
@pytest.mark.parametrize("r", range(1, 11))
def test_every_fire_table_row_and_band(ce: int, r: int) -> None:
    """EotE 6.6 and the provisional rows of RULES-NOTES §3, at both ends of every row."""
    o = shoot([inf(ce)], inf(), range_in=4, r=r)
    assert o.modified == ce
    assert o.result == CODE[ROWS[ce][r - 1]]
    assert o.details["hits"] == {"1": 1, "2": 2}.get(ROWS[ce][r - 1], 0)


@pytest.mark.parametrize("ce", sorted(ROWS))
def test_row_probabilities(ce: int) -> None:
    """EotE 6.6: the distribution over a fair d10 is the count of faces per result / 10."""
    o = shoot([inf(ce)], inf(), range_in=4)
    expected: dict[str, Fraction] = {}
    for ch in ROWS[ce]:
        expected[CODE[ch]] = expected.get(CODE[ch], Fraction(0)) + Fraction(1, 10)
    assert o.probabilities == expected


@pytest.mark.parametrize(
    ("ce", "provisional"), [(2, True), (4, True), (6, False), (9, True), (20, True)]
)
def test_provisional_rows_are_labelled(ce: int, provisional: bool) -> None:
    """RULES-NOTES §3: only the 5-7 row comes from the text; the others carry a note."""
    o = shoot([inf(ce)], inf(), range_in=4)
    assert any("provisional" in n for n in o.notes) is provisional


@pytest.mark.parametrize(
    ("value", "low"), [(-3, None), (0, None), (0.5, None), (7.5, 5), (8, 8), (17.5, 14), (99, 18)]
)
def test_fire_row_lookup_between_and_beyond_rows(value: float, low: int | None) -> None:
    """EotE 6.6: a fractional CE reads the row it has reached; negatives read the <= 0 row."""
    assert fire_row(RS, value).ce[0] == low


def test_fire_result_reads_the_bands() -> None:
    """EotE 6.6: the 8-10 row, face by face."""
    row = fire_row(RS, 9)
    assert [fire_result(row, r) for r in range(1, 11)] == [
        "D", "D", "1", "1", "2", "none", "none", "none", "none", "none"
    ]  # fmt: skip


# ------------------------------------------------------------------ firer modifiers


def test_french_assault_column_fires_at_minus_4() -> None:
    """EotE 5.3.6: a French assault column fires at -4 (CE 8 reads the 3-4 row)."""
    o = shoot([inf(8, Formation.FRENCH_ASSAULT_COLUMN, nation="french")], inf(), r=2)
    assert values(o) == [-4]
    assert o.modifiers[0].rule == "5.3.6"
    assert o.modifiers[0].source is Source.TEXT
    assert o.modified == 4
    assert o.result == "1"


@pytest.mark.parametrize(
    ("firer", "expected_mods", "modified"),
    [
        (inf(9, hits=2), [-2], 7),
        (inf(9, disordered=True), [-2], 7),
        (inf(9, hits=2, disordered=True), [-2, -2], 5),
        (inf(9, changed_formation=True), [-2], 7),
        (inf(9, Formation.SQUARE), [], 9),
        (inf(9, Formation.SKIRMISH), [], 9),
        (Unit(CombatArm.CAVALRY, 9, Formation.SKIRMISH, blown=1), [-2], 7),
        (Unit(CombatArm.CAVALRY, 9, Formation.SKIRMISH, blown=2), [-4], 5),
    ],
)
def test_firer_state_modifiers(firer: Unit, expected_mods: list[float], modified: float) -> None:
    """Tactical Combat Chart (RULES-NOTES §3, B): the firer's own state.

    -1 per hit, -2 disordered, -2 changed formation, -2 per blown marker; squares and
    skirmishers may fire (6.5).
    """
    o = shoot([firer], inf(), range_in=4)
    assert values(o) == expected_mods
    assert o.modified == modified


@pytest.mark.parametrize(
    ("target", "cover", "expected_mods", "modified"),
    [
        (inf(6), Cover.NONE, [], 7),
        (inf(6, Formation.COLUMN), Cover.NONE, [1], 8),
        (inf(6, Formation.FRENCH_ASSAULT_COLUMN), Cover.NONE, [1], 8),
        (Unit(CombatArm.CAVALRY, 6, Formation.COLUMN), Cover.NONE, [1], 8),
        (inf(6, Formation.SQUARE), Cover.NONE, [2], 9),
        (inf(6, Formation.SKIRMISH), Cover.NONE, [-2], 5),
        (inf(6), Cover.WOODS, [-2], 5),
        (inf(6), Cover.TOWN, [-2], 5),
        (inf(6, Formation.SQUARE), Cover.TOWN, [2, -2], 7),
        (bat(6), Cover.NONE, [], 7),
    ],
)
def test_target_modifiers(
    target: Unit, cover: Cover, expected_mods: list[float], modified: float
) -> None:
    """Tactical Combat Chart, F: target in column +1, square +2, skirmishers -2, cover -2."""
    o = shoot([inf(7)], target, range_in=4, target_cover=cover)
    assert values(o) == expected_mods
    assert o.modified == modified


def test_target_column_moves_ce_7_onto_the_two_hit_row() -> None:
    """EotE 6.6 with a column target: CE 7 + 1 = 8 reads 8-10, where a 5 is two hits."""
    assert shoot([inf(7)], inf(6), r=5).result == "none"
    assert shoot([inf(7)], inf(6, Formation.COLUMN), r=5).result == "2"


@pytest.mark.parametrize(
    ("range_in", "band"),
    [(0, 2), (3, 2), (6, 2), (6.5, 1), (12, 1), (12.5, 0), (20, 0), (20.5, -1), (28, -1)],
)
def test_artillery_range_bands(range_in: float, band: int) -> None:
    """EotE 6.1 and RULES-NOTES §3: <=6" +2, <=12" +1, <=20" 0, <=28" -1."""
    o = shoot([bat(5)], inf(), range_in=range_in)
    assert values(o) == [band]
    assert o.modified == 5 + band
    assert o.details["fire_kind"] == "artillery"


@pytest.mark.parametrize(
    ("weight", "expected_mods", "modified"),
    [
        (Weight.LIGHT, [-1, 0], 4),
        (Weight.MEDIUM, [0], 5),
        (Weight.HEAVY, [1, 0], 6),
        (None, [0], 5),
    ],
)
def test_battery_weight(weight: Weight | None, expected_mods: list[float], modified: float) -> None:
    """EotE 6.3: light battery -1, heavy +1 (provisional); medium none."""
    o = shoot([bat(5, weight)], inf(), range_in=16)
    assert values(o) == expected_mods
    assert o.modified == modified


def test_battery_state_modifiers_apply_too() -> None:
    """EotE 6.2 with the Tactical Combat Chart: a disordered light battery with a hit at 5"."""
    o = shoot([bat(7, Weight.LIGHT, hits=1, disordered=True)], inf(), range_in=5)
    # 7 - 1 (hit) - 2 (disorder) - 1 (light) + 2 (canister)
    assert values(o) == [-1, -2, -1, 2]
    assert o.modified == 5


@pytest.mark.parametrize(("range_in", "modified"), [(12, 7), (16, 6), (28, 5)])
def test_bombardment_bonus_at_12_inches_or_more(range_in: float, modified: int) -> None:
    """EotE 6.4: bombardment +1 (provisional) for artillery at 12" or more."""
    o = shoot([bat(5)], inf(), range_in=range_in, bombardment=True)
    assert values(o)[-1] == 1
    assert o.modifiers[-1].rule == "6.4"
    assert o.modified == modified


def test_bombardment_under_12_inches_is_refused() -> None:
    """EotE 6.4: bombardment needs 12" or more."""
    with pytest.raises(RulesError) as e:
        shoot([bat(5)], inf(), range_in=11.5, bombardment=True)
    assert e.value.rule == "6.4"
    assert e.value.field == "bombardment"


def test_only_artillery_bombards() -> None:
    """EotE 6.4 concerns artillery units only."""
    with pytest.raises(RulesError) as e:
        shoot([inf(7)], inf(), range_in=4, bombardment=True)
    assert e.value.rule == "6.4"


def test_range_beyond_an_edited_last_band_is_refused() -> None:
    """EotE 6.1: a club chart whose bands stop at 24" leaves 24-28" without a modifier."""
    rs = dataclasses.replace(RS, artillery_range=RS.artillery_range[:3] + [
        dataclasses.replace(RS.artillery_range[3], max_in=24)
    ])  # fmt: skip
    assert values(shoot([bat(5)], inf(), range_in=24, rs=rs)) == [-1]
    with pytest.raises(RulesError) as e:
        shoot([bat(5)], inf(), range_in=26, rs=rs)
    assert (e.value.rule, e.value.field) == ("6.1", "range_in")


# ------------------------------------------------------------------ multiple battery fire


def test_multiple_battery_fire_adds_each_modified_ce() -> None:
    """EotE 6.3: each battery's CE is modified for size and range, then the CEs are added."""
    light = bat(4, Weight.LIGHT)  # 4 - 1 + 1 (short range) = 4
    heavy = bat(5, Weight.HEAVY)  # 5 + 1 + 1 = 7
    o = shoot([light, heavy], inf(), range_in=10, r=4)
    assert o.base == 9
    assert values(o) == [-1, 1, 1, 1]
    assert [m.reason.split(":")[0] for m in o.modifiers] == ["firer 1"] * 2 + ["firer 2"] * 2
    assert o.modified == 11
    assert o.result == "1"  # 11-13 row: 2-4 one hit
    assert any("6.3" in n for n in o.notes)


@pytest.mark.parametrize(("choice", "modified", "result"), [("once", 13, "1"), ("each", 15, "2")])
def test_multi_battery_target_modifiers_once_or_each(
    choice: str, modified: int, result: str
) -> None:
    """Option multi_battery_target_modifiers (6.3): target modifiers once or per battery.

    A square's +2 once to the total or per battery: 11 + 2 = 13 (roll 4: one hit) or
    11 + 2 + 2 = 15 (roll 4: two hits).
    """
    rs = RS.with_options({"multi_battery_target_modifiers": choice})
    o = shoot([bat(4, Weight.LIGHT), bat(5, Weight.HEAVY)], inf(6, Formation.SQUARE), 10, 4, rs)
    assert o.modified == modified
    assert o.result == result
    assert sum(values(o)) == modified - 9


def test_multi_battery_each_applies_bombardment_per_battery() -> None:
    """Option each (6.3): bombardment is a situation modifier too: +1 per battery."""
    rs = RS.with_options({"multi_battery_target_modifiers": "each"})
    o = shoot([bat(4), bat(4)], inf(), range_in=14, bombardment=True, rs=rs)
    assert values(o) == [0, 1, 0, 1]
    assert o.modified == 10


def test_a_weak_battery_adds_nothing_rather_than_subtracting() -> None:
    """EotE 6.3 with the provisional floor (7.4): a battery whose modified CE is below 0 adds 0."""
    weak = bat(1, Weight.LIGHT, hits=2, disordered=True)  # 1 - 2 - 2 - 1 - 1 = -5 -> 0
    strong = bat(6)  # 6 - 1 = 5
    o = shoot([weak, strong], inf(), range_in=24)
    assert o.modified == 5
    assert values(o) == [-2, -2, -1, -1, 5, -1]
    assert o.modifiers[4].source is Source.PROVISIONAL


# ------------------------------------------------------------------ the provisional floor at 0


@pytest.mark.parametrize("choice", ["once", "each"])
def test_lone_battery_floor_applies_after_all_modifiers(choice: str) -> None:
    """EotE 10.0: every modifier is added to the base CE, then the provisional floor (0) applies.

    A lone light battery, 2 hits, disordered, at 25": 1 - 2 - 2 - 1 - 1 = -5; firing at a
    square it bombards: -5 + 2 + 1 = -2, floored to 0 under either option.
    """
    rs = RS.with_options({"multi_battery_target_modifiers": choice})
    weak = bat(1, Weight.LIGHT, hits=2, disordered=True)
    o = shoot([weak], inf(6, Formation.SQUARE), 25, 1, rs, bombardment=True)
    assert o.modified == 0
    assert o.result == "none"
    assert sorted(values(o)) == [-2, -2, -1, -1, 1, 2, 2]


def test_lone_battalion_floor_applies_after_target_modifiers() -> None:
    """EotE 10.0: CE 2, 2 hits, disordered = -2; a square target +2 = 0: no effect on a 1."""
    o = shoot([inf(2, hits=2, disordered=True)], inf(6, Formation.SQUARE), r=1)
    assert o.modified == 0
    assert o.result == "none"
    assert values(o) == [-2, -2, 2]


def test_negative_total_is_floored_at_zero() -> None:
    """House floor (7.4): CE 1 disordered firing at skirmishers: 1 - 2 - 2 = -3 -> 0."""
    o = shoot([inf(1, disordered=True)], inf(4, Formation.SKIRMISH))
    assert o.modified == 0
    assert values(o) == [-2, -2, 3]
    assert o.modifiers[-1].rule == "7.4"


# ------------------------------------------------------------------ skirmishers (5.5, 7.9)


MU = RS.with_options({"skirmish_combat_reading": "multiple_unit"})


def test_skirmishers_combine_as_multiple_units() -> None:
    """Option skirmish_combat_reading=multiple_unit (5.5, 7.9): 6 + half of 5 rounded down = 8."""
    o = shoot([inf(6, Formation.SKIRMISH), inf(5, Formation.SKIRMISH)], inf(), r=5, rs=MU)
    assert o.details["fire_kind"] == "skirmish"
    assert o.base == 11
    assert values(o) == [-3]
    assert o.modifiers[0].rule == "7.9"
    assert o.modified == 8
    assert o.result == "2"


@pytest.mark.parametrize(("rounding", "modified"), [("down", 8), ("nearest", 9), ("none", 8.5)])
def test_skirmish_combination_follows_the_rounding_option(rounding: str, modified: float) -> None:
    """Option multi_unit_half_rounding (7.9) applies to combined skirmishers."""
    rs = MU.with_options({"multi_unit_half_rounding": rounding})
    o = shoot([inf(6, Formation.SKIRMISH), inf(5, Formation.SKIRMISH)], inf(), rs=rs)
    assert o.modified == modified


def test_three_skirmish_units_and_target_modifier_once() -> None:
    """EotE 7.9 and option multi_unit_three_or_more: 6 + 2 + 1 = 9, at skirmishers -2 = 7."""
    firers = [inf(2, Formation.SKIRMISH), inf(6, Formation.SKIRMISH), inf(4, Formation.SKIRMISH)]
    o = shoot(firers, inf(6, Formation.SKIRMISH), rs=MU)
    assert o.modified == 7
    rs = MU.with_options({"multi_unit_three_or_more": "strongest_plus_half_next_only"})
    assert shoot(firers, inf(6, Formation.SKIRMISH), rs=rs).modified == 6


def test_a_single_skirmish_unit_fires_at_its_ce() -> None:
    """EotE 5.5: skirmish CE is its own rating when alone."""
    o = shoot([inf(4, Formation.SKIRMISH)], bat(5), range_in=5)
    assert o.details["fire_kind"] == "skirmish"
    assert o.modified == 4
    assert o.modifiers == ()


# ------------------------------------------------------------------ ineligible fire


@pytest.mark.parametrize(
    ("firers", "target", "range_in", "extra", "rule", "field"),
    [
        ([inf(7, Formation.COLUMN)], inf(), 4, {}, "6.5.1", "firers"),
        ([Unit(CombatArm.CAVALRY, 7, Formation.LINE)], inf(), 4, {}, "5.17", "firers"),
        ([Unit(CombatArm.CAVALRY, 7, Formation.COLUMN)], inf(), 4, {}, "5.17", "firers"),
        ([Unit(CombatArm.ARTILLERY, 5, Formation.LIMBERED)], inf(), 10, {}, "1.0.1", "firers"),
        ([inf(7)], inf(), 5.5, {}, "6.5", "range_in"),
        ([inf(7, Formation.SKIRMISH)], inf(), 5.5, {}, "6.5", "range_in"),
        ([bat(5)], inf(), 28.5, {}, "6.1", "range_in"),
        ([inf(7)], inf(), 5.5, {"pass_through": True}, "6.7", "range_in"),
        ([bat(5)], inf(), 8.5, {"pass_through": True}, "6.7", "range_in"),
        ([bat(5), inf(7)], inf(), 4, {}, "2.0", "firers"),
        ([inf(7, Formation.SKIRMISH), bat(5)], inf(), 4, {}, "2.0", "firers"),
        ([inf(7), inf(6)], inf(), 4, {}, "6.5", "firers"),
        ([inf(7), inf(6, Formation.SKIRMISH)], inf(), 4, {}, "6.5", "firers"),
        ([inf(7, routed=True)], inf(), 4, {}, "7.4", "firers"),
        ([bat(5), bat(4, routed=True)], inf(), 4, {}, "7.4", "firers"),
        ([], inf(), 4, {}, "6.2", "firers"),
        ([inf(7)], None, 4, {}, "6.2", "target"),
        ([inf(7)], None, 4, {"target_bridge": True}, "10.0", "target_bridge"),
        ([inf(7)], inf(), -1, {}, None, "range_in"),
    ],
)
def test_ineligible_fire_names_the_rule(
    firers: list[Unit],
    target: Unit | None,
    range_in: float,
    extra: dict[str, object],
    rule: str | None,
    field: str,
) -> None:
    """EotE 6.5.1, 5.17, 1.0.1, 6.5, 6.1, 6.7, 2.0, 7.4, 6.2, 10.0: fire the rules forbid."""
    with pytest.raises(RulesError) as e:
        fire(FireSituation(firers, target, range_in, **extra), RS, roll(1))
    assert e.value.rule == rule
    assert e.value.field == field


@pytest.mark.parametrize(
    ("firer", "range_in", "pass_through"),
    [(inf(7), 5, False), (inf(7), 5, True), (bat(5), 28, False), (bat(5), 8, True)],
)
def test_fire_at_the_limit_is_allowed(firer: Unit, range_in: float, pass_through: bool) -> None:
    """EotE 6.1, 6.5, 6.7: the limits themselves (5", 28", 5" and 8" pass-through) are in."""
    o = shoot([firer], inf(), range_in=range_in, pass_through=pass_through)
    assert o.result == "none"


def test_pass_through_fire_uses_all_modifiers() -> None:
    """EotE 6.7: pass-through fire is resolved normally with every modifier (8": +1)."""
    o = shoot([bat(5)], inf(6, Formation.COLUMN), range_in=8, pass_through=True)
    assert values(o) == [1, 1]
    assert o.modified == 7


# ------------------------------------------------------------------ figure scale


@pytest.mark.parametrize(
    ("scale", "firer", "ok", "too_far"),
    [
        ("6mm", inf(7), 3, 3.5),
        ("25mm", inf(7), 7, 7.5),
        ("6mm", bat(5), 26, 26.5),
        ("25mm", bat(5), 30, 30.5),
    ],
)
def test_figure_scale_shifts_fire_ranges(
    scale: str, firer: Unit, ok: float, too_far: float
) -> None:
    """Introduction: 6mm subtracts 2" from every distance, 25mm adds 2"."""
    shoot([firer], inf(), range_in=ok, figure_scale=scale)
    with pytest.raises(RulesError) as e:
        shoot([firer], inf(), range_in=too_far, figure_scale=scale)
    assert e.value.field == "range_in"


@pytest.mark.parametrize(
    ("scale", "range_in", "band"),
    [
        ("6mm", 4, 2),
        ("6mm", 4.5, 1),
        ("6mm", 10.5, 0),
        ("6mm", 18.5, -1),
        ("25mm", 8, 2),
        ("25mm", 8.5, 1),
        ("25mm", 14, 1),
        ("25mm", 22, 0),
        ("25mm", 30, -1),
    ],
)
def test_figure_scale_shifts_range_bands(scale: str, range_in: float, band: int) -> None:
    """Introduction and 6.1: the artillery range bands move with the figure scale."""
    o = shoot([bat(5)], inf(), range_in=range_in, figure_scale=scale)
    assert values(o) == [band]


def test_figure_scale_shifts_bombardment_and_pass_through() -> None:
    """Introduction with 6.4 and 6.7 at 6mm: bombardment from 10", pass-through to 6"/3"."""
    # 10" at 6mm is still short range (up to 12 - 2 = 10"): 5 + 1 + 1 (bombardment)
    assert shoot([bat(5)], inf(), 10, bombardment=True, figure_scale="6mm").modified == 7
    with pytest.raises(RulesError):
        shoot([bat(5)], inf(), 9.5, bombardment=True, figure_scale="6mm")
    shoot([bat(5)], inf(), 6, pass_through=True, figure_scale="6mm")
    with pytest.raises(RulesError):
        shoot([bat(5)], inf(), 6.5, pass_through=True, figure_scale="6mm")
    with pytest.raises(RulesError):
        shoot([inf(7)], inf(), 3.5, pass_through=True, figure_scale="6mm")


def test_scale_adjusts_none_plays_distances_as_printed() -> None:
    """Option scale_adjusts=none: 6mm players keep the 15mm distances (introduction)."""
    rs = RS.with_options({"scale_adjusts": "none"})
    assert shoot([inf(7)], inf(), range_in=5, rs=rs, figure_scale="6mm").modified == 7
    assert values(shoot([bat(5)], inf(), range_in=6, rs=rs, figure_scale="6mm")) == [2]


def test_unknown_figure_scale_is_an_error() -> None:
    """Introduction: only 6mm, 15mm and 25mm are defined."""
    with pytest.raises(RulesError) as e:
        shoot([inf(7)], inf(), figure_scale="54mm")
    assert e.value.field == "figure_scale"


# ------------------------------------------------------------------ results on the target


@pytest.mark.parametrize(
    ("hits_before", "r", "threshold", "due"),
    [
        (2, 3, 3, True),  # one hit: 3 hits, check at 3
        (2, 3, 4, False),  # option 4: not yet
        (3, 3, 4, True),  # 4 hits
        (3, 3, 3, True),  # every hit after the third
        (1, 5, 3, True),  # two hits: 1 -> 3
        (1, 5, 4, False),
        (2, 5, 4, True),  # two hits: 2 -> 4
        (0, 5, 3, False),
        (5, 1, 3, False),  # a D adds no hit: no check
    ],
)
def test_morale_check_due_at_the_threshold(
    hits_before: int, r: int, threshold: int, due: bool
) -> None:
    """EotE 7.5 (3 hits) vs 6.8 (4 hits): option morale_hit_threshold; CE 8 on the 8-10 row."""
    rs = RS.with_options({"morale_hit_threshold": threshold})
    o = shoot([inf(8)], inf(6, hits=hits_before), r=r, rs=rs)
    assert o.details["morale_check_due"] is due
    assert o.effects["target"].checks_due == (("morale",) if due else ())


def test_no_morale_check_for_a_routed_target() -> None:
    """EotE 7.4, 7.5: a routed unit takes the hits but has no morale left to test."""
    o = shoot([inf(8)], inf(6, hits=3, routed=True), r=5)
    assert o.effects["target"].hits == 2
    assert o.details["morale_check_due"] is False
    assert o.effects["target"].checks_due == ()


def test_d_on_a_disordered_target_has_no_further_effect() -> None:
    """EotE 6.8: a second D on a disordered unit does nothing more."""
    fresh = shoot([inf(7)], inf(6), r=1)
    assert fresh.effects["target"].disorder is True
    assert not any("6.8" in n for n in fresh.notes)
    again = shoot([inf(7)], inf(6, disordered=True), r=1)
    assert again.result == "D"
    assert again.effects["target"].disorder is False
    assert again.effects["target"].hits == 0
    assert any("6.8" in n for n in again.notes)


def test_hits_on_a_disordered_target_are_marked() -> None:
    """EotE 6.8: '1' and '2' mark hits whatever the target's state."""
    o = shoot([inf(8)], inf(6, disordered=True), r=5)
    assert o.effects["target"].hits == 2
    assert o.effects["target"].disorder is False


# ------------------------------------------------------------------ bridges (10.0)


@pytest.mark.parametrize(
    ("ce", "r", "destroyed"),
    [(6, 1, False), (6, 3, True), (6, 4, True), (6, 5, False), (8, 5, True), (8, 6, False)],
)
def test_artillery_destroys_a_bridge_with_a_hit(ce: int, r: int, destroyed: bool) -> None:
    """EotE 10.0: any hit destroys the bridge.

    CE 6 at 10" (+1) = 7 reads 5-7 (3-4 one hit); CE 8 + 1 = 9 reads 8-10 (5: two hits).
    """
    o = fire(FireSituation([bat(ce)], None, 10, target_bridge=True), RS, roll(r))
    assert o.modified == ce + 1
    assert o.details["bridge_destroyed"] is destroyed
    assert o.effects == {}
    assert "morale_check_due" not in o.details


def test_a_bridge_counts_as_a_line_target() -> None:
    """EotE 10.0: bridges take the line's target modifiers (none), whatever unit stands on it."""
    o = fire(FireSituation([bat(6)], inf(6, Formation.SQUARE), 10, target_bridge=True), RS, roll(1))
    assert values(o) == [1]
    assert o.modified == 7


# ------------------------------------------------------------------ properties

firer_units = st.builds(
    Unit,
    arm=st.just(CombatArm.INFANTRY),
    ce=st.integers(0, 30),
    formation=st.sampled_from(
        [Formation.LINE, Formation.FRENCH_ASSAULT_COLUMN, Formation.SQUARE, Formation.SKIRMISH]
    ),
    hits=st.integers(0, 6),
    disordered=st.booleans(),
    changed_formation=st.booleans(),
)
batteries = st.builds(
    Unit,
    arm=st.just(CombatArm.ARTILLERY),
    ce=st.integers(0, 20),
    formation=st.just(Formation.UNLIMBERED),
    hits=st.integers(0, 6),
    disordered=st.booleans(),
    weight=st.sampled_from([None, Weight.LIGHT, Weight.MEDIUM, Weight.HEAVY]),
)
targets = st.builds(
    Unit,
    arm=st.just(CombatArm.INFANTRY),
    ce=st.integers(0, 12),
    formation=st.sampled_from(
        [
            Formation.LINE,
            Formation.COLUMN,
            Formation.FRENCH_ASSAULT_COLUMN,
            Formation.SQUARE,
            Formation.SKIRMISH,
        ]
    ),
    hits=st.integers(0, 6),
    disordered=st.booleans(),
)


@st.composite
def fire_situations(draw: st.DrawFn) -> tuple[FireSituation, str]:
    option = draw(st.sampled_from(["once", "each"]))
    cover = draw(st.sampled_from(list(Cover)))
    scale = draw(st.sampled_from(["6mm", "15mm", "25mm"]))
    if draw(st.booleans()):
        firers = draw(st.lists(batteries, min_size=1, max_size=4))
        range_in = draw(st.floats(0, 26, allow_nan=False))
        bombard = range_in >= 14 and draw(st.booleans())
    else:
        firers = [draw(firer_units)]
        close = RS.scaled(RS.distance("infantry_assault").value, scale)
        reach = RS.scaled(RS.distance("infantry_fire").value, scale)
        # within the assault distance only pass-through fire is fire (6.7, 7.6)
        through = draw(st.booleans())
        low = 0 if through else close + 0.01
        range_in = draw(st.floats(low, reach, allow_nan=False))
        bombard = False
        target = draw(targets)
        return FireSituation(
            firers, target, range_in, bombard, cover, through, figure_scale=scale
        ), option
    target = draw(targets)
    return FireSituation(firers, target, range_in, bombard, cover, figure_scale=scale), option


def _check_outcome(o: Outcome) -> None:
    assert all(isinstance(p, Fraction) for p in o.probabilities.values())
    assert sum(o.probabilities.values()) == 1
    assert sum(Fraction(m.value) for m in o.modifiers) == Fraction(o.modified) - Fraction(o.base)
    assert o.probabilities[o.result] > 0
    assert o.modified >= 0


@given(fire_situations(), st.integers(0, 10))
def test_property_probabilities_and_modifier_trace(case: tuple[FireSituation, str], r: int) -> None:
    """EotE 6.6: probabilities are exact Fractions summing to 1; modifiers explain modified."""
    s, option = case
    o = fire(s, RS.with_options({"multi_battery_target_modifiers": option}), roll(r))
    _check_outcome(o)


@given(
    st.lists(
        st.builds(
            Unit,
            arm=st.just(CombatArm.INFANTRY),
            ce=st.integers(0, 16),
            formation=st.just(Formation.SKIRMISH),
            hits=st.integers(0, 3),
            disordered=st.booleans(),
        ),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from(["down", "nearest", "none"]),
    st.sampled_from(["strongest_plus_half_each", "strongest_plus_half_next_only"]),
)
def test_property_skirmish_trace(firers: list[Unit], rounding: str, three: str) -> None:
    """EotE 5.5, 7.9: combined skirmish fire also keeps an exact modifier trace."""
    rs = MU.with_options({"multi_unit_half_rounding": rounding, "multi_unit_three_or_more": three})
    o = fire(FireSituation(firers, inf(6, Formation.SKIRMISH), 3), rs, roll(4))
    _check_outcome(o)


SEVERITIES = {"none": 0, "D": 1, "1": 2, "2": 3}


def _at_least(value: float, severity: int) -> Fraction:
    row = fire_row(RS, value)
    return sum(
        (Fraction(1, 10) for r in range(1, 11) if SEVERITIES[fire_result(row, r)] >= severity),
        Fraction(0),
    )


@pytest.mark.parametrize("severity", [1, 2, 3])
def test_fire_never_weakens_as_ce_rises_on_the_shipped_table(severity: int) -> None:
    """EotE 6.6: for every level s, P(result >= s) is non-decreasing in CE over -5..30."""
    chances = [_at_least(ce, severity) for ce in range(-5, 31)]
    assert chances == sorted(chances)
    assert chances[0] == 0


@given(st.floats(-5, 30, allow_nan=False), st.floats(-5, 30, allow_nan=False))
def test_property_fire_monotone_for_fractional_ce(a: float, b: float) -> None:
    """EotE 6.6 (halved CEs can be fractional): a higher CE is never weaker at any level."""
    lo, hi = sorted((a, b))
    for severity in (1, 2, 3):
        assert _at_least(lo, severity) <= _at_least(hi, severity)


def test_shipped_table_levels_at_the_row_ends() -> None:
    """RULES-NOTES §3, hand-counted: P(>=D), P(>=1 hit), P(2 hits) per row."""
    expected = {
        0: (0, 0, 0),
        2: (1, 0, 0),
        4: (2, 1, 0),
        7: (4, 2, 0),
        10: (5, 3, 1),
        13: (6, 5, 2),
        17: (7, 6, 4),
        18: (8, 8, 6),
    }
    for ce, tenths in expected.items():
        got = tuple(_at_least(ce, s) for s in (1, 2, 3))
        assert got == tuple(Fraction(t, 10) for t in tenths), ce


def test_each_battery_fires_at_its_own_range() -> None:
    """EotE 6.3: several batteries, each with its own range band; one range per firer."""
    near_far = shoot(
        [bat(), bat()],
        inf(),
        range_in=5,
        firer_ranges=(5.0, 18.0),
        firer_names=("Lloyd's Battery", "Cleeves' Battery"),
        r=1,
    )
    assert any("Cleeves' Battery" in m.reason for m in near_far.modifiers)
    together = shoot([bat(), bat()], inf(), range_in=5, r=1)
    assert near_far.modified < together.modified  # the far battery loses the close band
    with pytest.raises(RulesError, match="one range per firer") as err:
        shoot([bat(), bat()], inf(), range_in=5, firer_ranges=(5.0,))
    assert err.value.field == "firer_ranges"
