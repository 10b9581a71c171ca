"""A view brought up to date from the rows a command changed equals the game read whole.

After its own commands :meth:`GameService.view` reads only the rows the journal says changed
(:func:`eote_ref.referee.view_read.patch_game`); after anything else it reads the whole game.
Every step below compares the service's view with one read whole by a new service on the same
SQLite file, over random sequences of marker edits, division and leader changes, facts and
links, phases (a new turn clears flags on many units), undo, redo, commands made by another
copy of the app and changes to the order of battle itself.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.orders import OrderType
from eote_ref.referee.facts import FIRED, fact
from eote_ref.referee.game import GameService
from eote_ref.referee.views import GameView
from eote_ref.store import InsertRow, SetField
from eote_ref.store.errors import StaleGameError, StoreError
from tests.backends import DbTarget
from tests.budget import budget
from tests.conftest import DatabaseTemplates, open_from_template, waterloo_setup

OPS = (
    "hits+",
    "hits-",
    "toggle",
    "formation",
    "division",
    "order",
    "leader",
    "attach",
    "fact",
    "link",
    "phase",
    "undo",
    "redo",
    "elsewhere",
    "move",
)


def whole(game: GameService) -> GameView:
    """The game read whole, by a service that has never seen it."""
    return GameService(game.db, game.game_id, game.ruleset).view()


def step(game: GameService, op: str, k: int) -> None:
    """Carry out one command of kind ``op``; ``k`` picks the unit, field or value."""
    view = game.view()
    units = [u for s in view.sides for u in s.units]
    divisions = [d for s in view.sides for d in s.divisions]
    leaders = [d.leader for d in divisions if d.leader is not None]
    u = units[k % len(units)]
    d = divisions[k % len(divisions)]
    match op:
        case "hits+" | "hits-":
            game.adjust_unit(u.id, "hits", 1 if op == "hits+" else -1)
        case "toggle":
            flags = game.markers.editable_flags
            game.toggle_unit(u.id, flags[k % len(flags)])
        case "formation":
            forms = game.formations(u.arm)
            game.set_unit(u.id, "formation", forms[k % len(forms)])
        case "division":
            field = ("in_town", "objective_lost", "falling_back", "routed")[k % 4]
            game.set_division(d.id, field, not getattr(d, field))
        case "order":
            orders = [o.value for o in OrderType]
            game.set_division(d.id, "current_order", orders[k % len(orders)])
        case "leader":
            lead = leaders[k % len(leaders)]
            field = ("no_rally_next_turn", "killed")[k % 2]
            value = not getattr(lead, field)
            game.record("test", "leader", [SetField("game_leader", lead.id, field, value)])
        case "attach":
            lead = leaders[k % len(leaders)]
            to = None if u.attached_leader else lead.id
            game.record("test", "attach", [SetField("game_unit", u.id, "attached_leader_id", to)])
        case "fact":
            other = units[(k * 7 + 1) % len(units)]
            game.record("test", "fired", [fact(FIRED, view.turn, u.id, other.id)])
        case "link":
            other = units[(k * 5 + 3) % len(units)]
            values = {"kind": "engaged", "turn": view.turn, "unit_id": u.id, "other_id": other.id}
            game.record("test", "link", [InsertRow("game_link", values)])
        case "phase":
            game.advance_phase()
        case "undo" | "redo":
            undoable, redoable = game.undo_counts()
            steps = 1 + k % 2
            if op == "undo" and undoable >= steps:
                game.undo(steps)
            elif op == "redo" and redoable >= steps:
                game.redo(steps)
        case "elsewhere":  # another copy of the app on the same file
            GameService(game.db, game.game_id, game.ruleset).adjust_unit(u.id, "hits", 1)
        case "move":  # the order of battle changes: a unit goes to the next division
            to_div = divisions[(k + 1) % len(divisions)]
            game.record("test", "move", [SetField("game_unit", u.id, "command_id", to_div.id)])


@settings(
    max_examples=budget(6, 40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.lists(
        st.tuples(st.sampled_from(OPS), st.integers(0, 10_000)), min_size=1, max_size=budget(8, 20)
    )
)
def test_view_after_each_command_equals_the_game_read_whole(
    db_target: DbTarget, db_templates: DatabaseTemplates, ops: list[tuple[str, int]]
) -> None:
    # A fresh copy of the game for every example, so a failure replays alone.
    db, game_id = open_from_template(db_target, db_templates, "waterloo", waterloo_setup)
    assert isinstance(game_id, int)
    game = GameService(db, game_id)
    try:
        for op, k in ops:
            with contextlib.suppress(StoreError):  # a move refused: the state is unchanged
                step(game, op, k)
            assert game.view() == whole(game), (op, k)
    finally:
        db.close()


def test_a_marker_edit_rereads_only_its_division(waterloo: GameService) -> None:
    """The other divisions and the other side are the very objects of the view before."""
    before = waterloo.view()
    unit = before.sides[1].divisions[2].units[1]
    waterloo.adjust_unit(unit.id, "hits", 1)
    after = waterloo.view()
    assert after == whole(waterloo)
    assert after.sides[0] is before.sides[0]
    for old, new in zip(before.sides[1].divisions, after.sides[1].divisions, strict=True):
        assert (old is new) is (old.id != unit.division_id)
    changed = next(d for d in after.sides[1].divisions if d.id == unit.division_id)
    assert [u.hits for u in changed.units] == [
        u.hits + (u.id == unit.id) for u in before.sides[1].divisions[2].units
    ]
    assert after.can_undo is not None
    assert unit.name in after.can_undo


def test_changes_made_elsewhere_are_read_whole(waterloo: GameService) -> None:
    """Another copy's command is not in this service's record: the whole game is read."""
    before = waterloo.view()
    unit = before.sides[0].units[0]
    other = GameService(waterloo.db, waterloo.game_id, waterloo.ruleset)
    other.toggle_unit(unit.id, "disordered")
    with pytest.raises(StaleGameError, match="changed by another copy"):
        waterloo.adjust_unit(before.sides[1].units[0].id, "hits", 1)
    assert waterloo.view() == whole(waterloo)
    assert waterloo.view().sides[0].units[0].disordered is not unit.disordered


@settings(
    max_examples=budget(6, 40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.lists(
        st.tuples(st.sampled_from(OPS), st.integers(0, 10_000), st.booleans()),
        min_size=1,
        max_size=budget(8, 20),
    )
)
def test_journal_read_since_equals_the_journal_read_whole(
    db_target: DbTarget, db_templates: DatabaseTemplates, ops: list[tuple[str, int, bool]]
) -> None:
    """The log's incremental read gives the whole journal, keeping the entries it says it kept.

    ``look`` False leaves a step unread, so several changes (an undo and a new step, say)
    come together, as when the log's reload is coalesced.
    """
    db, game_id = open_from_template(db_target, db_templates, "waterloo", waterloo_setup)
    assert isinstance(game_id, int)
    game = GameService(db, game_id)
    known = game.journal()
    try:
        for op, k, look in ops:
            with contextlib.suppress(StoreError):
                step(game, op, k)
            if not look:
                continue
            entries, kept = game.journal_since(known)
            assert entries == game.journal(), (op, k)
            assert kept <= len(known)
            for new, old in zip(
                entries[len(entries) - kept :], known[len(known) - kept :], strict=True
            ):
                assert new is old
            known = entries
    finally:
        db.close()


def test_an_undo_rereads_only_the_newest_steps(waterloo: GameService) -> None:
    unit = waterloo.view().sides[0].units[0]
    for _ in range(3):
        waterloo.adjust_unit(unit.id, "hits", 1)
    known = waterloo.journal()
    waterloo.undo()
    entries, kept = waterloo.journal_since(known)
    assert entries == waterloo.journal()
    assert kept == len(known) - 1
    assert entries[0].status == "undone"
    waterloo.adjust_unit(unit.id, "hits", -1)  # the undone step is discarded
    again, kept_again = waterloo.journal_since(entries)
    assert again == waterloo.journal()
    assert kept_again == len(entries) - 1
    assert [e.status for e in again[:2]] == ["done", "done"]
