"""The result enums: every code a procedure gives is a member, tones per party, value labels."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from eote_ref.packs.eote.calculator import parse_situation
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.packs.eote.rules.results import (
    NO_EFFECT,
    RESULT_WORDS,
    RESULTS,
    AssaultSideResult,
    FireResult,
    LeaderCasualtyResult,
    MoraleResult,
    Party,
    PinningResult,
    Tone,
    assault_half_label,
    assault_halves,
    tone_of,
)
from eote_ref.packs.eote.rules.units import Arm, CombatArm
from eote_ref.packs.eote.rulesets import load_default

INFANTRY = {"arm": "infantry", "ce": 6, "formation": "line"}
BATTERY = {"arm": "artillery", "ce": 6, "formation": "unlimbered"}

#: Situations that between them reach every result of each procedure with a closed set.
SITUATIONS: dict[str, list[dict[str, Any]]] = {
    "square": [{"ce": 6, "formation": "line"}, {"ce": 6, "formation": "line", "routed": True}],
    "morale": [{**INFANTRY, "hits": 3}, {**INFANTRY, "hits": 5}],
    "fire": [
        {"firers": [BATTERY], "target": INFANTRY, "range_in": 10},
        {
            "firers": [{**BATTERY, "ce": 9}],
            "target": {**INFANTRY, "formation": "square"},
            "range_in": 2,
        },
    ],
    "assault": [
        {"attackers": [INFANTRY], "defenders": [{**INFANTRY, "ce": 4}]},
        {"attackers": [{**INFANTRY, "ce": 3}], "defenders": [{**INFANTRY, "ce": 9}]},
    ],
    "integrity": [{"unit_ces": [5, 6]}, {"unit_ces": [5, 6], "in_town": True}],
    "leader_casualty": [{}, {"attached_to_assaulting_unit": True}],
    "rally": [{"ce": 6, "leader_rating": 1}],
    "disorder_rally": [{}, {"pinned": True}],
    "cavalry_end_of_turn": [
        {},
        {"engaged_this_turn": True},
        {"engaged_this_turn": True, "blown": 2},
        {"blown": 1, "rested_this_turn": True},
    ],
    "british_cavalry_breakthrough": [{}, {"takes_breakthrough": True}],
    "charge": [{}, {"terrain": "stream"}, {"terrain": "woods"}],
    "pinning": [
        {"arm": "infantry", "enemy_arm": "cavalry", "distance_in": 4},
        {"arm": "infantry", "enemy_arm": "cavalry", "distance_in": 4, "in_enemy_arc": False},
    ],
    "skirmishers": [{"action": "detach"}, {"action": "hit", "parent_hits": 1, "hits_taken": 2}],
    "tactical_combat_range": [{"nearest_enemy_in": 12}, {"nearest_enemy_in": 30}],
    "command_radius": [{"rating": 2}],
    "movement": [{"arm": "infantry", "formation": "line"}],
    "skirmish": [{"nation": "french", "year": 1809, "stands": 2}],
    "pontoon": [{}, {"turns_done": 3}, {"under_fire_with_hits_or_disorder": True}],
    "demolition": [{}, {"charge_set": True}],
    "burning": [{"howitzer_batteries": 1, "building": "wood"}],
}


def outcomes(name: str) -> list[Outcome]:
    rs = load_default()
    proc = PROCEDURES[name]
    out = []
    for data in SITUATIONS[name]:
        sit = parse_situation(proc, copy.deepcopy(data))  # it consumes its input
        for face in (1, 5, 10):
            dice = EnteredDice({"roll": face, "second_roll": face, "percentile": face * 10})
            out.append(proc.run(sit, rs, dice))
    return out


def test_every_closed_procedure_has_situations_here() -> None:
    assert set(SITUATIONS) == set(RESULTS)
    assert set(RESULTS) <= set(PROCEDURES)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_every_result_and_every_odds_entry_is_a_member(name: str) -> None:
    kind = RESULTS[name]
    seen: set[str] = set()
    for o in outcomes(name):
        for code in {o.result, *o.probabilities}:
            halves = assault_halves(code) if name == "assault" else (code,)
            for half in halves:
                assert kind(half) == half  # raises ValueError for a code the enum lacks
                seen.add(half)
    assert seen, name


def test_the_results_reached_cover_the_enums() -> None:
    """No member is dead: the situations above reach every declared result."""
    missing: dict[str, set[str]] = {}
    for name, kind in RESULTS.items():
        reached: set[str] = set()
        for o in outcomes(name):
            for code in {o.result, *o.probabilities}:
                reached.update(assault_halves(code) if name == "assault" else (code,))
        missing[name] = {m.value for m in kind} - reached
    assert {k: v for k, v in missing.items() if v} == {}


def test_tones_for_each_party() -> None:
    assert MoraleResult.ROUT.tone() is Tone.BAD
    assert MoraleResult.ROUT.tone(Party.OPPONENT) is Tone.GOOD
    assert MoraleResult.PASS.tone() is Tone.GOOD
    assert LeaderCasualtyResult.NO_EFFECT.tone() is Tone.GOOD
    assert LeaderCasualtyResult.NO_RALLY.tone() is Tone.BAD
    # fire: the subject is the target; two-sided, so checks show it neutral
    assert FireResult("2").tone() is Tone.BAD
    assert FireResult("2").tone(Party.OPPONENT) is Tone.GOOD
    assert FireResult.two_sided()
    assert not MoraleResult.two_sided()
    # an assault reads for the attacker (subject) as the worse half falls on the other side
    assert tone_of("assault", "././1") is Tone.GOOD
    assert tone_of("assault", "././1", Party.OPPONENT) is Tone.BAD
    assert tone_of("assault", "R/.") is Tone.BAD
    assert tone_of("assault", "D/D") is Tone.NEUTRAL
    assert AssaultSideResult("R").label == "rout"
    # open results read neutral
    assert tone_of("initiative", "french") is Tone.NEUTRAL
    assert tone_of("morale", "no such result") is Tone.NEUTRAL


def test_outcome_carries_code_tone_labels_and_keeps_its_json_strings() -> None:
    rs = load_default()
    proc = PROCEDURES["morale"]
    o = proc.run(parse_situation(proc, {**INFANTRY, "hits": 5}), rs, EnteredDice({"roll": 10}))
    assert o.code is MoraleResult(o.result)
    assert o.tone() is o.code.tone()
    assert o.result_label("fall_back") == "fall back"
    text = json.dumps(o.to_json())
    assert f'"result": "{o.result}"' in text
    assert json.loads(text)["result"] == o.result
    assert type(json.loads(text)["result"]) is str


def test_value_labels_of_no_roll_outcomes() -> None:
    rs = load_default()
    radius = PROCEDURES["command_radius"]
    o = radius.run(parse_situation(radius, {"rating": 2}), rs, EnteredDice({}))
    assert o.value_label() == ("Command radius", '"')
    move = PROCEDURES["movement"]
    o = move.run(
        parse_situation(move, {"arm": "infantry", "formation": "line"}), rs, EnteredDice({})
    )
    assert o.value_label() == ("Move allowance", '"')


def test_an_open_result_has_no_member_and_reads_as_it_is() -> None:
    o = Outcome.decided("initiative", "4.0", "french_army")
    assert o.code is None
    assert o.tone() is Tone.NEUTRAL
    assert o.result_label() == "french army"
    assert o.value_label() == ("Value", "")
    assert PinningResult.PINNED.tone(Party.OPPONENT) is Tone.NEUTRAL


def test_the_combat_arms_are_the_arms_of_service_but_engineers() -> None:
    assert [a.value for a in Arm if a is not Arm.ENGINEERS] == [c.value for c in CombatArm]


@pytest.mark.parametrize(
    ("half", "words"),
    [(".", "no decision"), ("./.", "no decision"), ("D", "disorder"), ("R", "rout"), ("Z", "Z")],
)
def test_an_assault_half_in_words(half: str, words: str) -> None:
    """Either spelling of an untouched side reads as the table's no-effect result (EotE 7.6)."""
    assert assault_half_label(half) == words


def test_the_result_words_the_journal_reads_through_the_registry() -> None:
    """EotE 6.8 and 7.3: a fire and an assault's codes in words, an assault by its halves."""
    assert RESULT_WORDS.label("fire", "D") == FireResult("D").label
    assert RESULT_WORDS.label("fire", "no such code") is None
    assert RESULT_WORDS.parts("assault", "D/2") == ("D", "2")
    assert RESULT_WORDS.parts("assault", "./2") == (NO_EFFECT, "2")
    assert RESULT_WORDS.parts("assault", NO_EFFECT) == ()
    assert RESULT_WORDS.parts("fire", "D/2") == ()
