"""Store queries behind the battle summary: hit changes per turn from a game's journal."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from eote_ref.store.models import (
    DONE,
    UPDATE,
    GameCommand,
    GameSide,
    GameUnit,
    JournalChange,
    JournalEvent,
)


@dataclass(frozen=True)
class HitChange:
    """One change of a unit's hits made by a done journal event."""

    turn: int
    kind: str
    unit_id: int
    side_position: int | None
    before: int
    after: int


def _as_int(value: object) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float | str):
        try:
            return int(value)
        except ValueError:
            return 0
    return 0


def hit_changes(session: Session, game_id: int, marker: str = "hits") -> list[HitChange]:
    """Every ``hits`` update of the game's units made by a ``done`` event, in journal order.

    A unit's hits are its marker ``hits`` (``markers.hits``; None, the key removed, is 0).
    ``marker`` reads another counter the same way (a pack's ``elements``).

    Undone and discarded events are left out; each change names the side its unit is on
    (``None`` for a unit no longer in the game).
    """
    # Columns, not whole rows: the ORM's objects for 50,000 changes took 100 MB.
    rows = session.execute(
        sa_select(
            col(JournalEvent.turn),
            col(JournalEvent.kind),
            col(JournalChange.row_id),
            col(JournalChange.before),
            col(JournalChange.after),
        )
        .join(JournalChange, col(JournalChange.event_id) == col(JournalEvent.id))
        .where(
            col(JournalEvent.game_id) == game_id,
            col(JournalEvent.status) == DONE,
            col(JournalChange.op) == UPDATE,
            col(JournalChange.entity) == "game_unit",
            col(JournalChange.field) == f"markers.{marker}",
        )
        .order_by(col(JournalEvent.seq), col(JournalChange.position))
    ).all()
    side_of_unit = unit_sides(session, game_id)
    return [
        HitChange(
            turn=int(turn),
            kind=str(kind),
            unit_id=row_id,
            side_position=side_of_unit.get(row_id),
            before=_as_int(before),
            after=_as_int(after),
        )
        for turn, kind, row_id, before, after in rows
    ]


def unit_sides(session: Session, game_id: int) -> dict[int, int]:
    """The side position of every unit of the game, by unit id."""
    rows = session.exec(
        select(GameUnit.id, GameSide.position)
        .join(GameCommand, col(GameCommand.id) == col(GameUnit.command_id))
        .join(GameSide, col(GameSide.id) == col(GameCommand.side_id))
        .where(GameUnit.game_id == game_id)
    ).all()
    return {int(unit_id): int(position) for unit_id, position in rows if unit_id is not None}
