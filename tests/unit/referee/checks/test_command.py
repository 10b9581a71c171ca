"""Command control phase checks on a real game: radius, rally, rest, routed units, orders."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import REGISTRY, load_checks, open_check
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.referee.views import DivisionView
from eote_ref.store import GameCommand, GameLeader, GameUnit, InsertRow, SetField
from tests.games import game_state, unit


def setup(game: GameService, *changes: SetField) -> None:
    game.record("test", "set up", list(changes))


def div(game: GameService, division_id: int) -> DivisionView:
    return next(d for s in game.view().sides for d in s.divisions if d.id == division_id)


def big_division(game: GameService, side: int = 0) -> DivisionView:
    return next(d for d in game.view().sides[side].divisions if len(d.units) >= 4)


def test_every_command_phase_item_has_a_check(waterloo: GameService) -> None:
    units = waterloo.view().sides[0].units
    inf = [u for u in units if u.arm == "infantry"]
    cav = next(u for u in units if u.arm == "cavalry")
    setup(
        waterloo,
        SetField(GameUnit, inf[0].id, "markers.disordered", True),
        SetField(GameUnit, inf[1].id, "markers.routed", True),
        SetField(GameUnit, cav.id, "markers.blown", 1),
    )
    due = checks_due(waterloo.view())
    load_checks()
    assert {c.procedure for c in due} == {"disorder_rally", "remove_routed", "cavalry_rest"}
    for c in due:
        assert c.procedure in REGISTRY
        check = open_check(waterloo, c.procedure, unit_id=c.unit_id)
        assert not check.needs_roll()


def test_command_radius_marks_units_out_and_undo_restores(waterloo: GameService) -> None:
    d = big_division(waterloo)
    before = game_state(waterloo)
    check = open_check(waterloo, "command_radius", division_id=d.id)
    assert d.leader is not None
    preview = check.preview()
    # 15mm: the 3.6 table as printed; rating r reads 8 + 2r inches for a division leader.
    assert preview.modified == 8 + 2 * d.leader.rating
    out = (d.units[0].id, d.units[2].id)
    check.set("out_of_radius", out)
    # The result names the units out of command.
    assert check.result_text(check.trial({}).outcome).endswith(  # type: ignore[arg-type]
        f"2 of {len(d.units)} units out of command: {d.units[0].name}, {d.units[2].name}"
    )
    check.apply({})
    assert [u.id for u in div(waterloo, d.id).units if u.out_of_command] == list(out)
    assert waterloo.journal(limit=1)[0].kind == "command_radius"
    waterloo.undo()
    assert game_state(waterloo) == before


def test_command_radius_keeps_a_unit_already_out_and_says_so(waterloo: GameService) -> None:
    """A unit already marked out of command needs no change: the notes say it is marked."""
    d = big_division(waterloo)
    setup(waterloo, SetField(GameUnit, d.units[1].id, "markers.out_of_command", True))
    check = open_check(waterloo, "command_radius", division_id=d.id)
    assert check.values["out_of_radius"] == (d.units[1].id,)
    trial = check.trial({})
    assert trial.changes == []
    assert f"already marked out of command: {d.units[1].name}" in trial.notes
    check.set("out_of_radius", (d.units[1].id, d.units[3].id))
    trial = check.trial({})
    assert len(trial.changes) == 1
    assert d.units[3].name in trial.changes[0]
    check.set("out_of_radius", ())
    changes = check.changes(check.trial({}).outcome)  # type: ignore[arg-type]
    marks = [(c.row_id, c.field, c.value) for c in changes if isinstance(c, SetField)]
    # Back in command: the marker's key removed (None), its default (issue 26).
    assert marks == [(d.units[1].id, "markers.out_of_command", None)]
    # ... and the division is measured for this turn: the turn guide drops it (3.6)
    facts = [c.values for c in changes if isinstance(c, InsertRow)]
    assert facts == [
        {
            "kind": "radius_measured",
            "turn": waterloo.turn,
            "unit_id": None,
            "command_id": d.id,
            "data": {},
        }
    ]


def test_command_radius_without_a_commander_puts_everyone_out(waterloo: GameService) -> None:
    d = big_division(waterloo)
    assert d.leader is not None
    setup(waterloo, SetField(GameLeader, d.leader.id, "killed", True))
    check = open_check(waterloo, "command_radius", division_id=d.id)
    assert check.values["commanded"] is False
    check.apply({})
    assert all(u.out_of_command for u in div(waterloo, d.id).units)
    # The players see the words, and no radius figure of the -1 row (3.6, 8.0).
    from eote_ref.referee.players_view import last_results

    shown = last_results(waterloo, 1)[0]
    assert "no commander: all" in shown.summary
    assert [(p.procedure, p.base, p.modified) for p in shown.parts] == [
        ("command_radius", None, None)
    ]


def test_command_radius_at_25mm_adds_two_inches(waterloo: GameService) -> None:
    d = big_division(waterloo)
    setup(waterloo, SetField("game", waterloo.game_id, "figure_scale", "25mm"))
    check = open_check(waterloo, "command_radius", division_id=d.id)
    assert d.leader is not None
    assert check.preview().modified == 8 + 2 * d.leader.rating + 2


def test_rally_from_disorder_needs_command_no_pin_and_a_leader(waterloo: GameService) -> None:
    d = big_division(waterloo)
    a, b, c = d.units[:3]
    setup(
        waterloo,
        *(SetField(GameUnit, u.id, "markers.disordered", True) for u in (a, b, c)),
        SetField(GameUnit, b.id, "markers.pinned", True),
        SetField(GameUnit, c.id, "markers.out_of_command", True),
    )
    assert open_check(waterloo, "disorder_rally", unit_id=a.id).apply({}).result == "rallied"
    assert not unit(waterloo, a.id).disordered
    blocked = open_check(waterloo, "disorder_rally", unit_id=b.id).apply({})
    assert blocked.result == "cannot"
    assert "pinned (5.7)" in blocked.notes
    assert unit(waterloo, b.id).disordered
    assert open_check(waterloo, "disorder_rally", unit_id=c.id).trial({}).outcome.result == (  # type: ignore[union-attr]
        "cannot"
    )


def test_a_leader_unable_to_rally_this_turn_blocks_the_rally(waterloo: GameService) -> None:
    d = big_division(waterloo)
    assert d.leader is not None
    setup(
        waterloo,
        SetField(GameLeader, d.leader.id, "no_rally_turn", waterloo.view().turn),
        SetField(GameUnit, d.units[0].id, "markers.disordered", True),
    )
    check = open_check(waterloo, "disorder_rally", unit_id=d.units[0].id)
    assert check.values["leader_can_rally"] is False
    assert check.preview().result == "cannot"
    (due,) = checks_due(waterloo.view())
    assert due.title.endswith("cannot rally this turn")


def test_without_a_living_leader_nobody_may_rally_the_unit(waterloo: GameService) -> None:
    d = big_division(waterloo)
    assert d.leader is not None
    setup(
        waterloo,
        SetField(GameLeader, d.leader.id, "killed", True),
        SetField(GameUnit, d.units[0].id, "markers.disordered", True),
    )
    check = open_check(waterloo, "disorder_rally", unit_id=d.units[0].id)
    assert (check.values["has_leader"], check.values["leader_can_rally"]) == (False, False)
    fact = next(f for f in check.facts() if f.key == "leader_can_rally")
    assert "no living leader" in fact.help
    assert check.preview().result == "cannot"


def test_rested_blown_cavalry_swaps_a_blown_marker_for_disorder(waterloo: GameService) -> None:
    cav = next(u for u in waterloo.view().sides[1].units if u.arm == "cavalry")
    setup(waterloo, SetField(GameUnit, cav.id, "markers.blown", 2))
    before = game_state(waterloo)
    check = open_check(waterloo, "cavalry_rest", unit_id=cav.id)
    assert check.values["rested"] is True
    assert check.apply({}).result == "rested"
    after = unit(waterloo, cav.id)
    assert (after.blown, after.disordered) == (1, True)
    # Once rested this turn it drops off the list, though still blown; now it may rally.
    due = [c.procedure for c in checks_due(waterloo.view()) if c.unit_id == cav.id]
    assert due == ["disorder_rally"]
    waterloo.undo()
    assert game_state(waterloo) == before


def test_cavalry_that_fought_last_turn_did_not_rest(waterloo: GameService) -> None:
    cav = next(u for u in waterloo.view().sides[1].units if u.arm == "cavalry")
    setup(
        waterloo,
        SetField(GameUnit, cav.id, "markers.blown", 1),
        SetField(GameUnit, cav.id, "markers.fought_last_turn", True),
    )
    assert checks_due(waterloo.view()) == []
    check = open_check(waterloo, "cavalry_rest", unit_id=cav.id)
    assert check.values["rested"] is False
    assert check.preview().result == "no_change"


@pytest.mark.parametrize(
    ("option", "result", "off", "spent"),
    [
        (None, "removed", True, False),
        ("next_command_phase_final", "removed_final", True, True),
    ],
)
def test_routed_units_leave_as_the_option_says(
    waterloo: GameService, option: str | None, result: str, off: bool, spent: bool
) -> None:
    if option:
        setup(
            waterloo,
            SetField("game", waterloo.game_id, "options", {"routed_units_leave_table": option}),
        )
        waterloo = GameService(waterloo.db, waterloo.game_id)
    uid = waterloo.view().sides[0].units[0].id
    setup(waterloo, SetField(GameUnit, uid, "markers.routed", True))
    assert open_check(waterloo, "remove_routed", unit_id=uid).apply({}).result == result
    with waterloo.db.session() as s:
        row = s.get(GameUnit, uid)
        assert row is not None
        assert (row.off_table, row.rallied_once) == (off, spent)


def test_routed_units_stay_with_the_stay_option(waterloo: GameService) -> None:
    opts = {"routed_units_leave_table": "stay_until_rallied"}
    setup(waterloo, SetField("game", waterloo.game_id, "options", opts))
    game = GameService(waterloo.db, waterloo.game_id)
    uid = game.view().sides[0].units[0].id
    setup(game, SetField(GameUnit, uid, "markers.routed", True))
    assert checks_due(game.view()) == []
    assert open_check(game, "remove_routed", unit_id=uid).preview().result == "stays"


def test_first_turn_order_takes_effect_at_once(waterloo: GameService) -> None:
    d = big_division(waterloo)
    check = open_check(waterloo, "order", division_id=d.id)
    assert check.values["first_turn"] is True
    assert check.values["issuer"] is not None
    check.set("order", "ATTACK")
    assert not check.needs_roll()
    check.apply({})
    after = div(waterloo, d.id)
    assert (after.current_order, after.pending_order) == ("ATTACK", None)


def test_an_order_later_rolls_on_the_oac_and_counts_down(waterloo: GameService) -> None:
    d = big_division(waterloo)
    while waterloo.view().turn == 1:
        waterloo.advance_phase()
    while waterloo.view().phase is not Phase.COMMAND:
        waterloo.advance_phase()
    check = open_check(waterloo, "order", division_id=d.id)
    check.set("order", "MANEUVER")
    # The distance must be measured: until then the check is refused (3.6).
    assert check.values["distance_in"] < 0
    with pytest.raises(RefereeError, match="measure the distance"):
        check.preview()
    check.set("distance_in", 40.0)
    assert check.needs_roll()
    assert all(label.startswith("takes effect on turn ") for label, _p in check.odds())
    turns_listed = [int(label.rsplit(" ", 1)[1]) for label, _p in check.odds()]
    assert turns_listed == sorted(turns_listed)  # by turn, not by probability
    odds = dict(check.odds())
    assert sum(odds.values()) == pytest.approx(1)
    before = game_state(waterloo)
    outcome = check.apply({"roll": 0})  # a 10: the slowest row of the chart
    turns = int(outcome.details["turns"])
    assert turns >= 2
    now = waterloo.view().turn
    assert check.result_text(outcome) == f"MANEUVER: takes effect on turn {now + turns}"
    after = div(waterloo, d.id)
    assert (after.pending_order, after.pending_order_turns) == ("MANEUVER", turns)
    entry = waterloo.journal(limit=1)[0]
    assert (entry.kind, entry.rolls) == ("order_activation", [{"name": "roll", "value": 0}])
    waterloo.undo()
    assert game_state(waterloo) == before


def test_an_order_equal_to_the_current_one_is_flagged(waterloo: GameService) -> None:
    d = big_division(waterloo)
    setup(waterloo, SetField(GameCommand, d.id, "current_order", "DEFEND"))
    check = open_check(waterloo, "order", division_id=d.id)
    check.set("order", "DEFEND")
    trial = check.trial({})
    assert any("already on DEFEND" in n for n in trial.notes)
    check.set("order", "ATTACK")
    assert not any("already on" in n for n in check.trial({}).notes)


def test_an_attached_commander_orders_next_turn_and_no_other_division(
    waterloo: GameService,
) -> None:
    d1, d2 = [d for d in waterloo.view().sides[0].divisions if len(d.units) >= 4][:2]
    while waterloo.view().phase is not Phase.MOVEMENT:
        waterloo.advance_phase()
    attach = open_check(waterloo, "attach_commander", division_id=d1.id)
    chief = attach.values["leader"]
    assert attach.apply({}).result == "attached"
    with waterloo.db.session() as s:
        lead = s.get(GameLeader, chief)
        assert lead is not None
        assert lead.attached_command_id == d1.id
    order = open_check(waterloo, "order", division_id=d1.id)
    order.set("first_turn", False)
    assert order.values["attached"] is True
    assert order.preview().details["turns"] == 1
    other = open_check(waterloo, "order", division_id=d2.id)
    if other.values["issuer"] == chief:
        assert other.trial({"roll": 5}).error is not None
    # The limits of 3.5.2: already attached here; detach, and he may order the other again.
    with pytest.raises(RefereeError):
        _attach_again(waterloo, d1.id, chief)
    detach = open_check(waterloo, "attach_commander", division_id=d1.id)
    assert detach.values["action"] == "detach"
    assert detach.apply({}).result == "detached"


def _attach_again(game: GameService, division_id: int, chief: int) -> None:
    check = open_check(game, "attach_commander", division_id=division_id)
    check.set("action", "attach")
    check.set("leader", chief)
    check.apply({})


def test_reserve_activation_needs_a_reserve(waterloo: GameService) -> None:
    d = big_division(waterloo)
    check = open_check(waterloo, "reserve", division_id=d.id)
    assert check.trial({"roll": 3}).error is not None
    setup(waterloo, SetField(GameCommand, d.id, "current_order", "RESERVE"))
    check = open_check(waterloo, "reserve", division_id=d.id)
    assert check.values["order"] == "ATTACK"
    check.set("distance_in", 4.0)
    turns = int(check.apply({"roll": 3}).details["turns"])  # rolled on the OAC (3.3)
    after = div(waterloo, d.id)
    assert turns > 0
    assert (after.current_order, after.pending_order) == ("RESERVE", "ATTACK")


@pytest.mark.parametrize(
    ("option", "rolls"), [(None, True), ("oac_roll", True), ("at_once", False)]
)
def test_a_reserve_in_turn_1_rolls_unless_the_option_says_at_once(
    waterloo: GameService, option: str | None, rolls: bool
) -> None:
    """EotE 3.3 against 3.1 (option reserve_first_turn): the default rolls on the OAC."""
    if option:
        opts = {"reserve_first_turn": option}
        setup(waterloo, SetField("game", waterloo.game_id, "options", opts))
        waterloo = GameService(waterloo.db, waterloo.game_id)
    assert waterloo.view().turn == 1
    d = big_division(waterloo)
    setup(waterloo, SetField(GameCommand, d.id, "current_order", "RESERVE"))
    check = open_check(waterloo, "reserve", division_id=d.id)
    assert check.values["first_turn"] is not rolls
    check.set("distance_in", 4.0)
    assert check.needs_roll() is rolls
    # An order (not a reserve) of turn 1 still acts at once (3.1), whatever the option.
    other = next(x for x in waterloo.view().sides[0].divisions if x.id != d.id)
    order = open_check(waterloo, "order", division_id=other.id)
    assert order.values["first_turn"] is True
    assert not order.needs_roll()


def test_attach_and_detach_a_leader_to_a_unit(waterloo: GameService) -> None:
    d = big_division(waterloo)
    a, b = d.units[:2]
    before = game_state(waterloo)
    check = open_check(waterloo, "attach_leader", unit_id=a.id)
    assert check.values["action"] == "attach"
    assert check.apply({}).result == "attached"
    assert unit(waterloo, a.id).attached_leader is not None
    # Not to a second unit while attached (3.5.1).
    assert open_check(waterloo, "attach_leader", unit_id=b.id).trial({}).error is not None
    # Attached, he rallies no other unit (3.5.1).
    setup(waterloo, SetField(GameUnit, b.id, "markers.disordered", True))
    assert open_check(waterloo, "disorder_rally", unit_id=b.id).preview().result == "cannot"
    detach = open_check(waterloo, "attach_leader", unit_id=a.id)
    assert detach.values["action"] == "detach"
    assert detach.apply({}).result == "detached"
    assert unit(waterloo, a.id).attached_leader is None
    waterloo.undo(3)
    assert game_state(waterloo) == before


def test_a_unit_still_engaged_is_pinned_and_cannot_rally_from_disorder(
    waterloo: GameService,
) -> None:
    """Umpire's trial: units left engaged rallied in the next command phase (EotE 3.6, 5.7)."""
    from eote_ref.packs.eote.checks import link

    d = big_division(waterloo)
    a, b = d.units[:2]
    enemy = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
    setup(waterloo, *(SetField(GameUnit, u.id, "markers.disordered", True) for u in (a, b)))
    waterloo.record("test", "engaged", [link("engaged", waterloo.view().turn, a.id, enemy.id)])
    check = open_check(waterloo, "disorder_rally", unit_id=a.id)
    assert check.values["pinned"] is True
    assert "engaged" in next(f for f in check.facts() if f.key == "pinned").label
    assert check.preview().result == "cannot"
    assert open_check(waterloo, "disorder_rally", unit_id=b.id).preview().result == "rallied"
    titles = {c.unit_id: c.title for c in checks_due(waterloo.view())}
    assert titles[a.id].endswith("cannot rally this turn")
    assert titles[b.id].endswith("may rally from disorder")


def test_a_unit_with_its_leader_attached_is_never_out_of_radius(waterloo: GameService) -> None:
    """EotE 3.5.1, 3.6: the leader attached to a unit stands with it, within his radius.

    Attaching takes an out-of-command mark off; the command radius does not offer the unit
    and refuses it named; the rally from disorder shows its command settled, whatever is
    answered; a mark set by hand is read as in command (no -3 on its morale).
    """
    d = big_division(waterloo)
    a, b = d.units[:2]
    setup(waterloo, SetField(GameUnit, a.id, "markers.out_of_command", True))
    open_check(waterloo, "attach_leader", unit_id=a.id).apply({})
    assert not unit(waterloo, a.id).out_of_command
    radius = open_check(waterloo, "command_radius", division_id=d.id)
    ask = next(q for q in radius.questions() if q.key == "out_of_radius")
    assert a.id not in [c.value for c in ask.choices]
    assert b.id in [c.value for c in ask.choices]
    assert a.name in ask.label
    radius.set("out_of_radius", (a.id, b.id))
    refused = radius.trial({}).error
    assert refused is not None
    assert a.name in refused
    assert "out_of_radius" in refused
    # Marked out by hand: the rally and the morale check take him as in command.
    setup(
        waterloo,
        SetField(GameUnit, a.id, "markers.out_of_command", True),
        SetField(GameUnit, a.id, "markers.disordered", True),
    )
    rally = open_check(waterloo, "disorder_rally", unit_id=a.id)
    assert rally.values["in_command"] is True
    assert "in_command" in rally.settled()
    rally.set("in_command", False)
    assert rally.values["in_command"] is True
    assert "command radius" not in " ".join(rally.preview().notes)
    morale = open_check(waterloo, "morale", unit_id=a.id)
    assert not any("command" in m.reason for m in morale.preview().modifiers)


def test_an_order_from_an_attached_commander_settles_the_distance(waterloo: GameService) -> None:
    """EotE 3.5.2: a commander attached to the division is with it: no distance is measured.

    A distance typed before the tick is set back to "not measured", and stays so.
    """
    d = big_division(waterloo)
    while waterloo.view().turn == 1:
        waterloo.advance_phase()
    order = open_check(waterloo, "order", division_id=d.id)
    order.set("distance_in", 80.0)
    assert order.settled() == {}
    order.set("attached", True)
    assert order.values["distance_in"] == -1.0
    assert "distance_in" in order.settled()
    order.set("distance_in", 80.0)
    assert order.values["distance_in"] == -1.0
    assert order.preview().details["turns"] == 1


def test_an_attached_leader_rallies_the_unit_he_is_attached_to(waterloo: GameService) -> None:
    """EotE 3.5.1: attached, a leader rallies no *other* unit; his own unit he may.

    The unit he stands with is in command and rallies from disorder; another of the
    division still cannot while he is attached.
    """
    d = big_division(waterloo)
    a, b = d.units[:2]
    open_check(waterloo, "attach_leader", unit_id=a.id).apply({})
    setup(
        waterloo,
        SetField(GameUnit, a.id, "markers.disordered", True),
        SetField(GameUnit, b.id, "markers.disordered", True),
    )
    own = open_check(waterloo, "disorder_rally", unit_id=a.id)
    assert own.values["leader_can_rally"] is True
    assert own.apply({}).result == "rallied"
    assert not unit(waterloo, a.id).disordered
    other = open_check(waterloo, "disorder_rally", unit_id=b.id)
    assert other.preview().result == "cannot"


def test_the_guide_offers_no_rally_the_attached_leader_may_not_give(
    waterloo: GameService,
) -> None:
    """EotE 3.5.1: the turn guide reads the attached leader's bar as the rally does.

    Cooke attached to 2/1st Foot Guards, two of his units disordered: the guide offers the
    Guards' rally (his own unit) and not the other's, which the rally refuses.
    """
    while waterloo.view().phase is not Phase.COMMAND:
        waterloo.advance_phase()
    d = big_division(waterloo)
    a, b = d.units[:2]
    open_check(waterloo, "attach_leader", unit_id=a.id).apply({})
    setup(
        waterloo,
        SetField(GameUnit, a.id, "markers.disordered", True),
        SetField(GameUnit, b.id, "markers.disordered", True),
    )
    assert open_check(waterloo, "disorder_rally", unit_id=b.id).preview().result == "cannot"
    due = {c.unit_id: c for c in checks_due(waterloo.view()) if c.procedure == "disorder_rally"}
    assert due[a.id].title.endswith("may rally from disorder")
    assert due[a.id].due
    assert due[b.id].title.endswith("cannot rally this turn")
    assert not due[b.id].due


def test_a_corps_leader_attached_to_a_unit_leaves_it_out_of_its_commander_s_radius(
    waterloo: GameService,
) -> None:
    """EotE 3.5.1, 3.5.2, 3.6: the radius is measured from the division's commander alone.

    The Prince of Orange (I Corps) attaches to Cooke's 1st Division, then to 2/1st Foot
    Guards, which stands beyond Cooke's radius (marked out of command). Cooke, living, is
    the commander measured from, so the Prince at the Guards' side does not bring them
    within it: the mark stays on attaching, the radius still offers the Guards and takes
    them out, their rally from disorder is not settled and fails out of command (3.6),
    their morale takes the -2 of 7.5, and the turn guide says they cannot rally.
    """
    while waterloo.view().phase is not Phase.COMMAND:
        waterloo.advance_phase()
    d = big_division(waterloo)
    assert d.leader is not None
    assert d.leader.name == "Cooke"
    guards = d.units[0]
    assert guards.name == "2/1st Foot Guards"
    setup(
        waterloo,
        SetField(GameUnit, guards.id, "markers.out_of_command", True),
        SetField(GameUnit, guards.id, "markers.disordered", True),
    )
    to_division = open_check(waterloo, "attach_commander", division_id=d.id)
    prince = to_division.values["leader"]
    to_division.apply({})
    to_unit = open_check(waterloo, "attach_leader", unit_id=guards.id)
    to_unit.set("leader", prince)
    to_unit.apply({})
    assert unit(waterloo, guards.id).attached_leader == "Prince of Orange"
    assert unit(waterloo, guards.id).out_of_command  # the mark stays: not Cooke's side
    radius = open_check(waterloo, "command_radius", division_id=d.id)
    ask = next(q for q in radius.questions() if q.key == "out_of_radius")
    assert guards.id in [c.value for c in ask.choices]
    assert guards.id in radius.values["out_of_radius"]
    trial = radius.trial({})
    assert trial.error is None
    rally = open_check(waterloo, "disorder_rally", unit_id=guards.id)
    assert rally.settled() == {}
    assert rally.values["in_command"] is False
    asked = next(q for q in rally.questions() if q.key == "in_command")
    assert "Prince of Orange, attached to it, is not the commander" in asked.label
    assert rally.preview().result != "rallied"
    morale = open_check(waterloo, "morale", unit_id=guards.id)
    out_of_command = [m for m in morale.preview().modifiers if "command" in m.reason]
    assert [(m.value, m.rule) for m in out_of_command] == [(-2, "7.5")]
    titles = {c.unit_id: c.title for c in checks_due(waterloo.view())}
    assert titles[guards.id].endswith("cannot rally this turn")


def test_the_guide_reads_a_unit_with_its_commander_attached_as_the_rally_does(
    waterloo: GameService,
) -> None:
    """EotE 3.5.1, 3.6: the turn guide and the rally agree on a unit's command.

    Cooke attached to 2/1st Foot Guards, who carry an out-of-command mark set by hand: the
    rally takes them within his radius, and the guide offers the rally.
    """
    while waterloo.view().phase is not Phase.COMMAND:
        waterloo.advance_phase()
    d = big_division(waterloo)
    guards = d.units[0]
    open_check(waterloo, "attach_leader", unit_id=guards.id).apply({})
    assert unit(waterloo, guards.id).attached_leader == "Cooke"
    setup(
        waterloo,
        SetField(GameUnit, guards.id, "markers.out_of_command", True),
        SetField(GameUnit, guards.id, "markers.disordered", True),
    )
    rally = open_check(waterloo, "disorder_rally", unit_id=guards.id)
    assert rally.values["in_command"] is True
    assert rally.preview().result == "rallied"
    titles = {c.unit_id: c.title for c in checks_due(waterloo.view())}
    assert titles[guards.id].endswith("may rally from disorder")


def test_an_attached_commander_s_order_takes_any_distance_within_his_radius(
    waterloo: GameService,
) -> None:
    """EotE 3.5.2, 3.1: attached, the commander's distance is moot unless beyond his radius.

    The Prince of Orange (corps, rating as the list has it) attached to Cooke's division:
    0" or 3" given stand (the order acts next turn, no roll); a distance beyond his radius
    contradicts the attachment, save on the first turn (orders act at once, 3.1).
    """
    d = big_division(waterloo)
    open_check(waterloo, "attach_commander", division_id=d.id).apply({})
    order = open_check(waterloo, "order", division_id=d.id)
    assert order.values["attached"] is True
    assert order.values["first_turn"] is True
    assert order.contradiction("distance_in", 200.0) is None  # the first turn
    order.set("first_turn", False)
    for moot in (0.0, 3.0, -1.0):
        assert order.contradiction("distance_in", moot) is None
    beyond = order.contradiction("distance_in", 200.0)
    assert beyond is not None
    assert "radius" in beyond
    assert order.contradiction("attached", True) is None
