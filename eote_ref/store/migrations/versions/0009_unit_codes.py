"""Short unit codes (game_unit.code): every unit of a game gets a side letter and a number.

Games made before codes get theirs here, as a new game would: the first letters of the sides'
names when they differ (else A, B, C... by position), numbered through each side's order of
battle (commands depth first by position, units by position). The order is copied from
``eote_ref.store.unit_codes`` on purpose: a migration must not change when the app does.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import string
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _letters(names: list[str]) -> list[str]:
    firsts = [next((ch.upper() for ch in n if ch.isalpha() and ch.isascii()), '') for n in names]
    if all(firsts) and len(set(firsts)) == len(firsts):
        return firsts
    return [string.ascii_uppercase[i % 26] for i in range(len(names))]


def _order(commands: list[tuple[int, int | None, int]]) -> list[int]:
    children: dict[int | None, list[tuple[int, int | None, int]]] = {}
    for c in commands:
        children.setdefault(c[1], []).append(c)
    for group in children.values():
        group.sort(key=lambda c: (c[2], c[0]))
    out: list[int] = []
    stack = list(reversed(children.get(None, [])))
    while stack:
        c = stack.pop()
        out.append(c[0])
        stack.extend(reversed(children.get(c[0], [])))
    return out


def upgrade() -> None:
    """Upgrade the schema to this revision, giving every unit of every game its code."""
    op.add_column('game_unit', sa.Column('code', sa.String(length=16), nullable=True))
    bind = op.get_bind()
    games = [r[0] for r in bind.execute(sa.text('SELECT id FROM game ORDER BY id'))]
    for game_id in games:
        sides = bind.execute(
            sa.text('SELECT id, name FROM game_side WHERE game_id = :g ORDER BY position'),
            {'g': game_id},
        ).all()
        letters = dict(zip([s[0] for s in sides], _letters([s[1] for s in sides]), strict=True))
        commands = bind.execute(
            sa.text('SELECT id, parent_id, position, side_id FROM game_command WHERE game_id = :g'),
            {'g': game_id},
        ).all()
        side_of = {c[0]: c[3] for c in commands}
        rank = {cid: i for i, cid in enumerate(_order([(c[0], c[1], c[2]) for c in commands]))}
        units = bind.execute(
            sa.text('SELECT id, command_id, position FROM game_unit WHERE game_id = :g'),
            {'g': game_id},
        ).all()
        number: dict[int, int] = {}
        params = []
        for uid, command_id, _pos in sorted(units, key=lambda u: (rank[u[1]], u[2], u[0])):
            side = side_of[command_id]
            number[side] = number.get(side, 0) + 1
            params.append({'uid': uid, 'code': f'{letters[side]}{number[side]}'})
        if params:
            bind.execute(sa.text('UPDATE game_unit SET code = :code WHERE id = :uid'), params)


def downgrade() -> None:
    """Revert this revision (the codes are dropped)."""
    with op.batch_alter_table(
        'game_unit', schema=None, table_kwargs={'sqlite_autoincrement': True}
    ) as batch_op:
        batch_op.drop_column('code')
