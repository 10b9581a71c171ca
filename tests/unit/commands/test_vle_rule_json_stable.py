"""``eote-ref rule --pack vle`` answers the same situations with the same JSON as before.

The shared digest test (``test_rule_json_stable.py``) draws EotE's and AVlE's cases; VlE's are
here, apart, while that test's scheme is rewritten: every procedure of the pack on a few
situations, each with its dice omitted and drawn from a seed, with and without options.
Rewrite the digests when an answer is meant to change and review the cases listed:
``python -m tests.unit.commands.test_vle_rule_json_stable --write``.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys
from typing import Any

from eote_ref.commands import rule_pack
from eote_ref.packs.outcome import PackError
from eote_ref.packs.registry import get_pack
from eote_ref.yamlio.rule_contract import InputError, stable

DIGESTS = pathlib.Path(__file__).with_name("vle_rule_json_digests.json")

#: A few situations a procedure, from the least to the most given.
SITUATIONS: dict[str, list[dict[str, Any]]] = {
    "morale": [{"morale": 8}, {"morale": 9, "original_steps": 7, "steps": 3, "direction": "rear",
               "leader_morale": 2, "disorganized": True, "demoralized_army": True}],
    "loss_malus": [{"original_steps": 9, "steps": 4}, {"original_steps": 3, "steps": 1}],
    "rally": [{"morale": 8, "turns_disorganized": 2}, {"morale": 7, "turns_disorganized": 1,
              "rally_event": True}],
    "square": [{"morale": 8, "cavalry_distance": 3}, {"morale": 8, "cavalry_distance": 2,
               "direction": "flank", "below_failed_unit": True}],
    "countercharge": [{"morale": 9}, {"morale": 8, "original_steps": 4, "steps": 2}],
    "withdrawal": [{"morale": 9}, {"morale": 9, "cavalry_class": "light"},
                   {"morale": 9, "enemy_is_cavalry": True}],
    "fire": [{"firers": [{"value": 3}]}, {"firers": [{"value": 5, "arm": "artillery",
             "empty_hexes": 2, "reduced": True}, {"value": 3}], "target_square": True}],
    "melee": [{"attackers": [{"value": 2, "steps": 6}], "defenders": [{"value": 2, "steps": 5}]},
              {"attackers": [{"value": 3, "steps": 3, "arm": "cavalry", "cavalry_class": "heavy"}],
               "defenders": [{"value": 2, "steps": 6, "general_order": True}], "charge": True,
               "attacked_from": "flank", "attacker_leader_combat": 1}],
    "charge_addon": [{"result": "D"}, {"result": "1", "square": True}],
    "artillery_losses": [{"steps": 2}, {"steps": 3, "stacked_on_infantry": True}],
    "leader_bonus": [{"leaders": [{"morale": 3, "role": "other_corps"}, {"morale": 1}]},
                     {"leaders": [{"combat": -1}], "use": "combat"}],
    "leader_casualty": [{"causes": ["fire_2_or_3"]}, {"causes": ["surrounded_lone_survivor",
                        "stack_eliminated"], "wounds": True, "turn": 4}],
    "army_morale": [{"losses": 12, "threshold": 20}, {"losses": 27, "threshold": 30,
                    "scope": "corps", "modulated": True}],
    "obedience": [{"obedience": 3, "turn": 2}, {"obedience": 4, "turn": 5, "bonus": 1}],
    "order_delay": [{"turn": 3}],
    "initiative": [{"initiative": 4, "turn": 3}],
    "orders": [{"order": "attack", "good_order_units": 8, "artillery_and_reserve": 1},
               {"order": "withdrawal", "units": 7, "corps": 3, "corps_retreating": 2}],
    "time_limit": [{"seconds_used": 200, "limit_seconds": 120}, {"seconds_used": 40,
                   "demoralized": True}],
    "random_event": [{"number": 3, "unit_arm": "artillery"}, {"number": 24, "side": "other"}],
    "stacking": [{"units": [{"arm": "infantry", "steps": 6}, {"arm": "cavalry", "steps": 2}]}],
    "movement": [{"arm": "cavalry", "movement_allowance": 10, "charge": True,
                  "steps": [{"terrain": "wood"}, {"kind": "facing"}, {"hexside": "ridge_up"}]}],
}  # fmt: skip
OPTIONS: list[list[str]] = [
    [],
    ["rout=true", "artillery_losses=system_b", "flank_and_rear_together=cumulative"],
    ["loss_morale=counters", "charge_addon_general_order=not_exempt", "wound_count_start="
     "current_turn", "modulated_threshold_overshoot=next_loss"],
]  # fmt: skip
SEEDS = (1, 2, 3)


def cases() -> list[tuple[str, dict[str, Any], list[str], int]]:
    pack = get_pack("vle")
    assert set(SITUATIONS) == set(pack.procedures), "a procedure without cases"
    return [
        (name, sit, opts, seed)
        for name, sits in SITUATIONS.items()
        for sit in sits
        for opts in OPTIONS
        for seed in SEEDS
    ]


def answer(name: str, sit: dict[str, Any], options: list[str], seed: int) -> str:
    try:
        out = rule_pack.adjudicate(get_pack("vle"), name, json.dumps(sit), options, seed=seed)
    except (InputError, PackError) as exc:
        out = stable({"error": str(exc), "field": exc.field})
    return json.dumps(out, ensure_ascii=False, sort_keys=False)


def digests() -> list[str]:
    return [hashlib.sha256(answer(*c).encode()).hexdigest()[:10] for c in cases()]


def test_every_vle_answer_is_the_same_json_as_before() -> None:
    want = json.loads(DIGESTS.read_text(encoding="utf-8"))
    got = digests()
    assert len(got) == len(want), "the cases changed: rewrite the digests (see the docstring)"
    changed = [c[:3] for c, g, w in zip(cases(), got, want, strict=True) if g != w]
    assert not changed, f"{len(changed)} answers changed, the first: {changed[:2]}"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DIGESTS.write_text(json.dumps(digests(), indent=0) + "\n", encoding="utf-8")
