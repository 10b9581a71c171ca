"""``eote-ref rule --pack avle``: the calculator's contract for the AVlE pack."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from eote_ref.packs.eote.calculator import describe_all
from tests.cli_runner import modules_of_a_call, run_in_process, run_subprocess

CONTRACT_KEYS = [
    "procedure",
    "rule",
    "base",
    "modifiers",
    "modified",
    "roll",
    "result",
    "probabilities",
]

#: A minimal valid situation for every AVlE procedure.
MINIMAL: dict[str, dict[str, Any]] = {
    "fire": {"firer": "medium_artillery", "target": "french_infantry", "hexes": 2},
    "shock": {"firer": "light_cavalry", "target": "french_infantry"},
    "reaction": {"reacting": "medium_artillery", "nation": "english", "empty_hexes": 2},
    "general_hit": {"losses": 1},
    "general_capture": {"hexes_moved": 3},
    "rally": {"unit": "french_infantry", "elements": 2, "in_enemy_sight": False},
    "morale": {"unit": "heavy_cavalry"},
    "pursuit": {"unit": "heavy_cavalry"},
    "victory": {"sides": {"french": {"wins_at": 12}, "allied": {"wins_at": 14}}},
    "orders": {"sides": {"french": {"card": "left"}, "allied": {"card": "bombardment"}}},
    "prussian_arrival": {"turn": 4, "available": {"infantry": 8}},
    "hand": {"turn": 1, "hand": ["left", "left", "centre", "centre", "right", "right"]},
    "deployment": {"sides": {"french": {}, "allied": {}}},
    "reinforcement": {"turn": 3, "pool": {"infantry": 2, "cavalry": 1, "artillery": 1}},
    "quatre_bras": {"hexes": {"H11": {"occupant": "french"}}},
    "cards": {"turn": 2, "round": 3},
    "command_dice": {"card": "centre", "units": {"infantry": 2, "cavalry": 1}},
    "movement": {"unit": "french_infantry", "path": [{"terrain": "road", "road": True}]},
    "target": {"firer": "french_infantry", "candidates": [{"hexes": 1}, {"hexes": 2}]},
    "retreat_hex": {"rear": {"occupied": True}, "flank_b": {"towards_own_edge": True}},
    "garrison": {"action": "drop", "unit": "french_infantry", "terrain": "town"},
    "general": {"nation": "english", "unit": "english_infantry"},
}


def avle(*args: str, stdin: str = "") -> Any:
    proc = run_in_process("rule", "--pack", "avle", *args, stdin=stdin)
    assert proc.stderr == ""
    return proc.returncode, json.loads(proc.stdout)


def test_rule_list_without_pack_is_unchanged() -> None:
    plain = run_in_process("rule", "--list")
    assert plain.returncode == 0
    assert plain.stdout == json.dumps(describe_all(), ensure_ascii=False, indent=2) + "\n"
    assert "pack" not in json.loads(plain.stdout)
    assert run_in_process("rule", "--pack", "eote", "--list").stdout == plain.stdout


def test_pack_list_names_every_avle_procedure_with_fields_results_and_options() -> None:
    code, out = avle("--list")
    assert code == 0
    assert out["pack"] == "avle"
    assert [p["name"] for p in out["procedures"]] == list(MINIMAL)
    fire = out["procedures"][0]
    assert fire["rolls"] == ["roll", "effect_roll"]
    assert {"code": "miss", "tone": "good", "label": "miss"} in fire["results"]
    names = {o["name"] for o in out["options"]}
    assert {"fire_value_over_ten", "next_hand", "victory_reduction_rounding"} <= names
    assert out["dice"]["command"]["faces"].count("infantry") == 2


@pytest.mark.parametrize("name", list(MINIMAL))
def test_every_procedure_answers_the_contract(name: str) -> None:
    code, out = avle(name, "--seed", "7", stdin=json.dumps(MINIMAL[name]))
    assert code == 0, out
    assert list(out)[: len(CONTRACT_KEYS)] == CONTRACT_KEYS
    assert out["procedure"] == name
    assert out["pack"] == "avle"
    assert abs(sum(out["probabilities"].values()) - 1) < 1e-9
    assert out["result"] in out["probabilities"]
    for m in out["modifiers"]:
        assert m["source"] in {"text", "provisional", "house"}


def test_fire_with_entered_dice_is_the_9_0_example() -> None:
    situation = {
        "firer": "medium_artillery",
        "target": "regular_infantry",
        "roll": 6,
        "effect_roll": 3,
    }
    code, out = avle("fire", stdin=json.dumps(situation))
    assert code == 0
    assert (out["modified"], out["roll"], out["hits"], out["result"]) == (16, 6, 2, "L2R0")
    assert out["rolls"] == {"roll": 6, "effect_roll": 3}


def test_reaction_takes_the_white_dice_as_a_list_of_faces() -> None:
    situation = {
        "reacting": "french_infantry",
        "nation": "french",
        "empty_hexes": 2,
        "reaction_dice": ["english", "french"],
    }
    code, out = avle("reaction", stdin=json.dumps(situation))
    assert (code, out["result"]) == (0, "square")
    assert out["probabilities"]["square"] == pytest.approx(5 / 9)


def test_an_option_changes_the_answer() -> None:
    stdin = json.dumps({"unit": "french_infantry"})
    code, out = avle("morale", "--option", "morale_rule=true", "--seed", "1", stdin=stdin)
    assert code == 0
    assert out["modified"] == 5


@pytest.mark.parametrize(
    ("args", "stdin", "field", "words"),
    [
        (("nonsense",), "{}", "procedure", "unknown procedure"),
        (("fire",), '{"target": "french_infantry"}', "firer", "missing field"),
        (("fire",), '{"firer": "x", "target": "french_infantry"}', "firer", "unknown unit"),
        (
            ("fire",),
            '{"firer": "medium_artillery", "target": "french_infantry", "hexs": 1}',
            "hexs",
            "unknown field",
        ),
        (
            ("fire",),
            '{"firer": "medium_artillery", "target": "french_infantry", "roll": 11}',
            "roll",
            "not a face",
        ),
        (
            ("fire",),
            '{"firer": "medium_artillery", "target": "french_infantry", "hexes": 5}',
            "hexes",
            "range",
        ),
        (
            ("fire",),
            '{"firer": "medium_artillery", "target": "french_infantry", "aspect": 3}',
            "aspect",
            "expected",
        ),
        (
            ("fire", "--option", "nope=1"),
            '{"firer": "garrison", "target": "garrison"}',
            "nope",
            "unknown option",
        ),
        (
            ("fire", "--option", "garrison_hit=maybe"),
            '{"firer": "garrison", "target": "garrison"}',
            "garrison_hit",
            "not one of",
        ),
        (
            ("reaction",),
            '{"reacting": "french_infantry", "nation": "french", "empty_hexes": 2,'
            ' "reaction_dice": ["french"]}',
            "reaction_dice",
            "has 1 faces",
        ),
        (
            ("victory",),
            '{"sides": {"a": {"wins_at": 1, "lost": 2}, "b": {}}}',
            "sides.a.lost",
            "unknown field",
        ),
        (("fire",), "[1]", None, "one JSON object"),
        (("fire", "--ruleset", "x.yaml"), "{}", "ruleset", "not with --pack"),
    ],
)
def test_bad_input_exits_2_naming_the_field(
    args: tuple[str, ...], stdin: str, field: str | None, words: str
) -> None:
    code, out = avle(*args, stdin=stdin)
    assert code == 2
    assert set(out) == {"error", "field"}
    assert out["field"] == field
    assert words in out["error"]


def test_unknown_pack_exits_2() -> None:
    proc = run_in_process("rule", "--pack", "dba", "--list")
    assert proc.returncode == 2
    assert json.loads(proc.stdout) == {
        "error": "unknown pack 'dba' (known: eote, avle, vle)",
        "field": "pack",
    }


def test_a_real_process_answers_the_same() -> None:
    stdin = json.dumps({"hexes_moved": 3, "roll": 3})
    real = run_subprocess("rule", "--pack", "avle", "general_capture", stdin=stdin)
    here = run_in_process("rule", "--pack", "avle", "general_capture", stdin=stdin)
    assert (real.returncode, real.stdout, real.stderr) == (here.returncode, here.stdout, "")
    assert json.loads(real.stdout)["result"] == "captured"


def test_pack_without_a_value_is_a_json_error() -> None:
    proc = run_in_process("rule", "--pack")
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["field"] == "pack"


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (("--pack", "avle", "morale"), b'{"unit": "\\ud800"}'),  # a lone surrogate, echoed back
        (("--pack", "avle", "pursuit"), b'{"unit": "\\udcff"}'),
        (("--pack", "avle", b"\xff"), b"{}"),  # a procedure named by a byte that is not UTF-8
        (("--pack", "avle", "--option", b"\xff=1", "fire"), b"{}"),
        ((b"\xff",), b"{}"),
    ],
)
def test_text_that_is_not_unicode_is_echoed_as_strict_json(
    args: tuple[str | bytes, ...], stdin: bytes
) -> None:
    """A lone surrogate in the error (from the input or a non-UTF-8 argument) is escaped.

    The answer is valid UTF-8 JSON with exit 2, never a UnicodeEncodeError traceback.
    """
    argv = [os.fsencode(a) if isinstance(a, str) else a for a in args]
    proc = subprocess.run(
        [sys.executable.encode(), b"-m", b"eote_ref.cli", b"rule", *argv],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert b"Traceback" not in proc.stderr
    assert proc.returncode == 2
    out = json.loads(proc.stdout.decode("utf-8"))  # strict UTF-8: no raw byte in the answer
    assert set(out) == {"error", "field"}


def test_an_avle_call_reads_the_parsed_copy_without_pyyaml() -> None:
    # The second call reads the parsed copy of avle-1.2.yaml the first left (yamlio/cache.py).
    loaded = modules_of_a_call(
        "rule", "--pack", "avle", "general_capture", stdin='{"hexes_moved": 3, "roll": 2}'
    )
    modules = {m.split(".")[0] for m in loaded}
    assert {"yaml", "sqlalchemy", "sqlmodel", "PySide6"} & modules == set()


@pytest.mark.parametrize(
    ("name", "situation", "field"),
    [
        # A miss (16 never misses: a value of 1 on a roll of 10 does) reads no effect die.
        ("fire", {"firer": "garrison", "target": "french_infantry", "roll": 10,
                  "effect_roll": 7}, "effect_roll"),
        ("shock", {"firer": "light_cavalry", "target": "french_infantry", "effect_roll": 0},
         "effect_roll"),
        # Before turn 4 nothing is rolled for the Prussians (13.1).
        ("prussian_arrival", {"turn": 2, "entry_roll": 7}, "entry_roll"),
        ("prussian_arrival", {"turn": 2, "flag_die": "flag"}, "flag_die"),
        ("prussian_arrival", {"turn": 4, "flag_die": "french", "type_die": "horse"},
         "type_die"),
        ("prussian_arrival", {"turn": 4, "chosen_entry_rolls": [3, 7]},
         "chosen_entry_rolls[1]"),
        ("reaction", {"reacting": "english_infantry", "nation": "english", "empty_hexes": 2,
                      "effect_roll": 7}, "effect_roll"),
        ("general_capture", {"hexes_moved": 3, "general_retreat_hexes": -1},
         "general_retreat_hexes"),
        ("rally", {"unit": "french_infantry", "elements": 2, "in_enemy_sight": False,
                   "hexes_from_enemy": -2}, "hexes_from_enemy"),
        ("morale", {"unit": "heavy_cavalry", "passed_before": True, "surplus_losses": -1},
         "surplus_losses"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_even_where_it_is_not_read(
    name: str, situation: dict[str, Any], field: str
) -> None:
    """Issue 31: a die off its faces or a negative distance is a typo, read or not."""
    code, out = avle(name, stdin=json.dumps(situation))
    assert code == 2, out
    assert out["field"] == field
