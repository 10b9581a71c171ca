"""Movement phase checks on a real game: formation, limber, pinning, skirmishers, charges."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.movement import movement_table
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import GameUnit, SetField
from tests.games import game_state, unit
from tests.unit.referee.conftest import first_unit


def setup(game: GameService, *changes: SetField) -> None:
    game.record("test", "set up", list(changes))


def to_movement(game: GameService) -> None:
    while game.view().phase is not Phase.MOVEMENT:
        game.advance_phase()


def test_movement_table_halves_the_side_without_the_initiative(waterloo: GameService) -> None:
    to_movement(waterloo)
    waterloo.set_initiative(0)
    rows = movement_table(waterloo)
    allied, french = (s.name for s in waterloo.view().sides)
    inf_a = next(r for r in rows if r.side == allied and r.arm == "infantry")
    inf_f = next(r for r in rows if r.side == french and r.arm == "infantry")
    assert inf_a.allowance_in == inf_a.full_in == 6  # line, 15mm (EotE 5.1)
    assert inf_f.allowance_in == inf_f.full_in / 2
    assert "no initiative" in inf_f.status
    assert inf_a.change == 'formation change 3"'  # half the line allowance (5.2.1)
    gun = next(r for r in rows if r.arm == "artillery")
    assert gun.change == 'limber/unlimber 3"'
    assert len(rows) == sum(len(s.units) for s in waterloo.view().sides)


def test_formation_change_sets_the_flag_and_undo_restores(waterloo: GameService) -> None:
    to_movement(waterloo)
    uid = first_unit(waterloo, 0, "infantry")
    before = game_state(waterloo)
    check = open_check(waterloo, "formation", unit_id=uid)
    check.set("formation", "column")
    check.set("in_combat_range", True)  # measured by the umpire (EotE 1.8.3)
    assert '3"' in check.result_text(check.preview())
    check.apply({})
    u = unit(waterloo, uid)
    assert (u.formation, u.changed_formation) == ("column", True)
    waterloo.undo()
    assert game_state(waterloo) == before


def test_dashboard_formation_edit_sets_no_changed_formation(
    waterloo: GameService,
) -> None:
    """A formation typed on the dashboard is a fact of the table, not a change under fire."""
    uid = first_unit(waterloo, 0, "infantry")
    waterloo.set_unit(uid, "formation", "line")  # command phase: a set-up, no flag
    assert not unit(waterloo, uid).changed_formation
    to_movement(waterloo)
    waterloo.set_unit(uid, "formation", "column")
    assert unit(waterloo, uid).formation == "column"
    assert not unit(waterloo, uid).changed_formation
    waterloo.toggle_unit(uid, "changed_formation")  # the umpire marks it by hand
    assert unit(waterloo, uid).changed_formation


def test_pinned_cavalry_may_not_change_formation(waterloo: GameService) -> None:
    to_movement(waterloo)
    uid = first_unit(waterloo, 1, "cavalry")
    setup(waterloo, SetField(GameUnit, uid, "markers.pinned", True))
    check = open_check(waterloo, "formation", unit_id=uid)
    assert "pinned cavalry may not change formation" in (check.trial({}).error or "")


def test_limber_sets_formation_and_limbered(waterloo: GameService) -> None:
    to_movement(waterloo)
    gun = first_unit(waterloo, 0, "artillery")
    check = open_check(waterloo, "limber", unit_id=gun)
    assert check.values["formation"] == "limbered"
    check.set("in_combat_range", True)
    check.apply({})
    u = unit(waterloo, gun)
    assert (u.formation, u.limbered, u.changed_formation) == ("limbered", True, True)
    assert waterloo.journal(limit=1)[0].summary.startswith(f"{u.name}: limbers: costs ")
    back = open_check(waterloo, "limber", unit_id=gun)
    back.set("formation", "unlimbered")
    assert back.result_text(back.preview()).startswith("unlimbers: costs ")
    inf = open_check(waterloo, "limber", unit_id=first_unit(waterloo, 0, "infantry"))
    assert "is not artillery" in (inf.trial({}).error or "")


@pytest.mark.parametrize(
    ("enemy", "distance", "pinned"),
    [("infantry", 3.0, True), ("infantry", 3.5, False), ("cavalry", 6.0, True)],
)
def test_pinning_by_distance(
    waterloo: GameService, enemy: str, distance: float, pinned: bool
) -> None:
    to_movement(waterloo)
    uid = first_unit(waterloo, 0, "infantry")
    check = open_check(waterloo, "pinning", unit_id=uid)
    check.set("enemy_arm", enemy)
    check.set("distance_in", distance)
    check.apply({})
    assert unit(waterloo, uid).pinned is pinned


def test_skirmishers_detach_then_reform_with_half_the_stand_hits(waterloo: GameService) -> None:
    to_movement(waterloo)
    uid = next(u.id for u in waterloo.view().sides[0].units if u.skirmish != "none")
    before = game_state(waterloo)
    detach = open_check(waterloo, "skirmishers", unit_id=uid)
    assert detach.values["action"] == "detach"
    # Detaching asks nothing about a stand out or leaving full skirmish order.
    assert [f.key for f in detach.facts()] == ["action"]
    detach.apply({})
    name = unit(waterloo, uid).name
    assert waterloo.journal(limit=1)[0].summary == (
        f"{name}: a skirmish stand detaches: the parent now has 1 hit"
    )
    u = unit(waterloo, uid)
    assert (u.hits, u.skirmishers_out) == (1, True)  # one hit marks the parent (5.4)
    reform = open_check(waterloo, "skirmishers", unit_id=uid)
    assert reform.values["action"] == "reform"
    assert "reform_into" not in reform.values
    reform.set("skirmish_hits", 3)
    reform.apply({})
    u = unit(waterloo, uid)
    assert (u.hits, u.skirmishers_out) == (1, False)  # -1 detach hit, +3 // 2
    waterloo.undo(2)
    assert game_state(waterloo) == before


def test_units_without_skirmish_cannot_detach(waterloo: GameService) -> None:
    uid = next(u.id for u in waterloo.view().sides[0].units if u.skirmish == "none")
    check = open_check(waterloo, "skirmishers", unit_id=uid)
    assert "is not skirmish capable" in (check.trial({}).error or "")


def test_formed_units_passing_through_disorder_both(waterloo: GameService) -> None:
    to_movement(waterloo)
    a, b = [u for u in waterloo.view().sides[0].units if u.arm == "infantry"][:2]
    before = game_state(waterloo)
    check = open_check(waterloo, "pass_through", unit_id=a.id)
    check.set("other", b.id)
    assert check.apply({}).result == "both_disordered"
    assert unit(waterloo, a.id).disordered
    assert unit(waterloo, b.id).disordered
    assert " through " in waterloo.journal(limit=1)[0].summary
    waterloo.undo()
    assert game_state(waterloo) == before
    setup(waterloo, SetField(GameUnit, b.id, "markers.formation", "skirmish"))
    check = open_check(waterloo, "pass_through", unit_id=a.id)
    check.set("other", b.id)
    assert check.preview().result == "no_effect"


def test_passing_through_a_disordered_unit_says_it_is_already_disordered(
    waterloo: GameService,
) -> None:
    to_movement(waterloo)
    a, b = [u for u in waterloo.view().sides[0].units if u.arm == "infantry"][:2]
    setup(waterloo, SetField(GameUnit, b.id, "markers.disordered", True))
    check = open_check(waterloo, "pass_through", unit_id=a.id)
    check.set("other", b.id)
    trial = check.trial({})
    assert trial.outcome is not None
    assert trial.outcome.result == "both_disordered"
    assert f"{b.name} already disordered" in trial.notes
    assert f"{a.name} already disordered" not in trial.notes
    assert len(trial.changes) == 1  # only the mover changes
    check.apply({})
    assert unit(waterloo, a.id).disordered


def test_charged_infantry_may_try_to_form_square(waterloo: GameService) -> None:
    to_movement(waterloo)
    cav = first_unit(waterloo, 0, "cavalry")
    foot = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
    horse = next(u for u in waterloo.view().sides[1].units if u.arm == "cavalry")
    check = open_check(waterloo, "charge", unit_id=cav)
    check.set("target", foot.id)
    square = f"{foot.name} (infantry, charged) may try to form square now: Form square (5.6)"
    assert square in check.trial({}).notes
    check.set("intercepted_by", horse.id)  # the contact is the intercepting cavalry instead
    assert not any("form square" in n for n in check.trial({}).notes)


def test_cavalry_charge_records_contact_and_terrain_disorder(waterloo: GameService) -> None:
    to_movement(waterloo)
    cav = first_unit(waterloo, 0, "cavalry")
    before = game_state(waterloo)
    check = open_check(waterloo, "charge", unit_id=cav)
    assert check.values["target"] is None  # nothing charged until the umpire picks it
    target = next(u.id for u in waterloo.view().sides[1].units if u.arm == "infantry")
    check.set("target", target)
    check.set("terrain", "hedge")
    assert check.apply({}).result == "allowed_disordered"
    assert unit(waterloo, cav).disordered
    (ln,) = [f for f in waterloo.view().facts if f.kind == "charge"]
    assert (ln.unit_id, ln.other_id, ln.data["terrain"]) == (cav, target, "hedge")
    waterloo.undo()
    assert game_state(waterloo) == before
    refused = open_check(waterloo, "charge", unit_id=cav, target_id=target)
    assert refused.values["target"] == target  # the unit Ctrl+clicked is proposed
    refused.set("terrain", "woods")
    assert refused.preview().result == "not_allowed"
    assert refused.trial({}).changes == []


def test_intercepted_charge_contacts_the_interceptor(waterloo: GameService) -> None:
    to_movement(waterloo)
    cav = first_unit(waterloo, 0, "cavalry")
    interceptor = first_unit(waterloo, 1, "cavalry")
    foot = next(u.id for u in waterloo.view().sides[1].units if u.arm == "infantry")
    check = open_check(waterloo, "charge", unit_id=cav, target_id=foot)
    check.set("intercepted_by", interceptor)
    check.apply({})
    (ln,) = [f for f in waterloo.view().facts if f.kind == "charge"]
    assert ln.other_id == interceptor
    assert ln.data["intercepted"] is True


def test_a_square_with_no_chance_asks_no_die(waterloo: GameService) -> None:
    """EotE 5.6: at a modified CE of 1 or less no d10 is under it: failed, no die asked."""
    to_movement(waterloo)
    foot = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
    waterloo.set_unit(foot.id, "hits", 3)
    waterloo.set_unit(foot.id, "disordered", True)
    check = open_check(waterloo, "square", unit_id=foot.id)
    check.set("pinned_at_start", True)
    outcome = check.preview()
    assert outcome.modified <= 1
    assert not check.needs_roll()
    assert outcome.result == "failed"
    assert outcome.roll is None
    assert check.apply({}).result == "failed"
    assert unit(waterloo, foot.id).pinned


def test_the_french_assault_column_is_named_in_words(waterloo: GameService) -> None:
    # the movement panel and the formation wizard said "french assault column" (the key)
    to_movement(waterloo)
    french = next(s for s in waterloo.view().sides if s.name == "French")
    uid = next(u.id for u in french.units if u.arm == "infantry")
    waterloo.set_unit(uid, "formation", "french_assault_column")
    row = next(r for r in movement_table(waterloo) if r.unit_id == uid)
    assert row.formation == "assault column"
    other = next(u.id for u in french.units if u.arm == "infantry" and u.id != uid)
    check = open_check(waterloo, "formation", unit_id=other)
    labels = [c.label for f in check.facts() if f.key == "formation" for c in f.choices]
    assert "assault column" in labels
    assert not any("french" in label for label in labels)


def _square_minus_four(game: GameService, uid: int) -> bool:
    check = open_check(game, "square", unit_id=uid)
    return any(m.value == -4 for m in check.modifiers())


def test_square_minus_four_is_read_from_the_start_of_movement(waterloo: GameService) -> None:
    """EotE 5.6: the -4 is for a unit pinned by cavalry as MOVEMENT began, not pinned since.

    A unit pinned before the phase keeps it; one pinned during it (a failed square, or
    5.7 pinning by infantry) does not: its next attempt is at its CE, not CE - 4.
    """
    while waterloo.view().phase is not Phase.INITIATIVE:
        waterloo.advance_phase()
    foot = [u.id for u in waterloo.view().sides[1].units if u.arm == "infantry"]
    early, failed, pinned_later = foot[:3]
    waterloo.set_unit(early, "pinned", True)  # pinned by cavalry before movement (5.7)
    before = game_state(waterloo)
    to_movement(waterloo)
    assert _square_minus_four(waterloo, early)
    assert not _square_minus_four(waterloo, failed)
    # A failed attempt pins the unit (5.6); the next attempt still has no -4.
    assert open_check(waterloo, "square", unit_id=failed).apply({"roll": 0}).result == "failed"
    assert unit(waterloo, failed).pinned
    again = open_check(waterloo, "square", unit_id=failed)
    assert again.values["pinned_at_start"] is False
    ce = unit(waterloo, failed).ce
    assert again.preview().modified == ce  # 9 stays 9 (not 5)
    # Pinned by infantry during the movement (5.7): no -4 either.
    pin = open_check(waterloo, "pinning", unit_id=pinned_later)
    pin.set("enemy_arm", "infantry")
    assert pin.apply({}).result == "pinned"
    assert unit(waterloo, pinned_later).pinned
    assert not _square_minus_four(waterloo, pinned_later)
    assert _square_minus_four(waterloo, early)  # the unit pinned at the start keeps it
    # The record is the phase change's: undoing it undoes the record.
    waterloo.undo(3)
    assert game_state(waterloo) == before
