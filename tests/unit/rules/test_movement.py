"""Movement allowances and costs (EotE 4.0, 5.1-5.3) and pinning (EotE 5.7)."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.rules.core import RulesError, Source
from eote_ref.packs.eote.rules.movement import (
    MovementSituation,
    Mover,
    Pinner,
    PinningSituation,
    movement,
    pinning,
)
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import Formation, Weight
from tests.unit.rules.conftest import dice

F = Formation


@pytest.mark.parametrize(
    ("arm", "formation", "weight", "allowance"),
    [
        (Mover.INFANTRY, F.LINE, None, 6),
        (Mover.INFANTRY, F.COLUMN, None, 8),
        (Mover.INFANTRY, F.FRENCH_ASSAULT_COLUMN, None, 8),
        (Mover.INFANTRY, F.SKIRMISH, None, 12),
        (Mover.INFANTRY, F.SQUARE, None, 2),
        (Mover.CAVALRY, F.LINE, None, 10),
        (Mover.CAVALRY, F.COLUMN, None, 10),
        (Mover.CAVALRY, F.SKIRMISH, None, 10),
        (Mover.ARTILLERY, F.LIMBERED, Weight.LIGHT, 10),
        (Mover.ARTILLERY, F.LIMBERED, Weight.MEDIUM, 8),
        (Mover.ARTILLERY, F.LIMBERED, Weight.HEAVY, 6),
        (Mover.ARTILLERY, F.UNLIMBERED, None, 2),
    ],
)
def test_allowances(
    rs: Ruleset, arm: Mover, formation: Formation, weight: Weight | None, allowance: int
) -> None:
    out = movement(MovementSituation(arm, formation, weight), rs, dice(1))
    assert out.details["allowance_in"] == allowance


def test_horse_artillery_and_half_without_initiative(rs: Ruleset) -> None:
    """Medium horse battery 8+3 = 11"; without the initiative half: 5.5"."""
    s = MovementSituation(Mover.ARTILLERY, F.LIMBERED, Weight.MEDIUM, horse_artillery=True)
    assert movement(s, rs, dice(1)).details["allowance_in"] == 11
    s = MovementSituation(
        Mover.ARTILLERY, F.LIMBERED, Weight.MEDIUM, horse_artillery=True, has_initiative=False
    )
    out = movement(s, rs, dice(1))
    assert out.details["allowance_in"] == 5.5
    assert sum(m.value for m in out.modifiers) == out.modified - out.base


def test_scale_applies_before_halving(rs: Ruleset) -> None:
    s = MovementSituation(Mover.INFANTRY, F.LINE, has_initiative=False, figure_scale="6mm")
    assert movement(s, rs, dice(1)).details["allowance_in"] == 2


def test_costs(rs: Ruleset) -> None:
    inf = movement(MovementSituation(Mover.INFANTRY, F.COLUMN), rs, dice(1)).details
    assert (inf["formation_change_in"], inf["wheel_in"], inf["about_face_in"]) == (4, 3, 2)
    cav = movement(MovementSituation(Mover.CAVALRY, F.LINE), rs, dice(1))
    assert (cav.details["formation_change_in"], cav.details["wheel_in"]) == (0, 0)
    assert any("transcript" in n for n in cav.notes)
    art = movement(MovementSituation(Mover.ARTILLERY, F.UNLIMBERED), rs, dice(1)).details
    assert (art["limber_in"], art["wheel_in"]) == (3, 3)


def test_routed_and_leader(rs: Ruleset) -> None:
    rout = MovementSituation(Mover.INFANTRY, F.LINE, routed=True)
    assert movement(rout, rs, dice(1)).details["allowance_in"] == 20
    out = movement(MovementSituation(Mover.LEADER), rs, dice(1))
    assert out.details["allowance_in"] == 18
    assert out.details["allowance_source"] is Source.PROVISIONAL
    assert any("provisional" in n for n in out.notes)


@pytest.mark.parametrize(
    "s",
    [
        MovementSituation(Mover.INFANTRY),
        MovementSituation(Mover.INFANTRY, F.LIMBERED),
        MovementSituation(Mover.CAVALRY, F.SQUARE),
        MovementSituation(Mover.ARTILLERY, F.LINE),
        MovementSituation(Mover.ARTILLERY, F.LIMBERED),
    ],
)
def test_bad(rs: Ruleset, s: MovementSituation) -> None:
    with pytest.raises(RulesError):
        movement(s, rs, dice(1))


@pytest.mark.parametrize(
    ("s", "result"),
    [
        (PinningSituation(Mover.INFANTRY, Pinner.INFANTRY, 3), "pinned"),
        (PinningSituation(Mover.INFANTRY, Pinner.INFANTRY, 3.5), "not_pinned"),
        (PinningSituation(Mover.INFANTRY, Pinner.CAVALRY, 6), "pinned"),
        (PinningSituation(Mover.ARTILLERY, Pinner.INFANTRY, 2), "pinned"),
        (PinningSituation(Mover.INFANTRY, Pinner.ARTILLERY, 1), "not_pinned"),
        (PinningSituation(Mover.CAVALRY, Pinner.INFANTRY, 1), "not_pinned"),
        (PinningSituation(Mover.CAVALRY, Pinner.CAVALRY, 6), "pinned"),
        (PinningSituation(Mover.INFANTRY, Pinner.CAVALRY, 2, in_enemy_arc=False), "not_pinned"),
        (
            PinningSituation(
                Mover.INFANTRY, Pinner.CAVALRY, 2, enemy_cavalry_engaged_with_cavalry=True
            ),
            "not_pinned",
        ),
        (PinningSituation(Mover.INFANTRY, Pinner.CAVALRY, 7, figure_scale="25mm"), "pinned"),
    ],
)
def test_pinning(rs: Ruleset, s: PinningSituation, result: str) -> None:
    assert pinning(s, rs, dice(1)).result == result


def test_pinned_infantry_may_square(rs: Ruleset) -> None:
    out = pinning(PinningSituation(Mover.INFANTRY, Pinner.CAVALRY, 4), rs, dice(1))
    assert "square" in out.notes[0]
    assert out.details["pinning_distance_in"] == 6


def test_pinning_bad(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        pinning(PinningSituation(Mover.LEADER, Pinner.CAVALRY, 4), rs, dice(1))
    with pytest.raises(RulesError):
        pinning(PinningSituation(Mover.INFANTRY, Pinner.CAVALRY, -4), rs, dice(1))
