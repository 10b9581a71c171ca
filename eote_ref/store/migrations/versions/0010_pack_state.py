"""Pack state (issue 26): JSON columns for what a ruleset pack declares as game state.

``game.pack_state`` and ``game_side.pack_state`` (a round, a hand of cards, command dice) and
``game_unit.markers`` and ``game_leader.markers`` (a pack's counters and flags), each ``{}``
for every existing row. The journal writes one key of them at a time (``markers.KEY``).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = (
    ('game', 'pack_state'),
    ('game_side', 'pack_state'),
    ('game_unit', 'markers'),
    ('game_leader', 'markers'),
)


def upgrade() -> None:
    """Upgrade the schema to this revision (every existing row gets ``{}``)."""
    for table, column in COLUMNS:
        op.add_column(
            table, sa.Column(column, sa.JSON(), server_default='{}', nullable=False)
        )


def downgrade() -> None:
    """Revert this revision (the columns are dropped)."""
    for table, column in reversed(COLUMNS):
        with op.batch_alter_table(
            table, schema=None, table_kwargs={'sqlite_autoincrement': True}
        ) as batch_op:
            batch_op.drop_column(column)
