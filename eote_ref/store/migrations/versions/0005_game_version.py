"""A version number on each game, raised by every command (optimistic concurrency).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    # A plain ADD COLUMN on both backends (SQLite needs no table rebuild for it).
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('version', sa.Integer(), nullable=False, server_default='0')
        )


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('version')
