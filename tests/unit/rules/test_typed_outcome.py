"""An outcome carries its procedure's result enum and names the value it computed."""

from __future__ import annotations

import json

from eote_ref.packs.eote.calculator import parse_situation
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.packs.eote.rules.results import (
    BLOWN_MARKERS,
    MoraleResult,
    PinningResult,
)
from eote_ref.packs.eote.rulesets import load_default


def test_a_code_string_becomes_the_procedures_member() -> None:
    o = Outcome.decided("morale", "7.5", "fall_back")
    assert o.result is MoraleResult.FALL_BACK
    assert o.code is MoraleResult.FALL_BACK
    assert o.to_json()["result"] == "fall_back"
    assert type(o.to_json()["result"]) is str
    assert json.dumps(o.to_json()["probabilities"]) == '{"fall_back": 1.0}'


def test_an_open_result_stays_a_plain_code() -> None:
    o = Outcome.decided("initiative", "4.0", "french_army")
    assert type(o.result) is str
    assert o.code is None


def test_a_procedure_run_gives_a_member_and_names_its_value() -> None:
    rs = load_default()
    pinning = PROCEDURES["pinning"]
    situation = {"arm": "infantry", "enemy_arm": "infantry", "distance_in": 1}
    o = pinning.run(parse_situation(pinning, situation), rs, EnteredDice({}))
    assert o.result is PinningResult.PINNED
    assert o.value_label() == ("Pinning distance", '"')
    cavalry = PROCEDURES["cavalry_end_of_turn"]
    o = cavalry.run(parse_situation(cavalry, {"engaged_this_turn": True}), rs, EnteredDice({}))
    assert o.value_name is BLOWN_MARKERS


def test_an_outcome_built_with_a_member_keeps_it() -> None:
    o = Outcome.decided("morale", "7.5", MoraleResult.ROUT)
    assert o.result is MoraleResult.ROUT
    assert o.result_label() == "rout"
