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
