"""The referee's questions about games outside the checks, each in one transaction.

The referee never opens a session nor writes a query: a read of one game runs through
:func:`read_game` (``read_game(db, game_id, history, newest_first=True)``), which opens the
session and hands it, with the game's id, to a query function of the store
(:mod:`~eote_ref.store.game_rows`, :mod:`~eote_ref.store.journal_reading`, the functions
below...); a read or write of the whole database is a function here that opens its own.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeAlias, TypeVar

from sqlalchemy import func
from sqlmodel import Session, col, select

from eote_ref.store.errors import StoreError
from eote_ref.store.games import GameState, create_game, list_games, load_game
from eote_ref.store.models import (
    JOURNALED,
    Game,
    GameCommand,
    GameLeader,
    GameSide,
    GameUnit,
    JournalEvent,
)
from eote_ref.store.rosters import get_roster
from eote_ref.store.specs import SideSpec
from eote_ref.store.summary_queries import HitChange, hit_changes

if TYPE_CHECKING:
    from eote_ref.store.database import Database

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: A store query on one game: ``query(session, game_id, *args, **kwargs)``.
GameQuery: TypeAlias = Callable[Concatenate[Session, int, _P], _T]


def read_game(
    db: Database,
    game_id: int,
    query: GameQuery[_P, _T],
    *args: _P.args,
    **kwargs: _P.kwargs,
) -> _T:
    """Run one store query on game ``game_id`` in a session of its own."""
    with db.session() as s:
        return query(s, game_id, *args, **kwargs)


# ----------------------------------------------------------------------------- whole games


def new_game(db: Database, name: str, sides: Sequence[SideSpec], **settings: Any) -> int:
    """Create a game (:func:`~eote_ref.store.games.create_game`) in one transaction; its id."""
    with db.session() as s:
        game = create_game(s, name, sides, **settings)
        assert game.id is not None
        return game.id


def all_games(db: Database) -> list[Game]:
    """Every game, newest first."""
    with db.session() as s:
        return list_games(s)


def game_exists(db: Database, game_id: int) -> bool:
    """Whether the database holds a game with this id."""
    with db.session() as s:
        return s.get(Game, game_id) is not None


@dataclass(frozen=True)
class GameActivity:
    """A game row with its sides' names (by position) and its journal's size and last step."""

    game: Game
    sides: tuple[str, ...]
    last_step: datetime.datetime | None
    steps: int


def games_with_activity(db: Database) -> list[GameActivity]:
    """Every game with its sides and its journal's activity, in three queries."""
    with db.session() as s:
        games = list(s.exec(select(Game)).all())
        sides: dict[int, list[tuple[int, str]]] = {}
        for side in s.exec(select(GameSide)).all():
            sides.setdefault(side.game_id, []).append((side.position, side.name))
        activity = {
            int(game_id): (last, int(n))
            for game_id, last, n in s.exec(
                select(
                    JournalEvent.game_id, func.max(JournalEvent.created_at), func.count()
                ).group_by(col(JournalEvent.game_id))
            ).all()
        }
    out = []
    for g in games:
        assert g.id is not None
        last, steps = activity.get(g.id, (None, 0))
        names = tuple(name for _, name in sorted(sides.get(g.id, [])))
        out.append(GameActivity(g, names, last, steps))
    return out


def roster_years(db: Database, names: Sequence[str]) -> dict[str, int]:
    """The year of each stored army list among ``names`` (lists not stored are left out)."""
    out: dict[str, int] = {}
    with db.session() as s:
        for name in names:
            try:
                out[name] = get_roster(s, name).year
            except StoreError:
                continue
    return out


# ----------------------------------------------------------------------------- one game


def state_and_hits(s: Session, game_id: int) -> tuple[GameState, list[HitChange]]:
    """The whole game and every ``hits`` change of its done events (the battle summary)."""
    return load_game(s, game_id), hit_changes(s, game_id)


def game_state(s: Session, game_id: int) -> GameState:
    """The whole game (:func:`~eote_ref.store.games.load_game`)."""
    return load_game(s, game_id)


#: How :func:`field_change` names a field's values: leader or command ids by name, side
#: positions by the side's name, a count of turns as the turn it falls on.
NAMING = ("leader", "command", "side", "turn")


@dataclass(frozen=True)
class FieldChange:
    """A field's change as the wording needs it: the row's name, the values before and after."""

    row_name: str | None
    before: Any
    after: Any


def field_change(
    s: Session,
    game_id: int,
    entity: str,
    row_id: Any,
    field: str,
    value: Any,
    naming: str | None = None,
) -> FieldChange:
    """The row ``row_id`` of ``entity`` with its ``field`` before and set to ``value``.

    ``naming`` (one of :data:`NAMING`) gives ids and positions by name; ``turn`` gives the
    value as the turn it falls on (the game's turn plus the value) and no value before.
    """
    model: Any = JOURNALED.get(entity)
    row = s.get(model, row_id) if model and isinstance(row_id, int) else None
    before = getattr(row, field, None) if row is not None else None
    after = value
    if naming in ("leader", "command"):
        named: Any = GameLeader if naming == "leader" else GameCommand
        before, after = (_row_name(s, named, v) for v in (before, value))
    elif naming == "side":
        before, after = (_side_name(s, game_id, v) for v in (before, value))
    elif naming == "turn" and isinstance(value, int):
        game = s.get(Game, game_id)
        before, after = None, (game.turn if game else 1) + value
    return FieldChange(getattr(row, "name", None), before, after)


def _row_name(s: Session, model: Any, value: Any) -> Any:
    if not isinstance(value, int):
        return value
    row = s.get(model, value)
    return row.name if row is not None else value


def _side_name(s: Session, game_id: int, position: Any) -> Any:
    if position is None:
        return None
    side = s.exec(
        select(GameSide).where(GameSide.game_id == game_id, GameSide.position == position)
    ).first()
    return side.name if side is not None else position


def unit_names(s: Session, game_id: int, unit_ids: Sequence[Any]) -> list[str | None]:
    """The name of each unit id (None for an id that names no unit)."""
    out: list[str | None] = []
    for uid in unit_ids:
        row = s.get(GameUnit, uid) if isinstance(uid, int) else None
        out.append(row.name if row is not None else None)
    return out


__all__ = [
    "NAMING",
    "FieldChange",
    "GameActivity",
    "GameQuery",
    "all_games",
    "field_change",
    "game_exists",
    "game_state",
    "games_with_activity",
    "new_game",
    "read_game",
    "roster_years",
    "state_and_hits",
    "unit_names",
]
