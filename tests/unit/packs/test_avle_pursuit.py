"""Pursuit (AVlE 9.1.3) from the target's result, and shock saying when it falls due."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.fire import FireSituation, ShockSituation, fire, shock
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.rally import PursuitSituation, pursuit
from eote_ref.packs.dice import Roller

F = Fraction


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


@pytest.mark.parametrize(
    ("target", "face", "result", "due"),
    [
        # Light cavalry (9) on infantry out of square in the open: 9 + 8 = 17, a roll of 1
        # gives 2 hits. d6 1: 1 lost, 1 back: the hex is left, the test is due.
        ({}, 1, "L1R1", "yes"),
        # d6 3: 2 lost, no retreat: the target stays, no pursuit.
        ({}, 3, "L2R0", "no"),
        # Down to 1 element: destroyed, the test is due.
        ({"target_elements": 1}, 3, "eliminated", "yes"),
        # A General with the target: it may ignore the retreat (7.3.17), the test is due
        # only if it goes.
        ({"target_general_attached": True}, 1, "L1R1", "if_target_retreats"),
    ],
)
def test_shock_says_when_a_pursuit_falls_due(
    target: dict[str, Any], face: int, result: str, due: str
) -> None:
    s = ShockSituation(firer="light_cavalry", target="french_infantry", **target)
    out = shock(s, rules(), Roller({"roll": 1, "effect_roll": face}))
    assert out.modified == 17
    assert out.result == result
    assert out.details["pursuit_due"] == due


def test_a_square_may_ignore_its_retreat_so_the_pursuit_waits_on_it() -> None:
    """Heavy cavalry (14) on a square: 14 - 10 = 4.

    A roll of 1 hits once, d6 1 gives 0 lost, 1 back, which a square may ignore (10.1 E).
    """
    s = ShockSituation(firer="heavy_cavalry", target="french_infantry", target_formation="square")
    out = shock(s, rules(), Roller({"roll": 1, "effect_roll": 1}))
    assert (out.modified, out.result) == (4, "L0R1")
    assert out.details["pursuit_due"] == "if_target_retreats"
    miss = shock(s, rules(), Roller({"roll": 5}))
    assert (miss.result, miss.details["pursuit_due"]) == ("miss", "no")


def test_with_the_morale_rule_the_target_s_test_decides() -> None:
    s = ShockSituation(firer="light_cavalry", target="french_infantry", target_elements=1)
    out = shock(s, rules(morale_rule=True), Roller({"roll": 1, "effect_roll": 3}))
    assert out.result == "morale_test"
    assert out.details["pursuit_due"] == "if_target_routs"


def test_fire_never_calls_a_pursuit() -> None:
    """Only cavalry that shocks pursues (9.1.3): artillery destroying a unit does not."""
    s = FireSituation(firer="medium_artillery", target="french_infantry", target_elements=1)
    out = fire(s, rules(), Roller({"roll": 1, "effect_roll": 3}))
    assert out.result == "eliminated"
    assert out.details["pursuit_due"] == "no"


def test_pursuit_from_the_target_s_result() -> None:
    """Heavy cavalry's morale value is 4 (15.0): above it on the d10 it must advance."""
    stayed = pursuit(PursuitSituation("heavy_cavalry", target_result="stayed"), rules(), Roller())
    assert stayed.result == "not_due"
    assert stayed.rolls == {}
    assert stayed.probabilities == {"not_due": 1}
    for result in ("destroyed", "retreated", None):
        out = pursuit(
            PursuitSituation("heavy_cavalry", target_result=result), rules(), Roller({"roll": 5})
        )
        assert out.result == "must_advance"
        assert out.details["advances"] is True
        assert out.probabilities == {"must_advance": F(6, 10), "holds": F(4, 10)}
    held = pursuit(PursuitSituation("heavy_cavalry", "retreated"), rules(), Roller({"roll": 4}))
    assert (held.result, held.details["advances"]) == ("holds", False)


def test_an_advance_that_would_break_6_2_stays() -> None:
    s = PursuitSituation("light_cavalry", target_result="destroyed", advance_breaks_zoc=True)
    out = pursuit(s, rules(), Roller({"roll": 9}))
    assert out.result == "must_advance"
    assert out.details["advances"] is False
    assert any("6.2" in n for n in out.notes)


def test_a_general_left_alone_by_an_eliminated_unit_retreats() -> None:
    """9.4.4: a General left alone by an eliminated unit retreats what the result had left.

    2 hits, d6 5 gives 2 lost and 1 back: the unit of 1 element goes, the General retreats.
    """
    s = ShockSituation(
        firer="light_cavalry",
        target="french_infantry",
        target_elements=1,
        target_general_attached=True,
    )
    out = shock(s, rules(), Roller({"roll": 1, "effect_roll": 5}))
    assert out.result == "eliminated"
    assert any("9.4.4" in n for n in out.notes)
