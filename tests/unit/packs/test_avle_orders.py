"""Orders from the command dice (AVlE 5.1) and the Prussian arrivals (AVlE 13.1)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.orders import (
    ArrivalSituation,
    OrdersSituation,
    SideCard,
    orders,
    prussian_arrival,
)
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


def test_an_order_card_rolls_five_dice_and_the_automatic_card_moves_first() -> None:
    s = OrdersSituation(
        sides={
            "french": SideCard(
                card="left",
                units_able=6,
                dice=["flag", "infantry", "infantry", "cannon", "general"],
            ),
            "allied": SideCard(card="bombardment"),
        }
    )
    out = orders(s, rules(), Roller())
    assert out.details["first_order"] == "allied"
    french = out.details["sides"]["french"]
    assert french["faces"] == {"flag": 1, "general": 1, "trooper": 0, "cannon": 1, "infantry": 2}
    assert out.details["sides"]["allied"]["dice"] == 0
    assert out.roll is None


@pytest.mark.parametrize(
    ("able", "first"), [((5, 4), "french"), ((3, 4), "allied"), ((4, 4), "french")]
)
def test_more_units_able_then_the_french_give_the_first_order(
    able: tuple[int, int], first: str
) -> None:
    s = OrdersSituation(
        sides={
            "french": SideCard(card="left", units_able=able[0]),
            "allied": SideCard(card="right", units_able=able[1]),
        }
    )
    assert orders(s, rules(), Roller({}, seed=1)).details["first_order"] == first


def test_coordinated_attack_dice_by_option() -> None:
    s = OrdersSituation(
        sides={"french": SideCard(card="coordinated_attack"), "allied": SideCard(card="left")}
    )
    assert orders(s, rules(), Roller({}, seed=1)).details["sides"]["french"]["dice"] == 6
    five = rules(coordinated_attack_dice=5)
    assert orders(s, five, Roller({}, seed=1)).details["sides"]["french"]["dice"] == 5


def test_the_same_automatic_card_twice_running_is_refused() -> None:
    s = OrdersSituation(
        sides={
            "french": SideCard(card="bombardment", last_card="bombardment"),
            "allied": SideCard(card="left"),
        }
    )
    with pytest.raises(PackError) as err:
        orders(s, rules(), Roller())
    assert (err.value.field, err.value.rule) == ("sides.french.card", "5.1")


def test_a_prussian_flag_and_a_trooper_bring_cavalry_through_the_entry_table() -> None:
    s = ArrivalSituation(
        turn=4, available={"infantry": 8, "cavalry": 2, "artillery": 2, "general": 1}
    )
    out = prussian_arrival(
        s, rules(), Roller({"flag_die": "prussian", "type_die": "trooper", "entry_roll": 4})
    )
    assert (out.result, out.details["entry_hex"]) == ("cavalry", "V9")
    assert out.probabilities["none"] == Fraction(2, 3)
    assert out.probabilities["infantry"] == Fraction(1, 9)
    assert out.probabilities["cavalry"] == Fraction(1, 18)
    free = rules(prussian_turn_4_placement="free_v6_v12")
    out = prussian_arrival(s, free, Roller({"flag_die": "prussian", "type_die": "trooper"}))
    assert out.details["entry_hex"] == "V6-V12"


def test_no_arrival_of_an_arm_that_has_none_left_and_odds_match_the_dice() -> None:
    s = ArrivalSituation(turn=5, available={"infantry": 1, "general": 0})
    out = prussian_arrival(s, rules(), Roller({"flag_die": "prussian", "type_die": "cannon"}))
    assert out.result == "none"
    seen: Counter[str] = Counter()
    white, black = rules().die("action"), rules().die("command")
    for w in white.faces:
        for b in black.faces:
            r = prussian_arrival(
                s, rules(), Roller({"flag_die": w, "type_die": b, "entry_roll": 1})
            )
            seen[r.result] += 1
    assert {k: Fraction(v, 36) for k, v in seen.items()} == dict(out.probabilities)
    assert prussian_arrival(ArrivalSituation(turn=3), rules(), Roller()).result == "none"
