"""The store's reads for a scenario's army morale tracks (:mod:`eote_ref.referee.army_morale`).

A track's value is derived, never kept: from the units' markers now (hits, lost) and from
the journal's steps still done (the turn each unit was lost), so undoing the step that
routed a unit gives its points back.
"""

from __future__ import annotations

from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from eote_ref.store.models import (
    DONE,
    Game,
    GameCommand,
    GameSide,
    GameUnit,
    JournalChange,
    JournalEvent,
)

#: The markers that make a unit lost to its side (as the breakpoints count).
_LOST = ("routed", "disintegrated", "off_table")


def unit_tally(s: Session, game_id: int) -> list[tuple[int, int, int, bool]]:
    """Each unit's (id, command id, hits, lost): lost if routed, disintegrated or off the table."""
    query = sa_select(col(GameUnit.id), col(GameUnit.command_id), col(GameUnit.markers)).where(
        col(GameUnit.game_id) == game_id
    )
    out = []
    for i, c, m in s.execute(query).all():
        if i is None:
            continue
        markers = m or {}
        hits = markers.get("hits") or 0
        lost = any(markers.get(name) for name in _LOST)
        out.append((int(i), int(c), int(hits) if isinstance(hits, int | float) else 0, lost))
    return out


def loss_turns(s: Session, game_id: int) -> list[tuple[int, int]]:
    """(unit id, turn) for each step still done that made a unit lost, in journal order."""
    fields = [f"markers.{name}" for name in _LOST]
    query = (
        sa_select(
            col(JournalChange.row_id),
            col(JournalEvent.turn),
            col(JournalChange.before),
            col(JournalChange.after),
        )
        .join(JournalEvent, col(JournalChange.event_id) == col(JournalEvent.id))
        .where(
            col(JournalEvent.game_id) == game_id,
            col(JournalEvent.status) == DONE,
            col(JournalChange.entity) == "game_unit",
            col(JournalChange.field).in_(fields),
        )
        .order_by(col(JournalEvent.seq), col(JournalChange.position))
    )
    return [
        (int(row), int(turn))
        for row, turn, before, after in s.execute(query).all()
        if after and not before
    ]


def lost_units(s: Session, game_id: int) -> set[tuple[int, str, str]]:
    """(side position, command name, unit name) of each unit lost now."""
    query = (
        sa_select(
            col(GameSide.position), col(GameCommand.name), col(GameUnit.name), col(GameUnit.markers)
        )
        .join(GameCommand, col(GameUnit.command_id) == col(GameCommand.id))
        .join(GameSide, col(GameCommand.side_id) == col(GameSide.id))
        .where(col(GameUnit.game_id) == game_id)
    )
    return {
        (int(side), str(command), str(unit))
        for side, command, unit, m in s.execute(query).all()
        if any((m or {}).get(name) for name in _LOST)
    }


def game_turn(s: Session, game_id: int) -> int:
    """The game's current turn (1 when there is no such game)."""
    game = s.get(Game, game_id)
    return int(game.turn) if game is not None else 1
