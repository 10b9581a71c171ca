"""``eote-ref rule`` against the contract in shared/docs/RULE-CLI.md.

Most checks call the entry point in this process (``tests/cli_runner.py``); the ones marked
``real`` start ``python -m eote_ref.cli`` to see the exit status and streams a shell sees.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

from eote_ref.packs.eote.rulesets import DEFAULT_RULESET
from tests.cli_runner import modules_of_a_call, run_in_process, run_subprocess

#: The keys every outcome starts with, in this order (RULE-CLI.md, "Every output has").
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
SOURCES = {"text", "provisional", "house"}

INFANTRY = {"arm": "infantry", "ce": 6, "formation": "line"}
BATTERY = {"arm": "artillery", "ce": 6, "formation": "unlimbered"}

#: A minimal valid situation for every procedure ``--list`` names.
MINIMAL: dict[str, dict[str, Any]] = {
    "command_radius": {"rating": 2},
    "tactical_combat_range": {"nearest_enemy_in": 12},
    "order_activation": {"leader_rating": 2, "level": "corps"},
    "disorder_rally": {},
    "initiative": {"sides": {"french": {}, "british": {}}},
    "movement": {"arm": "infantry", "formation": "line"},
    "pinning": {"arm": "infantry", "enemy_arm": "cavalry", "distance_in": 4},
    "skirmish": {"nation": "french", "year": 1809, "stands": 2},
    "skirmishers": {"action": "detach"},
    "square": {"ce": 6, "formation": "line"},
    "charge": {},
    "fire": {"firers": [BATTERY], "target": INFANTRY, "range_in": 10},
    "assault": {"attackers": [INFANTRY], "defenders": [{**INFANTRY, "ce": 4}]},
    "morale": {**INFANTRY, "hits": 3},
    "leader_casualty": {},
    "integrity": {"unit_ces": [5, 6]},
    "rally": {"ce": 6, "leader_rating": 1},
    "cavalry_end_of_turn": {},
    "british_cavalry_breakthrough": {},
    "pontoon": {},
    "demolition": {},
    "burning": {"howitzer_batteries": 1, "building": "wood"},
}

#: Situations with many modifiers, for the same checks of every output.
RICH: list[tuple[str, dict[str, Any]]] = [
    (
        "square",
        {
            "ce": 7,
            "hits": 2,
            "disordered": True,
            "formation": "column",
            "nation": "british",
            "leader_attached": True,
            "in_command": False,
            "pinned_by_cavalry_at_start": True,
        },
    ),
    (
        "morale",
        {
            "arm": "artillery",
            "ce": 5,
            "formation": "unlimbered",
            "hits": 3,
            "leader_killed": True,
            "pinned_by_cavalry": True,
            "artillery_supported": False,
        },
    ),
    (
        "fire",
        {
            "firers": [{**BATTERY, "weight": "heavy", "hits": 1}, {**BATTERY, "weight": "light"}],
            "target": {**INFANTRY, "formation": "square"},
            "range_in": 14,
            "bombardment": True,
            "target_cover": "town",
        },
    ),
    (
        "fire",
        {
            "firers": [{**INFANTRY, "formation": "french_assault_column"}],
            "target": {**INFANTRY, "formation": "skirmish"},
            "range_in": 4,
        },
    ),
    (
        "assault",
        {
            "attackers": [
                {**INFANTRY, "formation": "column", "leader_attached": True},
                {**INFANTRY, "ce": 5},
            ],
            "defenders": [{**INFANTRY, "ce": 5, "hits": 1}],
            "supports": [
                {"arm": "infantry", "formation": "column", "position": "flank"},
                {"arm": "infantry", "formation": "line", "enfilade": True},
            ],
            "attacker_position": "flank",
            "defender_cover": "woods",
            "uphill": True,
        },
    ),
    (
        "integrity",
        {
            "unit_ces": [4, 5, 7],
            "routed_units": 2,
            "routed_this_turn": 1,
            "has_leader": False,
            "objective_lost": True,
            "units_with_3plus_hits": 3,
        },
    ),
    ("integrity", {"unit_ces": [5], "in_town": True}),
    ("leader_casualty", {"attached_to_assaulting_unit": True}),
    ("rally", {"ce": 6, "leader_rating": -1, "hits": 3, "routed_by_morale": True}),
    (
        "order_activation",
        {"leader_rating": 0, "level": "army", "distance_in": 60, "dominating_terrain": True},
    ),
    ("order_activation", {"leader_rating": 1, "level": "corps", "first_turn": True}),
    (
        "movement",
        {
            "arm": "artillery",
            "formation": "limbered",
            "weight": "light",
            "horse_artillery": True,
            "has_initiative": False,
            "figure_scale": "6mm",
        },
    ),
    ("skirmish", {"nation": "austrian", "year": 1809, "stands": 3}),
    ("skirmishers", {"action": "full_reform", "parent_hits": 3}),
    ("cavalry_end_of_turn", {"blown": 1, "engaged_this_turn": True}),
    ("british_cavalry_breakthrough", {"nation": "british"}),
    ("pontoon", {"turns_done": 3, "under_fire_with_hits_or_disorder": True, "roll": 2}),
    ("pontoon", {"turns_done": 1, "assaulted_this_turn": True}),
    ("demolition", {"charge_set": True}),
    ("burning", {"howitzer_batteries": 3, "building": "stone", "percentile": 0}),
    ("command_radius", {"rating": -1, "level": "army", "figure_scale": "25mm"}),
]

#: Procedures of RULE-CLI.md and the input fields it names for each.
CONTRACT_FIELDS: dict[str, set[str]] = {
    "square": {"ce", "formation", "hits", "disordered", "nation", "leader_attached", "in_command"}
    | {"pinned_by_cavalry_at_start", "cavalry_on_breakthrough", "roll"},
    "morale": {"arm", "ce", "formation", "hits", "blown", "leader_attached", "in_command"}
    | {"leader_killed", "pinned_by_cavalry", "artillery_supported", "in_town", "roll"},
    "fire": {"firers", "target", "range_in", "bombardment", "target_cover", "roll"},
    "assault": {"attackers", "defenders", "supports", "roll"},
    "integrity": {"unit_ces", "routed_units", "routed_this_turn", "has_leader"}
    | {"objective_lost", "units_with_3plus_hits", "in_town", "roll", "second_roll"},
    "leader_casualty": {"attached_to_assaulting_unit", "roll"},
    "rally": {"ce", "leader_rating", "hits", "routed_by_morale", "roll"},
    "command_radius": {"rating", "level", "figure_scale"},
    "initiative": {"sides"},
    "order_activation": {"leader_rating", "level", "distance_in", "dominating_terrain"}
    | {"attached_to_division", "first_turn", "figure_scale", "roll"},
    "skirmish": {"nation", "year", "stands"},
    "movement": {"arm", "formation", "weight", "horse_artillery", "has_initiative"}
    | {"figure_scale"},
    "cavalry_end_of_turn": {"blown", "engaged_this_turn", "rested_this_turn"},
    "british_cavalry_breakthrough": set(),
    "pontoon": set(),
    "demolition": set(),
    "burning": {"howitzer_batteries", "building", "percentile"},
}

#: Output fields RULE-CLI.md adds to the common ones, per procedure.
CONTRACT_EXTRA_OUTPUT: dict[str, set[str]] = {
    "morale": {"hits_added", "disordered_after"},
    "fire": {"hits", "disorder"},
    "assault": {"attacker_value", "defender_value", "attack_value"}
    | {"attacker_result", "defender_result", "loser"},
    "integrity": {"average_ce", "ce_base"},
    "rally": {"hits_removed"},
    "command_radius": {"radius_in"},
    "initiative": {"totals", "winner"},
    "order_activation": {"turns"},
    "skirmish": {"ce"},
    "movement": {"allowance_in"},
    "cavalry_end_of_turn": {"blown_after", "disordered_after", "disintegrated"},
}


def rule(*args: str, stdin: str = "{}", real: bool = False) -> subprocess.CompletedProcess[str]:
    """Run ``eote-ref rule ARGS`` with ``stdin`` (in a real process if ``real``); no traceback."""
    run = run_subprocess if real else run_in_process
    proc = run("rule", *args, stdin=stdin)
    assert "Traceback" not in proc.stdout
    assert "Traceback" not in proc.stderr
    return proc


def real_rule(*args: str, stdin: str = "{}") -> subprocess.CompletedProcess[str]:
    """Run ``eote-ref rule ARGS`` in a real process; never a traceback, whatever happens."""
    return rule(*args, stdin=stdin, real=True)


def ok(*args: str, situation: dict[str, Any] | None = None, real: bool = False) -> dict[str, Any]:
    """A successful run: exit 0, one JSON object on stdout, nothing on stderr."""
    proc = rule(*args, stdin=json.dumps(situation if situation is not None else {}), real=real)
    assert proc.returncode == 0, proc.stdout
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert isinstance(out, dict)
    return out


def bad(*args: str, stdin: str, field: str | None, real: bool = False) -> str:
    """A refused run: exit 2, exactly ``{"error", "field"}`` on stdout, nothing on stderr."""
    proc = rule(*args, stdin=stdin, real=real)
    assert proc.returncode == 2, proc.stdout
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert list(out) == ["error", "field"]
    assert out["field"] == field
    error = out["error"]
    assert isinstance(error, str)
    assert len(error) > 10
    return error


# ---------------------------------------------------------------- the issue's own check


def test_issue_square_check() -> None:
    out = ok("square", situation={"ce": 6, "hits": 1, "formation": "line", "roll": 4}, real=True)
    assert out["procedure"] == "square"
    assert out["rule"] == "5.6"
    assert out["base"] == 6
    assert out["modifiers"] == [
        {"value": -1, "reason": "per hit marker", "rule": "5.6", "source": "text"}
    ]
    assert out["modified"] == 5
    assert out["roll"] == 4
    assert out["result"] == "formed"
    assert out["probabilities"] == {"formed": 0.4, "failed": 0.6}


def test_real_process_refusal_exits_2_with_json_on_stdout() -> None:
    error = bad(
        "square", stdin='{"ce": 6, "formation": "line", "roll": 11}', field="roll", real=True
    )
    assert "0..10" in error


def test_real_process_bad_seed_is_a_json_refusal_on_stdout() -> None:
    proc = rule("square", "--seed", "seven", real=True)
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["field"] == "seed"
    assert "usage:" not in proc.stdout + proc.stderr


def test_unknown_argument_is_a_json_refusal() -> None:
    proc = rule("square", "--bogus", stdin='{"ce": 6, "formation": "line"}')
    assert proc.returncode == 2
    assert "--bogus" in json.loads(proc.stdout)["error"]
    assert proc.stderr == ""


def test_in_process_runs_see_the_same_streams_as_a_real_process() -> None:
    for args, stdin in [
        (("square",), '{"ce": 6, "formation": "line", "roll": 3}'),
        (("--list",), ""),
    ]:
        real = rule(*args, stdin=stdin, real=True)
        here = rule(*args, stdin=stdin)
        assert (here.returncode, here.stdout, here.stderr) == (
            real.returncode,
            real.stdout,
            real.stderr,
        )


def test_a_rule_call_imports_the_engine_and_its_ruleset_only() -> None:
    modules = modules_of_a_call("rule", "square", stdin='{"ce": 6, "formation": "line", "roll": 4}')
    assert "eote_ref.packs.eote.rules.square" in modules  # it did run the calculator
    heavy = {"sqlalchemy", "sqlmodel", "alembic", "PySide6", "platformdirs", "yaml"}
    assert {m.split(".")[0] for m in modules} & heavy == set()
    ours = {m for m in modules if m.startswith("eote_ref.")}
    # the engine reads the pack boundary's standard-library modules (outcome, dice, tables)
    boundary = {"eote_ref.packs", "eote_ref.packs.outcome", "eote_ref.packs.dice"}
    boundary.add("eote_ref.packs.tables")
    boundary.add("eote_ref.packs.eote")  # the pack folder's package, which imports nothing
    # the command reaches EotE's calculator through the registry (its line names the module)
    command = {"eote_ref.cli", "eote_ref.commands", "eote_ref.commands.rule"}
    command |= {"eote_ref.packs.registry", "eote_ref.packs.eote.calculator"}
    assert ours <= command | boundary | {
        m for m in ours if m.startswith(("eote_ref.packs.eote.rules", "eote_ref.yamlio"))
    }
    # only the asked procedure's module: none of the others (rules/procedures.py)
    others = {"assault", "fire", "cavalry", "engineering", "movement", "integrity", "orders"}
    assert {f"eote_ref.packs.eote.rules.{name}" for name in others} & modules == set()


def test_a_real_call_keeps_its_dataclasses_methods_compiled_for_the_next() -> None:
    """The engine's dataclasses' methods are compiled once (yamlio/dataclass_methods.py)."""
    from eote_ref.yamlio.dataclass_methods import copy_path

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed calculator runs
    situation = '{"ce": 6, "formation": "line", "roll": 4}'
    first = run_subprocess("rule", "square", stdin=situation, env=env)
    assert first.returncode == 0, first.stderr
    assert copy_path("rule").is_file()
    again = run_subprocess("rule", "square", stdin=situation, env=env)
    assert again.stdout == first.stdout


def test_square_roll_equal_to_modified_fails() -> None:
    out = ok("square", situation={"ce": 6, "hits": 1, "formation": "line", "roll": 5})
    assert out["result"] == "failed"


def test_roll_zero_reads_as_ten() -> None:
    out = ok(
        "square", situation={"ce": 10, "formation": "line", "leader_attached": True, "roll": 0}
    )
    assert out["roll"] == 10
    assert out["modified"] == 14
    assert out["result"] == "formed"
    failed = ok("square", situation={"ce": 9, "formation": "line", "roll": 0})
    assert failed["roll"] == 10
    assert failed["result"] == "failed"


def test_absent_roll_is_rolled_and_shown() -> None:
    situation = {"ce": 6, "formation": "line"}
    rolls = set()
    for seed in range(25):
        out = ok("square", "--seed", str(seed), situation=situation)
        assert isinstance(out["roll"], int)
        assert 1 <= out["roll"] <= 10
        assert out["result"] == ("formed" if out["roll"] < out["modified"] else "failed")
        rolls.add(out["roll"])
    assert len(rolls) > 3  # really rolled, not a constant


def test_seed_makes_the_roll_reproducible() -> None:
    situation = {"ce": 6, "formation": "line"}
    first = ok("square", "--seed", "7", situation=situation)
    again = ok("square", "--seed", "7", situation=situation)
    assert first == again
    others = {ok("square", "--seed", str(s), situation=situation)["roll"] for s in range(8, 20)}
    assert others - {first["roll"]}


def test_null_roll_is_rolled_like_an_absent_one() -> None:
    out = ok("square", "--seed", "3", situation={"ce": 6, "formation": "line", "roll": None})
    assert 1 <= out["roll"] <= 10


# ---------------------------------------------------------------- every procedure, every field


def listing() -> dict[str, Any]:
    proc = rule("--list", stdin="")
    assert proc.returncode == 0
    assert proc.stderr == ""
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def test_minimal_inputs_cover_every_listed_procedure() -> None:
    assert {p["name"] for p in listing()["procedures"]} == set(MINIMAL)


def net_of_modifiers(out: dict[str, Any]) -> float:
    """What the modifiers add to the base.

    Their sum; for a two-sided procedure (assault, initiative), whose list gives each side's
    modifiers with their own sign, the first side's total less the second's.
    """
    mods = out["modifiers"]
    if out["procedure"] == "assault":
        first = [m for m in mods if m["reason"].startswith("attacker")]
        assert len(first) == len(out["attacker_modifiers"])
    elif out["procedure"] == "initiative":
        name = next(iter(out["sides"]))
        first = [m for m in mods if m["reason"].startswith(f"{name}: ")]
    else:
        return float(sum(m["value"] for m in mods))
    return float(sum(m["value"] for m in first) - sum(m["value"] for m in mods if m not in first))


@pytest.mark.parametrize(
    ("name", "situation"),
    [pytest.param(n, MINIMAL[n], id=n) for n in sorted(MINIMAL)]
    + [pytest.param(n, s, id=f"{n}-rich{i}") for i, (n, s) in enumerate(RICH)],
)
def test_every_procedure_outputs_the_contract_fields(name: str, situation: dict[str, Any]) -> None:
    out = ok(name, "--seed", "11", situation=situation)
    assert list(out)[: len(CONTRACT_KEYS)] == CONTRACT_KEYS
    assert out["procedure"] == name
    assert isinstance(out["rule"], str)
    assert out["rule"]
    for m in out["modifiers"]:
        # "reveals": "ce" marks a modifier whose value gives a CE away (fog of war)
        assert set(m) - {"reveals"} == {"value", "reason", "rule", "source"}
        assert m.get("reveals", "ce") == "ce"
        assert isinstance(m["value"], int | float)
        assert not isinstance(m["value"], bool)
        assert isinstance(m["reason"], str)
        assert m["reason"]
        assert m["rule"]
        assert m["source"] in SOURCES
    assert out["modified"] == pytest.approx(out["base"] + net_of_modifiers(out))
    assert out["roll"] is None or (isinstance(out["roll"], int) and 1 <= out["roll"] <= 10)
    assert isinstance(out["result"], str)
    probabilities = out["probabilities"]
    assert out["result"] in probabilities
    assert all(0 < p <= 1 for p in probabilities.values())
    assert sum(probabilities.values()) == pytest.approx(1)
    assert CONTRACT_EXTRA_OUTPUT.get(name, set()) <= set(out)


def test_output_key_order_is_stable() -> None:
    situation = {"ce": 6, "hits": 1, "formation": "line", "roll": 4}
    first = rule("square", stdin=json.dumps(situation)).stdout
    assert rule("square", stdin=json.dumps(situation)).stdout == first
    assert list(json.loads(first))[:8] == CONTRACT_KEYS


def test_list_names_every_contract_procedure_with_its_fields() -> None:
    procs = {p["name"]: p for p in listing()["procedures"]}
    assert set(CONTRACT_FIELDS) <= set(procs)
    for name, wanted in CONTRACT_FIELDS.items():
        fields = procs[name]["fields"]
        assert all({"name", "type"} <= set(f) for f in fields)
        names = {f["name"] for f in fields}
        assert wanted <= names, (name, wanted - names)


def test_list_gives_contract_defaults() -> None:
    procs = {p["name"]: {f["name"]: f for f in p["fields"]} for p in listing()["procedures"]}
    square = procs["square"]
    assert square["arm"]["default"] == "infantry"
    assert square["hits"]["default"] == 0
    assert square["disordered"]["default"] is False
    assert square["in_command"]["default"] is True
    assert square["ce"]["required"] is True
    assert procs["morale"]["artillery_supported"]["default"] is True
    assert procs["morale"]["in_town"]["default"] is False
    assert procs["integrity"]["has_leader"]["default"] is True
    assert procs["command_radius"]["figure_scale"]["default"] == "15mm"
    assert procs["command_radius"]["rating"]["required"] is True


def test_list_describes_nested_objects() -> None:
    procs = {p["name"]: {f["name"]: f for f in p["fields"]} for p in listing()["procedures"]}
    side = {f["name"] for f in procs["initiative"]["sides"]["fields"]}
    assert {"divisions_without_leader", "cavalry_regiments", "highest_commander_rating"} <= side
    assert {"had_initiative_last_turn", "divisions_on_attack_orders", "roll"} <= side
    support = {f["name"] for f in procs["assault"]["supports"]["fields"]}
    assert {"arm", "formation", "position", "enfilade"} <= support
    firer = {f["name"] for f in procs["fire"]["firers"]["fields"]}
    assert {"arm", "ce", "formation", "hits"} <= firer


# ---------------------------------------------------------------- options


FIRE_ONE_HIT = {
    "firers": [BATTERY],
    "target": {**INFANTRY, "hits": 2},
    "range_in": 10,  # short range +1: modified 7, the 5-7 row: 3-4 is one hit
    "roll": 3,
}


def test_option_morale_hit_threshold_changes_morale_check_due() -> None:
    default = ok("fire", situation=FIRE_ONE_HIT)
    assert default["modified"] == 7
    assert default["result"] == "1"
    assert default["hits"] == 1
    assert default["morale_check_due"] is True  # 2 + 1 reaches the default threshold 3
    four = ok("fire", "--option", "morale_hit_threshold=4", situation=FIRE_ONE_HIT)
    assert four["result"] == "1"
    assert four["morale_check_due"] is False
    three = ok("fire", "--option", "morale_hit_threshold=3", situation=FIRE_ONE_HIT)
    assert three["morale_check_due"] is True


def test_text_option_value() -> None:
    situation = {"rating": 2, "figure_scale": "25mm"}
    assert ok("command_radius", situation=situation)["radius_in"] == 14
    none = ok("command_radius", "--option", "scale_adjusts=none", situation=situation)
    assert none["radius_in"] == 12


@pytest.mark.parametrize(
    ("option", "field", "words"),
    [
        ("no_such_option=1", "no_such_option", "unknown option"),
        ("morale_hit_threshold=5", "morale_hit_threshold", "must be one of 3, 4"),
        ("morale_hit_threshold=three", "morale_hit_threshold", "must be one of"),
        ("morale_hit_threshold", "option", "NAME=VALUE"),
        ("=3", "option", "NAME=VALUE"),
    ],
)
def test_bad_option(option: str, field: str, words: str) -> None:
    error = bad("square", "--option", option, stdin=json.dumps(MINIMAL["square"]), field=field)
    assert words in error


# ---------------------------------------------------------------- --ruleset


SQUARE_PER_HIT = (
    'per_hit:            {value: -1, rule: "5.6", source: text, reason: per hit marker}'
)


def test_ruleset_house_copy(tmp_path: pathlib.Path) -> None:
    text = DEFAULT_RULESET.read_text(encoding="utf-8")
    assert text.count(SQUARE_PER_HIT) == 1
    house = tmp_path / "club.yaml"
    house.write_text(
        text.replace(SQUARE_PER_HIT, SQUARE_PER_HIT.replace("-1", "-2").replace("text", "house")),
        encoding="utf-8",
    )
    situation = {"ce": 6, "hits": 1, "formation": "line", "roll": 4}
    out = ok("square", "--ruleset", str(house), situation=situation)
    assert out["modifiers"] == [
        {"value": -2, "reason": "per hit marker", "rule": "5.6", "source": "house"}
    ]
    assert out["modified"] == 4
    assert out["result"] == "failed"
    assert ok("square", situation=situation)["modified"] == 5  # the shipped data is untouched


def test_ruleset_broken_copy(tmp_path: pathlib.Path) -> None:
    text = DEFAULT_RULESET.read_text(encoding="utf-8")
    old = "    default: 3\n    choices: [3, 4]\n"
    assert text.count(old) == 1
    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace(old, "    default: 5\n    choices: [3, 4]\n"), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    error = bad("square", "--ruleset", str(broken), stdin="{}", field="ruleset")
    assert f"{broken}:{line}:" in error
    assert "options.morale_hit_threshold.default" in error


def test_ruleset_missing_file(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    error = bad("square", "--ruleset", str(missing), stdin="{}", field="ruleset")
    assert "cannot read" in error


# ---------------------------------------------------------------- bad input


CAVALRY = {"arm": "cavalry", "ce": 6, "formation": "line"}


@pytest.mark.parametrize(
    ("procedure", "stdin", "field", "words"),
    [
        pytest.param("nonsense", "{}", "procedure", "unknown procedure", id="unknown-procedure"),
        pytest.param("square", '{"formation": "line"}', "ce", "missing field", id="missing"),
        pytest.param(
            "fire",
            json.dumps(
                {
                    "firers": [{"arm": "artillery", "formation": "unlimbered"}],
                    "target": INFANTRY,
                    "range_in": 3,
                }
            ),
            "firers[0].ce",
            "missing field 'ce'",
            id="missing-nested",
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "line", "hitz": 1}',
            "hitz",
            "unknown field 'hitz'",
            id="typo",
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "line", "unit": {}}',
            "unit",
            "unknown field",
            id="unit-object-instead-of-top-level-fields",
        ),
        pytest.param(
            "command_radius",
            '{"rating": 2, "roll": 3}',
            "roll",
            "unknown field 'roll'",
            id="roll-where-none-is-used",
        ),
        pytest.param(
            "square", '{"ce": "6", "formation": "line"}', "ce", "whole number", id="string-for-int"
        ),
        pytest.param(
            "square", '{"ce": 6.5, "formation": "line"}', "ce", "whole number", id="float-for-int"
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "line", "hits": true}',
            "hits",
            "whole number",
            id="bool-for-int",
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "wedge"}',
            "formation",
            "'line'",
            id="unknown-formation",
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "line", "disordered": "no"}',
            "disordered",
            "true or false",
            id="string-for-bool",
        ),
        pytest.param(
            "square", '{"ce": 6, "formation": "line", "roll": 11}', "roll", "0..10", id="roll-11"
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "line", "roll": -1}',
            "roll",
            "0..10",
            id="roll-negative",
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "line", "roll": 4.5}',
            "roll",
            "whole number",
            id="roll-fraction",
        ),
        pytest.param(
            "square",
            '{"ce": 6, "formation": "line", "hits": -1}',
            "hits",
            "out of range 0..30",
            id="negative-hits",
        ),
        pytest.param(
            "rally",
            '{"ce": 6, "leader_rating": 9}',
            "leader_rating",
            "-1..4",
            id="rating-out-of-range",
        ),
        pytest.param(
            "burning",
            '{"howitzer_batteries": 1, "building": "wood", "percentile": 101}',
            "percentile",
            "1..100",
            id="percentile-101",
        ),
        pytest.param("square", json.dumps({**CAVALRY}), "arm", "infantry", id="square-cavalry"),
        pytest.param("square", json.dumps({**BATTERY}), "arm", "infantry", id="square-artillery"),
        pytest.param(
            "fire",
            json.dumps(
                {"firers": [{**INFANTRY, "formation": "column"}], "target": INFANTRY, "range_in": 3}
            ),
            "firers",
            "6.5.1",
            id="fire-infantry-column",
        ),
        pytest.param(
            "fire",
            json.dumps({"firers": [BATTERY], "target": INFANTRY, "range_in": 30}),
            "range_in",
            "6.1",
            id="fire-beyond-range",
        ),
        pytest.param(
            "rally",
            '{"ce": 6, "leader_rating": 1, "already_attempted": true}',
            "already_attempted",
            "9.1",
            id="rally-twice",
        ),
        pytest.param("square", '{"ce": 6,', None, "not valid JSON", id="invalid-json"),
        pytest.param("square", "[1, 2]", None, "JSON object", id="array"),
        pytest.param("square", '"square"', None, "JSON object", id="string"),
    ],
)
def test_bad_input(procedure: str, stdin: str, field: str | None, words: str) -> None:
    error = bad(procedure, stdin=stdin, field=field)
    assert words in error


def test_no_procedure_named() -> None:
    assert "procedure" in bad(stdin="{}", field="procedure")


def test_unknown_nested_field_lists_that_objects_fields() -> None:
    situation = {"firers": [BATTERY], "target": {**INFANTRY, "hitz": 1}, "range_in": 3}
    error = bad("fire", stdin=json.dumps(situation), field="target.hitz")
    known = error.partition("known fields: ")[2]
    assert "hits" in known
    assert "range_in" not in known  # the fire situation's fields are not the unit's


def test_unknown_procedure_names_the_known_ones() -> None:
    error = bad("squar", stdin="{}", field="procedure")
    assert "square" in error


# ---------------------------------------------------------------- two rolls, per-side rolls


def test_integrity_pass_needs_no_second_roll() -> None:
    out = ok("integrity", situation={"unit_ces": [5, 6], "roll": 7, "second_roll": 1})
    assert (out["average_ce"], out["ce_base"], out["modified"]) == (5, 7, 7)
    assert out["roll"] == 7
    assert out["result"] == "pass"
    assert "second_roll" not in out


@pytest.mark.parametrize(
    ("second", "shown", "result"),
    [(1, 1, "rout"), (3, 3, "rout"), (4, 4, "fall_back"), (0, 10, "fall_back")],
)
def test_integrity_failure_reads_the_second_roll(second: int, shown: int, result: str) -> None:
    out = ok("integrity", situation={"unit_ces": [5, 6], "roll": 8, "second_roll": second})
    assert out["roll"] == 8
    assert out["second_roll"] == shown
    assert out["result"] == result
    assert out["probabilities"] == pytest.approx(
        {"pass": 0.7, "rout": float(Fraction(3, 10) * Fraction(3, 10)), "fall_back": 0.21}
    )


def test_integrity_absent_second_roll_is_rolled_and_shown() -> None:
    seen = set()
    for seed in range(12):
        out = ok("integrity", "--seed", str(seed), situation={"unit_ces": [5, 6], "roll": 9})
        assert 1 <= out["second_roll"] <= 10
        assert out["result"] == ("rout" if out["second_roll"] <= 3 else "fall_back")
        seen.add(out["second_roll"])
    assert len(seen) > 2


def test_integrity_bad_second_roll() -> None:
    stdin = json.dumps({"unit_ces": [5, 6], "roll": 9, "second_roll": 11})
    assert "0..10" in bad("integrity", stdin=stdin, field="second_roll")


def test_initiative_per_side_rolls() -> None:
    situation = {
        "sides": {
            "french": {"highest_commander_rating": 2, "had_initiative_last_turn": True, "roll": 4},
            "british": {"cavalry_regiments": 3, "roll": 0},
        }
    }
    out = ok("initiative", situation=situation)
    assert out["sides"]["french"]["roll"] == 4
    assert out["sides"]["british"]["roll"] == 10
    assert out["totals"] == {"french": 7, "british": 11}
    assert out["winner"] == "british"
    assert out["result"] == "british"


def test_initiative_tie_is_a_reroll() -> None:
    situation = {"sides": {"french": {"roll": 5}, "british": {"roll": 5}}}
    out = ok("initiative", situation=situation)
    assert out["winner"] is None
    assert out["result"] == "reroll"
    assert out["probabilities"]["reroll"] == pytest.approx(0.1)


def test_initiative_absent_side_rolls_are_rolled() -> None:
    out = ok("initiative", "--seed", "5", situation={"sides": {"a": {}, "b": {"roll": 3}}})
    assert 1 <= out["sides"]["a"]["roll"] <= 10
    assert out["sides"]["b"]["roll"] == 3
    assert out == ok("initiative", "--seed", "5", situation={"sides": {"a": {}, "b": {"roll": 3}}})


@pytest.mark.parametrize(
    ("roll", "words"), [(11, "0..10"), ("x", "whole number"), (True, "whole number")]
)
def test_initiative_bad_side_roll(roll: object, words: str) -> None:
    stdin = json.dumps({"sides": {"french": {"roll": roll}, "british": {}}})
    assert words in bad("initiative", stdin=stdin, field="sides.french.roll")


def test_assault_result_is_attacker_slash_defender() -> None:
    out = ok("assault", situation={**MINIMAL["assault"], "roll": 3})
    assert out["attack_value"] == out["attacker_value"] - out["defender_value"] == 2
    assert out["result"] == f"{out['attacker_result']}/{out['defender_result']}"
    assert out["result"] == "D/D"  # +1..+3 column, roll 3
    assert out["loser"] in {"attacker", "defender", "both", "none"}


# ---------------------------------------------------------------- real processes (few)


def test_a_real_process_answers_the_contract() -> None:
    """The entry point itself: JSON out, exit 0, nothing on stderr."""
    proc = real_rule("square", stdin=json.dumps({"ce": 6, "formation": "line", "roll": 4}))
    assert (proc.returncode, proc.stderr) == (0, "")
    assert json.loads(proc.stdout)["result"] == "formed"


def test_a_real_process_refuses_with_exit_2() -> None:
    """Bad arguments in a real process: exit 2 and the JSON error, never usage text."""
    proc = real_rule("square", "--seed", "abc", stdin="{}")
    assert (proc.returncode, proc.stderr) == (2, "")
    assert json.loads(proc.stdout)["field"] == "seed"


def test_breakthrough_on_an_infantry_attack_is_refused_with_the_field_named() -> None:
    """EotE 5.15: only cavalry breaks through; ``breakthrough: true`` on infantry is exit 2."""
    infantry = {"arm": "infantry", "ce": 6, "formation": "line"}
    situation = {"attackers": [infantry], "defenders": [infantry], "breakthrough": True}
    error = bad("assault", stdin=json.dumps(situation), field="breakthrough")
    assert "5.15" in error


def test_assault_and_initiative_modifiers_carry_their_own_sign() -> None:
    """EotE 4.0: a division without a leader is -1 to its own side, whichever side it is."""
    sides = {
        "French": {"highest_commander_rating": 2, "roll": 5},
        "Allies": {"divisions_without_leader": 1, "roll": 5},
    }
    out = ok("initiative", situation={"sides": sides})
    rows = [(m["reason"], m["value"]) for m in out["modifiers"]]
    assert rows == [
        ("French: highest-ranking commander's rating of +2", 2),
        ("Allies: per division without a leader", -1),
    ]
    assert out["modified"] == 3


# ---------------------------------------------------------------- issue 27: empty input, nations


@pytest.mark.parametrize("stdin", ["", "  \n", "\n\n"])
def test_an_empty_stdin_is_refused_not_read_as_defaults(stdin: str) -> None:
    error = bad("leader_casualty", stdin=stdin, field=None)
    assert "no input" in error
    assert "{}" in error
    assert ok("leader_casualty", situation={"roll": 5})["result"]  # {} and fields still work


@pytest.mark.parametrize("typo", ["fr[nch", "six", "", "britsh"])
def test_a_nation_the_rules_do_not_know_is_refused_with_its_field(typo: str) -> None:
    error = bad(
        "skirmish", stdin=json.dumps({"nation": typo, "year": 1809, "stands": 2}), field="nation"
    )
    assert "not a nation the rules know" in error
    assert '"other"' in error
    unit = {"arm": "infantry", "ce": 6, "formation": "line", "nation": typo}
    fire = {"firers": [unit], "target": {**unit, "nation": "french"}, "range_in": 3, "roll": 5}
    bad("fire", stdin=json.dumps(fire), field="firers[0].nation")


def test_other_and_known_nations_keep_working() -> None:
    other = ok("skirmish", situation={"nation": "other", "year": 1809, "stands": 2})
    assert other["ce"] == 1  # other nations before 1812: half a point a stand (EotE 5.5.1)
    assert ok("skirmish", situation={"nation": "British ", "year": 1809, "stands": 2})["ce"] == 4
    assert ok("skirmish", situation={"nation": "prussian", "year": 1813, "stands": 2})["ce"] == 2
    absent = ok("square", situation={"ce": 6, "formation": "line", "roll": 4})  # default ""
    assert absent["result"] == "formed"


#: Runs ``eote-ref rule ARGV[2:]`` on the situation argv[1]; prints its code and the modules.
_IMPORTS_OF_A_CALL = """
import io, json, sys
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode()))
from eote_ref.cli import main
code = main(["rule", *sys.argv[2:]])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

#: Prints the modules of eote_ref's rules loaded by importing the one named in argv[1].
_IMPORTS_OF_A_MODULE = """
import importlib, json, sys
importlib.import_module(sys.argv[1])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("eote_ref.packs.eote.rules."))))
"""


def _procedure_modules() -> dict[str, str]:
    """Each rules module that holds a procedure, and one procedure of it."""
    from eote_ref.packs.eote.rules.procedures import PROCEDURES

    out: dict[str, str] = {}
    for p in PROCEDURES.values():
        out.setdefault(f"eote_ref.packs.eote.rules.{p.run_ref.partition(':')[0]}", p.name)
    return out


@pytest.mark.parametrize("module", sorted(_procedure_modules()))
def test_one_procedure_imports_no_other_procedure_nor_pyyaml(module: str) -> None:
    """A call imports its procedure's module and what that module imports, never another.

    The situation is empty: answered when every field has a default, else refused for its
    missing fields once the procedure's situation type is read, so each procedure is reached
    without a case of its own. The nation check of every call imported the skirmish
    procedure for its table's rows that are not nations (EotE 5.5.1).
    """
    name = _procedure_modules()[module]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    calls = []
    for script, args in (
        (_IMPORTS_OF_A_CALL, ("{}", name)),
        (_IMPORTS_OF_A_CALL, ("{}", name)),  # the ruleset's copy written, then read back
        (_IMPORTS_OF_A_MODULE, (module,)),
    ):
        proc = subprocess.run(
            [sys.executable, "-c", script, *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        calls.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    call, its_own = calls[1], set(calls[2])
    assert call["code"] in (0, 2)  # answered (every field has a default), or refused
    modules = set(call["modules"])
    assert module in modules
    assert "yaml" not in modules
    procedures = set(_procedure_modules())
    assert (modules & procedures) - its_own == set()


@pytest.mark.parametrize(
    ("procedure", "situation"),
    [
        ("morale", {**INFANTRY, "hits": 3, "leader_attached": True, "in_command": False}),
        ("square", {"ce": 6, "formation": "line", "leader_attached": True, "in_command": False}),
    ],
)
def test_a_unit_with_a_leader_attached_may_be_out_of_command(
    procedure: str, situation: dict[str, Any]
) -> None:
    """EotE 3.5.1, 3.6: ``leader_attached`` is the bonus of any attached leader.

    A corps or army leader attached to a unit does not put it within its division
    commander's radius, and the engine cannot know whose leader he is: the unit is taken as
    given, out of command (morale -2, 7.5; square -3, 5.6) and with the leader's bonus.
    """
    out = ok(procedure, situation=situation)
    reasons = [m["reason"] for m in out["modifiers"]]
    assert any("out of command" in r for r in reasons), reasons


def test_an_order_from_an_attached_leader_beyond_his_radius() -> None:
    """EotE 3.5.2, 3.1: attached to the division, a leader is not beyond his radius...

    ...save on the first turn, when orders act at once and the distance plays no part.
    Corps rated 1: radius 20".
    """
    order = {"leader_rating": 1, "level": "corps", "distance_in": 21, "attached_to_division": True}
    error = bad("order_activation", stdin=json.dumps(order), field="distance_in")
    assert "attached" in error
    assert ok("order_activation", situation={**order, "first_turn": True})["result"] == "0"
