"""A scenario's own modifier (army morale, a breakpoint's effect) in morale and integrity checks.

EotE has no army morale: a scenario may add a house modifier to the checks of a demoralised
side (docs/scenario-format.md). It is one more modifier, cited ``scenario`` with the house as
its source, and nothing at all when the scenario gives 0.
"""

from __future__ import annotations

from eote_ref.packs.eote.rules.core import scenario_modifier
from eote_ref.packs.eote.rules.integrity import IntegritySituation, integrity
from eote_ref.packs.eote.rules.morale import MoraleSituation, morale
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.outcome import Source
from tests.unit.rules.conftest import dice
from tests.unit.rules.test_morale import inf


def test_no_modifier_for_zero_and_a_default_reason() -> None:
    assert scenario_modifier(0, "anything") is None
    house = scenario_modifier(-2, "")
    assert house is not None
    assert (house.value, house.rule, house.source) == (-2, "scenario", Source.HOUSE)
    assert house.reason == "the scenario (house rule)"


def test_morale_takes_the_scenario_modifier(rs: Ruleset) -> None:
    """CE 7 with 3 hits is 4 (7.5); a demoralised side's -1 makes it 3, so a 4 falls back."""
    plain = morale(MoraleSituation(inf(hits=3)), rs, dice(4))
    low = MoraleSituation(inf(hits=3), scenario_modifier=-1, scenario_reason="French demoralised")
    out = morale(low, rs, dice(4))
    assert out.modified == plain.modified - 1 == 3
    assert (plain.result, out.result) == ("fall_back", "rout")
    house = [m for m in out.modifiers if m.rule == "scenario"]
    assert [(m.value, m.reason, m.source) for m in house] == [
        (-1, "French demoralised", Source.HOUSE)
    ]


def test_integrity_takes_the_scenario_modifier(rs: Ruleset) -> None:
    """Average 7 gives base 9 with -3 -3 for a rout this turn: 3 (9.0); the scenario's -1: 2."""
    plain = integrity(
        IntegritySituation(unit_ces=[6, 7, 8], routed_units=1, routed_this_turn=1), rs, dice(3)
    )
    low = IntegritySituation(
        unit_ces=[6, 7, 8], routed_units=1, routed_this_turn=1, scenario_modifier=-1
    )
    out = integrity(low, rs, dice(3, second_roll=3))
    assert (plain.modified, out.modified) == (3, 2)
    assert plain.result == "pass"  # a 3 passes at 3, not at 2
    assert out.result != "pass"
    assert [m.source for m in out.modifiers if m.rule == "scenario"] == [Source.HOUSE]
