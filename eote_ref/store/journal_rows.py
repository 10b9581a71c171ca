"""The journal's rows: values as JSON, reading and writing the game's rows, replaying a step.

:mod:`eote_ref.store.journal` records and walks the journal; this module holds what it does
to the game's rows: the JSON form of what is stored (:func:`to_jsonable`), the checks of a
value against its column, the reads of whole rows, the batched writes of JSON keys
(:class:`KeyWrites`) and the replay of recorded changes for undo and redo (:class:`Replayer`).
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import fractions
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import Column, Table, bindparam, delete, insert, update
from sqlalchemy import select as sa_select
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key
from sqlalchemy.types import JSON, Boolean, Float, Integer, String
from sqlmodel import Session

from eote_ref.store.changes import Entity
from eote_ref.store.errors import InvalidChangeError, JournalConflictError
from eote_ref.store.limits import column_limit, text_problem
from eote_ref.store.models import JOURNALED, UPDATE, JournalChange, JournalEvent

# ----------------------------------------------------------------------------- JSON


def to_jsonable(value: Any) -> Any:
    """Turn inputs, rolls and rules outcomes into plain JSON data.

    Dataclasses become dicts of their fields, enums their values, tuples and sets lists,
    fractions and decimals their exact text (``"5/36"``), dates and times ISO 8601 text;
    mapping keys become text.

    Raises:
        TypeError: for anything else that JSON cannot hold.
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if isinstance(value, fractions.Fraction | decimal.Decimal):
        return str(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((to_jsonable(v) for v in value), key=repr)
    raise TypeError(f"cannot store {type(value).__name__} in the journal: {value!r}")


# ----------------------------------------------------------------------------- helpers


def table_name(entity: Entity) -> str:
    """The table's name of ``entity``, refused unless the journal may change it."""
    name = entity if isinstance(entity, str) else str(entity.__tablename__)
    if name not in JOURNALED:
        raise InvalidChangeError(f"{name!r} is not a game table the journal can change")
    return name


def table_of(name: str) -> Table:
    """The SQLAlchemy table of journaled table ``name``."""
    table = JOURNALED[name].__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


def split_field(field: str) -> tuple[str, str | None]:
    """``markers.elements`` -> (``markers``, ``elements``): one key of a JSON column."""
    column, dot, key = field.partition(".")
    return (column, key) if dot else (field, None)


def with_key(data: Any, key: str, value: Any) -> dict[str, Any]:
    """A copy of a JSON column's object with ``key`` set (removed when ``value`` is None)."""
    out = dict(data or {})
    if value is None:
        out.pop(key, None)
    else:
        out[key] = value
    return out


def check_value(table: Table, field: str, value: Any) -> None:
    """Refuse values the column cannot hold (so SQLite behaves as strictly as PostgreSQL)."""
    column_name, key = split_field(field)
    if key is not None:  # one key of a JSON column (a pack's markers): any JSON scalar or list
        if column_name not in table.c or not isinstance(table.c[column_name].type, JSON):
            raise InvalidChangeError(f"{table.name} has no JSON field {column_name!r}")
        if not key or len(key) > 64:
            raise InvalidChangeError(f"{table.name}.{field}: a key of 1 to 64 characters")
        try:
            to_jsonable(value)
        except TypeError:
            raise InvalidChangeError(
                f"{table.name}.{field} cannot hold {type(value).__name__} value {value!r}"
            ) from None
        return
    if field not in table.c:
        raise InvalidChangeError(f"{table.name} has no field {field!r}")
    column: Column[Any] = table.c[field]
    if value is None:
        if not column.nullable:
            raise InvalidChangeError(f"{table.name}.{field} cannot be empty")
        return
    kind = column.type
    if isinstance(value, str):  # the limits both back ends keep (NUL, surrogates, length)
        problem = text_problem(value, column_limit(table, field))
        if problem is not None:
            raise InvalidChangeError(f"{table.name}.{field} {problem}; nothing was written")
    ok = True
    if isinstance(kind, Boolean):
        ok = isinstance(value, bool)
    elif isinstance(kind, Integer):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(kind, Float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif isinstance(kind, String):
        ok = ok and isinstance(value, str)
    elif isinstance(kind, JSON):
        try:
            to_jsonable(value)
        except TypeError:
            ok = False
    if not ok:
        raise InvalidChangeError(
            f"{table.name}.{field} cannot hold {type(value).__name__} value {value!r}"
        )


def row_json(table: Table, row: Mapping[Any, Any]) -> dict[str, Any]:
    """A whole row as the journal records it (JSON values)."""
    return {c.name: to_jsonable(row[c.name]) for c in table.columns}


def fetch_rows(session: Session, name: str, ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """Whole rows of ``name`` by id, in one query."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    table = table_of(name)
    result = session.execute(sa_select(table).where(table.c.id.in_(wanted)))
    return {row["id"]: row_json(table, row) for row in result.mappings()}


def model_update(name: str, row_id: int, values: Mapping[str, Any]) -> Any:
    """An UPDATE of one row that keeps the session's copy of it up to date."""
    model = JOURNALED[name]
    return (
        update(model)
        .where(model.id == row_id)  # type: ignore[attr-defined]
        .values(dict(values))
        .execution_options(synchronize_session="evaluate")
    )


def model_delete(name: str, row_id: int) -> Any:
    """A DELETE of one row that keeps the session up to date."""
    model = JOURNALED[name]
    return (
        delete(model)
        .where(model.id == row_id)  # type: ignore[attr-defined]
        .execution_options(synchronize_session="evaluate")
    )


class KeyWrites:
    """One command's writes to keys of JSON columns, one UPDATE a row, sent together.

    A step that clears a marker on every unit changes one key of many rows: each row's
    column is written once, with all its keys, and the rows of a table are sent as one
    executemany statement. The JSON columns hold no constraint, so writing them after the
    command's other updates changes nothing but the time; inserts and deletes :meth:`flush`
    first, keeping the order of the rows' coming and going. Objects of these rows already in
    the session are brought up to date as the ORM's ``evaluate`` would.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.pending: dict[tuple[str, int], dict[str, Any]] = {}

    def set(self, name: str, row_id: int, column: str, data: Any) -> None:
        self.pending.setdefault((name, row_id), {})[column] = data

    def flush(self) -> None:
        groups: dict[tuple[str, tuple[str, ...]], list[dict[str, Any]]] = {}
        for (name, row_id), written in self.pending.items():
            values = {f"v_{c}": v for c, v in written.items()}
            groups.setdefault((name, tuple(sorted(written))), []).append(
                {"row_id": row_id, **values}
            )
        for (name, columns), params in groups.items():
            table = table_of(name)
            stmt = (
                update(table)
                .where(table.c.id == bindparam("row_id"))
                .values({c: bindparam(f"v_{c}") for c in columns})
            )
            self.session.execute(stmt, params)
            model = JOURNALED[name]
            for p in params:
                obj = self.session.identity_map.get(identity_key(model, p["row_id"]))
                if obj is not None:
                    for c in columns:
                        set_committed_value(obj, c, p[f"v_{c}"])
        self.pending.clear()


def conflict(event: JournalEvent, change: JournalChange, detail: str) -> JournalConflictError:
    """The refusal of a replay whose row was changed outside the journal."""
    what = f"{change.entity} {change.row_id}" + (f".{change.field}" if change.field else "")
    return JournalConflictError(
        f"cannot {detail} event {event.seq} ({event.kind}): {what} was changed outside the "
        "journal; nothing was undone or redone"
    )


class Replayer:
    """Writes recorded changes forwards (redo) or backwards (undo), checking each first.

    The rows the changes touch are read once (one query a table) and kept as they stand
    while the changes are written, so each change is compared with the row as the ones
    before it left it, without reading it again; keys of JSON columns are written a row at
    a time (:class:`KeyWrites`).
    """

    def __init__(self, session: Session, changes: Iterable[JournalChange]) -> None:
        self.session = session
        self.key_writes = KeyWrites(session)
        wanted: dict[str, set[int]] = {}
        for change in changes:
            wanted.setdefault(change.entity, set()).add(change.row_id)
        self.rows: dict[tuple[str, int], dict[str, Any] | None] = {}
        for name, ids in wanted.items():
            found = fetch_rows(session, name, ids)
            for row_id in ids:
                self.rows[(name, row_id)] = found.get(row_id)

    def replay(self, event: JournalEvent, change: JournalChange, *, forward: bool) -> None:
        """Write one change forwards (redo: after-values) or backwards (undo: before-values)."""
        verb = "redo" if forward else "undo"
        table = table_of(change.entity)
        where = (change.entity, change.row_id)
        expected, target = (
            (change.before, change.after) if forward else (change.after, change.before)
        )
        current = self.rows.get(where)
        if change.op == UPDATE:
            assert change.field is not None
            column, key = split_field(change.field)
            now = None if current is None else current[column]
            if key is not None and current is not None:
                now = (now or {}).get(key)
            if current is None or now != expected:
                raise conflict(event, change, verb)
            if key is None:
                self.session.execute(model_update(change.entity, change.row_id, {column: target}))
                current[column] = target
            else:
                data = with_key(current[column], key, target)
                self.key_writes.set(change.entity, change.row_id, column, data)
                current[column] = data
        elif expected is None:  # the row must be absent, and comes (back) into being
            if current is not None:
                raise conflict(event, change, verb)
            self.key_writes.flush()
            self.session.execute(insert(table).values(dict(target)))
            self.rows[where] = dict(target)
        else:  # the row must be there as recorded, and goes away
            if current != expected:
                raise conflict(event, change, verb)
            self.key_writes.flush()
            self.session.execute(model_delete(change.entity, change.row_id))
            self.rows[where] = None
