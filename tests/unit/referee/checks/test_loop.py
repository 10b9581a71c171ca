"""The wizard loop without Qt: facts, preview, dice asked in turn, one journal step, undo."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.dice import D10
from eote_ref.packs.eote.checks import REGISTRY, DieSpec, open_check
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from tests.games import game_state
from tests.unit.referee.conftest import first_unit


def test_square_check_previews_then_applies_one_undoable_step(waterloo: GameService) -> None:
    uid = first_unit(waterloo, 1, "infantry")
    waterloo.set_unit(uid, "hits", 2)
    before = game_state(waterloo)
    check = open_check(waterloo, "square", unit_id=uid)
    ce = next(u.ce for u in waterloo.view().sides[1].units if u.id == uid)
    preview = check.preview()
    # CE less one per hit: the modifier list says so with its section (EotE 5.6).
    assert preview.base == ce
    assert preview.modified == ce - 2
    assert [(m.value, m.rule) for m in check.modifiers()] == [(-2, "5.6")]
    odds = dict(check.odds())
    assert sum(odds.values()) == pytest.approx(1)
    assert odds["formed"] == pytest.approx((ce - 3) / 10)  # strictly under the modified CE
    assert check.needs_roll()

    trial = check.trial({})
    assert trial.outcome is None
    assert trial.needed == DieSpec("roll", "d10", D10)
    trial = check.trial({"roll": 1})
    assert trial.outcome is not None
    assert trial.outcome.result == "formed"
    assert any("formation" in c and "square" in c for c in trial.changes)
    assert game_state(waterloo) == before  # a trial writes nothing

    outcome = check.apply({"roll": 1})
    assert outcome.result == "formed"
    unit = next(u for u in waterloo.view().sides[1].units if u.id == uid)
    # The square is a formation change, recorded for the checks after it (EotE 5.6, 7.1).
    assert (unit.formation, unit.pinned, unit.changed_formation) == ("square", True, True)
    entry = waterloo.journal(limit=1)[0]
    assert entry.kind == "square"
    assert entry.rolls == [{"name": "roll", "value": 1}]
    waterloo.undo()
    assert game_state(waterloo) == before


def test_square_failure_leaves_the_unit_pinned_in_its_formation(waterloo: GameService) -> None:
    uid = first_unit(waterloo, 0, "infantry")
    check = open_check(waterloo, "square", unit_id=uid)
    assert check.apply({"roll": 0}).result == "failed"  # 0 reads 10: always above CE
    unit = next(u for u in waterloo.view().sides[0].units if u.id == uid)
    assert unit.pinned
    assert unit.formation != "square"


def test_voluntary_square_takes_no_roll(waterloo: GameService) -> None:
    check = open_check(waterloo, "square", unit_id=first_unit(waterloo, 0, "infantry"))
    check.set("within_cavalry_pinning", False)
    assert not check.needs_roll()
    assert check.trial({}).outcome is not None


def test_morale_check_fall_back_applies_hit_and_disorder(waterloo: GameService) -> None:
    uid = first_unit(waterloo, 1, "infantry")
    waterloo.set_unit(uid, "hits", 3)
    before = game_state(waterloo)
    check = open_check(waterloo, "morale", unit_id=uid)
    preview = check.preview()
    assert Fraction(sum(preview.probabilities.values())) == 1
    # Find a roll that falls back: above the modified CE, short of the rout band.
    results = {r: check.trial({"roll": r}).outcome for r in range(1, 11)}
    fall = next(r for r, o in results.items() if o is not None and o.result == "fall_back")
    text = check.result_text(results[fall])  # type: ignore[arg-type]
    assert text.startswith("fall back")
    assert '"' in text
    check.apply({"roll": fall})
    unit = next(u for u in waterloo.view().sides[1].units if u.id == uid)
    assert (unit.hits, unit.disordered, unit.routed) == (4, True, False)
    waterloo.undo()
    assert game_state(waterloo) == before


def test_morale_rout_marks_the_unit_routed_by_morale(waterloo: GameService) -> None:
    uid = first_unit(waterloo, 1, "infantry")
    waterloo.set_unit(uid, "hits", 5)
    check = open_check(waterloo, "morale", unit_id=uid)
    assert check.apply({"roll": 0}).result == "rout"
    unit = next(u for u in waterloo.view().sides[1].units if u.id == uid)
    assert unit.routed
    assert unit.routed_this_turn


def test_artillery_morale_asks_about_support(waterloo: GameService) -> None:
    check = open_check(waterloo, "morale", unit_id=first_unit(waterloo, 0, "artillery"))
    assert "artillery_supported" in check.values
    infantry = open_check(waterloo, "morale", unit_id=first_unit(waterloo, 0, "infantry"))
    assert "artillery_supported" not in infantry.values


def test_bad_requests_are_refused_in_words(waterloo: GameService) -> None:
    with pytest.raises(RefereeError, match="no wizard"):
        open_check(waterloo, "no-such-check")
    check = open_check(waterloo, "square", unit_id=first_unit(waterloo, 0, "infantry"))
    with pytest.raises(RefereeError, match="no question"):
        check.set("weather", "rain")
    with pytest.raises(RefereeError, match="enter the d10"):
        check.apply({})
    with pytest.raises(RefereeError, match="no unit"):
        open_check(waterloo, "square", unit_id=10**6)


def test_every_registered_check_names_a_rules_procedure() -> None:
    from eote_ref.packs.eote import checks
    from eote_ref.packs.eote.rules.procedures import PROCEDURES

    checks.load_checks()
    assert REGISTRY
    for key, cls in REGISTRY.items():
        assert cls.procedure in PROCEDURES, key
        assert cls.rule
        assert cls.title


def test_one_division_read_alone_equals_the_whole_games_view(waterloo: GameService) -> None:
    uid = first_unit(waterloo, 1, "cavalry")
    waterloo.set_unit(uid, "blown", 1)
    view = waterloo.view()
    for side in view.sides:
        for d in side.divisions:
            assert waterloo.division_view(d.id) == d
    unit = next(u for u in view.sides[1].units if u.id == uid)
    assert waterloo.unit_view(uid) == unit
    with pytest.raises(RefereeError):
        waterloo.division_view(10**6)


def test_changes_read_in_the_umpires_words(waterloo: GameService) -> None:
    from eote_ref.packs.eote.checks import link
    from eote_ref.store import SetField

    view = waterloo.view()
    gun = next(u for u in view.sides[0].units if u.arm == "artillery")
    target = next(u for u in view.sides[1].units if u.arm == "infantry")
    division = view.sides[0].divisions[0]
    assert division.leader is not None
    say = waterloo.describe_change
    assert (
        say(SetField("game_unit", target.id, "markers.disordered", True))
        == f"{target.name}: disordered"
    )
    assert say(SetField("game_unit", target.id, "markers.formation", "square")) == (
        f"{target.name}: formation square (was {target.formation})"
    )
    assert say(SetField("game_unit", target.id, "attached_leader_id", division.leader.id)) == (
        f"{target.name}: {division.leader.name} attached"
    )
    assert say(SetField("game", waterloo.game_id, "initiative", 1)) == (
        f"Game: initiative: {view.sides[1].name}"
    )
    assert "None" not in say(SetField("game_command", division.id, "current_order", "DEFEND"))
    assert say(link("fired_at", 1, gun.id, target.id)) == (
        f"{gun.name} fired at {target.name} (remembered for bombardment next turn, EotE 6.4)"
    )
    # Bookkeeping the umpire need not read is left out of the wizard's list.
    assert say(link("morale_tested", 1, target.id, target.id)) == ""


def test_changes_worded_off_the_view_read_as_off_the_rows_without_a_session(
    waterloo: GameService,
) -> None:
    """Issue 32: a check words its changes off the view it opened on (no read per change).

    A marker the view carries and the units a link names come from it; the rest (a column,
    a marker the view does not carry) are still read, and every one reads the same.
    """
    from eote_ref.packs.eote.checks import link
    from eote_ref.referee.wording import describe_change
    from eote_ref.store import SetField

    view = waterloo.view()
    gun = next(u for u in view.sides[0].units if u.arm == "artillery")
    target = next(u for u in view.sides[1].units if u.arm == "infantry")
    waterloo.set_unit(target.id, "hits", 1)
    view = waterloo.view()
    division = view.sides[0].divisions[0]
    assert division.leader is not None
    from_view = [
        SetField("game_unit", target.id, "markers.hits", 3),
        SetField("game_unit", target.id, "markers.disordered", True),
        SetField("game_unit", target.id, "markers.formation", "square"),
        SetField("game_unit", target.id, "markers.skirmish_hits", 1),
        link("fired_at", 1, gun.id, target.id),
    ]
    read = [
        SetField("game_unit", target.id, "attached_leader_id", division.leader.id),
        SetField("game_unit", target.id, "markers.routed_by_morale", True),
    ]
    db = waterloo.db
    for change in from_view + read:
        rows = waterloo.describe_change(change)
        sessions = db.sessions_opened
        assert describe_change(db, waterloo.game_id, change, view) == rows
        assert db.sessions_opened - sessions == (change in read), change
    assert waterloo.describe_change(from_view[0]) == f"{target.name}: hits 1 → 3"


def test_orders_are_stored_as_the_rules_name_them(waterloo: GameService) -> None:
    division = waterloo.view().sides[0].divisions[0]
    waterloo.set_division(division.id, "current_order", "defend")
    assert waterloo.division_view(division.id).current_order == "DEFEND"
    with pytest.raises(RefereeError, match="not an order"):
        waterloo.set_division(division.id, "current_order", "dig in")
    from eote_ref.store import SetField

    # Setting the same order again reads as unchanged, not as a change of case.
    change = SetField("game_command", division.id, "current_order", "DEFEND")
    assert waterloo.describe_change(change).endswith("order DEFEND (unchanged)")


def test_a_removed_row_reads_in_words_never_as_a_table_and_id(waterloo: GameService) -> None:
    """Issue 23: an engagement ending read "link 8 removed"."""
    from eote_ref.packs.eote.checks import link
    from eote_ref.store import DeleteRow

    view = waterloo.view()
    a = next(u for u in view.sides[0].units if u.arm == "infantry")
    b = next(u for u in view.sides[1].units if u.arm == "infantry")
    waterloo.record("test", "engaged", [link("engaged", 1, a.id, b.id)])
    (engaged,) = [ln for ln in waterloo.view().links if ln.kind == "engaged"]
    text = waterloo.describe_change(DeleteRow("game_link", engaged.id))
    assert text == f"{a.name} and {b.name} are no longer engaged"
    assert "link" not in text


def test_no_internal_codes_in_a_checks_words(waterloo: GameService) -> None:
    """Issue 23: "(1 hits)" and "(×-1)" read "(1 hit)" and "(−1)"."""
    from eote_ref.packs.eote.rulesets import load_default

    unit = waterloo.view().sides[0].units[0]
    waterloo.set_unit(unit.id, "hits", 1)
    assert open_check(waterloo, "morale", unit_id=unit.id).subject() == f"{unit.name} (1 hit)"
    rating = load_default().mod("initiative", "commander_rating")
    assert rating.modifier(-1).reason.endswith("(\u22121)")
    assert "×" not in rating.modifier(-1).reason


def test_square_asks_about_enemy_cavalry_only_when_the_enemy_has_some(
    waterloo: GameService,
) -> None:
    """Umpire's trial: "Enemy cavalry within pinning distance" was ticked with none on the table."""
    uid = first_unit(waterloo, 0, "infantry")
    fact = "within_cavalry_pinning"
    assert open_check(waterloo, "square", unit_id=uid).values[fact] is True
    for u in waterloo.view().sides[1].units:
        if u.arm == "cavalry":
            waterloo.set_unit(u.id, "off_table" if u.id % 2 else "routed", True)
    assert open_check(waterloo, "square", unit_id=uid).values[fact] is False
