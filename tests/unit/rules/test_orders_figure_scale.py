"""Order activation at 6mm and 25mm figure scale (EotE 3.6 with the introduction's scale rule).

Hand-worked from the command radius table of 3.6: the radius moves by 2" with the figure
scale (option ``scale_adjusts=all_distances``), and with it the half-radius line and the
point where the per-1500-yard steps begin. The step itself is the ground-scale option
``inches_per_1500_yards`` (15"), which the figure scale does not change.
"""

from __future__ import annotations

from eote_ref.packs.eote.rules.orders import IssuerLevel, OrderActivationSituation, order_activation
from eote_ref.packs.eote.rules.ruleset import Ruleset
from tests.unit.rules.conftest import dice


def test_6mm_half_radius_is_taken_on_the_scaled_radius(rs: Ruleset) -> None:
    """Army leader rated -1: radius 18" at 15mm, 16" at 6mm, so half is 8" at 6mm.

    At 8.5" he is beyond half the 6mm radius (+1) though within half the 15mm one (+0).
    Roll 2: 6mm modified 3 -> 2 turns on the -1 row; 15mm modified 2 -> 1 turn.
    """
    six = OrderActivationSituation(-1, IssuerLevel.ARMY, 8.5, figure_scale="6mm")
    fifteen = OrderActivationSituation(-1, IssuerLevel.ARMY, 8.5)
    out6 = order_activation(six, rs, dice(2))
    out15 = order_activation(fifteen, rs, dice(2))
    assert [m.value for m in out6.modifiers] == [1]
    assert (out6.modified, out6.details["turns"]) == (3, 2)
    assert [m.value for m in out15.modifiers] == [0]
    assert (out15.modified, out15.details["turns"]) == (2, 1)


def test_25mm_steps_count_from_the_scaled_radius(rs: Ruleset) -> None:
    """Corps leader rated 1: radius 20" + 2" = 22" at 25mm. At 47" he is 25" beyond it.

    +1 beyond half; 25" at 15" a step, a part step rounded up, is 2 steps: +2.
    Roll 7: modified 10 -> 3 turns on the +1 row (8-10).
    """
    s = OrderActivationSituation(1, IssuerLevel.CORPS, 47, figure_scale="25mm")
    out = order_activation(s, rs, dice(7))
    assert [m.value for m in out.modifiers] == [1, 2]
    assert (out.modified, out.details["turns"]) == (10, 3)


def test_25mm_within_the_scaled_radius_takes_no_step(rs: Ruleset) -> None:
    """Army leader rated 0: radius 24" + 2" = 26" at 25mm. At 25" he is within it.

    At 15mm the same 25" is 1" beyond the 24" radius: one more step (+1).
    """
    at25 = order_activation(
        OrderActivationSituation(0, IssuerLevel.ARMY, 25, figure_scale="25mm"), rs, dice(5)
    )
    at15 = order_activation(OrderActivationSituation(0, IssuerLevel.ARMY, 25), rs, dice(5))
    assert [m.value for m in at25.modifiers] == [1]
    assert [m.value for m in at15.modifiers] == [1, 1]
    assert at25.modified == 6
    assert at15.modified == 7


def test_the_1500_yard_step_says_the_figure_scale_leaves_it_alone(rs: Ruleset) -> None:
    """EotE 3.6 counts yards on the ground; the introduction's 2" shift is for listed inches.

    The step is 15" at 6mm, 15mm and 25mm alike (only the radius it counts from moves), and
    both the option's explanation and the modifier's reason say so.
    """
    steps = []
    for scale in ("6mm", "15mm", "25mm"):
        s = OrderActivationSituation(1, IssuerLevel.CORPS, 60, figure_scale=scale)
        step = order_activation(s, rs, dice(5)).modifiers[-1]
        assert "figure scale" in step.reason
        assert "inches_per_1500_yards=15" in step.reason
        steps.append(step.value)
    # 6mm radius 18": 42" beyond, 3 steps; 15mm 20": 40", 3; 25mm 22": 38", 3.
    assert steps == [3, 3, 3]
    explanation = rs.options["inches_per_1500_yards"].explanation
    assert "figure scale" in explanation
    assert "scale_adjusts" in explanation
