"""A game belongs to one campaign battle (issue 36): ``campaign_battle.game_id`` is unique.

A game linked to two battles had its losses counted, and carried, once for each. Older files
may hold such links (a campaign's exported battle list imported back into it linked every game
twice). The upgrade keeps each game's link on its first battle (the lowest id: the one entered
first) and unlinks the others: their ``game_id`` becomes empty, a note saying so is added to
their notes, and one whose losses had been carried is carried no longer (its records of what it
did to each campaign unit are cleared). The league still counts an unlinked battle with the
losses entered for it: the organiser, told by the note, deletes it if it was a copy. Then the
carried state of each campaign touched is replayed from its remaining carried battles, as the
app does after every edit (``referee/campaign/carried.py``; the rule is copied here on purpose,
a migration must not change when the app does).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_battle = sa.table(
    "campaign_battle",
    sa.column("id", sa.Integer),
    sa.column("campaign_id", sa.Integer),
    sa.column("date", sa.Date),
    sa.column("scenario", sa.String),
    sa.column("game_id", sa.Integer),
    sa.column("notes", sa.String),
    sa.column("carried", sa.Boolean),
)
_link = sa.table(
    "campaign_battle_army",
    sa.column("id", sa.Integer),
    sa.column("battle_id", sa.Integer),
    sa.column("army_id", sa.Integer),
    sa.column("unit_map", sa.JSON),
    sa.column("unit_results", sa.JSON),
)
_unit = sa.table(
    "campaign_unit",
    sa.column("id", sa.Integer),
    sa.column("army_id", sa.Integer),
    sa.column("hits", sa.Integer),
    sa.column("destroyed", sa.Boolean),
    sa.column("disintegrated", sa.Boolean),
)
_army = sa.table("campaign_army", sa.column("id", sa.Integer), sa.column("campaign_id", sa.Integer))
_campaign = sa.table(
    "campaign", sa.column("id", sa.Integer), sa.column("recovery_percent", sa.Integer)
)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else (value or {})


def _unlink_duplicates(bind: Any) -> set[int]:
    """Unlink every battle but the first of each game; the campaigns whose carry changed."""
    rows = bind.execute(
        sa.select(
            _battle.c.id,
            _battle.c.campaign_id,
            _battle.c.game_id,
            _battle.c.notes,
            _battle.c.carried,
        )
        .where(_battle.c.game_id.is_not(None))
        .order_by(_battle.c.game_id, _battle.c.id)
    ).all()
    first: dict[int, int] = {}
    replay: set[int] = set()
    for battle_id, campaign_id, game_id, notes, carried in rows:
        if game_id not in first:
            first[game_id] = battle_id
            continue
        note = (
            f"Unlinked from game {game_id} when the file was upgraded: battle "
            f"{first[game_id]} has that game, and a game belongs to one battle."
        )
        values: dict[str, Any] = {
            "game_id": None,
            "notes": f"{notes}\n{note}" if notes else note,
            "carried": False,
        }
        bind.execute(_battle.update().where(_battle.c.id == battle_id).values(**values))
        bind.execute(
            _link.update()
            .where(_link.c.battle_id == battle_id)
            .values(unit_map={}, unit_results={})
        )
        if carried:
            replay.add(campaign_id)
    return replay


def _carried_hits(hits: int, recovery: int) -> int:
    return hits - hits * recovery // 100


def _replay(bind: Any, campaign_id: int) -> None:
    """The campaign's carried state from its carried battles in date order (as of 0013)."""
    recovery = bind.execute(
        sa.select(_campaign.c.recovery_percent).where(_campaign.c.id == campaign_id)
    ).scalar_one()
    battles = (
        bind.execute(
            sa.select(_battle.c.id)
            .where(_battle.c.campaign_id == campaign_id, _battle.c.carried.is_(True))
            .order_by(_battle.c.date, _battle.c.scenario, _battle.c.id)
        )
        .scalars()
        .all()
    )
    state: dict[int, tuple[int, bool, bool]] = {}
    for battle_id in battles:
        outcomes: dict[int, list[int]] = {}
        for (results,) in bind.execute(
            sa.select(_link.c.unit_results)
            .where(_link.c.battle_id == battle_id)
            .order_by(_link.c.id)
        ):
            outcomes.update({int(k): v for k, v in _json(results).items()})
        for unit, (taken, destroyed, disintegrated) in outcomes.items():
            hits, gone, _ = state.get(unit, (0, False, False))
            if gone:
                continue
            if destroyed:
                state[unit] = (hits, True, bool(disintegrated))
            else:
                state[unit] = (_carried_hits(max(0, hits + int(taken)), recovery), False, False)
    units = (
        bind.execute(
            sa.select(_unit.c.id)
            .join(_army, _army.c.id == _unit.c.army_id)
            .where(_army.c.campaign_id == campaign_id)
        )
        .scalars()
        .all()
    )
    for unit in units:
        hits, destroyed, disintegrated = state.get(unit, (0, False, False))
        bind.execute(
            _unit.update()
            .where(_unit.c.id == unit)
            .values(hits=hits, destroyed=destroyed, disintegrated=disintegrated)
        )


def upgrade() -> None:
    """Upgrade the schema to this revision (second links of a game undone first)."""
    bind = op.get_bind()
    for campaign_id in sorted(_unlink_duplicates(bind)):
        _replay(bind, campaign_id)
    op.drop_index("ix_campaign_battle_game_id", table_name="campaign_battle")
    op.create_index("ix_campaign_battle_game_id", "campaign_battle", ["game_id"], unique=True)


def downgrade() -> None:
    """Revert this revision (the index is no longer unique; the links undone stay undone)."""
    op.drop_index("ix_campaign_battle_game_id", table_name="campaign_battle")
    op.create_index("ix_campaign_battle_game_id", "campaign_battle", ["game_id"], unique=False)
