"""The AVlE 1.2 text's worked examples (7.3, 9.0, 9.4.2, 15.0) and cases worked by hand."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.fire import FireSituation, ShockSituation, fire, shock
from eote_ref.packs.avle.generals import (
    GeneralCaptureSituation,
    GeneralHitSituation,
    general_capture,
    general_hit,
)
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.rally import MoraleSituation, RallySituation, morale, rally
from eote_ref.packs.avle.reaction import ReactionSituation, reaction
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError

F = Fraction


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


# ------------------------------------------------------------------ the text's examples
def test_example_7_3_infantry_with_one_element_causes_one_loss() -> None:
    """7.3: 9 + 4 (flank, adjacent) + 2 (General) = 15; 2 table losses become 1.

    The French infantry unit is down to its stand-up counter, so it causes at most 1 loss.
    """
    s = FireSituation(
        firer="french_infantry",
        target="regular_infantry",
        hexes=1,
        aspect="flank",
        general_attached=True,
        firer_elements=1,
    )
    out = fire(s, rules(), Roller({"roll": 3, "effect_roll": 3}))
    assert out.base == 9
    assert [(m.value, m.rule) for m in out.modifiers] == [(2, "7.3.11"), (4, "9.2")]
    assert out.modified == 15
    assert out.details["hits"] == 2
    assert out.details["table"] == {"losses": 2, "retreat": 0}
    assert out.details["losses"] == 1
    assert out.result == "L1R0"
    assert sum(out.probabilities.values()) == 1
    assert "L2R0" not in out.probabilities  # never more than its 1 element


@pytest.mark.parametrize(("roll", "hits"), [(1, 2), (6, 2), (7, 1), (10, 1), (0, 1)])
def test_example_9_0_sixteen_is_one_automatic_hit_and_another_on_1_to_6(
    roll: int, hits: int
) -> None:
    s = FireSituation(firer="medium_artillery", target="regular_infantry", hexes=1)
    out = fire(s, rules(), Roller({"roll": roll, "effect_roll": 4}))
    assert out.modified == 16
    assert out.details["automatic_hits"] == 1
    assert out.details["hit_on"] == 6
    assert out.details["hits"] == hits
    assert out.details["hits_probabilities"] == {"1": F(4, 10), "2": F(6, 10)}


def test_example_9_0_distribution_worked_by_hand() -> None:
    """Value 16 over both dice, by hand.

    1 hit (4/10): faces 1-2 lose 0 retreat 1, 3-4 lose 1, 5 lose 1 back 1, 6 lose 1 back 2;
    2 hits (6/10): 1 lose 1 back 1, 2 lose 1 back 2, 3-4 lose 2, 5 lose 2 back 1, 6 back 2.
    """
    s = FireSituation(firer="medium_artillery", target="regular_infantry", hexes=1)
    out = fire(s, rules(), Roller({"roll": 2, "effect_roll": 5}))
    assert out.probabilities == {
        "L0R1": F(2, 15), "L1R0": F(2, 15), "L1R1": F(1, 6), "L1R2": F(1, 6),
        "L2R0": F(1, 5), "L2R1": F(1, 10), "L2R2": F(1, 10),
    }  # fmt: skip
    assert out.result == "L2R1"
    assert out.rolls == {"roll": 2, "effect_roll": 5}


@pytest.mark.parametrize(
    ("roll", "result"), [(1, "captured"), (3, "captured"), (4, "escaped"), (0, "escaped")]
)
def test_example_9_4_2_cavalry_moving_3_hexes_captures_on_1_to_3(roll: int, result: str) -> None:
    out = general_capture(GeneralCaptureSituation(hexes_moved=3), rules(), Roller({"roll": roll}))
    assert out.result == result
    assert out.probabilities == {"captured": F(3, 10), "escaped": F(7, 10)}
    assert out.details["capture_on"] == 3


@pytest.mark.parametrize(("roll", "result"), [(5, "holds"), (6, "rout"), (0, "rout")])
def test_example_15_0_french_infantry_routs_on_6_or_more(roll: int, result: str) -> None:
    out = morale(
        MoraleSituation(unit="french_infantry"), rules(morale_rule=True), Roller({"roll": roll})
    )
    assert (out.base, out.modified) == (9, 5)
    assert out.modifiers[0].value == -4
    assert out.modifiers[0].rule == "15.0"
    assert out.result == result
    assert out.probabilities == {"rout": F(1, 2), "holds": F(1, 2)}


# ------------------------------------------------------------------ worked by hand
def test_heavy_cavalry_on_an_open_flank_scores_three_hits_for_certain() -> None:
    """14 + 8 (flank) + 8 (infantry in the open, not in square) = 30: always 3 hits.

    Two automatic hits and a roll of at most 10, which always hits.
    """
    s = ShockSituation(firer="heavy_cavalry", target="french_infantry", aspect="flank")
    out = shock(s, rules(), Roller({"roll": 10, "effect_roll": 1}))
    assert out.modified == 30
    assert out.details["hits_probabilities"] == {"3": F(1)}
    assert out.result == "L2R1"


def test_cavalry_on_a_square_needs_four_or_less() -> None:
    s = ShockSituation(firer="heavy_cavalry", target="french_infantry", target_formation="square")
    out = shock(s, rules(), Roller({"roll": 5}))
    assert out.modified == 4
    assert out.result == "miss"
    assert out.probabilities["miss"] == F(6, 10)
    assert "effect_roll" not in out.rolls


def test_fire_value_over_thirty_reads_the_same_column_either_way() -> None:
    s = ShockSituation(
        firer="heavy_cavalry", target="medium_artillery", aspect="rear", general_attached=True
    )  # 14 + 8 + 8 + 2 = 32
    plain = shock(s, rules(), Roller({"roll": 1, "effect_roll": 3}))
    third = shock(
        s, rules(fire_value_over_ten="third_automatic_hit"), Roller({"roll": 1, "effect_roll": 3})
    )
    assert plain.modified == third.modified == 32
    assert plain.details["hits"] == 3
    assert third.details["hits"] == 4
    assert plain.probabilities == third.probabilities


def test_artillery_shocked_from_an_adjacent_hex_turns_retreat_into_loss() -> None:
    """Light cavalry 9 + 8 on artillery = 17; 1 hit and face 6: lose 1, retreat 2."""
    s = ShockSituation(firer="light_cavalry", target="medium_artillery")
    per_hex = shock(s, rules(), Roller({"roll": 9, "effect_roll": 6}))
    assert per_hex.details["table"] == {"losses": 1, "retreat": 2}
    assert per_hex.result == "eliminated"  # 1 + 2 = its 3 elements
    once = shock(s, rules(retreat_into_loss="one_in_all"), Roller({"roll": 9, "effect_roll": 6}))
    assert once.result == "L2R0"


def test_artillery_fired_on_from_afar_ignores_retreat() -> None:
    s = FireSituation(firer="heavy_artillery", target="medium_artillery", hexes=3)
    out = fire(s, rules(), Roller({"roll": 1, "effect_roll": 6}))
    assert out.modified == 5  # 7 - 2 on artillery
    assert out.result == "L1R0"
    second = rules(artillery_ignores_retreat="second_firer")
    assert fire(s, second, Roller({"roll": 1, "effect_roll": 6})).result == "L1R2"


def test_morale_rule_turns_elimination_into_a_test() -> None:
    s = FireSituation(firer="medium_artillery", target="light_cavalry", hexes=1, target_elements=1)
    assert fire(s, rules(), Roller({"roll": 1, "effect_roll": 3})).result == "eliminated"
    out = fire(s, rules(morale_rule=True), Roller({"roll": 1, "effect_roll": 3}))
    assert out.result == "morale_test"


def test_horse_artillery_rows_after_a_move() -> None:
    s = FireSituation(firer="horse_artillery", target="french_infantry", hexes=1, moved=1)
    assert fire(s, rules(), Roller({"roll": 1, "effect_roll": 1})).base == 10
    two = rules(horse_artillery_moved_row="two_hexes")
    assert fire(s, two, Roller({"roll": 1, "effect_roll": 1})).base == 14


def test_artillery_on_a_hill_reaches_one_hex_further_at_its_longest_value() -> None:
    s = FireSituation(
        firer="medium_artillery", target="french_infantry", hexes=5, firer_terrain="hill"
    )
    assert fire(s, rules(), Roller({"roll": 1, "effect_roll": 1})).base == 3
    with pytest.raises(PackError) as err:
        fire(
            FireSituation(firer="medium_artillery", target="french_infantry", hexes=5),
            rules(),
            Roller({}),
        )
    assert (err.value.field, err.value.rule) == ("hexes", "7.3")


def test_bombardment_doubles_the_sheet_value_or_the_modified_one() -> None:
    s = FireSituation(
        firer="medium_artillery",
        target="french_infantry",
        hexes=1,
        target_terrain="wood",
        bombardment=True,
    )
    assert fire(s, rules(), Roller({"roll": 1, "effect_roll": 1})).modified == 30
    doubled = rules(bombardment_doubling="modified_value")
    assert fire(s, doubled, Roller({"roll": 1, "effect_roll": 1})).modified == 28


def test_a_garrison_fires_at_four_without_modifiers() -> None:
    s = FireSituation(
        firer="garrison", target="french_infantry", firer_terrain="farm", target_terrain="wood"
    )
    out = fire(s, rules(), Roller({"roll": 4, "effect_roll": 1}))
    assert (out.base, out.modifiers, out.modified) == (4, (), 4)
    normal = fire(s, rules(garrison_modifiers="normal"), Roller({"roll": 4, "effect_roll": 1}))
    assert normal.modified == 1  # -2 target in a wood, -1 firing from a farm


def test_infantry_may_not_fire_on_a_building_from_two_hexes() -> None:
    s = FireSituation(
        firer="french_infantry", target="english_infantry", hexes=2, target_terrain="town"
    )
    with pytest.raises(PackError) as err:
        fire(s, rules(), Roller({}))
    assert err.value.rule == "8.4"


@pytest.mark.parametrize(
    ("faces", "result"),
    [
        (["infantry", "infantry", "infantry"], "recovered_2"),
        (["infantry", "flag", "cannon"], "recovered_1"),
        (["general", "flag", "cannon"], "recovered_0"),
    ],
)
def test_rally_counts_matching_faces(faces: list[str], result: str) -> None:
    s = RallySituation(unit="regular_infantry", elements=2, in_enemy_sight=False)
    out = rally(s, rules(), Roller({"command_dice": faces}))
    assert out.result == result
    assert out.probabilities == {
        "recovered_0": F(8, 27),
        "recovered_1": F(12, 27),
        "recovered_2": F(7, 27),
    }


def test_rally_with_a_general_counts_his_face_too() -> None:
    s = RallySituation(unit="light_cavalry", elements=1, general_attached=True, hexes_from_enemy=4)
    out = rally(s, rules(), Roller({"command_dice": ["general", "trooper", "flag"]}))
    assert out.result == "recovered_2"
    assert out.details["matching_faces"] == ["general", "trooper"]
    close = RallySituation(unit="light_cavalry", elements=1, hexes_from_enemy=4)
    far = rules(rally_distance="more_than_four")
    assert rally(close, far, Roller({})).result == "not_allowed"


@pytest.mark.parametrize(
    ("face", "result"), [(1, "stopped"), (3, "loss_then_shock"), (5, "stopped_with_loss")]
)
def test_artillery_reaction_reads_the_one_hit_column(face: int, result: str) -> None:
    s = ReactionSituation(reacting="medium_artillery", nation="english", empty_hexes=2)
    out = reaction(
        s, rules(), Roller({"reaction_dice": ["english", "french"], "effect_roll": face})
    )
    assert out.result == result
    p = F(5, 9)
    assert out.probabilities == {
        "failed": F(4, 9),
        "stopped": p / 3,
        "loss_then_shock": p / 3,
        "stopped_with_loss": p / 3,
    }


def test_reaction_fails_without_the_army_flag_and_allies_count_by_option() -> None:
    s = ReactionSituation(
        reacting="english_infantry", nation="english", allies=["prussian"], empty_hexes=1
    )
    assert reaction(s, rules(), Roller({"reaction_dice": ["prussian"]})).result == "failed"
    allied = rules(allied_flags="any_allied_flag")
    out = reaction(s, allied, Roller({"reaction_dice": ["prussian"]}))
    assert out.result == "square"
    assert out.probabilities["square"] == F(2, 3)


def test_general_hit_by_losses() -> None:
    out = general_hit(GeneralHitSituation(losses=2), rules(), Roller({"roll": 2}))
    assert out.result == "killed"
    assert out.probabilities == {"killed": F(1, 5), "unhurt": F(4, 5)}
    assert out.details["extra_retreat"] == 1
    out = general_hit(GeneralHitSituation(losses=4), rules(), Roller({"roll": 4}))
    assert out.result == "unhurt"
    wider = rules(general_kill_above_three="one_more_each")
    assert general_hit(GeneralHitSituation(losses=4), wider, Roller({"roll": 4})).result == (
        "killed"
    )


@pytest.mark.parametrize(
    ("situation", "field", "rule"),
    [
        (FireSituation(firer="french_infantry", target="garrison"), "target_terrain", "6.0"),
        (
            FireSituation(
                firer="french_infantry", target="garrison", target_terrain="farm", hexes=2
            ),
            "hexes",
            "8.4",
        ),
        (
            FireSituation(
                firer="french_infantry",
                target="french_infantry",
                target_terrain="town",
                aspect="flank",
            ),
            "aspect",
            "8.4",
        ),
        (
            FireSituation(firer="medium_artillery", target="french_infantry", moved=1),
            "moved",
            "6.0",
        ),
        (
            FireSituation(
                firer="medium_artillery", target="french_infantry", firer_terrain="marsh"
            ),
            "firer_terrain",
            "8.5",
        ),
        (FireSituation(firer="french_infantry", target="french_infantry", moved=2), "moved", "6.0"),
        (FireSituation(firer="heavy_cavalry", target="french_infantry"), "firer", "7.3"),
        (
            ShockSituation(firer="heavy_cavalry", target="garrison", target_terrain="town"),
            "target_terrain",
            "8.4",
        ),
        (
            ShockSituation(firer="french_infantry", target="garrison", target_terrain="town"),
            "firer",
            "7.3",
        ),
    ],
)
def test_what_the_rules_forbid_is_refused_naming_field_and_section(
    situation: Any, field: str, rule: str
) -> None:
    procedure = shock if isinstance(situation, ShockSituation) else fire
    with pytest.raises(PackError) as err:
        procedure(situation, rules(), Roller({}))
    assert (err.value.field, err.value.rule) == (field, rule)


def test_infantry_may_fire_two_hexes_after_a_road_move() -> None:
    s = FireSituation(firer="french_infantry", target="french_infantry", moved=2, on_road=True)
    assert fire(s, rules(), Roller({"roll": 1, "effect_roll": 1})).base == 9


def test_a_unit_that_passed_its_morale_test_goes_at_its_next_loss() -> None:
    s = FireSituation(
        firer="medium_artillery",
        target="light_cavalry",
        hexes=1,
        target_elements=1,
        target_passed_morale=True,
    )
    out = fire(s, rules(morale_rule=True), Roller({"roll": 1, "effect_roll": 3}))
    assert out.result == "eliminated"


def test_cavalry_in_a_building_fires_as_a_garrison_or_not_at_all() -> None:
    s = FireSituation(firer="light_cavalry", target="french_infantry", firer_terrain="farm")
    out = fire(s, rules(), Roller({"roll": 4, "effect_roll": 1}))
    assert (out.base, out.modified) == (4, 4)
    with pytest.raises(PackError) as err:
        fire(s, rules(cavalry_in_building="no_fire"), Roller({}))
    assert err.value.rule == "6.0"


def test_the_infantry_cap_covers_the_losses_of_10_1_by_option() -> None:
    """French infantry (1 element) at a square: table 1 loss, retreat 1 turned into a loss."""
    s = FireSituation(
        firer="french_infantry",
        target="english_infantry",
        target_formation="square",
        firer_elements=1,
    )
    out = fire(s, rules(), Roller({"roll": 1, "effect_roll": 5}))  # 9 + 4 = 13: 2 hits
    assert out.details["table"] == {"losses": 2, "retreat": 1}
    assert out.result == "L2R0"  # 1 (capped) + 1 for the retreat
    capped = rules(infantry_cap_extra_losses="all_losses")
    assert fire(s, capped, Roller({"roll": 1, "effect_roll": 5})).result == "L1R0"


def test_a_unit_at_combat_factor_zero() -> None:
    s = FireSituation(firer="french_infantry", target="french_infantry", firer_passed_morale=True)
    with pytest.raises(PackError) as err:
        fire(s, rules(), Roller({}))
    assert err.value.rule == "15.0"
    zero = rules(passed_morale_fire="zero_plus_modifiers")
    out = fire(s, zero, Roller({"roll": 1}))
    assert (out.modified, out.result) == (0, "miss")
    assert out.to_json()["probabilities_exact"] == {"miss": "1"}
