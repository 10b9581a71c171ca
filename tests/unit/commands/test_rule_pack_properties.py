"""``eote-ref rule --pack avle`` never fails inside: exit 0, or exit 2 naming the field.

Each generated situation starts from a valid one and puts odd values in some of its fields.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.commands.rule_pack import describe_pack
from eote_ref.packs.registry import get_pack
from tests.budget import budget
from tests.cli_runner import run_in_process
from tests.unit.commands.test_rule_pack_cli import MINIMAL

PACK = describe_pack(get_pack("avle"))
FIELDS = {p["name"]: [f["name"] for f in p["fields"]] for p in PACK["procedures"]}
ODD = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.integers(-(10**7), 10**7)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["flag", "french", "trooper", "left", "farm", "square", "old_guard"]),
    lambda inner: (
        st.lists(inner, max_size=7) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
OPTIONS = st.sampled_from(
    [f"{o['name']}={json.dumps(c)}" for o in PACK["options"] for c in o["choices"]]
)


@settings(
    max_examples=budget(80, 1500), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_any_input_answers_the_contract(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(MINIMAL)))
    situation: dict[str, Any] = dict(MINIMAL[name])
    for field in data.draw(st.lists(st.sampled_from(FIELDS[name]), max_size=3)):
        situation[field] = data.draw(ODD)
    options = data.draw(st.lists(OPTIONS, max_size=3))
    args = [a for o in options for a in ("--option", o)]
    text = json.dumps(situation, allow_nan=True)
    proc = run_in_process("rule", "--pack", "avle", name, "--seed", "3", *args, stdin=text)
    assert proc.stderr == ""
    assert proc.returncode in (0, 2), proc.stdout
    out = json.loads(proc.stdout)
    if proc.returncode == 2:
        assert set(out) == {"error", "field"}
    else:
        assert abs(sum(out["probabilities"].values()) - 1) < 1e-9


# ------------------------------------------------------------------ issue 31: bad input
DICE = get_pack("avle").dice
ROLLS = [(p["name"], r) for p in PACK["procedures"] for r in p["rolls"]]
KINDS = {p.name: p.rolls for p in get_pack("avle").procedures.values()}


def _off_faces(data: st.DataObject, die_name: str) -> Any:
    faces = list(DICE[die_name].faces)  # type: ignore[union-attr]
    if all(isinstance(f, int) for f in faces):
        zero_ok = die_name == "d10"
        return data.draw(
            st.integers(-30, 30).filter(lambda v: v not in faces and not (zero_ok and v == 0))
            | st.sampled_from(["1", 2.5, True, None, "flag"]).filter(lambda v: v is not None)
        )
    return data.draw(
        st.text(max_size=8).filter(lambda v: v not in faces)
        | st.sampled_from([1, "Flag", "french ", "cavalry"])
    )


@settings(
    max_examples=budget(60, 1000), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_a_die_off_its_faces_is_refused_even_when_not_read(data: st.DataObject) -> None:
    """Every roll of every procedure: a face the die lacks is exit 2 naming the roll.

    The rest of the situation is the minimal valid one, so the procedure may not even read
    the roll (``effect_roll`` after a miss, ``entry_roll`` without a Prussian flag).
    """
    name, roll = data.draw(st.sampled_from(ROLLS))
    kind = KINDS[name][roll]
    bad = _off_faces(data, kind.split()[0])
    listed = "pool" in kind or "list" in kind
    value: Any = bad
    if listed:
        good = list(DICE[kind.split()[0]].faces)  # type: ignore[union-attr]
        value = [data.draw(st.sampled_from(good)) for _ in range(data.draw(st.integers(0, 2)))]
        value.insert(data.draw(st.integers(0, len(value))), bad)
    situation = dict(MINIMAL[name], **{roll: value})
    options = data.draw(st.lists(OPTIONS, max_size=2))
    args = [a for o in options for a in ("--option", o)]
    text = json.dumps(situation)
    proc = run_in_process("rule", "--pack", "avle", name, "--seed", "3", *args, stdin=text)
    assert proc.returncode == 2, (situation, proc.stdout)
    out = json.loads(proc.stdout)
    assert out["field"] == roll or out["field"].startswith(f"{roll}["), out


INT_FIELDS = [
    (p["name"], f["name"])
    for p in PACK["procedures"]
    for f in p["fields"]
    if f["type"] in ("int", "int or null")
]


@settings(max_examples=budget(40, 600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_negative_count_or_distance_is_refused(data: st.DataObject) -> None:
    """Every whole-number field is a count, a distance or a turn: never negative.

    Whatever else the situation says (``hexes_from_enemy`` out of sight,
    ``general_retreat_hexes`` under the default capture value).
    """
    name, field = data.draw(st.sampled_from(INT_FIELDS))
    situation = dict(MINIMAL[name], **{field: data.draw(st.integers(-(10**6), -1))})
    options = data.draw(st.lists(OPTIONS, max_size=2))
    args = [a for o in options for a in ("--option", o)]
    proc = run_in_process("rule", "--pack", "avle", name, *args, stdin=json.dumps(situation))
    assert proc.returncode == 2, (situation, options, proc.stdout)
    assert json.loads(proc.stdout)["field"] == field
