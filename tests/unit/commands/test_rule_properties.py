"""Properties of every procedure ``eote-ref rule --list`` names, and the calculator's contract.

Generated situations start from a valid one and vary every field ``--list`` describes (and
the options); hostile ones add NaN, infinities, huge and negative numbers, deep nesting,
long lists and duplicate keys. Everything runs in-process through ``eote_ref.cli.main`` or
the command's own function. The budget is small by default; ``HYPOTHESIS_PROFILE=slow``
(``make test-slow``) runs many more examples.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import os
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.cli import main
from eote_ref.packs.eote.calculator import InputError, adjudicate, describe_all
from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rulesets import load_default
from tests.unit.commands.test_rule_cli import MINIMAL, net_of_modifiers

RS = load_default()
SLOW = os.environ.get("HYPOTHESIS_PROFILE") == "slow"
BUDGET = settings(
    max_examples=600 if SLOW else 40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PROCEDURES = {p["name"]: p for p in describe_all()["procedures"]}
SOURCES = {"text", "provisional", "house"}

UNIT_KINDS = [
    ("infantry", f) for f in ("line", "column", "french_assault_column", "square", "skirmish")
] + [("cavalry", f) for f in ("line", "column", "skirmish")]
UNIT_KINDS += [("artillery", "limbered"), ("artillery", "unlimbered")]
NATIONS = ["other", "british", "french", "russian", "kgl", "austrian", "British "]
SCALES = ["6mm", "15mm", "25mm"]


@st.composite
def units(draw: st.DrawFn) -> dict[str, Any]:
    arm, formation = draw(st.sampled_from(UNIT_KINDS))
    unit: dict[str, Any] = {"arm": arm, "ce": draw(st.integers(0, 14)), "formation": formation}
    extra = {
        "hits": st.integers(0, 5),
        "disordered": st.booleans(),
        "routed": st.booleans(),
        "nation": st.sampled_from(NATIONS),
        "leader_attached": st.booleans(),
        "in_command": st.booleans(),
        "changed_formation": st.booleans(),
        "supported": st.booleans(),
    }
    for key, strategy in extra.items():
        if draw(st.booleans()):
            unit[key] = draw(strategy)
    if arm == "cavalry" and draw(st.booleans()):
        unit["blown"] = draw(st.integers(0, 2))
    if arm != "infantry" and draw(st.booleans()):
        unit["weight"] = draw(st.sampled_from(["light", "medium", "heavy"]))
    return unit


def value_for(field: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A strategy for one field as ``--list`` describes it (valid values, mostly)."""
    name, kind = field["name"], field["type"]
    if name == "figure_scale":
        return st.sampled_from(SCALES)
    if name == "nation":
        return st.sampled_from(NATIONS)
    if name in ("roll", "second_roll"):
        return st.integers(0, 10)
    if name == "percentile":
        return st.integers(0, 100)
    if name == "year":
        return st.integers(1795, 1815)
    if name == "unit_ces":
        return st.lists(st.integers(0, 14), min_size=1, max_size=6)
    if name in ("firers", "attackers", "defenders"):
        return st.lists(units(), min_size=1, max_size=3)
    if name == "target":
        return units()
    if name == "supports":
        kinds = st.sampled_from(UNIT_KINDS).map(lambda k: {"arm": k[0], "formation": k[1]})
        more = st.fixed_dictionaries(
            {},
            optional={
                "position": st.sampled_from(["front", "flank", "rear"]),
                "enfilade": st.booleans(),
            },
        )
        pair = st.tuples(kinds, more).map(lambda t: {**t[0], **t[1]})
        return st.lists(pair, max_size=3)
    if name == "sides":
        side = st.fixed_dictionaries(
            {},
            optional={
                "divisions_without_leader": st.integers(0, 3),
                "cavalry_regiments": st.integers(0, 6),
                "highest_commander_rating": st.integers(-1, 4),
                "had_initiative_last_turn": st.booleans(),
                "divisions_on_attack_orders": st.integers(0, 3),
                "roll": st.integers(0, 10),
            },
        )
        return st.fixed_dictionaries({"french": side, "british": side})
    if kind == "bool":
        return st.booleans()
    if kind.startswith("int"):
        return st.integers(-1, 14)
    if kind.startswith("number"):
        return st.one_of(st.integers(0, 40), st.floats(0, 40, allow_nan=False))
    if " | " in kind:
        return st.sampled_from(kind.removesuffix(" or null").split(" | "))
    return st.sampled_from(["", "x"])


@st.composite
def situations(draw: st.DrawFn) -> tuple[str, dict[str, Any], list[str], int]:
    name = draw(st.sampled_from(sorted(PROCEDURES)))
    sit = dict(MINIMAL[name])
    for field in PROCEDURES[name]["fields"]:
        if draw(st.integers(0, 2)) == 0:
            sit[field["name"]] = draw(value_for(field))
    chosen = draw(st.lists(st.sampled_from(sorted(RS.options)), max_size=4, unique=True))
    options = [f"{o}={json.dumps(draw(st.sampled_from(RS.options[o].choices)))}" for o in chosen]
    return name, sit, options, draw(st.integers(0, 2**32))


def attempt(name: str, sit: dict[str, Any], options: list[str], seed: int) -> dict[str, Any] | None:
    """The outcome, or None when the calculator refuses the situation (exit 2)."""
    try:
        return adjudicate(name, json.dumps(sit), options=options, seed=seed)
    except (InputError, RulesError):
        return None


def numbers(out: dict[str, Any]) -> str:
    """The output without its words: what a ruling decides, not how it is explained."""

    def strip(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in ("reason", "notes")}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x

    return json.dumps(strip(out), sort_keys=True)


def check_trace(out: dict[str, Any]) -> None:
    total = float(out["base"]) + net_of_modifiers(out)
    assert math.isclose(float(out["modified"]), total, abs_tol=1e-9), out
    for m in out["modifiers"]:
        assert m["source"] in SOURCES
        assert m["rule"]
    assert math.isclose(sum(out["probabilities"].values()), 1, abs_tol=1e-9)
    json.dumps(out, allow_nan=False)


@BUDGET
@given(situations())
def test_modified_is_base_plus_modifiers_for_every_procedure(
    case: tuple[str, dict[str, Any], list[str], int],
) -> None:
    name, sit, options, seed = case
    out = attempt(name, sit, options, seed)
    if out is not None:
        assert out["procedure"] == name
        check_trace(out)


@BUDGET
@given(situations())
def test_an_option_named_in_a_modifier_changes_the_ruling(
    case: tuple[str, dict[str, Any], list[str], int],
) -> None:
    """A modifier that names an option depends on it.

    Each named option shows its value (another choice changes the output), and some choice
    of the named options changes the ruling's numbers, not only its words.
    """
    name, sit, options, seed = case
    out = attempt(name, sit, options, seed)
    if out is None:
        return
    named = sorted(
        {
            o
            for m in out["modifiers"]
            for o in RS.options
            if f"option {o}=" in m["reason"] or f"option {o})" in m["reason"]
        }
    )
    chosen = dict(item.split("=", 1) for item in options)

    def run(choice: dict[str, str]) -> dict[str, Any] | None:
        return attempt(name, sit, [f"{k}={v}" for k, v in choice.items()], seed)

    for option in named:
        current = chosen.get(option, json.dumps(RS.options[option].default))
        for other in RS.options[option].choices:
            if json.dumps(other) != current:
                alt = run({**chosen, option: json.dumps(other)})
                assert alt is None or alt != out, (option, name, sit)
    if named:
        combos = itertools.product(*(RS.options[o].choices for o in named))
        rulings = set()
        for combo in combos:
            alt = run({**chosen, **{o: json.dumps(c) for o, c in zip(named, combo, strict=True)}})
            rulings.add("refused" if alt is None else numbers(alt))
        assert len(rulings) > 1, (named, name, sit)


@pytest.mark.parametrize("name", sorted(PROCEDURES))
def test_every_procedure_of_the_list_has_a_generated_case(name: str) -> None:
    """The strategies know a valid starting situation for every listed procedure."""
    out = attempt(name, MINIMAL[name], [], 1)
    assert out is not None
    check_trace(out)


# ------------------------------------------------------------------ the contract, hostile


def run_cli(*args: str, stdin: str) -> tuple[int, dict[str, Any]]:
    """``eote-ref rule ARGS < stdin`` in-process: the exit code and the one JSON object."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(["rule", *args])
            except SystemExit as exc:
                code = int(exc.code or 0)
    finally:
        sys.stdin = saved
    assert err.getvalue() == ""
    text = out.getvalue()
    assert "NaN" not in text
    assert "Infinity" not in text
    return code, json.loads(text)


def contract(code: int, obj: dict[str, Any]) -> None:
    """Exit 0 with a traced outcome, or exit 2 with exactly {error, field}."""
    assert code in (0, 2), obj
    if code == 0:
        check_trace(obj)
    else:
        assert list(obj) == ["error", "field"]
        assert isinstance(obj["error"], str)
        assert obj["error"]
        assert obj["field"] is None or isinstance(obj["field"], str)


HOSTILE_NUMBERS = st.one_of(
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e308"]),
    st.integers(-(10**30), 10**30).map(str),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda f: json.dumps(f)),
    st.integers(-5, 50).map(str),
)


@st.composite
def hostile(draw: st.DrawFn) -> tuple[str, str]:
    """A listed procedure and a JSON text with hostile values spliced into a valid situation."""
    name = draw(st.sampled_from(sorted(PROCEDURES)))
    sit = dict(MINIMAL[name])
    fields = [f["name"] for f in PROCEDURES[name]["fields"]]
    key = draw(st.sampled_from(fields))
    kind = draw(st.integers(0, 5))
    body = json.dumps(sit)[:-1]
    sep = ", " if sit else ""
    if kind == 0:  # a hostile number in a field
        value = draw(HOSTILE_NUMBERS)
    elif kind == 1:  # deep nesting
        depth = draw(st.integers(5, 1200))
        value = "[" * depth + "1" + "]" * depth
    elif kind == 2:  # a long list
        value = "[" + ", ".join(["1"] * draw(st.integers(40, 3000))) + "]"
    elif kind == 3:  # duplicate key
        value = json.dumps(sit.get(key, 1))
        return name, f'{body}{sep}"{key}": {value}, "{key}": {value}}}'
    elif kind == 4:  # a long string or wrong type
        value = json.dumps(draw(st.sampled_from(["x" * 5000, [], {}, True, None])))
    else:  # a hostile number inside a unit
        value = json.dumps({"arm": "infantry", "formation": "line", "ce": 6})
        value = value.replace("6", draw(HOSTILE_NUMBERS))
    return name, f'{body}{sep}"{key}": {value}}}'


@BUDGET
@given(hostile())
def test_hostile_situations_keep_the_contract(case: tuple[str, str]) -> None:
    name, text = case
    contract(*run_cli(name, stdin=text))


@BUDGET
@given(situations())
def test_generated_situations_keep_the_contract(
    case: tuple[str, dict[str, Any], list[str], int],
) -> None:
    name, sit, options, seed = case
    args = [name, "--seed", str(seed)]
    for o in options:
        args += ["--option", o]
    contract(*run_cli(*args, stdin=json.dumps(sit)))


@pytest.mark.parametrize(
    ("args", "stdin", "field"),
    [
        (["square", "--seed", "abc"], "{}", "seed"),
        (["square", "--seed", "9" * 40], "{}", "seed"),
        (
            ["square", "--option", "morale_hit_threshold=" + "9" * 5000],
            "{}",
            "morale_hit_threshold",
        ),
        (["square", "--option", "morale_hit_threshold=NaN"], "{}", "morale_hit_threshold"),
        (["square"], '{"ce": 6, "ce": 7, "formation": "line"}', "ce"),
        (["square"], '{"ce": -1, "formation": "line"}', "ce"),
        (["square"], '{"ce": ' + "9" * 5000 + ', "formation": "line"}', "ce"),
        (["square"], '{"ce": NaN, "formation": "line"}', "ce"),
        (["square"], '{"ce": 6, "formation": "line", "roll": Infinity}', "roll"),
        (["square"], '{"ce": 6, "formation": "line", "hits": 1e400}', "hits"),
        (["square"], '{"ce": 6, "formation": "line", "x": ' + "[" * 1000 + "]" * 1000 + "}", "x"),
        (["integrity"], '{"unit_ces": [6, -3]}', "unit_ces[1]"),
        (["tactical_combat_range"], '{"nearest_enemy_in": NaN}', "nearest_enemy_in"),
        (
            ["pinning"],
            '{"arm": "infantry", "enemy_arm": "cavalry", "distance_in": NaN}',
            "distance_in",
        ),
        (["fire"], json.dumps({**MINIMAL["fire"], "range_in": 1e309}), "range_in"),
    ],
)
def test_issue_19_calculator_cases(args: list[str], stdin: str, field: str | None) -> None:
    """Issue 19 items 1 and 7: each case exits 2 with a JSON error naming the field."""
    code, obj = run_cli(*args, stdin=stdin)
    assert code == 2
    assert list(obj) == ["error", "field"]
    assert obj["field"] == field


def test_a_huge_firer_list_is_refused_before_any_work() -> None:
    """Issue 19 item 7: 100,000 firers are refused at once (by size, before parsing)."""
    import time

    firer = {"arm": "artillery", "ce": 5, "formation": "unlimbered"}
    text = json.dumps({**MINIMAL["fire"], "firers": [firer] * 100_000})
    start = time.perf_counter()
    code, obj = run_cli("fire", stdin=text)
    assert time.perf_counter() - start < 1.0
    assert code == 2
    compact = json.dumps({**MINIMAL["fire"], "firers": [1] * 20_000}, separators=(",", ":"))
    code, obj = run_cli("fire", stdin=compact)
    assert (code, obj["field"]) == (2, "firers")
