"""Facts of the turn: charges, fire, combats, breakthroughs, written by the checks.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26 06:30:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    op.create_table('game_fact',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('turn', sa.Integer(), nullable=False),
    sa.Column('unit_id', sa.Integer(), nullable=False),
    sa.Column('other_id', sa.Integer(), nullable=True),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['other_id'], ['game_unit.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['unit_id'], ['game_unit.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('game_fact', schema=None) as batch_op:
        batch_op.create_index('ix_game_fact_game_turn_kind', ['game_id', 'turn', 'kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_fact_other_id'), ['other_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_fact_unit_id'), ['unit_id'], unique=False)


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('game_fact', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_fact_unit_id'))
        batch_op.drop_index(batch_op.f('ix_game_fact_other_id'))
        batch_op.drop_index('ix_game_fact_game_turn_kind')

    op.drop_table('game_fact')
