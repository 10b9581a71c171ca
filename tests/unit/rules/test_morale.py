"""Unit morale (EotE 7.5, 7.12) with its named options."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.morale import MoraleSituation, morale, rout_hits
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit, morale_check_due
from eote_ref.packs.eote.rulesets import load_default
from tests.unit.rules.conftest import dice


def inf(**kw: object) -> Unit:
    base: dict[str, object] = {"arm": CombatArm.INFANTRY, "ce": 7, "formation": Formation.LINE}
    base.update(kw)
    return Unit(**base)  # type: ignore[arg-type]


def test_three_hits_ce7_reads_lower_pass_equal_fall_back_higher_rout(rs: Ruleset) -> None:
    """CE 7 with 3 hits: modified 4. Under 4 passes, 4 falls back, over 4 routs (7.5 prose)."""
    s = MoraleSituation(inf(hits=3))
    assert morale(s, rs, dice(3)).result == "pass"
    fb = morale(s, rs, dice(4))
    assert fb.result == "fall_back"
    assert fb.details["hits_added"] == 1
    assert fb.details["disordered_after"] is True
    assert fb.effects["unit"].fall_back_in == 8
    rout = morale(s, rs, dice(5))
    assert rout.result == "rout"
    assert rout.details["hits_added"] == 1
    assert rout.effects["unit"].rout is True
    assert fb.probabilities == {
        "pass": Fraction(3, 10),
        "fall_back": Fraction(1, 10),
        "rout": Fraction(6, 10),
    }


def test_table_reading_option_reverses(rs: Ruleset) -> None:
    table = rs.with_options({"morale_result_reading": "table"})
    s = MoraleSituation(inf(hits=3))
    assert morale(s, table, dice(5)).result == "pass"
    assert morale(s, table, dice(4)).result == "fall_back"
    assert morale(s, table, dice(3)).result == "rout"


@pytest.mark.parametrize(
    ("unit", "flags", "expected"),
    [
        (Unit(CombatArm.CAVALRY, 7, Formation.LINE, blown=2), {}, 5),
        (inf(), {"leader_killed": True}, 5),
        (inf(), {"pinned_by_cavalry": True}, 4),
        (Unit(CombatArm.CAVALRY, 7, Formation.LINE), {"pinned_by_cavalry": True}, 7),
        (inf(in_command=False), {}, 5),
        (inf(formation=Formation.COLUMN), {}, 8),
        (inf(formation=Formation.SQUARE), {}, 9),
        (inf(formation=Formation.SQUARE), {"in_town": True}, 9),
        (inf(), {"in_town": True}, 9),
        (Unit(CombatArm.ARTILLERY, 7, Formation.UNLIMBERED), {"artillery_supported": False}, 5),
        (Unit(CombatArm.ARTILLERY, 7, Formation.UNLIMBERED), {"pinned_by_cavalry": True}, 4),
        (inf(), {"artillery_supported": False}, 7),
        (inf(leader_attached=True), {}, 10),
    ],
)
def test_each_modifier(rs: Ruleset, unit: Unit, flags: dict[str, bool], expected: int) -> None:
    assert morale(MoraleSituation(unit, **flags), rs, dice(1)).modified == expected


def test_artillery_abandons_guns_on_fall_back_and_rout(rs: Ruleset) -> None:
    gun = Unit(CombatArm.ARTILLERY, 5, Formation.UNLIMBERED)
    s = MoraleSituation(gun)
    assert morale(s, rs, dice(5)).effects["unit"].guns_abandoned is True
    assert morale(s, rs, dice(9)).effects["unit"].guns_abandoned is True
    assert morale(s, rs, dice(1)).effects["unit"].guns_abandoned is False


def test_scaled_fall_back(rs: Ruleset) -> None:
    s = MoraleSituation(inf(hits=3), figure_scale="6mm")
    assert morale(s, rs, dice(4)).effects["unit"].fall_back_in == 6
    flat = rs.with_options({"scale_adjusts": "none"})
    assert morale(s, flat, dice(4)).effects["unit"].fall_back_in == 8


@pytest.mark.parametrize(
    ("choice", "assault", "morale_hits"),
    [("assault_2_morale_1", 2, 1), ("always_2", 2, 2), ("always_1", 1, 1)],
)
def test_rout_hits_option(rs: Ruleset, choice: str, assault: int, morale_hits: int) -> None:
    r = rs.with_options({"rout_hits": choice})
    assert rout_hits(r, from_assault=True) == assault
    assert rout_hits(r, from_assault=False) == morale_hits
    out = morale(MoraleSituation(inf(hits=3)), r, dice(10))
    assert out.details["hits_added"] == morale_hits


@pytest.mark.parametrize(
    ("threshold", "before", "added", "due"),
    [(3, 2, 1, True), (3, 1, 1, False), (3, 5, 1, True), (3, 5, 0, False), (4, 2, 1, False)],
)
def test_morale_check_due(rs: Ruleset, threshold: int, before: int, added: int, due: bool) -> None:
    """At the third hit and every hit after (7.5); option 4 follows 6.8."""
    r = rs.with_options({"morale_hit_threshold": threshold})
    assert morale_check_due(before, added, r) is due


@given(ce=st.integers(0, 12), hits=st.integers(0, 8), roll=st.integers(1, 10))
def test_properties(ce: int, hits: int, roll: int) -> None:
    rs = load_default()
    out = morale(MoraleSituation(inf(ce=ce, hits=hits)), rs, dice(roll))
    assert sum(out.probabilities.values()) == 1
    assert sum(m.value for m in out.modifiers) == out.modified - out.base
    more = morale(MoraleSituation(inf(ce=ce, hits=hits + 1)), rs, dice(roll))
    assert more.probabilities.get("pass", 0) <= out.probabilities.get("pass", 0)
