"""A scenario's own modifier to integrity (EotE 9.0) and morale (EotE 7.5): a house rule.

EotE has no army morale; a scenario's demoralised side or broken command adds its own
modifier to these two checks (docs/scenario-format.md). The engine shows it as a house
modifier with the scenario's reason, and none at all when the scenario gives 0.
"""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.rules.core import Source, scenario_modifier
from eote_ref.packs.eote.rules.integrity import IntegritySituation, integrity
from eote_ref.packs.eote.rules.morale import MoraleSituation, morale
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit
from tests.unit.rules.conftest import dice


def test_no_modifier_when_the_scenario_gives_none() -> None:
    assert scenario_modifier(0, "the French army is demoralised") is None


def test_the_modifier_is_the_scenarios_own_with_a_default_reason() -> None:
    plain = scenario_modifier(1, "")
    assert plain is not None
    assert (plain.value, plain.reason, plain.rule, plain.source) == (
        1,
        "the scenario (house rule)",
        "scenario",
        Source.HOUSE,
    )
    named = scenario_modifier(-2, "the Prussian army is demoralised")
    assert named is not None
    assert named.reason == "the Prussian army is demoralised"


@pytest.mark.parametrize("value", [-1, 2])
def test_integrity_adds_the_scenarios_modifier(rs: Ruleset, value: int) -> None:
    base = IntegritySituation(unit_ces=[7, 7, 6], routed_units=1, routed_this_turn=1)
    moved = IntegritySituation(
        unit_ces=[7, 7, 6],
        routed_units=1,
        routed_this_turn=1,
        scenario_modifier=value,
        scenario_reason="broken command",
    )
    plain = integrity(base, rs, dice(5, second_roll=5))
    house = integrity(moved, rs, dice(5, second_roll=5))
    assert house.modified == plain.modified + value
    assert house.modifiers[-1].reason == "broken command"
    assert house.modifiers[-1].source is Source.HOUSE
    assert len(house.modifiers) == len(plain.modifiers) + 1


@pytest.mark.parametrize("value", [-1, 2])
def test_morale_adds_the_scenarios_modifier(rs: Ruleset, value: int) -> None:
    unit = Unit(arm=CombatArm.INFANTRY, ce=7, formation=Formation.LINE, hits=2)
    plain = morale(MoraleSituation(unit), rs, dice(3))
    house = morale(
        MoraleSituation(unit, scenario_modifier=value, scenario_reason="army demoralised"),
        rs,
        dice(3),
    )
    assert house.modified == plain.modified + value
    assert house.modifiers[-1].reason == "army demoralised"
    assert house.modifiers[-1].source is Source.HOUSE
    assert len(house.modifiers) == len(plain.modifiers) + 1
