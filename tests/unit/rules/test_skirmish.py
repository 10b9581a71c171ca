"""Skirmish CE (EotE 5.5.1) and skirmisher hit bookkeeping (EotE 5.4)."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.rules.core import RulesError, Source
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.skirmish import (
    SkirmishAction,
    SkirmishersSituation,
    SkirmishSituation,
    skirmish,
    skirmishers,
)
from tests.unit.rules.conftest import dice


@pytest.mark.parametrize(
    ("nation", "year", "stands", "ce"),
    [
        ("french", 1805, 3, 6),
        ("British", 1812, 2, 4),
        ("austrian", 1809, 3, 1.5),
        ("russian", 1813, 3, 3),
        ("prussian", 1812, 4, 4),
        ("kgl", 1815, 2, 4),
    ],
)
def test_ratings(rs: Ruleset, nation: str, year: int, stands: int, ce: float) -> None:
    out = skirmish(SkirmishSituation(nation, year, stands), rs, dice(1))
    assert out.details["ce"] == ce
    assert sum(m.value for m in out.modifiers) == out.modified - out.base


def test_1812_option_and_house_source(rs: Ruleset) -> None:
    before = rs.with_options({"skirmish_1812_rating": "before"})
    assert skirmish(SkirmishSituation("prussian", 1812, 4), before, dice(1)).details["ce"] == 2
    kgl = skirmish(SkirmishSituation("kgl", 1815, 1), rs, dice(1))
    assert kgl.modifiers[0].source is Source.PROVISIONAL


def test_bad(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        skirmish(SkirmishSituation("french", 1805, 0), rs, dice(1))
    with pytest.raises(RulesError):
        skirmish(SkirmishSituation("french", 2024, 2), rs, dice(1))


@pytest.mark.parametrize(
    ("action", "parent", "skirm", "taken", "parent_after", "skirm_after", "result"),
    [
        (SkirmishAction.DETACH, 1, 0, 0, 2, 0, "done"),
        (SkirmishAction.REFORM, 2, 1, 0, 1, 0, "done"),
        (SkirmishAction.REFORM, 1, 3, 0, 1, 0, "done"),
        (SkirmishAction.HIT, 1, 1, 1, 1, 2, "ineffective"),
        (SkirmishAction.HIT, 1, 0, 1, 1, 1, "done"),
        (SkirmishAction.FULL_REFORM, 5, 0, 0, 2, 0, "done"),
    ],
)
def test_bookkeeping(
    rs: Ruleset,
    action: SkirmishAction,
    parent: int,
    skirm: int,
    taken: int,
    parent_after: int,
    skirm_after: int,
    result: str,
) -> None:
    """5.4: detach +1; reform -1 plus half the skirmish hits rounded down; 2 hits ineffective."""
    out = skirmishers(SkirmishersSituation(action, parent, skirm, taken), rs, dice(1))
    assert out.details["parent_hits_after"] == parent_after
    assert out.details["skirmish_hits_after"] == skirm_after
    assert out.result == result
    assert out.effects["parent"].hits == parent_after - parent


def test_bookkeeping_bad(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        skirmishers(SkirmishersSituation(SkirmishAction.REFORM, 0, 1), rs, dice(1))
    with pytest.raises(RulesError):
        skirmishers(SkirmishersSituation(SkirmishAction.HIT, 0, -1), rs, dice(1))
