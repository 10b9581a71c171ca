"""Rallying routed units (EotE 9.1) and rallying from disorder (3.6, 5.7, 8.0)."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.rally import (
    DisorderRallySituation,
    RallySituation,
    disorder_rally,
    rally,
)
from eote_ref.packs.eote.rules.ruleset import Ruleset
from tests.unit.rules.conftest import dice


def test_target_is_ce_plus_rating_minus_hits(rs: Ruleset) -> None:
    """CE 6, rating 2, 3 hits → 5; routed by morale → 4. Roll under rallies, half hits go."""
    s = RallySituation(ce=6, leader_rating=2, hits=3)
    out = rally(s, rs, dice(4))
    assert out.modified == 5
    assert out.result == "rallied"
    assert out.details == {"hits_removed": 1, "hits_after": 2}
    assert rally(s, rs, dice(5)).result == "failed"
    morale = RallySituation(ce=6, leader_rating=2, hits=3, routed_by_morale=True)
    assert rally(morale, rs, dice(4)).result == "failed"


def test_no_hits_no_rating(rs: Ruleset) -> None:
    out = rally(RallySituation(ce=5, leader_rating=0), rs, dice(4))
    assert out.modifiers == ()
    assert out.details["hits_removed"] == 0


def test_negative_rating_counts(rs: Ruleset) -> None:
    assert rally(RallySituation(ce=5, leader_rating=-1, hits=4), rs, dice(1)).modified == 0


@pytest.mark.parametrize(
    ("s", "rule"),
    [
        (RallySituation(ce=6, leader_rating=1, already_attempted=True), "9.1"),
        (RallySituation(ce=6, leader_rating=1, division_out_of_tcr=False), "1.9"),
        (RallySituation(ce=6, leader_rating=5), "3.6"),
        (RallySituation(ce=6, leader_rating=1, hits=-1), "9.1"),
    ],
)
def test_forbidden(rs: Ruleset, s: RallySituation, rule: str) -> None:
    with pytest.raises(RulesError) as err:
        rally(s, rs, dice(1))
    assert err.value.rule == rule


@pytest.mark.parametrize(
    ("s", "result", "why"),
    [
        (DisorderRallySituation(), "rallied", ""),
        (DisorderRallySituation(in_command=False), "cannot", "command radius"),
        (DisorderRallySituation(pinned=True), "cannot", "pinned"),
        (DisorderRallySituation(has_leader=False), "cannot", "no leader"),
        (DisorderRallySituation(leader_can_rally=False), "cannot", "cannot rally"),
    ],
)
def test_disorder_rally(rs: Ruleset, s: DisorderRallySituation, result: str, why: str) -> None:
    out = disorder_rally(s, rs, dice(1))
    assert out.result == result
    assert out.details["disordered_after"] is (result == "cannot")
    assert all(why in n for n in out.notes)
