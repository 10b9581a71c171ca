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


def test_from_turn_5_the_units_chosen_roll_their_entry_hexes_too() -> None:
    # 13.1: from turn 5 two units of the player's choice come each round, each with a d6 for
    # its hex (1-3 V5, 4 V9, 5 V11, 6 T13): rolls 1 and 5 give V5 and V11. The flag die
    # still rolls for one more (option prussian_flag_roll_after_turn_4 = continues), its
    # odds unchanged by the chosen ones (a French or English flag, 2/3: none).
    s = ArrivalSituation(turn=5, available={"infantry": 2}, chosen=2)
    out = prussian_arrival(s, rules(), Roller({"chosen_entry_rolls": [1, 5], "flag_die": "french"}))
    assert out.result == "none"
    assert out.details["chosen_entries"] == ["V5", "V11"]
    assert out.probabilities["none"] == Fraction(2, 3) + Fraction(1, 3) * Fraction(3, 6)
    # Under "stops" only the chosen come: no flag die, their hexes still rolled.
    stops = rules(prussian_flag_roll_after_turn_4="stops")
    out = prussian_arrival(s, stops, Roller({"chosen_entry_rolls": [6, 4]}))
    assert out.details["chosen_entries"] == ["T13", "V9"]
    assert "flag_die" not in out.rolls
    # Chosen units before turn 5, or more than 2, are refused.
    for bad in (ArrivalSituation(turn=4, chosen=1), ArrivalSituation(turn=5, chosen=3)):
        with pytest.raises(PackError) as err:
            prussian_arrival(bad, rules(), Roller())
        assert err.value.field == "chosen"
    # Without chosen units the answer keeps its fields as before (no chosen_entries).
    plain = ArrivalSituation(turn=5, available={"infantry": 2})
    assert "chosen_entries" not in prussian_arrival(plain, rules(), Roller(seed=1)).details


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
