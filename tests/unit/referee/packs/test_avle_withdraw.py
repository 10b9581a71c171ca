"""A unit withdrawn after its passed morale test (AVlE 15.0), and what it counts for (4.2).

With the optional morale rule a unit that passes its test stays on its last element; once
it is ordered again it may be withdrawn from the battle. It then leaves the map, and option
``withdrawn_units`` says whether it counts among its side's units lost for victory.
"""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.packs.avle.play_state import on_map
from eote_ref.referee.pack_play import (
    PackGameService,
    PackPlayError,
)
from eote_ref.referee.pack_view import read_pack_view, umpire_marker_words
from eote_ref.store import Database
from tests.avle_games import avle_battle, dealt, last_record, mark, quatre_bras, unit_id
from tests.games import game_state

BATTERY = "Perponcher's batteries"


def _passed(game: PackGameService, name: str) -> int:
    """``name`` down to its last element passes its morale test (15.0: a d10 of 1)."""
    unit = unit_id(game, name)
    mark(game, ("game_unit", unit, "markers.elements", 1))
    outcome = game.open_check("morale", unit_id=unit).apply({"roll": 1})
    assert outcome is not None
    assert outcome.result == "holds"
    assert game.state().unit(unit).markers["passed_morale"] is True
    return unit


def test_a_unit_that_passed_its_morale_test_is_withdrawn_once_ordered(db: Database) -> None:
    game = quatre_bras(db, morale_rule=True)
    battery = _passed(game, BATTERY)
    # 15.0: it may be withdrawn when it is activated, so not before it has an order.
    before = game_state(game)
    with pytest.raises(PackPlayError, match="no order this round"):
        game.open_check("withdraw", unit_id=battery).apply()
    assert game_state(game) == before
    mark(game, ("game_unit", battery, "markers.ordered", True))
    before = game_state(game)
    check = game.open_check("withdraw", unit_id=battery)
    trial = check.trial({})
    assert trial.error is None
    assert f"{BATTERY} withdrawn from the battle (15.0)" in trial.changes
    check.apply()
    state = game.state()
    unit = state.unit(battery)
    assert unit.markers["withdrawn"] is True
    assert not on_map(state, unit)
    # The dashboard marks it and words it; it is off the map there too.
    view = read_pack_view(game)
    spec = next(m for m in view.markers if m.name == "withdrawn")
    assert spec.dashboard == "W"
    assert view.off_map(unit.markers)
    assert "withdrawn" in umpire_marker_words(view.markers, unit.markers, unit.type)
    assert last_record(game)["summary"] == f"{BATTERY} is withdrawn from the battle (15.0)"
    with pytest.raises(PackPlayError, match="not on the map"):
        game.open_check("withdraw", unit_id=battery).apply()
    game.undo()
    assert game_state(game) == before


@pytest.mark.parametrize(
    ("options", "passed", "refusal"),
    [
        ({"morale_rule": True}, False, "only a unit that passed its morale test"),
        ({}, True, "the optional morale rule is not in play"),
    ],
)
def test_withdrawal_is_refused_in_words_and_writes_nothing(
    db: Database, options: dict[str, Any], passed: bool, refusal: str
) -> None:
    game = quatre_bras(db, **options)
    battery = unit_id(game, BATTERY)
    mark(
        game,
        ("game_unit", battery, "markers.ordered", True),
        ("game_unit", battery, "markers.passed_morale", passed or None),
    )
    before = game_state(game)
    with pytest.raises(PackPlayError, match=refusal):
        game.open_check("withdraw", unit_id=battery).apply()
    assert game_state(game) == before


LANCERS, NASSAU = "Piré's lancers (Hubert)", "Saxe-Weimar's brigade (2nd Nassau)"


def test_a_unit_charged_is_not_withdrawn_before_its_reaction_is_settled(db: Database) -> None:
    """A unit that passed its test, was ordered, then charged, owes the charge its reaction.

    Withdrawn then, the reaction would refuse it as off the map and the round could never
    end (4.2 waits for every check due): the withdrawal is refused in words (9.3, 15.0).
    """
    game = quatre_bras(db, morale_rule=True)
    nassau = _passed(game, NASSAU)
    _, units = dealt(
        game,
        "right",
        "left",
        French=["trooper", "trooper", "infantry", "infantry", "infantry"],
        Allies=["cannon", "cannon", "cannon", "cannon", "cannon"],
    )
    order = game.open_check("order", unit_id=units[LANCERS])
    order.set("face", "trooper")
    order.apply()
    mark(game, ("game_unit", nassau, "markers.ordered", True))
    charge = game.open_check("charge", unit_id=units[LANCERS])
    charge.set("target_unit", nassau)
    charge.apply()
    before = game_state(game)
    with pytest.raises(PackPlayError, match="while a check on it is due: .*may react"):
        game.open_check("withdraw", unit_id=nassau).apply()
    assert game_state(game) == before


@pytest.mark.parametrize(
    ("marker", "refusal"), [("fired", "has fired this round"), ("reacted", "reacted to a charge")]
)
def test_a_unit_whose_activation_is_spent_is_not_withdrawn(
    db: Database, marker: str, refusal: str
) -> None:
    """15.0: the withdrawal is the unit's activation, so not after its fire or a reaction."""
    game = quatre_bras(db, morale_rule=True)
    battery = _passed(game, BATTERY)
    mark(
        game,
        ("game_unit", battery, "markers.ordered", True),
        ("game_unit", battery, f"markers.{marker}", True),
    )
    before = game_state(game)
    with pytest.raises(PackPlayError, match=refusal):
        game.open_check("withdraw", unit_id=battery).apply()
    assert game_state(game) == before


def _waterloo(db: Database, **options: Any) -> PackGameService:
    return avle_battle(db, "waterloo", **options)


@pytest.mark.parametrize(
    ("option", "counted", "result"), [("lost", 9, "substantial"), ("not_lost", 8, "none")]
)
def test_a_withdrawn_unit_counts_for_victory_as_the_option_says(
    db: Database, option: str, counted: int, result: str
) -> None:
    """15.0, 4.2, 13.1: with the morale rule Waterloo's 12 English become 9 (14.0: 9.6 down).

    Eight English units are eliminated and a ninth, having passed its test, is withdrawn:
    counted as lost it is the French's 9th English unit, a substantial victory; not, 8.
    """
    game = _waterloo(db, morale_rule=True, withdrawn_units=option)
    state = game.state()
    allies = next(s for s in state.sides if s.name == "Allies")
    english = [u for u in state.units_of(allies.id) if u.markers.get("flag") == "english"]
    right = {"B10", "G10", "C10", "D7", "E9", "D10", "C9", "K10"}  # the centre keeps units
    lost = [u for u in english if u.markers.get("hex") in right]
    assert len(lost) == 8
    mark(
        game,
        *[("game_unit", u.id, "markers.eliminated", True) for u in lost],
        ("game_side", allies.id, "pack_state.units_lost", 8),
        *[("game_side", s.id, "pack_state.card", "centre") for s in state.sides],
    )
    withdrawn = next(u for u in english if u.markers.get("hex") == "I10")
    mark(
        game,
        ("game_unit", withdrawn.id, "markers.passed_morale", True),
        ("game_unit", withdrawn.id, "markers.ordered", True),
    )
    game.open_check("withdraw", unit_id=withdrawn.id).apply()
    check = game.open_check("victory")
    outcome = check.preview()
    assert outcome is not None
    side = outcome.details["sides"]["Allies"]
    assert side["units_lost"] == counted
    assert side["lost_by_nation"]["english"] == counted
    assert side["enemy_needs_by_nation"] == {"english": 9}
    assert outcome.result == result
    lines = check.reading(outcome)
    if option == "lost":
        assert any("8 unit(s) (4.2) + 1 unit(s) withdrawn (15.0) = 9" in ln for ln in lines)
    else:
        assert (
            "Allies has withdrawn 1 unit(s), not counted as lost (15.0; as chosen: units "
            "withdrawn: not counted as lost (15.0, 4.2))"
        ) in lines
