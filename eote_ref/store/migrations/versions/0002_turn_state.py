"""Game turn state: last turn's initiative, attached leaders, fought while blown, unit links.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26 01:32:45.945482
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _sequence(table: str) -> int | None:
    """SQLite's AUTOINCREMENT high-water mark for ``table`` (None elsewhere or when unset)."""
    bind = op.get_bind()
    if bind.dialect.name != 'sqlite':
        return None
    value = bind.execute(
        sa.text('SELECT seq FROM sqlite_sequence WHERE name = :t'), {'t': table}
    ).scalar()
    return int(value) if value is not None else None


def _restore_sequence(table: str, seq: int | None) -> None:
    """Put back a high-water mark lost when SQLite rebuilt ``table``."""
    if seq is None:
        return
    bind = op.get_bind()
    bind.execute(sa.text('DELETE FROM sqlite_sequence WHERE name = :t'), {'t': table})
    bind.execute(
        sa.text('INSERT INTO sqlite_sequence (name, seq) VALUES (:t, :s)'), {'t': table, 's': seq}
    )


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    op.create_table('game_link',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('turn', sa.Integer(), nullable=False),
    sa.Column('unit_id', sa.Integer(), nullable=False),
    sa.Column('other_id', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['other_id'], ['game_unit.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['unit_id'], ['game_unit.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('game_link', schema=None) as batch_op:
        batch_op.create_index('ix_game_link_game_kind_turn', ['game_id', 'kind', 'turn'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_link_other_id'), ['other_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_link_unit_id'), ['unit_id'], unique=False)

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('initiative_last_turn', sa.Integer(), nullable=True))

    # SQLite cannot add a foreign key in place: the table is rebuilt. Keep AUTOINCREMENT and
    # the id sequence, so the id of an undone (redoable) leader insert is never handed out.
    sequence = _sequence('game_leader')
    with op.batch_alter_table(
        'game_leader', schema=None, table_kwargs={'sqlite_autoincrement': True}
    ) as batch_op:
        batch_op.add_column(sa.Column('attached_command_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('no_rally_turn', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            'fk_game_leader_attached_command_id', 'game_command', ['attached_command_id'], ['id'], ondelete='SET NULL')

    _restore_sequence('game_leader', sequence)

    with op.batch_alter_table('game_unit', schema=None) as batch_op:
        batch_op.add_column(sa.Column(
                'fought_while_blown', sa.Boolean(), nullable=False, server_default=sa.false()
            ))
        batch_op.add_column(sa.Column(
                'fought_last_turn', sa.Boolean(), nullable=False, server_default=sa.false()
            ))
        batch_op.add_column(sa.Column(
                'skirmish_hits', sa.Integer(), nullable=False, server_default='0'
            ))



def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('game_unit', schema=None) as batch_op:
        batch_op.drop_column('skirmish_hits')
        batch_op.drop_column('fought_last_turn')
        batch_op.drop_column('fought_while_blown')

    with op.batch_alter_table('game_leader', schema=None) as batch_op:
        batch_op.drop_constraint('fk_game_leader_attached_command_id', type_='foreignkey')
        batch_op.drop_column('no_rally_turn')
        batch_op.drop_column('attached_command_id')

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('initiative_last_turn')

    with op.batch_alter_table('game_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_link_unit_id'))
        batch_op.drop_index(batch_op.f('ix_game_link_other_id'))
        batch_op.drop_index('ix_game_link_game_kind_turn')

    op.drop_table('game_link')
