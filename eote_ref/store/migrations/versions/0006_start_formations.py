"""Starting formations in stored army lists: per unit, and a default per arm.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    with op.batch_alter_table('roster', schema=None) as batch_op:
        batch_op.add_column(sa.Column('formations', sa.JSON(), nullable=False, server_default='{}'))
    with op.batch_alter_table('roster_unit', schema=None) as batch_op:
        batch_op.add_column(sa.Column('formation', sa.String(), nullable=True))


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('roster_unit', schema=None) as batch_op:
        batch_op.drop_column('formation')
    with op.batch_alter_table('roster', schema=None) as batch_op:
        batch_op.drop_column('formations')
