"""Skirmish CE (EotE 5.5.1) and skirmisher hit bookkeeping (EotE 5.4)."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.rules.core import RulesError, Source
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.fire import FireSituation, fire
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.skirmish import (
    SkirmishAction,
    SkirmishersSituation,
    SkirmishSituation,
    skirmish,
    skirmishers,
)
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit
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


@pytest.mark.parametrize(
    ("nation", "year", "stands", "how", "ce", "whole"),
    [
        # Worked by hand from 5.5.1: other nations before 1812 rate a half per stand.
        ("austrian", 1809, 3, "up", 1.5, 2),  # 3 x 0.5 = 1.5, the half counts
        ("austrian", 1809, 3, "down", 1.5, 1),  # the half is dropped
        ("russian", 1807, 1, "up", 0.5, 1),  # a single stand keeps a CE of 1
        ("russian", 1807, 1, "down", 0.5, 0),  # ... or none at all
        ("austrian", 1809, 4, "up", 2, 2),  # 4 x 0.5 = 2: nothing to round
        ("french", 1809, 3, "down", 6, 6),  # +2 per stand: always whole
    ],
)
def test_half_ce_becomes_the_whole_ce_of_fire_and_assault(
    rs: Ruleset, nation: str, year: int, stands: int, how: str, ce: float, whole: int
) -> None:
    """5.5.1 gives halves, fire and assault take whole CEs: option skirmish_half_ce."""
    out = skirmish(
        SkirmishSituation(nation, year, stands), rs.with_options({"skirmish_half_ce": how}), dice(1)
    )
    assert out.details["ce"] == out.modified == ce  # the text's figure stays visible
    assert out.details["combat_ce"] == whole
    assert isinstance(out.details["combat_ce"], int)
    if whole == ce:
        assert out.notes == ()
    else:
        assert out.notes == (
            f"fire and assault take whole CEs: enter {whole} for {ce:g} "
            f"(option skirmish_half_ce={how}, provisional)",
        )


def test_half_ce_default_is_up(rs: Ruleset) -> None:
    assert rs.opts.skirmish_half_ce == "up"
    assert rs.options["skirmish_half_ce"].default == "up"


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


@pytest.mark.parametrize(("how", "whole", "result"), [("up", 3, "1"), ("down", 2, "none")])
def test_half_ce_feeds_fire(rs: Ruleset, how: str, whole: int, result: str) -> None:
    """5 Austrian stands in 1809: 2.5 (5.5.1), fired at a battalion in line 4" away, roll 2.

    Up: CE 3 reads the 3-4 row, where a 2 is one hit; down: CE 2 reads the 1-2 row, where
    only a 1 disorders (the provisional fire table, 6.6).
    """
    chosen = rs.with_options({"skirmish_half_ce": how})
    out = skirmish(SkirmishSituation("austrian", 1809, 5), chosen, dice(1))
    assert out.details["ce"] == 2.5
    assert out.details["combat_ce"] == whole
    ce = out.details["combat_ce"]
    assert isinstance(ce, int)
    firer = Unit(CombatArm.INFANTRY, ce, Formation.SKIRMISH)
    target = Unit(CombatArm.INFANTRY, 6, Formation.LINE)
    shot = fire(FireSituation([firer], target, 4), chosen, EnteredDice({"roll": 2}))
    assert shot.modified == whole
    assert shot.result == result
