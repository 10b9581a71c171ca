"""Order activation on the Activating Orders Chart (EotE 3.1-3.6)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.eote.rules.core import RulesError, Source
from eote_ref.packs.eote.rules.orders import (
    IssuerLevel,
    OrderActivationSituation,
    oac_turns,
    order_activation,
)
from eote_ref.packs.eote.rules.ruleset import Ruleset
from tests.unit.rules.conftest import dice

CORPS = IssuerLevel.CORPS


@pytest.mark.parametrize(
    ("rating", "roll", "turns"),
    [
        (-1, 2, 1),
        (-1, 3, 2),
        (-1, 8, 3),
        (-1, 9, 4),
        (0, 3, 1),
        (1, 4, 1),
        (1, 10, 3),
        (2, 5, 1),
        (3, 9, 2),
        (4, 7, 1),
        (4, 14, 4),
    ],
)
def test_chart(rs: Ruleset, rating: int, roll: int, turns: int) -> None:
    assert oac_turns(rs, rating, roll) == turns


def test_within_half_radius_no_modifier(rs: Ruleset) -> None:
    """Corps leader rated 1: radius 20". At 10" (half) no modifier; roll 4 → 1 turn."""
    out = order_activation(OrderActivationSituation(1, CORPS, distance_in=10), rs, dice(4))
    assert [m.value for m in out.modifiers] == [0]
    assert out.details["turns"] == 1
    assert out.result == "1"
    assert all(m.source is Source.TEXT for m in out.modifiers)


def test_beyond_half_and_beyond_radius(rs: Ruleset) -> None:
    """At 36" a corps leader rated 1 (radius 20) is 16" beyond: +1 and +2 (two 15" steps)."""
    out = order_activation(OrderActivationSituation(1, CORPS, distance_in=36), rs, dice(4))
    assert [m.value for m in out.modifiers] == [1, 2]
    assert out.modified == 7
    assert out.details["turns"] == 1 + 1


def test_dominating_terrain_and_army_radius(rs: Ruleset) -> None:
    """An army leader rated 2 (radius 32) at 20": +1 beyond half, -1 on dominating terrain."""
    s = OrderActivationSituation(2, IssuerLevel.ARMY, distance_in=20, dominating_terrain=True)
    out = order_activation(s, rs, dice(6))
    assert [m.value for m in out.modifiers] == [1, -1]
    assert out.modified == 6


def test_yards_option(rs: Ruleset) -> None:
    r = rs.with_options({"inches_per_1500_yards": 10})
    out = order_activation(OrderActivationSituation(1, CORPS, distance_in=41), r, dice(1))
    assert [m.value for m in out.modifiers] == [1, 3]


def test_probabilities(rs: Ruleset) -> None:
    out = order_activation(OrderActivationSituation(0, CORPS), rs, dice(1))
    assert out.to_json()["turns"] == 1
    assert "second_roll" not in out.to_json()
    assert out.probabilities == {
        "1": Fraction(3, 10),
        "2": Fraction(3, 10),
        "3": Fraction(3, 10),
        "4": Fraction(1, 10),
    }


def test_first_turn_and_attached(rs: Ruleset) -> None:
    first = order_activation(OrderActivationSituation(0, CORPS, first_turn=True), rs, dice(9))
    assert (first.details["turns"], first.roll) == (0, None)
    att = order_activation(
        OrderActivationSituation(0, CORPS, attached_to_division=True), rs, dice(9)
    )
    assert (att.details["turns"], att.roll) == (1, None)


def test_bad_input(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        order_activation(OrderActivationSituation(0, CORPS, distance_in=-2), rs, dice(1))
    with pytest.raises(RulesError):
        order_activation(OrderActivationSituation(7, CORPS), rs, dice(1))


def test_an_attached_leader_cannot_be_beyond_the_radius(rs: Ruleset) -> None:
    """EotE 3.5.2: a leader attached to the division is by its commander, within his radius.

    Corps rated 1: radius 20". Attached at 20" or nearer, no roll (next turn, 3.1); attached
    and 20.5" away is refused, naming ``distance_in``.
    """
    at = order_activation(
        OrderActivationSituation(1, CORPS, 20, attached_to_division=True), rs, dice(9)
    )
    assert (at.details["turns"], at.roll) == (1, None)
    with pytest.raises(RulesError) as refused:
        order_activation(
            OrderActivationSituation(1, CORPS, 20.5, attached_to_division=True), rs, dice(9)
        )
    assert refused.value.field == "distance_in"
    assert "attached_to_division" in str(refused.value)


def test_on_the_first_turn_an_attached_leader_s_distance_plays_no_part(rs: Ruleset) -> None:
    """EotE 3.1: orders of the first turn act at once, so no distance is read, even attached.

    Corps rated 1 (radius 20"), attached to the division and 50" given: turns 0, no roll,
    where on a later turn the same distance is refused.
    """
    first = order_activation(
        OrderActivationSituation(1, CORPS, 50, attached_to_division=True, first_turn=True),
        rs,
        dice(9),
    )
    assert (first.details["turns"], first.roll) == (0, None)
