"""The journal: every change to a game as one undoable event, written in one transaction.

Every wizard and umpire action ends in one call::

    event = journal.apply(
        session, game_id, "fire",
        inputs={"firer": 12, "target": 40, "range": "short"},
        rolls=[4, 6],
        outcome=outcome,  # a rules outcome (dataclass or dict) with its trace
        changes=[
            SetField("game_unit", 40, "markers.hits", 3),
            SetField(GameUnit, 40, "markers.disordered", True),
        ],
        summary="1/54e Ligne fires on the 92nd: 2 hits",
    )

:func:`apply` reads the current ("before") value of every field it changes, writes the new
values, and records one :class:`~eote_ref.store.models.JournalEvent` with its
:class:`~eote_ref.store.models.JournalChange` rows (entity table, row id, field, before,
after; or a whole row for :class:`InsertRow` / :class:`DeleteRow`), all in the same
transaction: either everything is written or nothing is.

:func:`undo` and :func:`redo` walk the journal any number of steps, across restarts (the
journal lives in the database). Undo writes the before-values back and marks the event
``undone``; redo writes the after-values again and marks it ``done``. A new :func:`apply`
after undos marks the undone events ``discarded`` (they stay in the journal for the record but
can no longer be redone). Before writing, undo and redo check that the state still holds the
values the journal expects and raise :class:`~eote_ref.store.errors.JournalConflictError`
otherwise, so a change made behind the journal's back is never silently overwritten.

Changes may touch the tables in :data:`~eote_ref.store.models.JOURNALED` (the game row and
its sides, commands, leaders and units); rows may be inserted or deleted in
:data:`~eote_ref.store.models.ROW_ENTITIES` (a replacement leader arriving, say). ``id``,
``game_id`` and ``created_at`` are never changed, and every row must belong to the game named
in the call.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, func, insert, text, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from eote_ref.store.changes import Change, DeleteRow, InsertRow, NewRow, SetField
from eote_ref.store.errors import (
    DiskFullError,
    InvalidChangeError,
    NotFoundError,
    NothingToRedoError,
    NothingToUndoError,
    ReadOnlyDatabaseError,
    StaleGameError,
)
from eote_ref.store.journal_reading import (
    JournalCounts,
    counts,
    done_after,
    history,
    journal_after,
    journal_last_done,
    next_redo,
    next_steps,
    next_undo,
)
from eote_ref.store.journal_rows import (
    KeyWrites,
    Replayer,
    check_value,
    fetch_rows,
    model_delete,
    model_update,
    row_json,
    split_field,
    table_name,
    table_of,
    to_jsonable,
    with_key,
)
from eote_ref.store.models import (
    DELETE,
    DISCARDED,
    DONE,
    INSERT,
    ROW_ENTITIES,
    UNDONE,
    UPDATE,
    Game,
    JournalChange,
    JournalEvent,
)
from eote_ref.store.server_errors import Process, lost_at_commit, lost_server, server_process

__all__ = [
    "CHANNEL",
    "GAME_TOUCHED",
    "GAME_VERSIONS",
    "JournalCounts",
    "Touch",
    "apply",
    "changes_of",
    "check_version",
    "counts",
    "done_after",
    "history",
    "journal_after",
    "journal_last_done",
    "next_redo",
    "next_steps",
    "next_undo",
    "redo",
    "to_jsonable",
    "touched_after",
    "undo",
    "version_after",
]

#: Columns that no change may set.
_PROTECTED = frozenset({"id", "game_id", "created_at", "version"})

#: ``session.info`` key: ``{game id: version}`` after this session's last command on the game.
GAME_VERSIONS = "eote_game_versions"

#: The PostgreSQL notification channel told of every command (payload: the game id).
CHANNEL = "eote_ref_game"


def _claim(session: Session, game_id: int, expected: int | None) -> tuple[int, int, str]:
    """Raise the game's version by one, first thing in the command's transaction.

    The update takes the game's write lock (a row lock on PostgreSQL, the database write lock
    on SQLite), so commands on one game run one after another and each reads the state the
    previous one left. With ``expected`` it is a compare-and-swap: a game changed since the
    caller saw version ``expected`` raises :class:`StaleGameError` and nothing is written.
    Returns the new version and the game's turn and phase (one statement: ``RETURNING``).
    """
    if session.info.get("read_only"):
        raise ReadOnlyDatabaseError(
            f"{session.info['read_only']} is open without the right to play games: this "
            "account may look at games but not change them. Nothing was written."
        )
    stmt = update(Game).where(col(Game.id) == game_id)
    if expected is not None:
        stmt = stmt.where(col(Game.version) == expected)
    claimed = session.execute(
        stmt.values(version=col(Game.version) + 1)
        .returning(col(Game.version), col(Game.turn), col(Game.phase))
        .execution_options(synchronize_session=False)
    ).first()
    if claimed is None:
        if expected is None:
            raise NotFoundError(f"there is no game with id {game_id}")
        raise _stale(session, game_id, expected)
    bind = session.get_bind()
    if bind.dialect.name == "postgresql":
        # Delivered to every LISTENing copy when (and only if) the transaction commits.
        session.execute(
            text("SELECT pg_notify(:channel, :game)"), {"channel": CHANNEL, "game": str(game_id)}
        )
    return int(claimed[0]), int(claimed[1]), str(claimed[2])


def check_version(session: Session, game_id: int, expected: int) -> None:
    """Refuse a command built on version ``expected`` of a game changed since, writing nothing.

    For an edit that changes nothing in the view it was built from: compared with the game as
    it is (another copy may have changed it meanwhile), it is refused like any stale command.

    Raises:
        StaleGameError: the game is no longer at ``expected`` (the same words as :func:`apply`).
        NotFoundError: there is no such game.
    """
    current = session.exec(select(Game.version).where(Game.id == game_id)).first()
    if current is None:
        raise NotFoundError(f"there is no game with id {game_id}")
    if current != expected:
        raise _stale(session, game_id, expected)


def _stale(session: Session, game_id: int, expected: int) -> StaleGameError:
    """The refusal of a command built on version ``expected``: what changed the game since."""
    current = session.exec(select(Game.version).where(Game.id == game_id)).first()
    if current is None:
        raise NotFoundError(f"there is no game with id {game_id}")
    latest = session.exec(
        select(JournalEvent.summary, JournalEvent.kind, JournalEvent.status)
        .where(JournalEvent.game_id == game_id, JournalEvent.status != DISCARDED)
        .order_by(col(JournalEvent.seq).desc())
        .limit(1)
    ).first()
    if latest is None:
        what = "its journal is empty now"
    else:
        step = latest[0] or latest[1]
        what = f"undid {step}" if latest[2] == UNDONE else step
    # The first words carry the news: a status bar shows only the start of a long line.
    return StaleGameError(
        f"Not written: the game was changed by another copy of eote-ref first ({what}). "
        "This copy now shows the game as it is: enter the step again if it is still needed. "
        f"(Game {game_id}: version {expected} seen, {current} now.)",
        game_id=game_id,
        expected=expected,
        current=int(current),
        latest=what,
    )


#: ``session.info`` key: ``{game id: {version: rows touched by the command that made it}}``.
GAME_TOUCHED = "eote_game_touched"


@dataclass(frozen=True)
class Touch:
    """One row a committed command changed: its table, id, the operation and the field.

    ``field`` is None for a row inserted or deleted. A reader holding the state as of the
    version before the command can bring it up to date by reading only these rows.
    """

    entity: str
    row_id: int
    op: str
    field: str | None


def _remember(session: Session, game_id: int, version: int, touched: Iterable[Touch] = ()) -> None:
    session.info.setdefault(GAME_VERSIONS, {})[game_id] = version
    session.info.setdefault(GAME_TOUCHED, {}).setdefault(game_id, {})[version] = tuple(touched)


def version_after(session: Session, game_id: int) -> int | None:
    """The game's version after the last command this session committed on it, if any."""
    versions: dict[int, int] = session.info.get(GAME_VERSIONS, {})
    return versions.get(game_id)


def touched_after(session: Session, game_id: int) -> dict[int, tuple[Touch, ...]]:
    """The rows each command this session committed on the game changed, by the version it made.

    Each command raises the game's version by exactly one, so the rows under version ``v``
    are everything that differs between the states at ``v - 1`` and ``v``.
    """
    touched: dict[int, dict[int, tuple[Touch, ...]]] = session.info.get(GAME_TOUCHED, {})
    return dict(touched.get(game_id, {}))


def _refuse_pending(session: Session) -> None:
    if session.new or session.deleted or any(session.is_modified(o) for o in session.dirty):
        raise InvalidChangeError(
            "the session holds unsaved changes made outside the journal; "
            "commit or roll them back before applying a command"
        )


#: SQLite's words when the disk cannot take a step's pages.
DISK_WORDS = ("database or disk is full", "disk I/O error")


def _raise_if_disk_full(error: BaseException) -> None:
    """A step the disk could not take becomes a :class:`DiskFullError` (nothing was written).

    SQLite rolls the transaction back and the file stays sound; the umpire is told, instead of
    an ``OperationalError`` going past the app's edit handler.
    """
    from sqlalchemy.exc import OperationalError

    if isinstance(error, OperationalError) and any(w in str(error.orig) for w in DISK_WORDS):
        raise DiskFullError(
            f"Not saved: the disk is full or failed ({error.orig}). The game is as it was "
            "before this step; free some space and enter the step again."
        ) from error


# ----------------------------------------------------------------------------- apply


class _Applier:
    """Carries out a list of changes for one game, recording before/after values."""

    def __init__(self, session: Session, game_id: int) -> None:
        self.session = session
        self.game_id = game_id
        self.rows: dict[tuple[str, int], dict[str, Any]] = {}
        self.refs: dict[str, int] = {}
        self.records: list[dict[str, Any]] = []
        self.key_writes = KeyWrites(session)

    def resolve(self, value: Any) -> Any:
        if isinstance(value, NewRow):
            if value.ref not in self.refs:
                raise InvalidChangeError(f"no row inserted earlier under the name {value.ref!r}")
            return self.refs[value.ref]
        return value

    def prefetch(self, changes: Sequence[Change]) -> None:
        wanted: dict[str, set[int]] = {}
        for change in changes:
            if isinstance(change, SetField | DeleteRow) and isinstance(change.row_id, int):
                wanted.setdefault(table_name(change.entity), set()).add(change.row_id)
        for name, ids in wanted.items():
            for row_id, row in fetch_rows(self.session, name, ids).items():
                self.rows[(name, row_id)] = row

    def row(self, name: str, row_id: int) -> dict[str, Any]:
        row = self.rows.get((name, row_id))
        belongs = row is not None and (
            row["id"] == self.game_id if name == "game" else row["game_id"] == self.game_id
        )
        if row is None or not belongs:
            raise InvalidChangeError(f"game {self.game_id} has no {name} row {row_id}")
        return row

    def apply(self, change: Change) -> None:
        name = table_name(change.entity)
        table = table_of(name)
        if isinstance(change, SetField):
            self.set_field(name, table, change)
        elif isinstance(change, InsertRow):
            self.insert_row(name, table, change)
        else:
            self.delete_row(name, change)

    def set_field(self, name: str, table: Table, change: SetField) -> None:
        row_id = self.resolve(change.row_id)
        column, key = split_field(change.field)
        if column in _PROTECTED:
            raise InvalidChangeError(f"{name}.{change.field} cannot be changed")
        value = self.resolve(change.value)
        check_value(table, change.field, value)
        row = self.row(name, row_id)
        after = to_jsonable(value)
        if key is None:
            before = row[column]
            self.session.execute(model_update(name, row_id, {column: value}))
            row[column] = after
        else:
            before = (row[column] or {}).get(key)
            data = with_key(row[column], key, after)
            self.key_writes.set(name, row_id, column, data)
            row[column] = data
        self.record(UPDATE, name, row_id, change.field, before, after)

    def insert_row(self, name: str, table: Table, change: InsertRow) -> None:
        if name not in ROW_ENTITIES:
            raise InvalidChangeError(f"rows cannot be inserted into {name}")
        self.key_writes.flush()
        values = {k: self.resolve(v) for k, v in change.values.items()}
        for key, value in values.items():
            if key in _PROTECTED:
                raise InvalidChangeError(f"{name}.{key} is filled in by the journal")
            check_value(table, key, value)
        values["game_id"] = self.game_id
        result = self.session.execute(insert(table).values(values).returning(*table.c))
        row = row_json(table, result.mappings().one())
        row_id = int(row["id"])
        self.rows[(name, row_id)] = row
        if change.ref is not None:
            self.refs[change.ref] = row_id
        self.record(INSERT, name, row_id, None, None, dict(row))

    def delete_row(self, name: str, change: DeleteRow) -> None:
        if name not in ROW_ENTITIES:
            raise InvalidChangeError(f"rows cannot be deleted from {name}")
        self.key_writes.flush()
        row_id = self.resolve(change.row_id)
        row = self.row(name, row_id)
        self.session.execute(model_delete(name, row_id))
        del self.rows[(name, row_id)]
        self.record(DELETE, name, row_id, None, dict(row), None)

    def record(
        self, op: str, name: str, row_id: int, field: str | None, before: Any, after: Any
    ) -> None:
        self.records.append(
            {
                "position": len(self.records),
                "op": op,
                "entity": name,
                "row_id": row_id,
                "field": field,
                "before": before,
                "after": after,
            }
        )


def apply(
    session: Session,
    game_id: int,
    kind: str,
    *,
    changes: Sequence[Change] = (),
    inputs: Any = None,
    rolls: Any = None,
    outcome: Any = None,
    summary: str = "",
    commit: bool = True,
    expected_version: int | None = None,
) -> JournalEvent:
    """Apply ``changes`` to game ``game_id`` and journal them as one event, atomically.

    Args:
        session: the session to work in; it must hold no unsaved changes of its own.
        game_id: the game every changed row must belong to.
        kind: what happened, e.g. ``"fire"``, ``"morale"``, ``"next-phase"``.
        changes: the state changes, applied in order.
        inputs: what the umpire entered (a mapping or dataclass), stored as JSON.
        rolls: the dice rolled, stored as JSON.
        outcome: the rules outcome with its trace (a dataclass or mapping), stored as JSON.
        summary: one line for the history list.
        commit: commit the transaction (default); with ``False`` the caller commits, and on
            error only this call's work is rolled back (a savepoint).
        expected_version: the game's version the command was built from; if the game has
            changed since, :class:`StaleGameError` is raised and nothing is written.

    Returns:
        The new event (status ``done``), with ``turn`` and ``phase`` as they were before it.

    Raises:
        NotFoundError: there is no such game.
        InvalidChangeError: a change names an unknown table, field or row, a row of another
            game, or a value of the wrong type. Nothing is written.
        StaleGameError: the game is no longer at ``expected_version``. Nothing is written.
    """
    _refuse_pending(session)
    record = {
        "inputs": to_jsonable(inputs if inputs is not None else {}),
        "rolls": to_jsonable(rolls if rolls is not None else []),
        "outcome": to_jsonable(outcome if outcome is not None else {}),
    }
    committing = False
    process: Process | None = None  # the server's process, read before the commit
    event_id: int | None = None  # given out before the commit: read again if the server goes
    try:
        with session.begin_nested():
            version, turn, phase = _claim(session, game_id, expected_version)
            session.execute(
                update(JournalEvent)
                .where(col(JournalEvent.game_id) == game_id, col(JournalEvent.status) == UNDONE)
                .values(status=DISCARDED)
                .execution_options(synchronize_session=False)
            )
            last = session.exec(
                select(func.max(JournalEvent.seq)).where(JournalEvent.game_id == game_id)
            ).one()
            applier = _Applier(session, game_id)
            applier.prefetch(changes)
            for change in changes:
                applier.apply(change)
            applier.key_writes.flush()
            event = JournalEvent(
                game_id=game_id,
                seq=(last or 0) + 1,
                kind=kind,
                status=DONE,
                turn=turn,
                phase=phase,
                summary=summary,
                **record,
            )
            session.add(event)
            session.flush()
            event_id = event.id
            if applier.records:
                session.execute(
                    insert(JournalChange),
                    [dict(r, event_id=event.id) for r in applier.records],
                )
        if commit:
            process = server_process(session)
            committing = True
            session.commit()
            _remember(
                session,
                game_id,
                version,
                (Touch(r["entity"], r["row_id"], r["op"], r["field"]) for r in applier.records),
            )
    except BaseException as error:
        if commit:
            with contextlib.suppress(Exception):  # a lost connection cannot roll back
                session.rollback()
            lost = lost_server(error) if committing else None
            if lost is not None:
                step = f"the step '{summary or kind}'"
                raise lost_at_commit(
                    session,
                    lost,
                    step,
                    lambda c: (
                        c.execute(
                            sa_select(col(JournalEvent.id)).where(col(JournalEvent.id) == event_id)
                        ).first()
                        is not None
                    ),
                    process,
                ) from error
        _raise_if_disk_full(error)
        raise
    return event


# ----------------------------------------------------------------------------- undo / redo


def _changes_by_event(session: Session, event_ids: list[int]) -> dict[int, list[JournalChange]]:
    result: dict[int, list[JournalChange]] = {i: [] for i in event_ids}
    if not event_ids:
        return result
    rows = session.exec(
        select(JournalChange)
        .where(col(JournalChange.event_id).in_(event_ids))
        .order_by(col(JournalChange.event_id), col(JournalChange.position))
    ).all()
    for change in rows:
        result[change.event_id].append(change)
    return result


def _walk(
    session: Session, game_id: int, steps: int, *, forward: bool, expected: int | None
) -> list[JournalEvent]:
    if steps < 1:
        raise ValueError("steps must be 1 or more")
    _refuse_pending(session)
    from_status, to_status = (UNDONE, DONE) if forward else (DONE, UNDONE)
    order = col(JournalEvent.seq).asc() if forward else col(JournalEvent.seq).desc()
    committing = False
    process: Process | None = None  # the server's process, read before the commit
    try:
        with session.begin_nested():
            version, _turn, _phase = _claim(session, game_id, expected)
            events = list(
                session.exec(
                    select(JournalEvent)
                    .where(JournalEvent.game_id == game_id, JournalEvent.status == from_status)
                    .order_by(order)
                    .limit(steps)
                ).all()
            )
            if len(events) < steps:
                error = NothingToRedoError if forward else NothingToUndoError
                verb = "redo" if forward else "undo"
                raise error(
                    f"only {len(events)} step(s) of game {game_id} can be {verb}ne, not {steps}"
                )
            changes = _changes_by_event(session, [e.id for e in events if e.id is not None])
            touched = [
                Touch(c.entity, c.row_id, c.op, c.field) for ch in changes.values() for c in ch
            ]
            replayer = Replayer(session, (c for ch in changes.values() for c in ch))
            for event in events:
                assert event.id is not None
                ordered = changes[event.id] if forward else reversed(changes[event.id])
                for change in ordered:
                    replayer.replay(event, change, forward=forward)
                event.status = to_status
                session.add(event)
            replayer.key_writes.flush()
            session.flush()
        ids = [e.id for e in events]  # read before the commit: a lost one cannot refresh them
        process = server_process(session)
        committing = True
        session.commit()
        _remember(session, game_id, version, touched)
    except BaseException as failure:
        with contextlib.suppress(Exception):  # a lost connection cannot roll back
            session.rollback()
        lost = lost_server(failure) if committing else None
        if lost is not None:
            verb = "redoing" if forward else "undoing"
            raise lost_at_commit(
                session,
                lost,
                f"{verb} {len(ids)} step(s)",
                lambda c: (
                    c.execute(
                        sa_select(func.count())
                        .select_from(JournalEvent)
                        .where(col(JournalEvent.id).in_(ids), col(JournalEvent.status) == to_status)
                    ).scalar_one()
                    == len(ids)
                ),
                process,
            ) from failure
        _raise_if_disk_full(failure)
        raise
    return events


def undo(
    session: Session, game_id: int, steps: int = 1, *, expected_version: int | None = None
) -> list[JournalEvent]:
    """Undo the last ``steps`` done events of a game (newest first), in one transaction.

    Returns:
        The undone events, newest first.

    Raises:
        NothingToUndoError: fewer than ``steps`` events can be undone (nothing is changed).
        JournalConflictError: the state differs from what the journal recorded.
    """
    return _walk(session, game_id, steps, forward=False, expected=expected_version)


def redo(
    session: Session, game_id: int, steps: int = 1, *, expected_version: int | None = None
) -> list[JournalEvent]:
    """Redo the next ``steps`` undone events of a game (oldest first), in one transaction.

    Returns:
        The redone events, oldest first.

    Raises:
        NothingToRedoError: fewer than ``steps`` events can be redone (nothing is changed).
        JournalConflictError: the state differs from what the journal recorded.
    """
    return _walk(session, game_id, steps, forward=True, expected=expected_version)


# ----------------------------------------------------------------------------- reading


def changes_of(session: Session, event_id: int) -> list[JournalChange]:
    """The changes recorded by one event, in the order they were applied."""
    return _changes_by_event(session, [event_id])[event_id]
