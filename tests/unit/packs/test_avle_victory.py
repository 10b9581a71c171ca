"""Victory (AVlE 4.2, 14.0 with 15.0) and the hand of cards (4.1), worked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.victory import (
    HandSituation,
    SideState,
    VictorySituation,
    hand,
    threshold,
    victory,
)
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


@pytest.mark.parametrize(
    ("count", "down", "up"),
    [(12, 9, 10), (15, 12, 12), (14, 11, 12), (8, 6, 7), (9, 7, 8), (11, 8, 9)],
)
def test_morale_rule_takes_a_fifth_off_the_count(count: int, down: int, up: int) -> None:
    assert threshold(rules(), count)[0] == count
    assert threshold(rules(morale_rule=True), count)[0] == down
    assert threshold(rules(morale_rule=True, victory_reduction_rounding="up"), count)[0] == up


def waterloo(french_lost: int, allied_lost: int, **more: Any) -> VictorySituation:
    return VictorySituation(
        sides={
            "french": SideState(wins_at=12, units_lost=french_lost, **more),
            "allied": SideState(wins_at=14, units_lost=allied_lost),
        },
        turn=3,
        round=2,
    )


def test_substantial_victory_when_the_count_is_reached() -> None:
    assert victory(waterloo(5, 11), rules(), Roller()).result == "none"
    out = victory(waterloo(5, 12), rules(), Roller())
    assert (out.result, out.details["winner"]) == ("substantial", "french")
    with_morale = victory(waterloo(5, 9), rules(morale_rule=True), Roller())
    assert with_morale.details["winner"] == "french"


def test_generals_lost_count_as_units() -> None:
    out = victory(waterloo(12, 3, generals_lost=2), rules(), Roller())
    assert out.details["sides"]["french"]["units_lost"] == 14
    assert (out.result, out.details["winner"]) == ("substantial", "allied")
    assert out.modifiers[0].rule == "9.4.3"


def test_substantial_checked_only_after_round_six_by_option() -> None:
    s = waterloo(5, 12)
    assert victory(s, rules(substantial_check="turn"), Roller()).result == "none"


def test_decisive_victory_for_an_empty_sector() -> None:
    s = VictorySituation(
        sides={
            "french": SideState(
                wins_at=9,
                units_by_sector={"left": 0, "centre": 4, "right": 3},
                generals_by_sector={"left": 1},
            ),
            "allied": SideState(wins_at=9, units_by_sector={"left": 2, "centre": 2, "right": 2}),
        }
    )
    out = victory(s, rules(), Roller())
    assert (out.result, out.details["winner"]) == ("decisive", "allied")
    assert victory(s, rules(generals_hold_sector=True), Roller()).result == "none"


def test_after_the_sixth_turn_fewer_losses_then_more_elements_win() -> None:
    def end(a_lost: int, b_lost: int, a_el: int, b_el: int, a_gen: int = 0) -> VictorySituation:
        return VictorySituation(
            sides={
                "a": SideState(
                    wins_at=9, units_lost=a_lost, elements_left=a_el, generals_left=a_gen
                ),
                "b": SideState(wins_at=9, units_lost=b_lost, elements_left=b_el),
            },
            turn=6,
            round=6,
        )

    out = victory(end(3, 4, 10, 30), rules(), Roller())
    assert (out.result, out.details["winner"]) == ("marginal", "a")
    out = victory(end(4, 4, 31, 30), rules(), Roller())
    assert (out.result, out.details["winner"]) == ("moral", "a")
    assert victory(end(4, 4, 30, 30), rules(), Roller()).result == "drawn"
    counted = rules(moral_victory_generals="counted")
    assert victory(end(4, 4, 30, 30, a_gen=1), counted, Roller()).details["winner"] == "a"


def test_victory_needs_two_sides() -> None:
    with pytest.raises(PackError) as err:
        victory(VictorySituation(sides={"a": SideState()}), rules(), Roller())
    assert err.value.field == "sides"


TURN_1 = ["left", "left", "centre", "right", "coordinated_attack", "bombardment"]


def test_a_hand_keeps_the_four_unplayed_cards_and_two_played_ones() -> None:
    assert hand(HandSituation(turn=1, hand=TURN_1), rules(), Roller()).result == "valid"
    unplayed = ["centre", "right", "infantry_manoeuvre", "cavalry_grand_charge"]
    good = HandSituation(turn=2, hand=[*unplayed, "left", "bombardment"], last_hand=TURN_1)
    assert hand(good, rules(), Roller()).result == "valid"
    bad = HandSituation(
        turn=2,
        hand=["left", "left", "centre", "right", "coordinated_attack", "bombardment"],
        last_hand=TURN_1,
    )
    out = hand(bad, rules(), Roller())
    assert out.result == "invalid"
    assert "not played last turn" in out.details["problems"][0]
    assert hand(bad, rules(next_hand="any_six"), Roller()).result == "valid"
    too_many = HandSituation(turn=1, hand=["left", "left", "left", "right", "centre", "centre"])
    assert hand(too_many, rules(), Roller()).result == "invalid"


# ------------------------------------------------------------------ 13.1: by nation
def waterloo_by_nation(english: int, prussian: int, **allied: Any) -> VictorySituation:
    """13.1: the French win on 12 English units, or 15 English and Prussian together."""
    return VictorySituation(
        sides={
            "french": SideState(wins_at=15, wins_at_by_nation={"english": 12}),
            "allied": SideState(
                wins_at=14,
                units_lost_by_nation={"english": english, "prussian": prussian},
                **allied,
            ),
        },
        turn=5,
        round=3,
    )


@pytest.mark.parametrize(
    ("english", "prussian", "result"),
    [
        (11, 3, "none"),  # the case: 14 in all, 11 English: no French win yet
        (12, 0, "substantial"),  # 12 English alone
        (11, 4, "substantial"),  # 15 together
        (10, 4, "none"),
        (0, 14, "none"),  # Prussians alone never make 12
        (0, 15, "substantial"),
    ],
)
def test_waterloo_victory_by_nation(english: int, prussian: int, result: str) -> None:
    out = victory(waterloo_by_nation(english, prussian), rules(), Roller())
    assert out.result == result
    assert out.details["winner"] == ("french" if result == "substantial" else None)
    allied = out.details["sides"]["allied"]
    assert allied["units_lost"] == english + prussian
    assert allied["lost_by_nation"] == {"english": english}
    assert allied["enemy_needs_by_nation"] == {"english": 12}
    assert allied["defeated_by_nation"] == ("english" if english >= 12 else None)


def test_an_english_general_counts_towards_the_twelve() -> None:
    """9.4.3 with 13.1: 11 English units and an English General killed are 12 English."""
    s = waterloo_by_nation(11, 0, generals_lost_by_nation={"english": 1})
    out = victory(s, rules(), Roller())
    assert out.result == "substantial"
    assert out.details["sides"]["allied"]["units_lost"] == 12


@pytest.mark.parametrize(("option", "result", "lost"), [
    ("not_counted", "none", 11),
    ("counted", "substantial", 12),
])  # fmt: skip
def test_a_set_up_garrison_counts_towards_the_twelve_by_option(
    option: str, result: str, lost: int
) -> None:
    """6.0 with 13.1: 11 English units and the D8 garrison are 12 English if garrisons count."""
    s = waterloo_by_nation(11, 0, setup_garrisons_lost_by_nation={"english": 1})
    out = victory(s, rules(setup_garrisons=option), Roller())
    assert out.result == result
    allied = out.details["sides"]["allied"]
    assert (allied["units_lost"], allied["lost_by_nation"]) == (lost, {"english": lost})


def test_set_up_garrisons_counted_need_their_nation_against_a_count_by_nation() -> None:
    """6.0 with 13.1: garrisons counted, but not by nation, are refused rather than guessed."""
    s = waterloo_by_nation(11, 0, setup_garrisons_lost=1)
    assert victory(s, rules(), Roller()).result == "none"  # not counted: no nation needed
    with pytest.raises(PackError) as err:
        victory(s, rules(setup_garrisons="counted"), Roller())
    assert (err.value.field, err.value.rule) == (
        "sides.allied.setup_garrisons_lost_by_nation",
        "13.1",
    )
    with pytest.raises(PackError) as err:  # a total unlike the nations' sum
        victory(
            waterloo_by_nation(
                11, 0, setup_garrisons_lost=2, setup_garrisons_lost_by_nation={"english": 1}
            ),
            rules(setup_garrisons="counted"),
            Roller(),
        )
    assert err.value.field == "sides.allied.setup_garrisons_lost"


@pytest.mark.parametrize(("option", "result", "lost"), [
    ("not_lost", "none", 11),
    ("lost", "substantial", 12),
])  # fmt: skip
def test_a_unit_withdrawn_counts_towards_the_twelve_by_option(
    option: str, result: str, lost: int
) -> None:
    """15.0 with 13.1: 11 English units lost and one withdrawn are 12 English if it counts."""
    s = waterloo_by_nation(11, 0, withdrawn=1, withdrawn_by_nation={"english": 1})
    out = victory(s, rules(withdrawn_units=option), Roller())
    assert out.result == result
    allied = out.details["sides"]["allied"]
    assert (allied["units_lost"], allied["lost_by_nation"]) == (lost, {"english": lost})


def test_units_withdrawn_counted_need_their_nation_against_a_count_by_nation() -> None:
    """15.0 with 13.1: withdrawn units counted, but not by nation, are refused, not guessed."""
    s = waterloo_by_nation(11, 0, withdrawn=1)
    assert victory(s, rules(), Roller()).result == "none"  # not counted: no nation needed
    with pytest.raises(PackError) as err:
        victory(s, rules(withdrawn_units="lost"), Roller())
    assert (err.value.field, err.value.rule) == ("sides.allied.withdrawn_by_nation", "13.1")
    with pytest.raises(PackError) as err:  # a total unlike the nations' sum
        victory(
            waterloo_by_nation(11, 0, withdrawn=2, withdrawn_by_nation={"english": 1}),
            rules(withdrawn_units="lost"),
            Roller(),
        )
    assert err.value.field == "sides.allied.withdrawn"


def test_the_morale_rule_takes_a_fifth_off_each_count() -> None:
    """15.0, 14.0: 12 becomes 9 and 15 becomes 12 (rounded down)."""
    assert victory(waterloo_by_nation(9, 0), rules(morale_rule=True), Roller()).result == (
        "substantial"
    )
    assert victory(waterloo_by_nation(8, 3), rules(morale_rule=True), Roller()).result == "none"
    assert victory(waterloo_by_nation(8, 4), rules(morale_rule=True), Roller()).result == (
        "substantial"
    )


def test_by_nation_is_backward_compatible_and_checked() -> None:
    # A total given alike is accepted; a different one refused naming it.
    ok = waterloo_by_nation(11, 3, units_lost=14)
    assert victory(ok, rules(), Roller()).result == "none"
    with pytest.raises(PackError) as err:
        victory(waterloo_by_nation(11, 3, units_lost=13), rules(), Roller())
    assert err.value.field == "sides.allied.units_lost"
    # A count by nation needs the enemy's losses by nation.
    s = VictorySituation(
        sides={
            "french": SideState(wins_at=15, wins_at_by_nation={"english": 12}),
            "allied": SideState(wins_at=14, units_lost=14),
        }
    )
    with pytest.raises(PackError) as err:
        victory(s, rules(), Roller())
    assert (err.value.field, err.value.rule) == ("sides.allied.units_lost_by_nation", "13.1")
    dutch = VictorySituation(
        sides={
            "french": SideState(wins_at=15, wins_at_by_nation={"english": 12}),
            "allied": SideState(wins_at=14, units_lost_by_nation={"dutch": 2}),
        }
    )
    with pytest.raises(PackError) as err:
        victory(dutch, rules(), Roller())
    assert err.value.field == "sides.allied.units_lost_by_nation"
