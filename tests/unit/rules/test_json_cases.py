"""Rules through ``eote-ref rule``'s JSON: disorder, rout and integrity calls, scaled distances.

Second D on a partly disordered side, disintegrating cavalry, scaled distances and their floor,
infantry fire inside the assault distance, routs that call the integrity check, artillery
support, order activation steps and numbers read from the ruleset (first found by the audit
of issue 14). Every case runs through the calculator's own function (``eote-ref rule``
in-process) and checks the rule, not a number copied from the output.
"""

from __future__ import annotations

import json
import pathlib
import re
from typing import Any

import pytest

from eote_ref.packs.eote.calculator import InputError, adjudicate
from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rulesets import DEFAULT_RULESET, load_default

RS = load_default()
INF = {"arm": "infantry", "formation": "line"}


def rule(procedure: str, situation: dict[str, Any], *options: str, **kw: Any) -> dict[str, Any]:
    """``echo JSON | eote-ref rule PROCEDURE --option ...`` in-process."""
    return adjudicate(procedure, json.dumps(situation), options=list(options), **kw)


def refused(procedure: str, situation: dict[str, Any], *options: str) -> ValueError:
    with pytest.raises((InputError, RulesError)) as err:
        rule(procedure, situation, *options)
    return err.value


def trace(out: dict[str, Any]) -> float:
    return float(out["base"]) + sum(float(m["value"]) for m in out["modifiers"])


# ------------------------------------------------- 1. second D with some units disordered


def test_issue_example_second_d_on_a_partly_disordered_side() -> None:
    """EotE 7.3, 7.9: the disordered attacker falls back; its formed partner stays in contact."""
    out = rule(
        "assault",
        {
            "attackers": [{**INF, "ce": 6, "disordered": True}, {**INF, "ce": 7}],
            "defenders": [{**INF, "ce": 8}],
            "roll": 3,
        },
    )
    assert out["attacker_result"] == "D"
    fell = {k: e["fall_back_in"] for k, e in out["effects"].items()}
    assert fell["attacker_1"] == RS.distance("fall_back_infantry").value
    assert fell["attacker_2"] == 0
    assert out["effects"]["attacker_1"]["hits"] == 0  # no other penalty
    assert out["engaged_next_turn"] is True  # the formed unit is still in contact


@pytest.mark.parametrize("roll", range(1, 11))
def test_second_d_per_unit_on_either_side_at_any_roll(roll: int) -> None:
    """General: every disordered unit on a side that takes D falls back, the formed ones not."""
    out = rule(
        "assault",
        {
            "attackers": [{**INF, "ce": 7}, {**INF, "ce": 5, "disordered": True}],
            "defenders": [{**INF, "ce": 6, "disordered": True}, {**INF, "ce": 6}],
            "roll": roll,
        },
    )
    for side, units in (("attacker", (False, True)), ("defender", (True, False))):
        code = out[f"{side}_result"]
        for i, disordered in enumerate(units, start=1):
            e = out["effects"][f"{side}_{i}"]
            if code == "D":
                assert (e["fall_back_in"] > 0) is disordered


# ------------------------------------------------- 2. disintegrating cavalry


def test_issue_example_disintegrating_cavalry_gains_no_marker() -> None:
    """EotE 5.10, 5.11: removed with the markers it has; no further blown marker."""
    out = rule("cavalry_end_of_turn", {"blown": 1, "engaged_this_turn": True})
    assert out["result"] == "disintegrated"
    assert out["blown_after"] == 1
    assert out["modified"] == trace(out)


@pytest.mark.parametrize("blown", [1, 2, 3])
def test_disintegration_keeps_every_marker(blown: int) -> None:
    out = rule("cavalry_end_of_turn", {"blown": blown, "engaged_this_turn": True})
    assert (out["blown_after"], out["disintegrated"]) == (blown, True)


# ------------------------------------------------- 3. no invented 1" minimum


def test_issue_example_square_at_6mm_moves_0() -> None:
    """Introduction: 2" less at 6mm; square 2" → 0", and modified is base plus modifiers."""
    out = rule(
        "movement",
        {"arm": "infantry", "formation": "square", "has_initiative": True, "figure_scale": "6mm"},
    )
    expected = RS.movement["infantry_square"].value + RS.scales["6mm"].value
    assert out["allowance_in"] == expected == 0
    assert out["modified"] == trace(out)


@pytest.mark.parametrize("floor", [0, 1, 2])
def test_scaled_distance_floor_option(floor: int) -> None:
    """Option scaled_distance_floor: off by default; a club floor is a named house modifier."""
    sit = {"arm": "infantry", "formation": "square", "figure_scale": "6mm"}
    out = rule("movement", sit, f"scaled_distance_floor={floor}")
    assert out["allowance_in"] == floor
    assert out["modified"] == trace(out)
    named = [m for m in out["modifiers"] if "scaled_distance_floor" in m["reason"]]
    assert bool(named) is (floor > 0)
    assert all(m["source"] == "house" for m in named)


def test_scaled_distances_follow_the_text_everywhere() -> None:
    """The support, fire and command distances at 6mm are the printed ones less 2", no floor."""
    out = rule("command_radius", {"rating": -1, "figure_scale": "6mm"})
    assert out["radius_in"] == RS.command_radius[0].division + RS.scales["6mm"].value
    assert out["modified"] == trace(out)


# ------------------------------------------------- 4. infantry within 3" assaults


@pytest.mark.parametrize(("scale", "inside"), [("15mm", 3), ("15mm", 0.5), ("25mm", 5), ("6mm", 1)])
def test_infantry_fire_within_the_assault_distance_is_refused(scale: str, inside: float) -> None:
    """EotE 1.8.2, 6.5, 7.6: infantry that close to infantry or artillery assaults instead."""
    for target in ({**INF, "ce": 5}, {"arm": "artillery", "ce": 5, "formation": "unlimbered"}):
        err = refused(
            "fire",
            {
                "firers": [{**INF, "ce": 6}],
                "target": target,
                "range_in": inside,
                "figure_scale": scale,
            },
        )
        assert getattr(err, "field", None) == "range_in"
        assert "7.6" in str(err) or getattr(err, "rule", None) == "7.6"


@pytest.mark.parametrize(("scale", "outside"), [("15mm", 3.5), ("25mm", 5.5), ("6mm", 1.5)])
def test_infantry_fire_beyond_the_assault_distance_is_fire(scale: str, outside: float) -> None:
    sit = {
        "firers": [{**INF, "ce": 6}],
        "target": {**INF, "ce": 5},
        "range_in": outside,
        "figure_scale": scale,
        "roll": 4,
    }
    assert rule("fire", sit)["procedure"] == "fire"


def test_pass_through_fire_within_3_inches_stays_allowed() -> None:
    """EotE 6.7: pass-through fire is at any range up to 5"."""
    sit = {
        "firers": [{**INF, "ce": 6}],
        "target": {**INF, "ce": 5},
        "range_in": 2,
        "pass_through": True,
        "roll": 4,
    }
    assert rule("fire", sit)["result"] in {"none", "D", "1", "2"}


# ------------------------------------------------- 5. routs call the integrity check


def test_assault_rout_calls_integrity_and_the_passed_through_checks() -> None:
    out = rule(
        "assault", {"attackers": [{**INF, "ce": 12}], "defenders": [{**INF, "ce": 5}], "roll": 10}
    )
    assert out["defender_result"] == "R"
    checks = out["effects"]["defender_1"]["checks_due"]
    assert "divisional_integrity" in checks
    assert "morale_of_units_passed_through" in checks


@pytest.mark.parametrize(
    ("arm", "formation", "calls"),
    [("infantry", "line", True), ("artillery", "unlimbered", False), ("cavalry", "line", False)],
)
def test_morale_rout_calls_integrity_for_infantry(arm: str, formation: str, calls: bool) -> None:
    """EotE 9.0: a division checks at the end of a turn in which any of its infantry routed."""
    out = rule("morale", {"arm": arm, "ce": 4, "formation": formation, "hits": 3, "roll": 9})
    assert out["result"] == "rout"
    checks = out["effects"]["unit"]["checks_due"]
    assert ("divisional_integrity" in checks) is calls
    assert "morale_of_units_passed_through" in checks


# ------------------------------------------------- 6. one field, one meaning


@pytest.mark.parametrize(
    ("unit_flag", "top_flag", "unsupported"),
    [(True, True, False), (False, True, True), (True, False, True), (False, False, True)],
)
def test_artillery_support_is_one_fact(unit_flag: bool, top_flag: bool, unsupported: bool) -> None:
    """EotE 1.7, 7.5: the unit's supported and artillery_supported say the same thing."""
    sit = {
        "arm": "artillery",
        "ce": 6,
        "formation": "unlimbered",
        "hits": 3,
        "roll": 1,
        "supported": unit_flag,
        "artillery_supported": top_flag,
    }
    out = rule("morale", sit)
    penalty = RS.mod("morale", "unsupported_artillery")
    got = [m for m in out["modifiers"] if m["reason"] == penalty.reason]
    assert bool(got) is unsupported


# ------------------------------------------------- 7. order activation steps


def test_order_steps_are_provisional_and_named_truly() -> None:
    """EotE 3.6: 17" from a corps leader rated 0 (16" radius) is beyond the radius."""
    out = rule(
        "order_activation", {"leader_rating": 0, "level": "corps", "distance_in": 17, "roll": 5}
    )
    first, step = out["modifiers"]
    assert "within the command radius" not in first["reason"]
    assert "beyond" in first["reason"]
    assert step["source"] == "provisional"
    assert "inches_per_1500_yards" in step["reason"]
    assert "order_distance_rounding" in step["reason"]


@pytest.mark.parametrize(
    ("per", "rounding", "beyond", "steps"),
    [
        (15, "up", 1, 1),
        (15, "down", 1, 0),
        (15, "up", 16, 2),
        (15, "down", 16, 1),
        (10, "up", 16, 2),
        (20, "up", 16, 1),
        (12, "down", 24, 2),
    ],
)
def test_order_distance_options_change_the_steps(
    per: int, rounding: str, beyond: float, steps: int
) -> None:
    radius = next(r.corps for r in RS.command_radius if r.rating == 0)
    out = rule(
        "order_activation",
        {"leader_rating": 0, "level": "corps", "distance_in": radius + beyond, "roll": 5},
        f"inches_per_1500_yards={per}",
        f"order_distance_rounding={rounding}",
    )
    step = RS.mod("oac", "per_1500_yards").value
    got = [m["value"] for m in out["modifiers"] if "1500 yards" in m["reason"]]
    assert sum(got) == steps * step


# ------------------------------------------------- 8. numbers come from the ruleset


def test_replacement_leader_reads_the_ruleset(tmp_path: pathlib.Path) -> None:
    """EotE 8.0: the delay and rating come from the ruleset a club may edit."""
    text = DEFAULT_RULESET.read_text(encoding="utf-8")
    text = re.sub(r"(replacement_delay_turns:\s*\{value: )2", r"\g<1>3", text)
    text = re.sub(r"(replacement_rating:\s*\{value: )-1", r"\g<1>0", text)
    house = tmp_path / "house.yaml"
    house.write_text(text, encoding="utf-8")
    shipped = rule("leader_casualty", {"roll": 1})
    edited = rule("leader_casualty", {"roll": 1}, ruleset_file=str(house))
    assert (shipped["replacement_in_turns"], shipped["replacement_rating"]) == (2, -1)
    assert (edited["replacement_in_turns"], edited["replacement_rating"]) == (3, 0)


@pytest.mark.parametrize("scale", ["6mm", "15mm", "25mm"])
def test_breakthrough_note_follows_the_scale(scale: str) -> None:
    """EotE 5.15: the breakthrough distance in a note is the scaled one."""
    reach = RS.scaled(RS.distance("breakthrough").value, scale)
    cav = {"arm": "cavalry", "ce": 9, "formation": "line"}
    out = rule(
        "assault",
        {"attackers": [cav], "defenders": [{**INF, "ce": 3}], "roll": 10, "figure_scale": scale},
    )
    notes = " ".join(out["effects"]["attacker_1"]["notes"])
    assert f'{reach:g}" breakthrough' in notes
    out = rule("british_cavalry_breakthrough", {"roll": 2, "figure_scale": scale})
    assert f'{reach:g}"' in out["notes"][0]
