"""Issue 31's wrong answers of the AVlE calculator, each worked by hand from the text.

A square where 6.0 forbids one (6.0, 8.6), the ulterior loss of 15.0 read by ``fire`` and
``shock`` (15.0, 9.1.2), ``reaction``'s documented keys, and a hit on a unit with no chips
left (9.1.1) as a named option.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.fire import FireSituation, ShockSituation, fire, shock
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.reaction import ReactionSituation, reaction
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError

F = Fraction
NOT_CLEAR = ["bridge", "wood", "town", "fortified", "farm", "marsh", "stream", "orchard", "field"]


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


# ------------------------------------------------------------------ 6.0, 8.6: the square
@pytest.mark.parametrize("terrain", NOT_CLEAR)
def test_fire_refuses_a_target_square_where_6_0_forbids_one(terrain: str) -> None:
    """The issue's case: a 'square' in a town fired on by adjacent artillery.

    As a square it would take +4 and turn its retreat into losses (10.1 F); 6.0 allows no
    square there, so the situation is refused, naming the terrain and the section.
    """
    s = FireSituation(
        firer="medium_artillery",
        target="french_infantry",
        target_formation="square",
        target_terrain=terrain,  # type: ignore[arg-type]
    )
    with pytest.raises(PackError) as err:
        fire(s, rules(), Roller({"roll": 1, "effect_roll": 6}))
    assert (err.value.field, err.value.rule) == ("target_terrain", "6.0")


@pytest.mark.parametrize("terrain", NOT_CLEAR)
def test_shock_refuses_a_target_square_where_6_0_forbids_one(terrain: str) -> None:
    s = ShockSituation(
        firer="heavy_cavalry",
        target="english_infantry",
        target_formation="square",
        target_terrain=terrain,  # type: ignore[arg-type]
    )
    if terrain in ("farm", "town", "fortified"):
        return  # cavalry may not shock into buildings at all (8.4), refused either way
    with pytest.raises(PackError) as err:
        shock(s, rules(), Roller({"roll": 1, "effect_roll": 6}))
    assert (err.value.field, err.value.rule) == ("target_terrain", "6.0")


@pytest.mark.parametrize("terrain", ["bridge", "wood", "town", "marsh", "stream", "orchard"])
def test_fire_refuses_a_firer_in_square_where_6_0_forbids_one(terrain: str) -> None:
    s = FireSituation(
        firer="english_infantry",
        target="french_infantry",
        firer_formation="square",
        firer_terrain=terrain,  # type: ignore[arg-type]
    )
    with pytest.raises(PackError) as err:
        fire(s, rules(), Roller({"roll": 1, "effect_roll": 6}))
    assert (err.value.field, err.value.rule) == ("firer_terrain", "6.0")


@pytest.mark.parametrize(
    ("s", "field"),
    [
        (
            FireSituation(
                firer="medium_artillery", target="heavy_cavalry", target_formation="square"
            ),
            "target_formation",
        ),
        (
            FireSituation(
                firer="medium_artillery", target="french_infantry", firer_formation="square"
            ),
            "firer_formation",
        ),
    ],
)
def test_only_infantry_forms_square(s: FireSituation, field: str) -> None:
    with pytest.raises(PackError) as err:
        fire(s, rules(), Roller({"roll": 1, "effect_roll": 6}))
    assert (err.value.field, err.value.rule) == (field, "6.0")


@pytest.mark.parametrize("terrain", ["open", "road", "hill"])
def test_a_square_on_clear_ground_or_a_hill_still_counts(terrain: str) -> None:
    """16 + 4 (square) - 2 on a hill: the square's modifier stands where 6.0 allows it."""
    s = FireSituation(
        firer="medium_artillery",
        target="french_infantry",
        target_formation="square",
        target_terrain=terrain,  # type: ignore[arg-type]
    )
    out = fire(s, rules(), Roller({"roll": 1, "effect_roll": 6}))
    assert out.modified == 20 - (2 if terrain == "hill" else 0)


@pytest.mark.parametrize("terrain", ["orchard", "field"])
def test_orchards_and_fields_as_clear_by_option(terrain: str) -> None:
    """square_ground=orchard_and_field_too: 16 + 4 (square) - 1 (orchard or field) = 19."""
    s = FireSituation(
        firer="medium_artillery",
        target="french_infantry",
        target_formation="square",
        target_terrain=terrain,  # type: ignore[arg-type]
    )
    out = fire(s, rules(square_ground="orchard_and_field_too"), Roller({"roll": 1}))
    assert out.modified == 19
    r = ReactionSituation(
        reacting="english_infantry",
        nation="english",
        empty_hexes=2,
        terrain=terrain,  # type: ignore[arg-type]
    )
    assert reaction(r, rules(), Roller({})).result == "no_reaction"
    out = reaction(
        r,
        rules(square_ground="orchard_and_field_too"),
        Roller({"reaction_dice": ["english", "french"]}),
    )
    assert out.result == "square"


# ------------------------------------------------------------------ 15.0, 9.1.2: surplus
def _surplus(procedure: Any, s: Any, **options: Any) -> Any:
    return procedure(s, rules(morale_rule=True, **options), Roller({"roll": 1, "effect_roll": 3}))


def test_fire_honours_morale_surplus_loss_removes() -> None:
    """Infantry with 1 element left takes 2 losses (16 vs open infantry, 2 hits, d6 3).

    Its 4th loss calls for a test (15.0); the 5th in the same result either is wasted (9.1.2)
    or removes the unit, whatever the test says: then no test is asked for.
    """
    s = FireSituation(firer="medium_artillery", target="french_infantry", target_elements=1)
    wasted = _surplus(fire, s)
    assert wasted.result == "morale_test"
    removes = _surplus(fire, s, morale_surplus_loss="removes")
    assert removes.result == "eliminated"
    assert removes.details["morale_test_due"] is False
    assert any("morale_surplus_loss=removes" in n for n in removes.notes)
    # By hand: 1 hit (4/10) always loses 0 or 1 (faces 3-6 a loss: test); 2 hits (6/10)
    # always lose 1 or 2 (faces 3-6 lose 2: removed); 2 hits faces 1-2 lose 1: a test.
    assert removes.probabilities == {
        "L0R1": F(4, 10) * F(2, 6),
        "morale_test": F(4, 10) * F(4, 6) + F(6, 10) * F(2, 6),
        "eliminated": F(6, 10) * F(4, 6),
    }
    assert sum(removes.probabilities.values()) == 1


def test_shock_honours_morale_surplus_loss_removes() -> None:
    """Heavy cavalry on open infantry (14 + 8 = 22: two automatic hits, a third on 1-2)."""
    s = ShockSituation(firer="heavy_cavalry", target="french_infantry", target_elements=1)
    assert _surplus(shock, s).result == "morale_test"
    assert _surplus(shock, s, morale_surplus_loss="removes").result == "eliminated"


# ------------------------------------------------------------------ 9.3: documented keys
@pytest.mark.parametrize(
    "s",
    [
        ReactionSituation(reacting="garrison", nation="english", empty_hexes=2),
        ReactionSituation(
            reacting="english_infantry", nation="english", empty_hexes=2, charge_from_adjacent=True
        ),
        ReactionSituation(
            reacting="english_infantry", nation="english", empty_hexes=2, through_front=False
        ),
        ReactionSituation(
            reacting="english_infantry", nation="english", empty_hexes=2, terrain="wood"
        ),
    ],
)
def test_reaction_always_has_its_documented_keys(s: ReactionSituation) -> None:
    out = reaction(s, rules(), Roller({}))
    assert out.result == "no_reaction"
    assert out.details["success_probability"] == 0
    assert out.details["success"] is False
    assert out.details["dice"] == 0
    assert out.details["flags"] == []


# ------------------------------------------------------------------ 9.1.1: no chips left
def test_a_hit_on_a_unit_with_no_chips_left_by_option() -> None:
    """1 hit (fire value 9 on a roll of 1), d6 1: the table gives 0 lost, 1 back (9.1).

    last_element_hit=loss keeps the table; any_hit takes the stand-up counter on any hit,
    and with 15.0 asks for a test instead.
    """
    s = FireSituation(firer="french_infantry", target="english_infantry", target_elements=1)
    roller = {"roll": 1, "effect_roll": 1}
    assert fire(s, rules(), Roller(dict(roller))).result == "L0R1"
    out = fire(s, rules(last_element_hit="any_hit"), Roller(dict(roller)))
    assert out.result == "eliminated"
    assert any("last_element_hit=any_hit" in n for n in out.notes)
    # 9 hits on 1-9; every hit eliminates.
    assert out.probabilities == {"miss": F(1, 10), "eliminated": F(9, 10)}
    tested = fire(s, rules(last_element_hit="any_hit", morale_rule=True), Roller(dict(roller)))
    assert tested.result == "morale_test"
    # A unit with chips left reads the table either way.
    s2 = FireSituation(firer="french_infantry", target="english_infantry", target_elements=2)
    assert fire(s2, rules(last_element_hit="any_hit"), Roller(dict(roller))).result == "L0R1"


# ------------------------------------------------------------------ 15.0 in a reaction
@pytest.mark.parametrize(("morale_rule", "passed", "result"), [
    (False, False, "charger_eliminated"),
    (True, False, "charger_morale_test"),  # its third loss: a test instead (15.0)
    (True, True, "charger_eliminated"),  # passed once: the next loss removes it
])  # fmt: skip
def test_a_battery_s_reaction_reads_the_morale_rule(
    morale_rule: bool, passed: bool, result: str
) -> None:
    """A battery reacting hits the charger once; d6 3 on the 1-hit column: 1 lost (9.1)."""
    s = ReactionSituation(
        reacting="medium_artillery",
        nation="english",
        empty_hexes=2,
        charger_elements=1,
        charger_passed_morale=passed,
    )
    out = reaction(
        s,
        rules(morale_rule=morale_rule),
        Roller({"reaction_dice": ["english", "french"], "effect_roll": 3}),
    )
    assert out.result == result
    assert sum(out.probabilities.values()) == 1


@pytest.mark.parametrize(("reacting", "option", "result"), [
    ("medium_artillery", "no_fire", "no_reaction"),  # at 0 until rallied: no fight (15.0)
    ("light_cavalry", "no_fire", "no_reaction"),  # nor a counter-charge
    ("english_infantry", "no_fire", "square"),  # a square is no fight
    ("medium_artillery", "zero_plus_modifiers", "loss_then_shock"),  # the hit needs no value
    ("light_cavalry", "zero_plus_modifiers", "counter_charge"),  # its shock is worked at 0
])  # fmt: skip
def test_a_unit_that_passed_its_morale_test_reacts_as_the_option_says_15_0(
    reacting: str, option: str, result: str
) -> None:
    """15.0: a passed unit fights at 0 until rallied (option ``passed_morale_fire``).

    Two white dice, one English flag: a success; the battery's d6 of 3 is 1 lost (9.1).
    """
    s = ReactionSituation(
        reacting=reacting, nation="english", empty_hexes=2, reacting_passed_morale=True
    )
    out = reaction(
        s,
        rules(morale_rule=True, passed_morale_fire=option),
        Roller({"reaction_dice": ["english", "french"], "effect_roll": 3}),
    )
    assert out.result == result
    assert out.rule == ("15.0" if result == "no_reaction" else "9.3")
