"""EotE's unit state moved into ``game_unit.markers`` (issue 26): one home for a unit's markers.

The twenty state columns of ``game_unit`` (hits, disordered, blown... fought_last_turn) become
keys of its ``markers``, holding only values other than the default (a unit with no hits has
no ``hits`` key), and the columns are dropped. ``attached_leader_id`` stays a column (a
foreign key).

The journal is rewritten with them, so that undo and redo of the steps written before keep
working: an update of ``game_unit`` field ``hits`` becomes one of ``markers.hits`` (its
before and after values a default as None, as the journal writes a key removed), and a whole
``game_unit`` row inserted or deleted has the same keys moved under its ``markers``, exactly
as the live rows are.

The names, kinds and defaults are copied from ``eote_ref.packs.eote.markers`` on purpose: a
migration must not change when the app does.

The columns are dropped with ``ALTER TABLE ... DROP COLUMN`` (SQLite 3.35 and later, and
PostgreSQL): rebuilding ``game_unit`` as a batch operation would drop the old table, and
with foreign keys on SQLite that deletes its units' links and facts (``ON DELETE CASCADE``).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = '0011'
down_revision: str | None = '0010'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The state columns and their defaults, in the columns' order (as of 0010).
COUNTERS = ('hits', 'blown', 'skirmish_hits')
STATE: dict[str, Any] = {
    'hits': 0,
    'disordered': False,
    'blown': 0,
    'routed': False,
    'off_table': False,
    'formation': None,
    'limbered': False,
    'guns_abandoned': False,
    'skirmishers_out': False,
    'skirmish_hits': 0,
    'rallied_once': False,
    'pinned': False,
    'out_of_command': False,
    'changed_formation': False,
    'fought_this_turn': False,
    'routed_this_turn': False,
    'routed_by_morale': False,
    'disintegrated': False,
    'fought_while_blown': False,
    'fought_last_turn': False,
}


def _value(name: str, raw: Any) -> Any:
    """A column's value as the markers keep it (SQLite hands booleans back as 0 and 1)."""
    if raw is None:
        return None if name == 'formation' else STATE[name]
    if name == 'formation':
        return str(raw)
    if name in COUNTERS:
        return int(raw)
    return bool(raw)


def _stored(name: str, value: Any) -> Any:
    """None for a default (the key left out), else the value."""
    return None if value is None or value == STATE[name] else value


def _as_data(raw: Any) -> Any:
    """A JSON column's value as data (a driver may hand back the text)."""
    return json.loads(raw) if isinstance(raw, str) else raw


def to_markers(row: dict[str, Any]) -> dict[str, Any]:
    """A whole unit row (as the journal holds it) with its state keys moved under markers."""
    out = {k: v for k, v in row.items() if k not in STATE}
    markers = dict(_as_data(row.get('markers')) or {})
    for name in STATE:
        if name in row:
            value = _stored(name, _value(name, row[name]))
            if value is None:
                markers.pop(name, None)
            else:
                markers[name] = value
    out['markers'] = markers
    return out


def from_markers(row: dict[str, Any]) -> dict[str, Any]:
    """The reverse of :func:`to_markers`: the state keys out of markers, defaults filled in."""
    out = dict(row)
    markers = dict(_as_data(row.get('markers')) or {})
    for name, default in STATE.items():
        out[name] = markers.pop(name, default)
    out['markers'] = markers
    return out


_JSON = sa.JSON(none_as_null=True)
_unit = sa.table('game_unit', sa.column('id', sa.Integer()), sa.column('markers', sa.JSON()))
_change = sa.table(
    'journal_change',
    sa.column('id', sa.Integer()),
    sa.column('op', sa.String()),
    sa.column('entity', sa.String()),
    sa.column('field', sa.String()),
    sa.column('before', _JSON),
    sa.column('after', _JSON),
)


def _unit_changes(bind: Any) -> list[Any]:
    return list(
        bind.execute(
            sa.select(_change.c.id, _change.c.op, _change.c.field, _change.c.before, _change.c.after)
            .where(_change.c.entity == 'game_unit')
            .order_by(_change.c.id)
        )
    )


def _write_changes(bind: Any, params: list[dict[str, Any]]) -> None:
    if params:
        bind.execute(
            _change.update()
            .where(_change.c.id == sa.bindparam('cid'))
            .values(
                field=sa.bindparam('new_field'),
                before=sa.bindparam('new_before', type_=_JSON),
                after=sa.bindparam('new_after', type_=_JSON),
            ),
            params,
        )


def _check_sqlite(bind: Any) -> None:
    if bind.dialect.name == 'sqlite' and sqlite3.sqlite_version_info < (3, 35, 0):
        raise RuntimeError(
            f'this upgrade needs SQLite 3.35 or later to drop columns in place (this Python has '
            f'{sqlite3.sqlite_version}); nothing was changed'
        )


def upgrade() -> None:
    """Upgrade the schema to this revision: the units' state into their markers."""
    bind = op.get_bind()
    _check_sqlite(bind)
    columns = ', '.join(STATE)
    rows = bind.execute(sa.text(f'SELECT id, markers, {columns} FROM game_unit ORDER BY id'))
    params = []
    for row in rows:
        data = dict(zip(('id', 'markers', *STATE), row, strict=True))
        params.append({'uid': data['id'], 'new_markers': to_markers(data)['markers']})
    if params:
        bind.execute(
            _unit.update()
            .where(_unit.c.id == sa.bindparam('uid'))
            .values(markers=sa.bindparam('new_markers', type_=sa.JSON())),
            params,
        )
    changes = []
    for cid, kind, field, before, after in _unit_changes(bind):
        if kind == 'update' and field in STATE:
            changes.append(
                {
                    'cid': cid,
                    'new_field': f'markers.{field}',
                    'new_before': _stored(field, _value(field, before)),
                    'new_after': _stored(field, _value(field, after)),
                }
            )
        elif kind in ('insert', 'delete'):
            changes.append(
                {
                    'cid': cid,
                    'new_field': field,
                    'new_before': to_markers(before) if isinstance(before, dict) else before,
                    'new_after': to_markers(after) if isinstance(after, dict) else after,
                }
            )
    _write_changes(bind, changes)
    for name in STATE:
        op.drop_column('game_unit', name)


def downgrade() -> None:
    """Revert this revision: the columns back, filled from the markers, the journal too."""
    bind = op.get_bind()
    for name, default in STATE.items():
        column: sa.Column[Any]
        if name == 'formation':
            column = sa.Column(name, sa.String(), nullable=True)
        elif name in COUNTERS:
            column = sa.Column(name, sa.Integer(), nullable=False, server_default=str(default))
        else:
            column = sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false())
        op.add_column('game_unit', column)
    state = sa.table(
        'game_unit',
        sa.column('id', sa.Integer()),
        sa.column('markers', sa.JSON()),
        *(
            sa.column(
                n,
                sa.String() if n == 'formation' else sa.Integer() if n in COUNTERS else sa.Boolean(),
            )
            for n in STATE
        ),
    )
    params = []
    for uid, markers in bind.execute(sa.select(state.c.id, state.c.markers)):
        row = from_markers({'markers': markers})
        params.append({'uid': uid, **{f'new_{k}': v for k, v in row.items()}})
    if params:
        bind.execute(
            state.update()
            .where(state.c.id == sa.bindparam('uid'))
            .values({k: sa.bindparam(f'new_{k}') for k in ('markers', *STATE)}),
            params,
        )
    changes = []
    for cid, kind, field, before, after in _unit_changes(bind):
        name = field.partition('.')[2] if field and field.startswith('markers.') else ''
        if kind == 'update' and name in STATE:
            changes.append(
                {
                    'cid': cid,
                    'new_field': name,
                    'new_before': STATE[name] if before is None else before,
                    'new_after': STATE[name] if after is None else after,
                }
            )
        elif kind in ('insert', 'delete'):
            changes.append(
                {
                    'cid': cid,
                    'new_field': field,
                    'new_before': from_markers(before) if isinstance(before, dict) else before,
                    'new_after': from_markers(after) if isinstance(after, dict) else after,
                }
            )
    _write_changes(bind, changes)
