"""VlE 3rd edition: situations worked by hand against the text where the pack was wrong.

Each was met by drawing random situations (units of the Saalfeld lists) and comparing every
number with the text; through the calculator's own path (``eote-ref rule --pack vle``). The
cells read are the provisional tables' (a club types its own); the column, the row and what
the procedure does with the cell are the text's.
"""

from __future__ import annotations

import json
from typing import Any

from eote_ref.commands.rule_pack import adjudicate
from eote_ref.packs.registry import get_pack


def ask(procedure: str, options: list[str] | None = None, **situation: Any) -> dict[str, Any]:
    return adjudicate(get_pack("vle"), procedure, json.dumps(situation), options or [])


# ------------------------------------------------------------------ melee
def test_iv_4_a_square_attacked_by_infantry_and_cavalry_together_is_halved() -> None:
    """IV.4: with infantry among the attackers the square's value is halved, cavalry or not.

    A square of 4 steps at value 2 (8) charged by a column (2+1, 3 steps: 9) and hussars
    (3, dropped to 1 by the square, 2 steps: 2): 11 against 1 x 4 = 4, the 2/1 column.
    It read 11 against 8 (the 1/1 column): only an attack by infantry alone halved it.
    """
    out = ask(
        "melee",
        attackers=[{"value": 2, "steps": 3, "column": True},
                   {"value": 3, "steps": 2, "arm": "cavalry", "cavalry_class": "light"}],
        defenders=[{"value": 2, "steps": 4, "square": True}],
        charge=True, roll=3,
    )  # fmt: skip
    assert (out["attack_strength"], out["defence_strength"]) == (11, 4)
    assert out["column"] == "2/1"


def test_iv_4_a_square_has_no_flank_so_an_attack_there_does_not_halve_it() -> None:
    """IV.4 (and IV.3, IV.5): a square's six neighbours are all front hexes.

    Infantry against a square through what would be its flank: the square's 2 is halved once
    for the infantry (IV.4), not again for a flank it does not have (VIII.6): 1 x 4 = 4.
    """
    out = ask(
        "melee",
        attackers=[{"value": 2, "steps": 4}],
        defenders=[{"value": 4, "steps": 4, "square": True}],
        attacked_from="flank", roll=3,
    )  # fmt: skip
    assert out["defence_strength"] == 8  # 4 halved once, x 4 steps
    general_order = ask(
        "melee",
        attackers=[{"value": 2, "steps": 4}],
        defenders=[{"value": 2, "steps": 3, "general_order": True}],
        attacked_from="rear", roll=3,
    )  # fmt: skip
    assert general_order["defence_strength"] == 6  # 2 x 3: no rear in general order
    line = ask("melee", attackers=[{"value": 2, "steps": 4}],
               defenders=[{"value": 2, "steps": 3}], attacked_from="rear", roll=3)  # fmt: skip
    assert line["defence_strength"] == 3  # a line has a rear: 2 halved, x 3


def test_iv_13_disorganized_artillery_attacked_in_melee_is_eliminated() -> None:
    """IV.13: a disorganized battery alone is eliminated by any melee, no table read."""
    out = ask(
        "melee",
        attackers=[{"value": 2, "steps": 4}],
        defenders=[{"value": 1, "steps": 2, "arm": "artillery", "disorganized": True}],
        roll=1,
    )
    assert out["result"] == "0/E"
    assert out["probabilities_exact"] == {"0/E": "1"}


def test_viii_6_the_lone_battery_rule_is_for_an_unlimbered_battery_only() -> None:
    """VIII.6: only an unlimbered battery alone turns a 0 or 1 into D when hit in flank or rear.

    A limbered one (IV.11: faced like a column) fights it out: 4 to 1 with a die of 1 is the
    text's own cell 1/1*, the attacker's 1 and the battery's 1* both stand.
    """
    limbered = ask(
        "melee",
        attackers=[{"value": 2, "steps": 4}],
        defenders=[{"value": 1, "steps": 2, "arm": "artillery", "limbered": True}],
        attacked_from="flank", roll=1,
    )  # fmt: skip
    assert limbered["result"] == "1/1*"
    unlimbered = ask(
        "melee",
        attackers=[{"value": 2, "steps": 4}],
        defenders=[{"value": 1, "steps": 2, "arm": "artillery"}],
        attacked_from="flank", roll=1,
    )  # fmt: skip
    assert unlimbered["result"] == "0/D"


# ------------------------------------------------------------------ fire
def test_iv_6_fire_on_tirailleurs_takes_one_off_the_die() -> None:
    """IV.6: every fire on a unit in tirailleurs is at -1 to the die.

    Fire value 4, a die of 3: the modified die 2 reads the provisional cell of 4 + 2 (no
    effect), where the unmodified 3 would have been a morale check.
    """
    out = ask("fire", firers=[{"value": 4}], target_tirailleur=True, roll=3)
    assert out["rolls"]["modified_roll"] == 2
    assert out["row"] == "2"
    assert out["die_modifiers"] == [
        {"value": -1, "reason": "target in tirailleurs", "rule": "IV.6", "source": "text"}
    ]
    assert out["result"] == "no_effect"


# ------------------------------------------------------------------ morale
def test_iv_5_a_disorganized_unit_has_no_flank_or_rear_for_its_morale() -> None:
    """IV.5: a disorganized unit's six neighbours are front hexes: no -2 or -3 for direction.

    Morale 8, disorganized -2: 6 whatever side the fire came from.
    """
    out = ask("morale", morale=8, disorganized=True, direction="rear", dice=[3, 3])
    assert out["modified"] == 6
    assert out["result"] == "passed"
    square = ask("morale", morale=8, six_front_hexes=True, direction="flank", dice=[4, 4])
    assert square["modified"] == 8


def test_iv_13_a_disorganized_battery_keeps_its_flank_for_its_morale() -> None:
    """IV.13: a disorganized battery is not given six front hexes (the melee agrees).

    Morale 7, disorganized -2, fired on in the flank -2: 3, where the check read 5 (the
    flank dropped as for disorganized infantry, IV.5). A routed battery has six (XVI.5).
    """
    out = ask("morale", morale=7, arm="artillery", disorganized=True, direction="flank",
              dice=[2, 2])  # fmt: skip
    assert out["modified"] == 3
    assert out["result"] == "eliminated"
    routed = ask("morale", morale=7, arm="artillery", disorganized=True, routed=True,
                 direction="flank", dice=[2, 2])  # fmt: skip
    assert routed["modified"] == 4  # -3 routed, no flank


def test_viii_9_xii_1_only_a_good_order_unit_checks_for_a_retreat_or_chain_reaction() -> None:
    """VIII.9, X.1, XII.1: a disorganized unit takes no retreat or chain reaction check.

    Only a good order unit checks when a retreat passes through it or in a chain reaction; a
    disorganized one was checked, and eliminated on a failure.
    """
    for reason in ("retreat_through", "chain_reaction"):
        out = ask("morale", morale=8, reason=reason, disorganized=True, dice=[6, 5])
        assert out["result"] == "not_allowed", reason
    good = ask("morale", morale=8, reason="retreat_through", dice=[6, 5])
    assert good["result"] == "disorganized"


def test_iv_4_no_square_in_general_order() -> None:
    """IV.4: no square attempt in general order.

    Squares form only where the ground is clear, a farm or difficult; general order means a
    town, wood, brush or castle (IV.3).
    """
    out = ask("square", morale=9, cavalry_distance=3, general_order=True, dice=[2, 2])
    assert out["result"] == "not_allowed"


def test_ix_6_a_battery_or_cavalry_cannot_form_square() -> None:
    """IX.6: only infantry tries to form square; the procedure took every unit for infantry."""
    for arm in ("cavalry", "artillery"):
        out = ask("square", morale=9, cavalry_distance=3, arm=arm, dice=[2, 2])
        assert out["result"] == "not_allowed", arm
