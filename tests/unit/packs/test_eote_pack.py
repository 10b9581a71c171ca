"""The EotE pack declares today's engine: the same procedures, answering the same JSON."""

from __future__ import annotations

import json

from eote_ref.commands.rule import adjudicate, parse_situation
from eote_ref.packs.registry import get_pack
from eote_ref.rules.dice import EnteredDice
from eote_ref.rules.procedures import PROCEDURES
from eote_ref.rules.results import SquareResult
from eote_ref.rulesets import load_default


def test_the_eote_pack_lists_every_procedure_of_the_engine() -> None:
    pack = get_pack("eote")
    assert list(pack.procedures) == list(PROCEDURES)
    for name, spec in pack.procedures.items():
        assert spec.rule == PROCEDURES[name].rule
        assert spec.situation is PROCEDURES[name].situation
    codes = {r.code: r.tone for r in pack.procedures["square"].results}
    assert codes == {m.value: m.tone().value for m in SquareResult}
    assert set(pack.options) == set(load_default().options)


def test_a_procedure_run_through_the_pack_answers_as_the_command_does() -> None:
    situation = {"ce": 6, "formation": "line", "hits": 1}
    spec = get_pack("eote").procedures["square"]
    parsed = parse_situation(PROCEDURES["square"], dict(situation))
    through_pack = spec.run(parsed, load_default(), EnteredDice({"roll": 4})).to_json()
    through_command = adjudicate("square", json.dumps({**situation, "roll": 4}))
    assert through_pack == through_command
