"""Army lists of another pack in the roster database (issue 31): ``roster.list_yaml``.

An EotE list is stored as its command tree (``roster_command``, ``roster_unit``); a list of
another pack (``ruleset`` ``avle-1.2``) has no such tree, and is kept whole as the army
list's YAML text, as a campaign keeps its copies (``campaign_army.army_list_yaml``). Every
existing roster is EotE's: the column is null for them.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0014'
down_revision: str | None = '0013'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision (every existing roster keeps its tree)."""
    op.add_column('roster', sa.Column('list_yaml', sa.String(), nullable=True))


def downgrade() -> None:
    """Revert this revision (the column and the lists of other packs are dropped)."""
    op.execute("DELETE FROM roster WHERE list_yaml IS NOT NULL")
    with op.batch_alter_table(
        'roster', schema=None, table_kwargs={'sqlite_autoincrement': True}
    ) as batch_op:
        batch_op.drop_column('list_yaml')
