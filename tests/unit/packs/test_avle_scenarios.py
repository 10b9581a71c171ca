"""Hypothetical-battle deployment and reinforcements (AVlE 14.0), Quatre Bras control (13.2).

The cases are worked by hand from the sections: the difference of two d6 picks the way of
deploying (0 hidden, 1-2 three and two, 3-4 four and two, 5 all first); each black die
brings a unit of its arm (infantry on two faces, trooper and cannon on one, flag and
General none) while one is due and held back; a d6 picks the sector (1-2 left, 3-4 centre,
5-6 right).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.scenarios import (
    DeploymentSituation,
    DeploySide,
    HexState,
    QuatreBrasSituation,
    ReinforcementSituation,
    deployment,
    quatre_bras,
    reinforcement,
)
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError
from tests.budget import budget

F = Fraction


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


def explore(french: int | None, allied: int | None, **options: Any) -> Any:
    s = DeploymentSituation(
        sides={
            "french": DeploySide(exploration_roll=french),
            "allied": DeploySide(exploration_roll=allied),
        }
    )
    return deployment(s, rules(**options), Roller(seed=1))


# ------------------------------------------------------------------------------ deployment
def test_a_difference_of_three_has_the_loser_place_four_at_a_time_first() -> None:
    out = explore(5, 2)
    assert out.result == "four_and_two"
    assert out.details["difference"] == 3
    assert out.details["winner"] == "french"
    assert out.details["first_to_place"] == "allied"
    assert out.details["units_at_a_time"] == {"allied": 4, "french": 2}
    assert out.details["initiative"] == "french"
    assert out.rolls == {"french_exploration": 5, "allied_exploration": 2}
    # 36 pairs: difference 0 on 6, 1-2 on 10 + 8, 3-4 on 6 + 4, 5 on 2.
    assert out.probabilities == {
        "screen": F(1, 6),
        "three_and_two": F(1, 2),
        "four_and_two": F(5, 18),
        "loser_all_first": F(1, 18),
    }


@pytest.mark.parametrize(
    ("french", "allied", "result", "first", "at_a_time"),
    [
        (3, 2, "three_and_two", "allied", {"allied": 3, "french": 2}),
        (1, 3, "three_and_two", "french", {"french": 3, "allied": 2}),
        (2, 6, "four_and_two", "french", {"french": 4, "allied": 2}),
        (6, 1, "loser_all_first", "allied", {"allied": "all", "french": "all"}),
    ],
)
def test_each_difference_band(
    french: int, allied: int, result: str, first: str, at_a_time: dict[str, Any]
) -> None:
    out = explore(french, allied)
    assert (out.result, out.details["first_to_place"]) == (result, first)
    assert out.details["units_at_a_time"] == at_a_time


def test_a_tie_deploys_hidden_and_draws_the_first_unit_each_round() -> None:
    out = explore(4, 4)
    assert out.result == "screen"
    assert out.details["hidden"] is True
    assert out.details["winner"] is None
    assert out.details["first_to_place"] is None
    assert out.details["initiative"] == "random"


def test_the_options_on_who_wins_places_first_and_moves_first() -> None:
    assert explore(5, 2, exploration_winner="lower").details["winner"] == "allied"
    assert explore(5, 2, deployment_first="winner").details["first_to_place"] == "french"
    assert explore(5, 2, hypothetical_first_order="as_5_1").details["initiative"] is None


def test_the_4_0_alternation_rolls_nothing() -> None:
    out = explore(None, None, hypothetical_deployment="alternate_three_two")
    assert out.result == "alternate_three_two"
    assert out.probabilities == {"alternate_three_two": 1}
    assert out.details["units_at_a_time"] == {"allied": 3, "french": 2}
    assert out.details["first_to_place"] == "allied"
    assert out.rolls == {}
    with pytest.raises(PackError) as err:
        explore(5, None, hypothetical_deployment="alternate_three_two")
    assert err.value.field == "sides.french.exploration_roll"


def test_the_deployment_is_checked_sector_by_sector() -> None:
    bad = DeploySide(
        exploration_roll=1, units_by_sector={"left": 3, "centre": 7, "right": 4}, held_back=5
    )
    good = DeploySide(
        exploration_roll=1, units_by_sector={"left": 4, "centre": 6, "right": 4}, held_back=4
    )
    out = deployment(DeploymentSituation(sides={"french": good, "allied": bad}), rules(), Roller())
    assert out.details["problems"]["french"] == []
    problems = out.details["problems"]["allied"]
    assert len(problems) == 3
    assert "at most 4" in problems[0]
    assert "left has 3 units" in problems[1]
    assert "14 deployed and 5 held back" in problems[2]


@pytest.mark.parametrize(
    ("sides", "field"),
    [
        ({"french": DeploySide(exploration_roll=7), "allied": DeploySide()},
         "sides.french.exploration_roll"),
        ({"allied": DeploySide(), "prussian": DeploySide()}, "sides"),
        ({"french": DeploySide(units_by_sector={"middle": 4}), "allied": DeploySide()},
         "sides.french.units_by_sector"),
    ],
)  # fmt: skip
def test_bad_deployments_name_the_field(sides: dict[str, DeploySide], field: str) -> None:
    with pytest.raises(PackError) as err:
        deployment(DeploymentSituation(sides=sides), rules(), Roller(seed=1))
    assert err.value.field == field


def test_deployment_odds_match_every_pair_of_dice() -> None:
    seen: Counter[str] = Counter()
    for a, b in itertools.product(range(1, 7), repeat=2):
        seen[explore(a, b).result] += 1
    assert {k: F(v, 36) for k, v in seen.items()} == explore(1, 1).probabilities


# -------------------------------------------------------------------------- reinforcements
POOL = {"infantry": 2, "cavalry": 1, "artillery": 1}


def arrive(entered: dict[str, Any] | None = None, /, **kw: Any) -> Any:
    options = kw.pop("options", {})
    s = ReinforcementSituation(**{"pool": POOL, **kw})
    return reinforcement(s, rules(**options), Roller(entered or {}, seed=2))


def test_nothing_is_due_before_turn_3() -> None:
    out = arrive(turn=2)
    assert (out.result, out.details["due"], out.details["dice"]) == ("none", 0, 0)
    assert out.probabilities == {"none": 1}
    assert out.rolls == {}
    with pytest.raises(PackError) as err:
        arrive({"type_dice": ["infantry"]}, turn=2)
    assert (err.value.field, err.value.rule) == ("type_dice", "14.0")


def test_turn_3_rolls_two_dice_for_its_two_units() -> None:
    out = arrive({"type_dice": ["general", "infantry"], "sector_rolls": [5]}, turn=3)
    assert out.result == "infantry"
    assert out.details["arrivals"] == [{"arm": "infantry", "sector_roll": 5, "sector": "right"}]
    # Each die: infantry 1/3, trooper 1/6, cannon 1/6, nothing (flag, General) 1/3. One
    # cavalry and one artillery held back, so two troopers bring only one unit.
    assert out.probabilities == {
        "none": F(1, 3) ** 2,
        "infantry": 2 * F(1, 3) * F(1, 3),
        "cavalry": 2 * F(1, 6) * F(1, 3) + F(1, 36),
        "artillery": 2 * F(1, 6) * F(1, 3) + F(1, 36),
        "infantry+infantry": F(1, 9),
        "infantry+cavalry": 2 * F(1, 3) * F(1, 6),
        "infantry+artillery": 2 * F(1, 3) * F(1, 6),
        "cavalry+artillery": 2 * F(1, 36),
    }
    assert out.details["sector_probabilities"] == {
        "left": F(1, 3),
        "centre": F(1, 3),
        "right": F(1, 3),
    }


def test_an_arm_not_held_back_brings_nothing() -> None:
    two = {"infantry": 1, "cavalry": 1}
    out = arrive({"type_dice": ["infantry", "infantry"], "sector_rolls": [3]}, turn=3, pool=two)
    assert out.result == "infantry"
    assert out.details["arrivals"] == [{"arm": "infantry", "sector_roll": 3, "sector": "centre"}]
    out = arrive({"type_dice": ["cannon"]}, turn=4, pool={"cavalry": 1})
    assert out.result == "none"
    assert out.probabilities == {"none": F(5, 6), "cavalry": F(1, 6)}


def test_turn_4_rolls_one_die_and_a_d6_for_the_sector() -> None:
    out = arrive(
        {"type_dice": ["trooper"], "sector_rolls": [2]},
        turn=4,
        arrived_before=2,
        pool={"infantry": 1, "cavalry": 1},
    )
    assert (out.details["due"], out.details["dice"]) == (1, 1)
    assert out.details["arrivals"] == [{"arm": "cavalry", "sector_roll": 2, "sector": "left"}]
    assert out.rolls == {"type_dice": ["trooper"], "sector_rolls": [2]}


@pytest.mark.parametrize(
    ("kw", "carry", "due"),
    [
        ({"turn": 3, "arrived_this_turn": 1}, "lost", 1),
        ({"turn": 3, "arrived_this_turn": 2}, "lost", 0),
        ({"turn": 4, "arrived_before": 1}, "lost", 1),
        ({"turn": 4, "arrived_before": 1}, "carried", 2),
        ({"turn": 6, "arrived_before": 2}, "lost", 0),
        ({"turn": 6, "arrived_before": 2}, "carried", 2),
        ({"turn": 5, "arrived_before": 0}, "carried", 4),
    ],
)
def test_units_due_by_the_schedule_and_the_carry_option(
    kw: dict[str, int], carry: str, due: int
) -> None:
    pool = {"infantry": 4 - kw.get("arrived_before", 0) - kw.get("arrived_this_turn", 0)}
    out = arrive(**kw, pool=pool, options={"reinforcement_carry": carry})
    assert out.details["due"] == due
    assert out.details["dice"] == min(due, 2)


def test_the_timing_and_dice_options() -> None:
    late = arrive(turn=3, round=2, options={"reinforcement_timing": "turn_start"})
    assert (late.result, late.details["dice"]) == ("none", 0)
    assert (
        arrive(turn=3, round=1, options={"reinforcement_timing": "turn_start"}).details["dice"] == 2
    )
    assert arrive(turn=3, options={"reinforcement_dice": "one"}).details["dice"] == 1


def test_more_than_four_reinforcements_is_refused() -> None:
    with pytest.raises(PackError) as err:
        arrive(turn=3, pool={"infantry": 4}, arrived_before=1)
    assert (err.value.field, err.value.rule) == ("pool", "14.0")
    with pytest.raises(PackError):
        arrive(turn=3, pool={"guns": 1})


@settings(max_examples=budget(30, 200), deadline=None)
@given(
    turn=st.integers(3, 5),
    pool=st.fixed_dictionaries(
        {
            "infantry": st.integers(0, 2),
            "cavalry": st.integers(0, 1),
            "artillery": st.integers(0, 1),
        }
    ),
    carry=st.sampled_from(["lost", "carried"]),
)
def test_reinforcement_odds_match_every_roll_of_the_dice(
    turn: int, pool: dict[str, int], carry: str
) -> None:
    first = arrive(turn=turn, pool=pool, options={"reinforcement_carry": carry})
    n = first.details["dice"]
    faces = ["flag", "general", "trooper", "cannon", "infantry", "infantry"]
    seen: Counter[str] = Counter()
    for roll in itertools.product(faces, repeat=n):
        entered = {"type_dice": list(roll)} if n else {}
        out = arrive(entered, turn=turn, pool=pool, options={"reinforcement_carry": carry})
        seen[out.result] += 1
        assert len(out.details["arrivals"]) <= out.details["due"]
    assert {k: F(v, 6**n) for k, v in seen.items()} == first.probabilities


# ---------------------------------------------------------------------------- Quatre Bras
def control(hexes: dict[str, HexState], **options: Any) -> Any:
    return quatre_bras(QuatreBrasSituation(hexes=hexes), rules(**options), Roller())


FRENCH = HexState(occupant="french")


def test_french_units_in_the_three_hexes_win_at_once() -> None:
    out = control({"H11": FRENCH, "I10": FRENCH, "I11": FRENCH})
    assert (out.result, out.details["winner"]) == ("decisive", "french")
    assert out.probabilities == {"decisive": 1}


def test_a_hex_left_empty_counts_only_with_last_entered() -> None:
    left = HexState(last_entered="french")
    hexes = {"H11": FRENCH, "I10": FRENCH, "I11": left}
    assert control(hexes).result == "not_controlled"
    assert control(hexes).details["held_by"]["I11"] is None
    assert control(hexes, quatre_bras_control="last_entered").result == "decisive"


def test_an_allied_unit_in_a_hex_denies_control_whoever_entered_last() -> None:
    retaken = HexState(occupant="allied", last_entered="french")
    hexes = {"H11": FRENCH, "I10": FRENCH, "I11": retaken}
    for reading in ("occupy_all", "last_entered"):
        out = control(hexes, quatre_bras_control=reading)
        assert out.result == "not_controlled"
        assert out.details["held_by"]["I11"] == "allied"


def test_a_lone_general_holds_a_hex_only_by_option() -> None:
    general = HexState(occupant="french", general_only=True)
    hexes = {"H11": FRENCH, "I10": FRENCH, "I11": general}
    assert control(hexes).result == "not_controlled"
    assert control(hexes, generals_hold_sector=True).result == "decisive"


def test_a_hex_not_of_quatre_bras_is_refused() -> None:
    with pytest.raises(PackError) as err:
        control({"J10": FRENCH})
    assert (err.value.field, err.value.rule) == ("hexes", "13.2")
