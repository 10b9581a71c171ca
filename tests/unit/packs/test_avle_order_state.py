"""The state of a unit's orders as inputs where the text makes it matter.

AVlE 5.1, 7.0.1, 9.3, 10.1 D, 12.0.
"""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.fire import FireSituation, ShockSituation, fire, shock
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.rally import RallySituation, rally
from eote_ref.packs.avle.reaction import ReactionSituation, reaction
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


@pytest.mark.parametrize(
    ("state", "field", "rule"),
    [
        ({"ordered": False}, "ordered", "5.1"),
        ({"fired_this_round": True}, "fired_this_round", "7.0.1"),
        ({"reacted_this_round": True}, "reacted_this_round", "9.3"),
        ({"retreated_this_round": True, "moved": 1}, "moved", "10.1"),
    ],
)
def test_fire_and_shock_refuse_what_the_orders_forbid(
    state: dict[str, Any], field: str, rule: str
) -> None:
    for proc, s in (
        (fire, FireSituation(firer="english_infantry", target="french_infantry", **state)),
        (shock, ShockSituation(firer="light_cavalry", target="french_infantry", **state)),
    ):
        with pytest.raises(PackError) as err:
            proc(s, rules(), Roller({"roll": 1, "effect_roll": 1}))  # type: ignore[operator]
        assert (err.value.field, err.value.rule) == (field, rule)


def test_a_unit_that_retreated_may_still_fire_without_moving() -> None:
    """10.1 D: no move that round, but fire: 10 on adjacent infantry, a roll of 1 hits."""
    s = FireSituation(firer="english_infantry", target="french_infantry", retreated_this_round=True)
    out = fire(s, rules(), Roller({"roll": 1, "effect_roll": 3}))
    assert (out.modified, out.result) == (10, "L1R0")


def test_a_unit_reacts_once_a_round_though_ordered() -> None:
    """5.1: an ordered unit may still react; 9.3: a unit that reacted may not again."""
    s = ReactionSituation(reacting="heavy_cavalry", nation="french", empty_hexes=2)
    ok = reaction(s, rules(), Roller({"reaction_dice": ["french", "english"]}))
    assert ok.result == "counter_charge"
    again = ReactionSituation(
        reacting="heavy_cavalry", nation="french", empty_hexes=2, reacted_this_round=True
    )
    out = reaction(again, rules(), Roller({"reaction_dice": ["french", "english"]}))
    assert out.result == "no_reaction"
    assert out.rolls == {}


def test_only_an_ordered_unit_rallies() -> None:
    s = RallySituation(unit="french_infantry", elements=2, in_enemy_sight=False, ordered=False)
    with pytest.raises(PackError) as err:
        rally(s, rules(), Roller({}))
    assert (err.value.field, err.value.rule) == ("ordered", "12.0")
