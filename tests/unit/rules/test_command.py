"""Command radius (EotE 3.6) and tactical combat range (EotE 1.9)."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.rules.command import (
    CommandRadiusSituation,
    Level,
    RadiusColumn,
    TacticalCombatRangeSituation,
    command_radius,
    tactical_combat_range,
)
from eote_ref.packs.eote.rules.core import RulesError, Source
from eote_ref.packs.eote.rules.ruleset import Ruleset
from tests.unit.rules.conftest import dice

TABLE = {
    -1: (6, 14, 18),
    0: (8, 16, 24),
    1: (10, 20, 28),
    2: (12, 24, 32),
    3: (14, 28, 36),
    4: (16, 32, 40),
}


@pytest.mark.parametrize("rating", sorted(TABLE))
@pytest.mark.parametrize("level", list(RadiusColumn))
def test_table_at_15mm(rs: Ruleset, rating: int, level: RadiusColumn) -> None:
    # 3.6 prints no wing column: a wing commander reads the corps one
    col = {"division": 0, "corps": 1, "army": 2, "wing": 1}[level.value]
    out = command_radius(CommandRadiusSituation(rating, level), rs, dice(1))
    assert out.details["radius_in"] == TABLE[rating][col]
    assert out.modifiers == ()
    assert out.roll is None


def test_a_wing_commander_reads_the_corps_column_provisionally(rs: Ruleset) -> None:
    """EotE 3.6 has division, corps and army columns only: a wing's radius is a reading.

    Rating 2 at 15mm: the corps column's 24", marked provisional with a note; the corps
    commander's own 24" stays a number of the text.
    """
    wing = command_radius(CommandRadiusSituation(2, RadiusColumn.WING), rs, dice(1))
    corps = command_radius(CommandRadiusSituation(2, RadiusColumn.CORPS), rs, dice(1))
    assert wing.details["radius_in"] == corps.details["radius_in"] == 24
    assert wing.details["source"] is Source.PROVISIONAL
    assert corps.details["source"] is Source.TEXT
    assert any("wing" in n and "provisional" in n for n in wing.notes)
    assert not any("wing" in n for n in corps.notes)


def test_minus_one_row_is_noted(rs: Ruleset) -> None:
    out = command_radius(CommandRadiusSituation(-1), rs, dice(1))
    assert any("-1" in n for n in out.notes)


@pytest.mark.parametrize(("scale", "radius"), [("6mm", 8), ("25mm", 12)])
def test_figure_scale(rs: Ruleset, scale: str, radius: int) -> None:
    out = command_radius(CommandRadiusSituation(1, figure_scale=scale), rs, dice(1))
    assert out.details["radius_in"] == radius
    assert out.modifiers[0].rule == "intro"


def test_scale_option_none(rs: Ruleset) -> None:
    flat = rs.with_options({"scale_adjusts": "none"})
    out = command_radius(CommandRadiusSituation(1, figure_scale="6mm"), flat, dice(1))
    assert out.details["radius_in"] == 10


def test_bad_rating_and_scale(rs: Ruleset) -> None:
    with pytest.raises(RulesError, match="rating"):
        command_radius(CommandRadiusSituation(5), rs, dice(1))
    with pytest.raises(RulesError, match="figure_scale"):
        command_radius(CommandRadiusSituation(1, figure_scale="28mm"), rs, dice(1))


@pytest.mark.parametrize(
    ("distance", "between", "scale", "result"),
    [
        (17.5, False, "15mm", "in_range"),
        (18, False, "15mm", "out_of_range"),
        (5, True, "15mm", "out_of_range"),
        (16, False, "6mm", "out_of_range"),
        (19, False, "25mm", "in_range"),
    ],
)
def test_tactical_combat_range(
    rs: Ruleset, distance: float, between: bool, scale: str, result: str
) -> None:
    s = TacticalCombatRangeSituation(distance, between, scale)
    assert tactical_combat_range(s, rs, dice(1)).result == result


def test_tcr_negative(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        tactical_combat_range(TacticalCombatRangeSituation(-1), rs, dice(1))


def test_order_of_battle_levels_read_their_radius_column() -> None:
    """EotE 3.6: a wing commander reads the corps column; brigades read the division's."""
    assert {lv.value: lv.radius_column.value for lv in Level} == {
        "army": "army",
        "wing": "wing",
        "corps": "corps",
        "division": "division",
        "brigade": "division",
    }
    assert sorted(Level, key=lambda lv: -lv.rank)[:3] == [Level.ARMY, Level.WING, Level.CORPS]
    assert [lv for lv in Level if lv.is_manoeuvre] == [Level.DIVISION, Level.BRIGADE]
