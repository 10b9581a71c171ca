"""The changes a journal event is made of, as plain data (no database library needed).

:func:`eote_ref.store.journal.apply` writes them; the referee builds them. They live apart
from the journal so that building or naming a change never imports the ORM (the app's first
window is painted before SQLAlchemy is loaded).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from sqlmodel import SQLModel

    Entity: TypeAlias = str | type[SQLModel]
else:
    Entity: TypeAlias = str | type


@dataclass(frozen=True)
class NewRow:
    """The id of a row inserted earlier in the same :func:`apply` (by its :attr:`InsertRow.ref`).

    Usable as a ``row_id`` or as a value, e.g. to attach a replacement leader just inserted.
    """

    ref: str


@dataclass(frozen=True)
class SetField:
    """Set one field of one row to ``value``."""

    entity: Entity
    row_id: int | NewRow
    field: str
    value: Any


@dataclass(frozen=True)
class InsertRow:
    """Insert a row into a game table (``game_id`` is filled in); ``ref`` names it for later."""

    entity: Entity
    values: Mapping[str, Any]
    ref: str | None = None


@dataclass(frozen=True)
class DeleteRow:
    """Delete one row of a game table (its whole content is kept for undo)."""

    entity: Entity
    row_id: int | NewRow


Change: TypeAlias = SetField | InsertRow | DeleteRow
