"""The first eote-ref schema: rosters, games with their state, the journal.

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-25 23:24:17.849424
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema to this revision."""
    op.create_table('eote_meta',
    sa.Column('key', sa.String(length=64), nullable=False),
    sa.Column('value', sa.String(), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )
    op.bulk_insert(
        sa.table('eote_meta', sa.column('key', sa.String()), sa.column('value', sa.String())),
        [{'key': 'application', 'value': 'eote-ref'}],
    )
    op.create_table('game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ruleset', sa.String(), nullable=False),
    sa.Column('ruleset_version', sa.String(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('turn', sa.Integer(), nullable=False),
    sa.Column('phase', sa.String(), nullable=False),
    sa.Column('figure_scale', sa.String(), nullable=False),
    sa.Column('initiative', sa.Integer(), nullable=True),
    sa.Column('notes', sa.String(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True
    )
    op.create_table('roster',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('nation', sa.String(), nullable=False),
    sa.Column('year', sa.Integer(), nullable=False),
    sa.Column('format_version', sa.Integer(), nullable=False),
    sa.Column('ruleset', sa.String(), nullable=False),
    sa.Column('battle', sa.String(), nullable=True),
    sa.Column('sources', sa.JSON(), nullable=False),
    sa.Column('notes', sa.String(), nullable=True),
    sa.Column('imported_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name')
    )
    op.create_table('game_side',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('army_lists', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'position', name='uq_game_side_position'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('game_side', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_side_game_id'), ['game_id'], unique=False)

    op.create_table('journal_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=100), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('turn', sa.Integer(), nullable=False),
    sa.Column('phase', sa.String(), nullable=False),
    sa.Column('summary', sa.String(), nullable=False),
    sa.Column('inputs', sa.JSON(), nullable=False),
    sa.Column('rolls', sa.JSON(), nullable=False),
    sa.Column('outcome', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seq', name='uq_journal_event_seq'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('journal_event', schema=None) as batch_op:
        batch_op.create_index('ix_journal_event_game_status_seq', ['game_id', 'status', 'seq'], unique=False)

    op.create_table('roster_command',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('roster_id', sa.Integer(), nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=True),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('level', sa.String(), nullable=False),
    sa.Column('notes', sa.String(), nullable=True),
    sa.Column('leader_name', sa.String(), nullable=False),
    sa.Column('leader_rating', sa.Integer(), nullable=False),
    sa.Column('leader_notes', sa.String(), nullable=True),
    sa.ForeignKeyConstraint(['parent_id'], ['roster_command.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['roster_id'], ['roster.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('roster_command', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_roster_command_parent_id'), ['parent_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_roster_command_roster_id'), ['roster_id'], unique=False)

    op.create_table('game_command',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('side_id', sa.Integer(), nullable=False),
    sa.Column('parent_id', sa.Integer(), nullable=True),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('level', sa.String(), nullable=False),
    sa.Column('notes', sa.String(), nullable=True),
    sa.Column('current_order', sa.String(), nullable=True),
    sa.Column('pending_order', sa.String(), nullable=True),
    sa.Column('pending_order_turns', sa.Integer(), nullable=True),
    sa.Column('falling_back', sa.Boolean(), nullable=False),
    sa.Column('routed', sa.Boolean(), nullable=False),
    sa.Column('objective_lost', sa.Boolean(), nullable=False),
    sa.Column('in_town', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['parent_id'], ['game_command.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['side_id'], ['game_side.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('game_command', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_command_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_command_parent_id'), ['parent_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_command_side_id'), ['side_id'], unique=False)

    op.create_table('journal_change',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('op', sa.String(length=16), nullable=False),
    sa.Column('entity', sa.String(length=64), nullable=False),
    sa.Column('row_id', sa.Integer(), nullable=False),
    sa.Column('field', sa.String(length=64), nullable=True),
    sa.Column('before', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('after', sa.JSON(none_as_null=True), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['journal_event.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'position', name='uq_journal_change_position'),
    sqlite_autoincrement=True
    )
    op.create_table('roster_unit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('roster_id', sa.Integer(), nullable=False),
    sa.Column('command_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('arm', sa.String(), nullable=False),
    sa.Column('type', sa.String(), nullable=False),
    sa.Column('ce', sa.Integer(), nullable=False),
    sa.Column('stands', sa.Integer(), nullable=False),
    sa.Column('skirmish', sa.String(), nullable=False),
    sa.Column('weight', sa.String(), nullable=True),
    sa.Column('howitzers', sa.Integer(), nullable=False),
    sa.Column('brigade', sa.String(), nullable=True),
    sa.Column('nation', sa.String(), nullable=True),
    sa.Column('notes', sa.String(), nullable=True),
    sa.ForeignKeyConstraint(['command_id'], ['roster_command.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['roster_id'], ['roster.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('roster_unit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_roster_unit_command_id'), ['command_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_roster_unit_roster_id'), ['roster_id'], unique=False)

    op.create_table('game_leader',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('command_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('level', sa.String(), nullable=False),
    sa.Column('rating', sa.Integer(), nullable=False),
    sa.Column('notes', sa.String(), nullable=True),
    sa.Column('replacement', sa.Boolean(), nullable=False),
    sa.Column('killed', sa.Boolean(), nullable=False),
    sa.Column('no_rally_next_turn', sa.Boolean(), nullable=False),
    sa.Column('replacement_due_turn', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['command_id'], ['game_command.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('game_leader', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_leader_command_id'), ['command_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_leader_game_id'), ['game_id'], unique=False)

    op.create_table('game_unit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('command_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('arm', sa.String(), nullable=False),
    sa.Column('type', sa.String(), nullable=False),
    sa.Column('nation', sa.String(), nullable=False),
    sa.Column('ce', sa.Integer(), nullable=False),
    sa.Column('stands', sa.Integer(), nullable=False),
    sa.Column('skirmish', sa.String(), nullable=False),
    sa.Column('weight', sa.String(), nullable=True),
    sa.Column('howitzers', sa.Integer(), nullable=False),
    sa.Column('brigade', sa.String(), nullable=True),
    sa.Column('notes', sa.String(), nullable=True),
    sa.Column('hits', sa.Integer(), nullable=False),
    sa.Column('disordered', sa.Boolean(), nullable=False),
    sa.Column('blown', sa.Integer(), nullable=False),
    sa.Column('routed', sa.Boolean(), nullable=False),
    sa.Column('off_table', sa.Boolean(), nullable=False),
    sa.Column('formation', sa.String(), nullable=True),
    sa.Column('limbered', sa.Boolean(), nullable=False),
    sa.Column('guns_abandoned', sa.Boolean(), nullable=False),
    sa.Column('skirmishers_out', sa.Boolean(), nullable=False),
    sa.Column('attached_leader_id', sa.Integer(), nullable=True),
    sa.Column('rallied_once', sa.Boolean(), nullable=False),
    sa.Column('pinned', sa.Boolean(), nullable=False),
    sa.Column('out_of_command', sa.Boolean(), nullable=False),
    sa.Column('changed_formation', sa.Boolean(), nullable=False),
    sa.Column('fought_this_turn', sa.Boolean(), nullable=False),
    sa.Column('routed_this_turn', sa.Boolean(), nullable=False),
    sa.Column('routed_by_morale', sa.Boolean(), nullable=False),
    sa.Column('disintegrated', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['attached_leader_id'], ['game_leader.id'], ),
    sa.ForeignKeyConstraint(['command_id'], ['game_command.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('game_unit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_unit_attached_leader_id'), ['attached_leader_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_unit_command_id'), ['command_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_unit_game_id'), ['game_id'], unique=False)



def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table('game_unit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_unit_game_id'))
        batch_op.drop_index(batch_op.f('ix_game_unit_command_id'))
        batch_op.drop_index(batch_op.f('ix_game_unit_attached_leader_id'))

    op.drop_table('game_unit')
    with op.batch_alter_table('game_leader', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_leader_game_id'))
        batch_op.drop_index(batch_op.f('ix_game_leader_command_id'))

    op.drop_table('game_leader')
    with op.batch_alter_table('roster_unit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_roster_unit_roster_id'))
        batch_op.drop_index(batch_op.f('ix_roster_unit_command_id'))

    op.drop_table('roster_unit')
    op.drop_table('journal_change')
    with op.batch_alter_table('game_command', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_command_side_id'))
        batch_op.drop_index(batch_op.f('ix_game_command_parent_id'))
        batch_op.drop_index(batch_op.f('ix_game_command_game_id'))

    op.drop_table('game_command')
    with op.batch_alter_table('roster_command', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_roster_command_roster_id'))
        batch_op.drop_index(batch_op.f('ix_roster_command_parent_id'))

    op.drop_table('roster_command')
    with op.batch_alter_table('journal_event', schema=None) as batch_op:
        batch_op.drop_index('ix_journal_event_game_status_seq')

    op.drop_table('journal_event')
    with op.batch_alter_table('game_side', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_side_game_id'))

    op.drop_table('game_side')
    op.drop_table('roster')
    op.drop_table('game')
    op.drop_table('eote_meta')
