"""Going to square (EotE 5.6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.core import RulesError, Source
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.square import SquareSituation, square
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit
from eote_ref.packs.eote.rulesets import load_default
from tests.unit.rules.conftest import dice


def inf(**kw: object) -> Unit:
    base: dict[str, object] = {"arm": CombatArm.INFANTRY, "ce": 6, "formation": Formation.LINE}
    base.update(kw)
    return Unit(**base)  # type: ignore[arg-type]


def test_issue_example_ce6_one_hit_roll4_forms(rs: Ruleset) -> None:
    """CE 6 with one hit: modified 5; a 4 is under 5, so the square forms (5.6)."""
    out = square(SquareSituation(inf(hits=1)), rs, dice(4))
    assert out.base == 6
    assert [(m.value, m.rule, m.source) for m in out.modifiers] == [(-1, "5.6", Source.TEXT)]
    assert out.modified == 5
    assert out.result == "formed"
    assert out.probabilities == {"formed": pytest.approx(0.4), "failed": pytest.approx(0.6)}
    assert out.details["formation_after"] is Formation.SQUARE


def test_equal_roll_fails_because_it_must_be_under(rs: Ruleset) -> None:
    out = square(SquareSituation(inf(hits=1)), rs, dice(5))
    assert out.result == "failed"
    assert out.details["formation_after"] is Formation.LINE
    assert out.details["pinned"] is True


@pytest.mark.parametrize(
    ("unit", "flags", "expected"),
    [
        (inf(disordered=True), {}, 4),
        (inf(), {"pinned_by_cavalry_at_start": True}, 2),
        (inf(), {"cavalry_on_breakthrough": True}, 1),
        (inf(in_command=False), {}, 3),
        (inf(leader_attached=True), {}, 10),
        (inf(nation="british"), {}, 8),
        (inf(formation=Formation.COLUMN), {}, 8),
        (inf(formation=Formation.FRENCH_ASSAULT_COLUMN), {}, 8),
        (inf(formation=Formation.COLUMN, nation="British"), {}, 9),
        (inf(hits=2, disordered=True, in_command=False), {"pinned_by_cavalry_at_start": True}, -5),
    ],
)
def test_each_modifier(rs: Ruleset, unit: Unit, flags: dict[str, bool], expected: int) -> None:
    """Each 5.6 modifier as the text lists it, added to the CE of 6."""
    out = square(SquareSituation(unit, **flags), rs, dice(1))
    assert out.modified == expected


def test_routed_unit_may_not_form_square(rs: Ruleset) -> None:
    out = square(SquareSituation(inf(routed=True)), rs, dice(1))
    assert out.result == "not_allowed"
    assert out.roll is None
    assert out.probabilities == {"not_allowed": 1}


def test_voluntary_square_outside_pinning_needs_no_roll(rs: Ruleset) -> None:
    out = square(SquareSituation(inf(hits=5), within_cavalry_pinning=False), rs, dice(10))
    assert out.result == "formed"
    assert out.roll is None


@pytest.mark.parametrize(
    "unit",
    [
        Unit(CombatArm.CAVALRY, 6, Formation.LINE),
        inf(formation=Formation.SQUARE),
        inf(formation=Formation.SKIRMISH),
    ],
)
def test_not_a_square_candidate(rs: Ruleset, unit: Unit) -> None:
    with pytest.raises(RulesError) as err:
        square(SquareSituation(unit), rs, dice(1))
    assert err.value.rule == "5.6"


units = st.builds(
    inf,
    ce=st.integers(0, 12),
    hits=st.integers(0, 6),
    disordered=st.booleans(),
    in_command=st.booleans(),
    leader_attached=st.booleans(),
    nation=st.sampled_from(["", "british", "french"]),
    formation=st.sampled_from([Formation.LINE, Formation.COLUMN, Formation.FRENCH_ASSAULT_COLUMN]),
)


@given(unit=units, pinned=st.booleans(), bt=st.booleans(), roll=st.integers(1, 10))
def test_properties(unit: Unit, pinned: bool, bt: bool, roll: int) -> None:
    """Probabilities sum to 1, modifiers sum to modified - base, one more hit is exactly -1."""
    rs = load_default()
    s = SquareSituation(unit, pinned_by_cavalry_at_start=pinned, cavalry_on_breakthrough=bt)
    out = square(s, rs, dice(roll))
    assert sum(out.probabilities.values()) == 1
    assert sum(m.value for m in out.modifiers) == out.modified - out.base
    assert sum(m.value for m in reversed(out.modifiers)) == out.modified - out.base
    worse = square(
        SquareSituation(
            Unit(**{**unit.__dict__, "hits": unit.hits + 1}),
            pinned_by_cavalry_at_start=pinned,
            cavalry_on_breakthrough=bt,
        ),
        rs,
        dice(roll),
    )
    assert worse.modified == out.modified - 1
    assert worse.probabilities.get("formed", 0) <= out.probabilities.get("formed", 0)
