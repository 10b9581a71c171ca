"""Divisional integrity (EotE 9.0) and the town exemption (7.12)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.integrity import IntegritySituation, average_ce, ce_base, integrity
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rulesets import load_default
from tests.unit.rules.conftest import dice


@pytest.mark.parametrize(
    ("avg", "base"),
    [
        (1, 7),
        (6, 7),
        (7, 9),
        (8, 9),
        (9, 11),
        (10, 11),
        (11, 13),
        (12, 13),
        (13, 15),
        (14, 15),
        (15, 17),
        (16, 17),
        (17, 20),
        (20, 20),
    ],
)
def test_ce_base_table(rs: Ruleset, avg: int, base: int) -> None:
    assert ce_base(avg, rs) == base


@pytest.mark.parametrize(("how", "expected"), [("down", 6), ("nearest", 7), ("up", 7)])
def test_average_rounding_option(rs: Ruleset, how: str, expected: int) -> None:
    """(6 + 7) / 2 = 6.5: option di_average_rounding decides."""
    r = rs.with_options({"di_average_rounding": how})
    assert average_ce([6, 7], r) == expected


def test_hand_worked_pass_and_two_roll_failure(rs: Ruleset) -> None:
    """Average 7 → base 9; one unit routed this turn: -3 and -3 → 3. Roll 3 passes, 4 fails."""
    s = IntegritySituation(unit_ces=[6, 7, 8], routed_units=1, routed_this_turn=1)
    ok = integrity(s, rs, dice(3))
    assert (ok.details["average_ce"], ok.details["ce_base"], ok.modified) == (7, 9, 3)
    assert ok.result == "pass"
    assert ok.second_roll is None
    rout = integrity(s, rs, dice(4, second_roll=3))
    assert (rout.result, rout.second_roll) == ("rout", 3)
    assert rout.effects["division"].rout is True
    fb = integrity(s, rs, dice(4, second_roll=0))
    assert (fb.result, fb.second_roll) == ("fall_back", 10)
    assert fb.effects["division"].disorder is True
    assert ok.probabilities == {
        "pass": Fraction(3, 10),
        "rout": Fraction(7, 10) * Fraction(3, 10),
        "fall_back": Fraction(7, 10) * Fraction(7, 10),
    }


def test_not_stacking_counts_a_unit_routed_this_turn_once(rs: Ruleset) -> None:
    r = rs.with_options({"di_routed_this_turn_stacks": False})
    s = IntegritySituation(unit_ces=[7], routed_units=2, routed_this_turn=1)
    assert integrity(s, r, dice(1)).modified == 9 - 3 - 3
    assert integrity(s, rs, dice(1, second_roll=5)).modified == 9 - 6 - 3


def test_other_modifiers(rs: Ruleset) -> None:
    s = IntegritySituation(
        unit_ces=[10, 10], has_leader=False, objective_lost=True, units_with_3plus_hits=5
    )
    out = integrity(s, rs, dice(1))
    assert out.modified == 11 - 3 - 2 - 2
    assert [m.value for m in out.modifiers] == [-3, -2, -2]


def test_town_is_exempt(rs: Ruleset) -> None:
    out = integrity(IntegritySituation(unit_ces=[5], routed_units=3, in_town=True), rs, dice(10))
    assert out.result == "exempt"
    assert out.roll is None
    assert out.rule == "7.12"


def test_hopeless_division_cannot_pass(rs: Ruleset) -> None:
    out = integrity(IntegritySituation(unit_ces=[3], routed_units=3), rs, dice(1, second_roll=5))
    assert out.result == "fall_back"
    assert "pass" not in out.probabilities


@pytest.mark.parametrize(
    "s",
    [
        IntegritySituation(unit_ces=[]),
        IntegritySituation(unit_ces=[5], routed_units=-1),
        IntegritySituation(unit_ces=[5], routed_units=1, routed_this_turn=2),
    ],
)
def test_bad_input(rs: Ruleset, s: IntegritySituation) -> None:
    with pytest.raises(RulesError):
        integrity(s, rs, dice(1))


@given(
    ces=st.lists(st.integers(1, 12), min_size=1, max_size=8),
    routed=st.integers(0, 4),
    battered=st.integers(0, 6),
    roll=st.integers(1, 10),
    second=st.integers(1, 10),
)
def test_properties(ces: list[int], routed: int, battered: int, roll: int, second: int) -> None:
    rs = load_default()
    s = IntegritySituation(unit_ces=ces, routed_units=routed, units_with_3plus_hits=battered)
    out = integrity(s, rs, dice(roll, second_roll=second))
    assert sum(out.probabilities.values()) == 1
    assert sum(m.value for m in out.modifiers) == out.modified - out.base
    assert out.probabilities.get(out.result, 0) > 0
