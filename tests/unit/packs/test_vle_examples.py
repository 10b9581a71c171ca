"""VlE 3rd edition: the text's worked examples and cases worked by hand.

Through the calculator's own path (``eote-ref rule --pack vle``: JSON in, JSON out).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from eote_ref.commands.rule_pack import adjudicate
from eote_ref.packs.outcome import PackError
from eote_ref.packs.registry import get_pack
from eote_ref.yamlio.rule_contract import InputError


def ask(procedure: str, options: list[str] | None = None, **situation: Any) -> dict[str, Any]:
    return adjudicate(get_pack("vle"), procedure, json.dumps(situation), options or [])


# ------------------------------------------------------------------ the text's examples
def test_example_viii_6_battery_alone_hit_in_flank_takes_d() -> None:
    """VIII.6: 4 to 1, die 1: the table's 1/1* becomes 0/D for a battery alone in flank."""
    out = ask(
        "melee",
        attackers=[{"value": 2, "steps": 4}],
        defenders=[{"value": 1, "steps": 2, "arm": "artillery"}],
        attacked_from="flank",
        roll=1,
    )
    assert out["column"] == "4/1+"
    assert out["cell"] == "1/1*"
    assert out["cell_source"] == "text"
    assert out["result"] == "0/D"


def test_example_viii_6_battery_d1_is_kept() -> None:
    """VIII.6: a D1 stands as it is (the provisional 4/1 die 4 cell is 0/D1)."""
    out = ask(
        "melee",
        attackers=[{"value": 2, "steps": 4}],
        defenders=[{"value": 1, "steps": 2, "arm": "artillery"}],
        attacked_from="rear",
        roll=4,
    )
    assert out["cell_source"] == "provisional"
    assert out["cell"] == "0/D1"
    assert out["result"] == "0/D1"


def test_example_viii_8_one_ratio_29_to_12_reads_2_to_1() -> None:
    """VIII.8 example 1: line 7x2 + column 5x(2+1) = 29 against 6x2 = 12: the 2/1 column."""
    out = ask(
        "melee",
        attackers=[{"value": 2, "steps": 7}, {"value": 2, "steps": 5, "column": True}],
        defenders=[{"value": 2, "steps": 6}],
        roll=3,
    )
    assert (out["attack_strength"], out["defence_strength"]) == (29, 12)
    assert out["column"] == "2/1"
    assert any("provisional" in n for n in out["notes"])


def test_example_viii_8_two_and_viii_4_strength_is_value_times_steps() -> None:
    """VIII.8 example 2: value 2, -1 for the wood (the umpire's), 4 steps: strength 4."""
    out = ask(
        "melee", attackers=[{"value": 1, "steps": 4}], defenders=[{"value": 2, "steps": 5}], roll=1
    )
    assert out["attack_strength"] == 4
    assert out["defence_strength"] == 10
    assert out["column"] == "1/2-"  # 4/10 is below 2/3


def test_example_vii_1_reduced_battery_halves_rounding_up() -> None:
    """VII.1: a battery of 5 or 6 fires at 3 with one step left."""
    for printed in (5, 6):
        out = ask("fire", firers=[{"value": printed, "arm": "artillery", "reduced": True}], roll=1)
        assert out["fire_value"] == 3


def test_example_xi_1_rally_needs_a_marker_two_turns_old() -> None:
    """XI.1: on turn 8 the markers of turn 6 or before may rally, not turn 7's."""
    assert ask("rally", morale=8, turns_disorganized=1)["result"] == "not_allowed"
    out = ask("rally", morale=8, turns_disorganized=2, dice=[2, 3])
    assert out["modified"] == 6  # -2 disorganized
    assert out["result"] == "passed"


def test_example_xvi_8_modulated_level() -> None:
    """XVI.8: a level of 30 is drawn at 25; a 6 makes it 31, a 9 makes it 34."""
    six = ask("army_morale", losses=25, threshold=30, scope="corps", modulated=True,
              level_roll=3, level_roll_2=3)  # fmt: skip
    assert six["secret_threshold"] == 31
    assert six["result"] == "holding"
    nine = ask("army_morale", losses=34, threshold=30, scope="corps", modulated=True,
               level_roll=4, level_roll_2=5)  # fmt: skip
    assert nine["secret_threshold"] == 34
    assert nine["result"] == "demoralized"
    early = ask("army_morale", losses=24, threshold=30, scope="corps", modulated=True)
    assert early["result"] == "holding"
    assert early["draw_at"] == 25


def test_example_xvii_6_obedience_and_delay() -> None:
    """XVII.6: an order reaches a leader of obedience 3 on turn 2."""
    ok = ask("obedience", obedience=3, turn=2, roll=3)
    assert ok["result"] == "obeyed"
    assert ok["in_effect_turn"] == 3
    assert ok["probabilities_exact"] == {"obeyed": "1/2", "delayed": "1/2"}
    late = ask("obedience", obedience=3, turn=2, roll=4)
    assert late["result"] == "delayed"
    assert late["delay_check_turn"] == 3
    assert ask("order_delay", turn=3, roll=4)["in_effect_turn"] == 4
    assert ask("order_delay", turn=3, roll=5)["in_effect_turn"] == 5
    assert ask("order_delay", turn=3, roll=6)["result"] == "never"
    same_hex = ask("obedience", obedience=3, turn=2, with_army_commander=True)
    assert same_hex["result"] == "obeyed"
    assert same_hex["rolls"] == {}


def test_example_vi_2_column_path_costs_five() -> None:
    """VI.2: clear 1, clear up a ridge 1+1, forest 2: 5 MP of a column's 6."""
    out = ask(
        "movement",
        arm="infantry",
        movement_allowance=6,
        steps=[
            {"hex_cost": 1},
            {"hex_cost": 1, "hexside": "ridge_up", "hexside_cost": 1},
            {"hex_cost": 2},
        ],
    )
    assert out["spent"] == 5
    assert out["result"] == "allowed"


def test_example_vi_3_limbering_costs_two_of_the_limbered_allowance() -> None:
    """VI.3: limbered allowance 5, 2 spent limbering, 3 left."""
    three = [{"hex_cost": 1}] * 3
    ok = ask("movement", arm="artillery", movement_allowance=5, formation="limbered",
             unlimbering_back=True, steps=three)  # fmt: skip
    assert ok["spent"] == 5
    assert ok["result"] == "allowed"
    too_far = ask("movement", arm="artillery", movement_allowance=5, formation="limbered",
                  unlimbering_back=True, steps=[*three, {"hex_cost": 1}])  # fmt: skip
    assert too_far["result"] == "not_allowed"


def test_example_xiv_3_leader_combat_value_on_the_die() -> None:
    """XIV.3: Oudinot (+1) adds 1 attacking and takes 1 defending; the King of Prussia (-1)."""
    base = {"attackers": [{"value": 2, "steps": 6}], "defenders": [{"value": 2, "steps": 6}]}
    att = ask("melee", **base, attacker_leader_combat=1, roll=3)
    assert att["modified"] == 1
    assert att["rolls"]["modified_roll"] == 4
    dfn = ask("melee", **base, defender_leader_combat=1, roll=3)
    assert dfn["rolls"]["modified_roll"] == 2
    king = ask("melee", **base, defender_leader_combat=-1, roll=3)
    assert king["rolls"]["modified_roll"] == 4


def test_example_ix_6_charge_addon() -> None:
    """IX.6: the charge add-on raises each result one step (0 unchanged); a square is spared."""
    for before, after in (("0", "0"), ("1", "2"), ("D", "D1"), ("D1", "D2"), ("*", "*")):
        assert ask("charge_addon", result=before)["result"] == after
    assert ask("charge_addon", result="D", square=True)["result"] == "D"
    assert ask("charge_addon", result="D", general_order=True)["result"] == "D"
    assert ask("charge_addon", ["charge_addon_general_order=not_exempt"], result="D",
               general_order=True)["result"] == "D1"  # fmt: skip


# ------------------------------------------------------------------ worked by hand
def test_morale_odds_and_naturals() -> None:
    """X.2, X.3: 2d6 at most 7 is 21/36; a double 1 passes at 1, a double 6 fails at 12."""
    out = ask("morale", morale=7, dice=[3, 4])
    assert out["probabilities_exact"]["passed"] == "7/12"
    assert out["result"] == "passed"
    low = ask("morale", morale=3, below_failed_unit=True, direction="rear", dice=[1, 1])
    assert low["modified"] == -2
    assert low["result"] == "passed"
    assert low["probabilities_exact"]["passed"] == "1/36"
    high = ask("morale", morale=11, leader_morale=6, dice=[6, 6])
    assert high["result"] == "disorganized"
    assert high["probabilities_exact"]["passed"] == "35/36"


def test_morale_modifiers_add_up() -> None:
    """X.4: 9, leader +2, flank -2, losses 9 -> 5 steps -1, below a failed unit -2: 6."""
    out = ask("morale", morale=9, leader_morale=2, direction="flank", original_steps=9,
              steps=5, below_failed_unit=True, dice=[3, 3])  # fmt: skip
    assert out["modified"] == 6
    assert out["result"] == "passed"
    assert {m["rule"] for m in out["modifiers"]} == {"XIV.4", "X.4", "X.4, V.5"}


def test_second_disorganization_eliminates_straggles_or_routs() -> None:
    """VII.9, XII.2, XVI.5."""
    base = {"morale": 8, "disorganized": True, "dice": [6, 5]}
    assert ask("morale", **base)["result"] == "eliminated"
    assert ask("morale", **base, demoralized_army=True)["result"] == "straggler"
    assert ask("morale", ["rout=true"], **base)["result"] == "routed"


def test_loss_grid() -> None:
    """X.4: a few cells of the grid; 3 steps or fewer never."""
    cells = {(9, 7): "none", (9, 6): "minus_1", (9, 3): "minus_2", (8, 6): "none",
             (7, 4): "minus_1", (7, 2): "minus_2", (6, 3): "minus_1", (4, 3): "none",
             (4, 2): "minus_1", (3, 1): "none", (12, 3): "minus_2"}  # fmt: skip
    for (orig, now), code in cells.items():
        assert ask("loss_malus", original_steps=orig, steps=now)["result"] == code, (orig, now)
    with pytest.raises(PackError):
        ask("loss_malus", ["loss_malus_above_row_9=club_value"], original_steps=10, steps=3)


def test_square_distance() -> None:
    """IX.6: +1 at 3 hexes, none at 2, no attempt adjacent; flank ignored."""
    assert ask("square", morale=8, cavalry_distance=3, dice=[4, 5])["modified"] == 9
    assert (
        ask("square", morale=8, cavalry_distance=2, direction="flank", dice=[4, 5])["modified"] == 8
    )
    assert ask("square", morale=8, cavalry_distance=1)["result"] == "not_allowed"


def test_withdrawal_and_countercharge() -> None:
    """VI.8 and IX.7: no withdrawal from cavalry; printed morale; failed countercharge idle."""
    assert ask("withdrawal", morale=9, enemy_is_cavalry=True)["result"] == "not_allowed"
    w = ask("withdrawal", morale=9, leader_morale=2, original_steps=6, steps=3, dice=[5, 5])
    assert w["modified"] == 9
    assert w["result"] == "disorganized"
    assert ask("countercharge", morale=8, dice=[5, 5])["result"] == "failed_no_effect"


def test_fire_square_die_and_town() -> None:
    """VII.10: +1 to the die against a square; VII.3: no morale check in a town."""
    out = ask("fire", firers=[{"value": 4}], target_square=True, roll=5)
    assert out["rolls"]["modified_roll"] == 6
    assert out["row"] == "6"
    town = ask("fire", firers=[{"value": 7}], target_terrain="town", roll=6)
    assert town["morale_check"] is False


def test_artillery_range_and_minimum() -> None:
    """IV.12: -1 an empty hex, never below 1 within range."""
    assert (
        ask("fire", firers=[{"value": 5, "arm": "artillery", "empty_hexes": 3}], roll=1)[
            "fire_value"
        ]
        == 2
    )
    assert (
        ask("fire", firers=[{"value": 3, "arm": "artillery", "empty_hexes": 5}], roll=1)[
            "fire_value"
        ]
        == 1
    )


def test_artillery_losses_b_odds() -> None:
    """XVI.2 B: two steps, each counts on 1-3: 0, 1, 2 with 1/4, 1/2, 1/4."""
    out = ask("artillery_losses", ["artillery_losses=system_b"], steps=2, rolls=[1, 6])
    assert out["result"] == "battery_1"
    assert out["probabilities_exact"] == {
        "battery_0": "1/4",
        "battery_1": "1/2",
        "battery_2": "1/4",
    }
    stacked = ask("artillery_losses", ["artillery_losses=system_b"], steps=3,
                  stacked_on_infantry=True, rolls=[4])  # fmt: skip
    assert stacked["result"] == "battery_0"
    assert stacked["infantry_steps"] == 2


def test_leader_casualty_surrounded_and_wound() -> None:
    """XIV.5: 4-6 when surrounded; XVII.1: 1-5 turns out, 6 for good."""
    out = ask("leader_casualty", causes=["surrounded_lone_survivor"], roll=4)
    assert out["result"] == "killed"
    assert out["probabilities_exact"]["killed"] == "1/2"
    w = ask("leader_casualty", causes=["stack_eliminated"], wounds=True, turn=3, roll=6,
            wound_roll=2)  # fmt: skip
    assert w["result"] == "wounded"
    assert w["returns_turn"] == 6
    assert w["probabilities_exact"] == {"unhurt": "5/6", "wounded": "5/36", "killed": "1/36"}


def test_time_limit_rounds_up() -> None:
    """XIX.2: 31 s over is -2; XIX.3: demoralized, 40 s used is 25 over, -2."""
    assert ask("time_limit", seconds_used=151, limit_seconds=120)["result"] == "malus_2"
    assert ask("time_limit", seconds_used=40, demoralized=True)["result"] == "malus_2"


def test_orders_counts() -> None:
    """XVII.3: attack a third rounded up; withdrawal half rounded down; Prussia by year."""
    assert ask("orders", order="attack", good_order_units=7)["must_engage"] == 3
    assert ask("orders", order="withdrawal", units=5)["must_withdraw"] == 2
    assert ask("orders", order="march", nation="prussian", year=1807)["orders_per_turn"] == 1
    assert ask("orders", order="march", nation="prussian", year=1813)["orders_per_turn"] == 2


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises((InputError, PackError)):
        ask("morale", morale=8, dice=[7, 1])
    with pytest.raises((InputError, PackError)):
        ask("morale", morale=8, dice=[3])
    with pytest.raises((InputError, PackError)):
        ask("morale", ["no_such_option=1"], morale=8)


def test_every_option_is_named_with_its_default_first() -> None:
    pack = get_pack("vle")
    for name in (
        "loss_malus_above_row_9",
        "charge_addon_general_order",
        "melee_die_out_of_range",
        "wound_count_start",
        "modulated_scope",
        "routed_morale",
        "event_bonus_sign",
    ):
        spec = pack.options[name]
        assert spec.default == spec.choices[0]
    assert len(pack.options) >= 25
