"""The journal: one atomic event per command, undo and redo of any depth, across restarts."""

from __future__ import annotations

import enum
import fractions
from dataclasses import dataclass

import pytest
from sqlalchemy import text
from sqlmodel import Session, select

from eote_ref.store import (
    DeleteRow,
    Game,
    GameLeader,
    GameUnit,
    InsertRow,
    InvalidChangeError,
    JournalConflictError,
    JournalCounts,
    NewRow,
    NotFoundError,
    NothingToRedoError,
    NothingToUndoError,
    SetField,
    apply,
    changes_of,
    counts,
    create_game,
    history,
    load_game,
    next_redo,
    next_undo,
    redo,
    snapshot,
    to_jsonable,
    undo,
)
from tests.backends import DbTarget

from .helpers import sides


class Result(enum.Enum):
    STEADY = "steady"
    DISORDERED = "disordered"


@dataclass(frozen=True)
class Outcome:
    result: Result
    probability: fractions.Fraction
    trace: tuple[str, ...]


def first_unit(session: Session, game: Game) -> GameUnit:
    unit = session.exec(select(GameUnit).where(GameUnit.game_id == game.id)).first()
    assert unit is not None
    return unit


def hit(unit_id: int, hits: int) -> list[SetField]:
    return [SetField(GameUnit, unit_id, "markers.hits", hits)]


def test_apply_writes_state_and_one_event_with_everything(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    outcome = Outcome(Result.DISORDERED, fractions.Fraction(5, 36), ("CE 6", "short range +1"))
    event = apply(
        session,
        game.id,
        "fire",
        inputs={"range": "short", "target": unit.id},
        rolls=(4, 6),
        outcome=outcome,
        summary="1/Armé1 fires",
        changes=[
            SetField("game_unit", unit.id, "markers.hits", 2),
            SetField(GameUnit, unit.id, "markers.disordered", True),
            SetField(Game, game.id, "phase", "fire"),
        ],
    )
    assert (event.seq, event.kind, event.status) == (1, "fire", "done")
    assert (event.turn, event.phase) == (1, "initiative")  # as they were before the command
    assert event.rolls == [4, 6]
    assert event.outcome == {
        "result": "disordered",
        "probability": "5/36",
        "trace": ["CE 6", "short range +1"],
    }
    recorded = [
        (c.op, c.entity, c.row_id, c.field, c.before, c.after)
        for c in changes_of(session, event.id)
    ]
    assert recorded == [
        ("update", "game_unit", unit.id, "markers.hits", None, 2),
        ("update", "game_unit", unit.id, "markers.disordered", None, True),
        ("update", "game", game.id, "phase", "initiative", "fire"),
    ]
    session.expire_all()
    assert first_unit(session, game).hits == 2
    assert session.get(Game, game.id).phase == "fire"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (SetField("roster_unit", 1, "ce", 3), "not a game table"),
        (SetField("game_unit", 1, "morale", 3), "no field 'morale'"),
        (SetField("game_unit", 1, "id", 3), "cannot be changed"),
        (SetField("game_unit", 1, "game_id", 2), "cannot be changed"),
        (SetField("game_unit", 1, "ce", "three"), "cannot hold str"),
        (SetField("game_leader", 1, "killed", 1), "cannot hold int"),
        (SetField("game_unit", 1, "ce", True), "cannot hold bool"),
        (SetField("game_unit", 1, "ce", None), "cannot be empty"),
        (SetField("game_unit", 1, "name", "1st\x00Foot"), "holds a NUL character"),
        (SetField("game_unit", 99999, "markers.hits", 1), "has no game_unit row 99999"),
        (SetField("game_unit", NewRow("nope"), "markers.hits", 1), "no row inserted earlier"),
        (InsertRow("game_side", {"position": 3, "name": "Prussians"}), "cannot be inserted"),
        (InsertRow("game_leader", {"id": 500, "command_id": 1}), "filled in by the journal"),
        (DeleteRow("game", 1), "cannot be deleted"),
    ],
)
def test_invalid_changes_write_nothing(
    session: Session, game: Game, change: SetField | InsertRow | DeleteRow, message: str
) -> None:
    assert game.id is not None
    before = snapshot(session, game.id)
    good = SetField(GameUnit, first_unit(session, game).id, "markers.hits", 1)
    with pytest.raises(InvalidChangeError, match=message):
        apply(session, game.id, "bad", changes=[good, change])
    assert snapshot(session, game.id) == before
    assert history(session, game.id) == []


def test_rows_of_another_game_are_refused(session: Session, game: Game) -> None:
    other = create_game(session, "Ligny", sides(1, 1))
    foreign = first_unit(session, other)
    assert game.id is not None
    with pytest.raises(InvalidChangeError, match=f"has no game_unit row {foreign.id}"):
        apply(session, game.id, "fire", changes=hit(foreign.id, 1))
    with pytest.raises(InvalidChangeError, match=f"has no game row {other.id}"):
        apply(session, game.id, "turn", changes=[SetField(Game, other.id, "turn", 2)])


def test_failure_in_the_database_rolls_back_everything(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    before = snapshot(session, game.id)
    with pytest.raises(Exception, match="(?i)foreign key"):
        apply(
            session,
            game.id,
            "attach",
            changes=[*hit(unit.id, 3), SetField(GameUnit, unit.id, "attached_leader_id", 99999)],
        )
    assert snapshot(session, game.id) == before
    assert counts(session, game.id) == JournalCounts(0, 0)


def test_unknown_game_is_not_found(session: Session, game: Game) -> None:
    with pytest.raises(NotFoundError, match="no game with id 777"):
        apply(session, 777, "fire")
    with pytest.raises(NotFoundError):
        undo(session, 777)


def test_pending_changes_outside_the_journal_are_refused(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    unit.hits = 5
    session.add(unit)
    with pytest.raises(InvalidChangeError, match="unsaved changes"):
        apply(session, game.id, "fire", changes=hit(unit.id, 1))


def test_undo_and_redo_many_steps(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    states = [snapshot(session, game.id)]
    for n in range(1, 6):
        apply(session, game.id, f"step {n}", changes=hit(unit.id, n))
        states.append(snapshot(session, game.id))
    assert counts(session, game.id) == JournalCounts(5, 0)
    assert [e.seq for e in undo(session, game.id, 2)] == [5, 4]
    assert snapshot(session, game.id) == states[3]
    assert unit.hits == 3  # the session's own objects follow undo
    assert counts(session, game.id) == JournalCounts(3, 2)
    assert next_undo(session, game.id).seq == 3
    assert next_redo(session, game.id).seq == 4
    undo(session, game.id, 3)
    assert snapshot(session, game.id) == states[0]
    assert next_undo(session, game.id) is None
    with pytest.raises(NothingToUndoError):
        undo(session, game.id)
    assert [e.seq for e in redo(session, game.id, 4)] == [1, 2, 3, 4]
    assert snapshot(session, game.id) == states[4]
    with pytest.raises(NothingToRedoError, match="only 1 step"):
        redo(session, game.id, 2)
    assert snapshot(session, game.id) == states[4]  # the failed redo changed nothing
    redo(session, game.id)
    assert snapshot(session, game.id) == states[5]
    assert next_redo(session, game.id) is None


def test_steps_must_be_positive(session: Session, game: Game) -> None:
    assert game.id is not None
    with pytest.raises(ValueError, match="1 or more"):
        undo(session, game.id, 0)


def test_new_command_after_undo_discards_the_redo_tail(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    for n in (1, 2, 3):
        apply(session, game.id, f"step {n}", changes=hit(unit.id, n))
    undo(session, game.id, 2)
    apply(session, game.id, "other", changes=hit(unit.id, 9))
    assert counts(session, game.id) == JournalCounts(2, 0)
    with pytest.raises(NothingToRedoError):
        redo(session, game.id)
    assert [(e.seq, e.status) for e in history(session, game.id)] == [(1, "done"), (4, "done")]
    everything = history(session, game.id, include_discarded=True)
    assert [(e.seq, e.status) for e in everything] == [
        (1, "done"),
        (2, "discarded"),
        (3, "discarded"),
        (4, "done"),
    ]
    assert [e.seq for e in history(session, game.id, newest_first=True, limit=1)] == [4]
    undo(session, game.id, 2)
    assert first_unit(session, game).hits == 0


def test_undo_and_redo_survive_a_restart(db_target: DbTarget) -> None:
    with db_target.open() as db, db.session() as s:
        game = create_game(s, "Waterloo", sides(1, 2))
        assert game.id is not None
        start = snapshot(s, game.id)
        unit = first_unit(s, game)
        for n in (1, 2, 3):
            apply(s, game.id, "fire", changes=hit(unit.id, n))
        end = snapshot(s, game.id)
        undo(s, game.id)
    with db_target.open() as db, db.session() as s:
        undo(s, game.id, 2)
        assert snapshot(s, game.id) == start
    with db_target.open() as db, db.session() as s:
        redo(s, game.id, 3)
        assert snapshot(s, game.id) == end


def test_replacement_leader_rows_are_inserted_deleted_and_undone(
    session: Session, game: Game
) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    leader = session.exec(select(GameLeader).where(GameLeader.command_id == unit.command_id)).one()
    start = snapshot(session, game.id)
    apply(
        session,
        game.id,
        "leader-killed",
        changes=[
            SetField(GameLeader, leader.id, "killed", True),
            SetField(GameLeader, leader.id, "replacement_due_turn", 3),
        ],
    )
    apply(
        session,
        game.id,
        "replacement-arrives",
        changes=[
            InsertRow(
                GameLeader,
                {
                    "command_id": unit.command_id,
                    "name": "Colonel",
                    "level": "division",
                    "rating": 0,
                    "replacement": True,
                },
                ref="new",
            ),
            SetField(GameUnit, unit.id, "attached_leader_id", NewRow("new")),
            DeleteRow(GameLeader, leader.id),
        ],
    )
    middle = snapshot(session, game.id)
    names = [row["name"] for row in middle["game_leader"]]
    assert "Colonel" in names
    assert leader.name not in names
    new_id = next(r["id"] for r in middle["game_leader"] if r["name"] == "Colonel")
    assert (
        next(r for r in middle["game_unit"] if r["id"] == unit.id)["attached_leader_id"] == new_id
    )
    undo(session, game.id, 2)
    assert snapshot(session, game.id) == start
    redo(session, game.id, 2)
    assert snapshot(session, game.id) == middle  # same ids again
    undo(session, game.id)
    # A game set up after the undo never takes the undone row's id, so redo still works.
    create_game(session, "Ligny", sides(1, 1))
    redo(session, game.id)
    assert snapshot(session, game.id) == middle


def test_change_behind_the_journals_back_stops_undo(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    apply(session, game.id, "fire", changes=hit(unit.id, 2))
    session.execute(
        text("""UPDATE game_unit SET markers = '{"hits": 7}' WHERE id = :id"""), {"id": unit.id}
    )
    session.commit()
    with pytest.raises(JournalConflictError, match="changed outside the journal"):
        undo(session, game.id)
    session.expire_all()
    assert first_unit(session, game).hits == 7
    assert counts(session, game.id) == JournalCounts(1, 0)


def test_commit_false_lets_the_caller_decide(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    apply(session, game.id, "fire", changes=hit(unit.id, 2), commit=False)
    session.rollback()
    assert counts(session, game.id) == JournalCounts(0, 0)
    assert first_unit(session, game).hits == 0
    apply(session, game.id, "fire", changes=hit(unit.id, 2), commit=False)
    with pytest.raises(InvalidChangeError):
        apply(session, game.id, "bad", changes=hit(99999, 1), commit=False)
    session.commit()  # the first apply survives the second one's failure
    assert counts(session, game.id) == JournalCounts(1, 0)


def test_journal_keeps_games_apart(session: Session, game: Game) -> None:
    other = create_game(session, "Ligny", sides(1, 1))
    assert game.id is not None
    assert other.id is not None
    apply(session, game.id, "a", changes=hit(first_unit(session, game).id, 1))
    apply(session, other.id, "b", changes=hit(first_unit(session, other).id, 1))
    assert [e.seq for e in history(session, other.id)] == [1]
    undo(session, other.id)
    assert counts(session, game.id) == JournalCounts(1, 0)
    assert load_game(session, game.id).units[0].hits == 1


def test_to_jsonable() -> None:
    assert to_jsonable({1: (Result.STEADY, {2, 1}), "f": fractions.Fraction(1, 3)}) == {
        "1": ["steady", [1, 2]],
        "f": "1/3",
    }
    with pytest.raises(TypeError, match="cannot store object"):
        to_jsonable(object())


def test_many_keys_of_many_rows_are_one_step_exactly_undone(session: Session, game: Game) -> None:
    """Keys of JSON columns are written a row at a time; the step is exact all the same.

    One step sets two keys on every unit (the first one's twice), a plain column, a key of a
    leader and then deletes that leader: every change is recorded in order with its own
    before and after, the session's objects show the new values without a reload, and undo
    and redo give back each state exactly.
    """
    assert game.id is not None
    units = list(session.exec(select(GameUnit).where(GameUnit.game_id == game.id)).all())
    first = units[0]
    leader = session.exec(select(GameLeader).where(GameLeader.game_id == game.id)).first()
    assert leader is not None
    start = snapshot(session, game.id)
    changes = [
        *(SetField(GameUnit, u.id, f"markers.{k}", True) for u in units for k in ("a", "b")),
        SetField(GameUnit, first.id, "markers.a", 2),
        SetField(GameUnit, first.id, "name", "Renamed"),
        SetField(GameLeader, leader.id, "markers.note", "gone"),
        DeleteRow(GameLeader, leader.id),
    ]
    event = apply(session, game.id, "many", changes=changes)
    assert event.id is not None
    recorded = changes_of(session, event.id)
    assert len(recorded) == len(changes)
    a_first = [(c.before, c.after) for c in recorded
               if c.row_id == first.id and c.field == "markers.a"]  # fmt: skip
    assert a_first == [(None, True), (True, 2)]
    assert first.markers["a"] == 2  # the session's own object, not read again
    assert first.markers["b"] is True
    assert first.name == "Renamed"
    middle = snapshot(session, game.id)
    assert all(r["markers"].get("b") is True for r in middle["game_unit"])
    assert leader.id not in [r["id"] for r in middle["game_leader"]]
    undo(session, game.id)
    assert snapshot(session, game.id) == start
    assert "a" not in first.markers
    redo(session, game.id)
    assert snapshot(session, game.id) == middle


def test_history_reads_only_the_steps_of_one_kind_and_status(session: Session, game: Game) -> None:
    """A reader of one kind of step (the record sheets' integrity checks) reads only those rows.

    Reading the whole journal of a 2,000-unit game at 50,000 steps to count its integrity
    checks took 200 MB; the rows of the kind asked for are the query's, not a Python filter's.
    """
    assert game.id is not None
    unit = first_unit(session, game)
    assert unit.id is not None
    for kind, hits in (("fire", 1), ("integrity", 2), ("fire", 3), ("integrity", 4)):
        apply(session, game.id, kind, changes=hit(unit.id, hits))
    undo(session, game.id)  # the last integrity check, undone
    assert [e.seq for e in history(session, game.id, kind="integrity")] == [2, 4]
    assert [e.seq for e in history(session, game.id, kind="integrity", status="done")] == [2]
    assert [e.seq for e in history(session, game.id, status="done")] == [1, 2, 3]
