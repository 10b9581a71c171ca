"""Club campaigns: members, armies with carried losses, battles and their results.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26 01:33:33.366181
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    op.create_table('campaign',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('notes', sa.String(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('points_win', sa.Integer(), nullable=False),
    sa.Column('points_draw', sa.Integer(), nullable=False),
    sa.Column('points_loss', sa.Integer(), nullable=False),
    sa.Column('recovery_percent', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name'),
    sqlite_autoincrement=True
    )
    op.create_table('campaign_member',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('campaign_id', 'name', name='uq_campaign_member_name'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('campaign_member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_campaign_member_campaign_id'), ['campaign_id'], unique=False)

    op.create_table('campaign_army',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('nation', sa.String(), nullable=False),
    sa.Column('army_list_yaml', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['campaign_member.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('campaign_id', 'name', name='uq_campaign_army_name'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('campaign_army', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_campaign_army_campaign_id'), ['campaign_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_campaign_army_player_id'), ['player_id'], unique=False)

    op.create_table('campaign_battle',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.Integer(), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('scenario', sa.String(), nullable=False),
    sa.Column('table_size', sa.String(), nullable=False),
    sa.Column('figure_scale', sa.String(), nullable=False),
    sa.Column('umpire_id', sa.Integer(), nullable=True),
    sa.Column('side_names', sa.JSON(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('victory', sa.String(length=16), nullable=True),
    sa.Column('winner', sa.Integer(), nullable=True),
    sa.Column('notes', sa.String(), nullable=True),
    sa.Column('carried', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['umpire_id'], ['campaign_member.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('campaign_battle', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_campaign_battle_campaign_id'), ['campaign_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_campaign_battle_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_campaign_battle_umpire_id'), ['umpire_id'], unique=False)

    op.create_table('campaign_battle_army',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('battle_id', sa.Integer(), nullable=False),
    sa.Column('army_id', sa.Integer(), nullable=False),
    sa.Column('side', sa.Integer(), nullable=False),
    sa.Column('losses', sa.Integer(), nullable=False),
    sa.Column('units_lost', sa.Integer(), nullable=False),
    sa.Column('unit_map', sa.JSON(), nullable=False),
    sa.Column('unit_results', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['army_id'], ['campaign_army.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['battle_id'], ['campaign_battle.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('battle_id', 'army_id', name='uq_campaign_battle_army'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('campaign_battle_army', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_campaign_battle_army_army_id'), ['army_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_campaign_battle_army_battle_id'), ['battle_id'], unique=False)

    op.create_table('campaign_unit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('army_id', sa.Integer(), nullable=False),
    sa.Column('ref', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('division', sa.String(), nullable=False),
    sa.Column('arm', sa.String(), nullable=False),
    sa.Column('ce', sa.Integer(), nullable=False),
    sa.Column('hits', sa.Integer(), nullable=False),
    sa.Column('destroyed', sa.Boolean(), nullable=False),
    sa.Column('disintegrated', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['army_id'], ['campaign_army.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('army_id', 'ref', name='uq_campaign_unit_ref'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('campaign_unit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_campaign_unit_army_id'), ['army_id'], unique=False)



def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('campaign_unit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_campaign_unit_army_id'))

    op.drop_table('campaign_unit')
    with op.batch_alter_table('campaign_battle_army', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_campaign_battle_army_battle_id'))
        batch_op.drop_index(batch_op.f('ix_campaign_battle_army_army_id'))

    op.drop_table('campaign_battle_army')
    with op.batch_alter_table('campaign_battle', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_campaign_battle_umpire_id'))
        batch_op.drop_index(batch_op.f('ix_campaign_battle_game_id'))
        batch_op.drop_index(batch_op.f('ix_campaign_battle_campaign_id'))

    op.drop_table('campaign_battle')
    with op.batch_alter_table('campaign_army', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_campaign_army_player_id'))
        batch_op.drop_index(batch_op.f('ix_campaign_army_campaign_id'))

    op.drop_table('campaign_army')
    with op.batch_alter_table('campaign_member', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_campaign_member_campaign_id'))

    op.drop_table('campaign_member')
    op.drop_table('campaign')
