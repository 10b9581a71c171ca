"""Scenarios: the scenario a game was made from and what the table established of it.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('scenario', sa.JSON(), nullable=False, server_default='{}'))
        batch_op.add_column(
            sa.Column('scenario_state', sa.JSON(), nullable=False, server_default='{}')
        )


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('scenario_state')
        batch_op.drop_column('scenario')
