"""NaN and the infinities are refused by every procedure that takes a number (issue 19, 1)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from eote_ref.packs.eote.rules.command import TacticalCombatRangeSituation, tactical_combat_range
from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.fire import FireSituation, fire
from eote_ref.packs.eote.rules.integrity import IntegritySituation, integrity
from eote_ref.packs.eote.rules.movement import Mover, Pinner, PinningSituation, pinning
from eote_ref.packs.eote.rules.orders import IssuerLevel, OrderActivationSituation, order_activation
from eote_ref.packs.eote.rules.skirmish import SkirmishSituation, skirmish
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit
from eote_ref.packs.eote.rulesets import load_default
from tests.unit.rules.conftest import dice

RS = load_default()
GUN = Unit(CombatArm.ARTILLERY, 5, Formation.UNLIMBERED)
LINE = Unit(CombatArm.INFANTRY, 5, Formation.LINE)


def _cases(x: float) -> list[tuple[Any, Any, str]]:
    return [
        (fire, FireSituation([GUN], LINE, x), "range_in"),
        (pinning, PinningSituation(Mover.INFANTRY, Pinner.CAVALRY, x), "distance_in"),
        (tactical_combat_range, TacticalCombatRangeSituation(x), "nearest_enemy_in"),
        (order_activation, OrderActivationSituation(2, IssuerLevel.CORPS, x), "distance_in"),
        (skirmish, SkirmishSituation("french", 1809, x), "stands"),
    ]


@pytest.mark.parametrize("x", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("i", range(5))
def test_non_finite_numbers_are_refused(x: float, i: int) -> None:
    """A NaN distance once answered 'in range' and 'pinned'; now it names the field."""
    run, situation, field = _cases(x)[i]
    with pytest.raises(RulesError) as err:
        run(situation, RS, dice(5))
    assert err.value.field == field


def test_negative_ces_of_a_division_are_refused() -> None:
    with pytest.raises(RulesError) as err:
        integrity(IntegritySituation([6, -2]), RS, dice(5))
    assert err.value.field == "unit_ces"


def test_an_unknown_quantity_names_itself() -> None:
    with pytest.raises(RulesError, match="no quantity nonesuch"):
        RS.quantity("nonesuch")
