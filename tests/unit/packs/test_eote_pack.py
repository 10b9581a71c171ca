"""The EotE pack declares today's engine: the same procedures, answering the same JSON."""

from __future__ import annotations

import dataclasses
import json

from eote_ref.packs.eote.calculator import adjudicate, parse_situation
from eote_ref.packs.eote.rules.assault import assault_column
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.fire import fire_result, fire_row
from eote_ref.packs.eote.rules.integrity import ce_base
from eote_ref.packs.eote.rules.leader_casualty import (
    LeaderCasualtySituation,
    band_of,
    leader_casualty,
)
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.packs.eote.rules.results import SquareResult
from eote_ref.packs.eote.rulesets import load_default
from eote_ref.packs.registry import get_pack


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


def test_eotes_charts_are_the_table_kinds_the_engine_looks_up() -> None:
    rs = load_default()
    tables = get_pack("eote").tables
    assert all(t.check() == [] for t in tables.values())
    assert all(tables[name] is chart for name, chart in rs.charts.by_name().items())
    for ce in range(-3, 26):
        row = tables["fire_table"].lookup(ce)
        assert row is fire_row(rs, ce)
        for roll in range(1, 11):
            assert row.results.lookup(roll) == fire_result(fire_row(rs, ce), roll)
    for size in range(31):
        assert tables["assault_table"].lookup(size) is assault_column(rs, size)
    for avg in range(0, 31):
        assert tables["integrity_base"].lookup(avg).base == ce_base(avg, rs)
    for roll in range(-3, 14):
        assert tables["leader_casualty"].lookup(roll) == band_of(rs.leader_casualty, roll)
    for roll in range(1, 11):
        assert tables["integrity_fail"].lookup(roll) == band_of(rs.di_fail, roll)
    radius = tables["command_radius"]
    assert radius.lookup(2).corps == next(r.corps for r in rs.command_radius if r.rating == 2)
    assert tables["oac"].lookup(-1).thresholds == rs.oac[0].thresholds


def test_the_engine_reads_its_charts_through_the_kinds() -> None:
    """The kinds are built from the ruleset's rows: a club's chart is what a ruling reads."""
    rs = load_default()
    house = dataclasses.replace(
        rs.leader_casualty, bands={"killed": [None, 5], "no_rally": [6, 8], "no_effect": [9, None]}
    )
    edited = dataclasses.replace(rs, leader_casualty=house)
    assert edited.charts.leader_casualty.check() == []
    assert [b.result for b in edited.charts.leader_casualty.bands] == list(house.bands)
    situation = LeaderCasualtySituation()
    assert leader_casualty(situation, edited, EnteredDice({"roll": 5})).result == "killed"
    assert leader_casualty(situation, rs, EnteredDice({"roll": 5})).result == "no_effect"
    assert fire_row(rs, 7.5) is rs.fire_table[3]  # a fraction reads the row it has reached
