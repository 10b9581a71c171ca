"""Combining several units into one value (EotE 7.9, 5.5, 6.3) and the provisional floor at 0."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.combine import combine, floor_at_zero, halve
from eote_ref.packs.eote.rules.core import RulesError, Source
from eote_ref.packs.eote.rulesets import load_default

RS = load_default()
EACH = "strongest_plus_half_each"
NEXT_ONLY = "strongest_plus_half_next_only"


def rules(rounding: str = "down", three: str = EACH):
    return RS.with_options(
        {"multi_unit_half_rounding": rounding, "multi_unit_three_or_more": three}
    )


@pytest.mark.parametrize(
    ("rounding", "value", "half"),
    [
        ("down", 7, 3),
        ("down", 6, 3),
        ("down", 1, 0),
        ("down", 0, 0),
        ("down", 7.5, 3),
        ("nearest", 7, 4),
        ("nearest", 6, 3),
        ("nearest", 1, 1),
        ("nearest", 5.5, 3),
        ("nearest", 0, 0),
        ("none", 7, 3.5),
        ("none", 1, 0.5),
        ("none", 6, 3),
    ],
)
def test_halve_by_rounding_option(rounding: str, value: float, half: float) -> None:
    """Option multi_unit_half_rounding (7.9 halves without saying how to round).

    Down, nearest (halves up) or keep the half.
    """
    assert halve(value, rules(rounding)) == half


def test_default_rounding_is_down() -> None:
    """RULES-NOTES §4: multi_unit_half_rounding defaults to down."""
    assert halve(5, RS) == 2


@pytest.mark.parametrize(
    ("rounding", "combined", "reduction"),
    [("down", 9, -3), ("nearest", 10, -2), ("none", 9.5, -2.5)],
)
def test_two_units_strongest_in_full_plus_half_the_other(
    rounding: str, combined: float, reduction: float
) -> None:
    """EotE 7.9: modified CEs 7 and 5: 7 + half of 5 (2, 3 or 2.5)."""
    value, mod = combine([5, 7], rules(rounding), "attacker")
    assert value == combined
    assert mod is not None
    assert mod.value == reduction
    assert mod.rule == "7.9"
    assert mod.source is Source.TEXT
    assert mod.reason.startswith("attacker: 2 units")


def test_order_does_not_matter() -> None:
    """EotE 7.9: it is the lower value that is halved, whichever is listed first."""
    assert combine([7, 5], RS, "x")[0] == combine([5, 7], RS, "x")[0] == 9


def test_equal_units() -> None:
    """EotE 7.9: two units of 6: 6 + 3."""
    assert combine([6, 6], RS, "x")[0] == 9


@pytest.mark.parametrize(
    ("rounding", "three", "combined", "reduction"),
    [
        ("down", EACH, 11, -5),  # 8 + 2 + 1
        ("nearest", EACH, 13, -3),  # 8 + 3 + 2
        ("none", EACH, 12, -4),  # 8 + 2.5 + 1.5
        ("down", NEXT_ONLY, 10, -6),  # 8 + 2
        ("nearest", NEXT_ONLY, 11, -5),  # 8 + 3
        ("none", NEXT_ONLY, 10.5, -5.5),  # 8 + 2.5
    ],
)
def test_three_units_by_option(
    rounding: str, three: str, combined: float, reduction: float
) -> None:
    """Option multi_unit_three_or_more (7.9 speaks of two units): modified CEs 3, 8 and 5."""
    value, mod = combine([3, 8, 5], rules(rounding, three), "defender")
    assert value == combined
    assert mod is not None
    assert mod.value == reduction
    assert "3 units" in mod.reason


def test_four_units_each_adds_half() -> None:
    """Option strongest_plus_half_each: 10 + 3 + 3 + 1 (6, 6 and 3 halved, rounded down)."""
    assert combine([6, 10, 3, 6], RS, "x")[0] == 17


def test_one_unit_is_its_own_value() -> None:
    """EotE 7.9 applies to more than one unit only."""
    assert combine([7], RS, "x") == (7, None)


def test_no_units_is_zero() -> None:
    """Nothing to combine gives 0 and no modifier."""
    assert combine([], RS, "x") == (0.0, None)


def test_zero_valued_unit_adds_nothing() -> None:
    """EotE 7.4 and 7.9: a routed unit (CE 0) beside a CE 6 unit: 6."""
    assert combine([0, 6], RS, "x")[0] == 6


@pytest.mark.parametrize("value", [0, 0.0, 3, 12.5])
def test_floor_at_zero_leaves_non_negative_values(value: float) -> None:
    """Provisional floor (7.4): nothing to do at 0 or above."""
    assert floor_at_zero(value, RS) is None


@pytest.mark.parametrize(("value", "lift"), [(-1, 1), (-3, 3), (-2.5, 2.5)])
def test_floor_at_zero_lifts_negative_values(value: float, lift: float) -> None:
    """Provisional floor (7.4): a modified CE below 0 counts 0; the modifier records the lift."""
    m = floor_at_zero(value, RS)
    assert m is not None
    assert m.value == lift
    assert value + m.value == 0
    assert m.rule == "7.4"
    assert m.source is Source.PROVISIONAL


def test_unknown_option_value_is_refused() -> None:
    """Options are checked against their choices (RULES-NOTES §4)."""
    with pytest.raises(RulesError):
        RS.with_options({"multi_unit_half_rounding": "up"})


values_st = st.lists(st.integers(0, 40), min_size=2, max_size=5)
rounding_st = st.sampled_from(["down", "nearest", "none"])
three_st = st.sampled_from([EACH, NEXT_ONLY])


@given(values_st, rounding_st, three_st)
def test_property_combined_between_strongest_and_sum(
    values: list[int], rounding: str, three: str
) -> None:
    """EotE 7.9: the combination lies between the strongest unit and the sum.

    The modifier records exactly the difference from the sum.
    """
    value, mod = combine(values, rules(rounding, three), "x")
    assert max(values) <= value <= sum(values)
    assert mod is not None
    assert Fraction(sum(values)) + Fraction(mod.value) == Fraction(value)


@given(values_st, three_st)
def test_property_exact_halves(values: list[int], three: str) -> None:
    """Option none keeps exact halves: strongest + half the rest (or of the second only)."""
    value, _ = combine(values, rules("none", three), "x")
    ordered = sorted(values, reverse=True)
    rest = ordered[1:] if three == EACH else ordered[1:2]
    assert Fraction(value) == ordered[0] + Fraction(sum(rest), 2)


@given(values_st, rounding_st, three_st, st.integers(0, 5))
def test_property_monotone_in_each_unit(
    values: list[int], rounding: str, three: str, bump: int
) -> None:
    """EotE 7.9: strengthening any one unit never weakens the combination."""
    rs = rules(rounding, three)
    for i in range(len(values)):
        raised = [*values[:i], values[i] + bump, *values[i + 1 :]]
        assert combine(raised, rs, "x")[0] >= combine(values, rs, "x")[0]


@given(st.lists(st.integers(0, 40), min_size=2, max_size=5), st.permutations(range(5)))
def test_property_order_independent(values: list[int], perm: list[int]) -> None:
    """EotE 7.9: the listing order of the units does not matter."""
    shuffled = [values[i] for i in perm if i < len(values)]
    assert combine(shuffled, RS, "x")[0] == combine(values, RS, "x")[0]
