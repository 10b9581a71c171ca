"""The deck, the hand and the battle's length (AVlE 3.0-3.2, 4.1, 5.0), worked by hand.

And the odds of a whole pool of command dice (1.2, 5.1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from eote_ref.packs.avle.cards import (
    CardsSituation,
    CommandDiceSituation,
    cards,
    command_dice,
)
from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError

F = Fraction


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


def test_the_deck_is_ten_cards_seven_orders_and_three_automatic() -> None:
    """3.0-3.2: 2 cards a sector, 1 coordinated attack; 3 automatic cards, 1 of each."""
    out = cards(CardsSituation(), rules(), Roller())
    d = out.details
    assert (d["deck_size"], d["order_cards"], d["automatic_cards"]) == (10, 7, 3)
    by = {c["card"]: c for c in d["deck"]}
    assert {c: by[c]["count"] for c in ("left", "centre", "right")} == dict.fromkeys(
        ("left", "centre", "right"), 2
    )
    assert by["coordinated_attack"]["dice"] == 6
    assert by["bombardment"]["dice"] == 0
    assert (d["hand"], d["kept_unplayed"]) == (6, 4)
    coordinated = cards(CardsSituation(), rules(coordinated_attack_dice=5), Roller())
    assert {c["card"]: c["dice"] for c in coordinated.details["deck"]}["coordinated_attack"] == 5


@pytest.mark.parametrize(
    ("turn", "rnd", "played", "left"), [(1, 1, 0, 36), (3, 4, 15, 21), (6, 6, 35, 1)]
)
def test_the_battle_is_six_turns_of_six_rounds(turn: int, rnd: int, played: int, left: int) -> None:
    """4.1, 5.0: at most 36 rounds, 10 to 20 minutes each."""
    d = cards(CardsSituation(turn, rnd), rules(), Roller()).details
    assert (d["rounds_in_all"], d["rounds_played"], d["rounds_left"]) == (36, played, left)
    assert d["minutes_played"] == [10 * played, 20 * played]
    with pytest.raises(PackError) as err:
        cards(CardsSituation(7, 1), rules(), Roller())
    assert err.value.field == "turn"


def test_one_infantry_unit_is_ordered_unless_no_die_shows_infantry_or_a_flag() -> None:
    """5 dice, 1 infantry unit: no order only on no infantry face and no flag, (1/2)^5."""
    s = CommandDiceSituation(units={"infantry": 1})
    out = command_dice(s, rules(), Roller({"command_dice": ["general"] * 5}))
    assert out.result == "orders_0"
    assert out.probabilities == {"orders_0": F(1, 32), "orders_1": F(31, 32)}
    assert out.details["expected_orders"] == F(31, 32)


def test_the_pool_reads_every_face_together() -> None:
    """An infantry and a cavalry unit, 5 dice: none ordered on Generals and cannons, (1/3)^5.

    A flag orders whichever unit its arm's face left.
    """
    s = CommandDiceSituation(units={"infantry": 1, "cavalry": 1})
    out = command_dice(
        s, rules(), Roller({"command_dice": ["flag", "flag", "infantry", "infantry", "cannon"]})
    )
    assert out.result == "orders_2"
    assert out.details["faces"] == {
        "flag": 2, "general": 0, "trooper": 0, "cannon": 1, "infantry": 2,
    }  # fmt: skip
    assert out.probabilities["orders_0"] == F(1, 243)
    assert sum(out.probabilities.values()) == 1
    # Each face's count is binomial: 2 infantry faces in 5 dice, p = 1/3.
    assert out.details["face_count_probabilities"]["infantry"]["2"] == 10 * F(1, 9) * F(8, 27)
    assert out.details["any_face_probabilities"]["flag"] == 1 - F(5, 6) ** 5


def test_general_faces_order_generals_anywhere() -> None:
    s = CommandDiceSituation(general_units=2)
    out = command_dice(s, rules(), Roller({"command_dice": ["general"] * 3 + ["flag"] * 2}))
    assert out.result == "orders_2"  # the flags find no unit in the sector


def test_an_automatic_card_rolls_no_dice() -> None:
    with pytest.raises(PackError) as err:
        command_dice(CommandDiceSituation(card="bombardment"), rules(), Roller())
    assert (err.value.field, err.value.rule) == ("card", "5.1")


def test_a_coordinated_attack_rolls_six_or_five_by_option() -> None:
    s = CommandDiceSituation(card="coordinated_attack", units={"infantry": 6})
    assert command_dice(s, rules(), Roller()).details["dice"] == 6
    assert command_dice(s, rules(coordinated_attack_dice=5), Roller()).details["dice"] == 5
