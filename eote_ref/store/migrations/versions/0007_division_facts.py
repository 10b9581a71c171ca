"""Facts about a division (command radius measured, integrity checked): game_fact.command_id.

A fact is now about a unit or about a division, so ``unit_id`` may be empty. SQLite rebuilds
the table for that (batch mode), keeping AUTOINCREMENT so a fact's id is never reused (undo
and redo name rows by id).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_KEEP = {'sqlite_autoincrement': True}


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    with op.batch_alter_table('game_fact', schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.alter_column('unit_id', existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(sa.Column('command_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_fact_command_id'), ['command_id'], unique=False)
        batch_op.create_foreign_key(
            'fk_game_fact_command_id_game_command',
            'game_command',
            ['command_id'],
            ['id'],
            ondelete='CASCADE',
        )


def downgrade() -> None:
    """Revert this revision (division facts are dropped: they last one turn)."""
    op.execute("DELETE FROM game_fact WHERE unit_id IS NULL")
    with op.batch_alter_table('game_fact', schema=None, table_kwargs=_KEEP) as batch_op:
        batch_op.drop_constraint('fk_game_fact_command_id_game_command', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_game_fact_command_id'))
        batch_op.drop_column('command_id')
        batch_op.alter_column('unit_id', existing_type=sa.Integer(), nullable=False)
