"""The pack a campaign's battles are played with (issue 26): ``campaign.pack``.

Every existing campaign was EotE's (``eote``); a campaign of another pack (``avle``) takes
army lists of that pack only, and its battles are games of it.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0012'
down_revision: str | None = '0011'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision (every existing campaign is EotE's)."""
    op.add_column(
        'campaign',
        sa.Column('pack', sa.String(length=16), server_default='eote', nullable=False),
    )


def downgrade() -> None:
    """Revert this revision (the column is dropped)."""
    with op.batch_alter_table(
        'campaign', schema=None, table_kwargs={'sqlite_autoincrement': True}
    ) as batch_op:
        batch_op.drop_column('pack')
