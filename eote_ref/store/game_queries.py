"""The referee's questions about games outside the checks, each in one transaction.

The referee never opens a session nor writes a query: a read of one game runs through
:func:`read_game` (``read_game(db, game_id, history, newest_first=True)``), which opens the
session and hands it, with the game's id, to a query function of the store
(:mod:`~eote_ref.store.game_rows`, :mod:`~eote_ref.store.journal_reading`, the functions
below...); a read or write of the whole database is a function here that opens its own.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeAlias, TypeVar

from sqlalchemy import func
from sqlmodel import Session, col, select

from eote_ref.store.errors import DiskFullError, StoreError
from eote_ref.store.games import (
    DivisionState,
    GameState,
    create_game,
    game_row,
    game_rows_by_id,
    list_games,
    load_division,
    load_game,
    load_game_rows,
)
from eote_ref.store.journal import DISK_WORDS
from eote_ref.store.journal_reading import (
    journal_after,
    journal_last_done,
    next_redo,
    next_steps,
    next_undo,
)
from eote_ref.store.models import (
    JOURNALED,
    Game,
    GameCommand,
    GameFact,
    GameLeader,
    GameLink,
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
    """Create a game (:func:`~eote_ref.store.games.create_game`) in one transaction; its id.

    Raises:
        DiskFullError: the disk could not take the game (rolled back: nothing was written).
    """
    from sqlalchemy.exc import OperationalError

    try:
        with db.session() as s:
            game = create_game(s, name, sides, **settings)
            assert game.id is not None
            return game.id
    except OperationalError as error:
        if not any(words in str(error.orig) for words in DISK_WORDS):
            raise
        raise DiskFullError(
            f"The game was not created: the disk is full or failed ({error.orig}); nothing "
            "was written. Free some space and try again."
        ) from error


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


def state_hits_and_routs(
    s: Session, game_id: int
) -> tuple[GameState, list[HitChange], list[HitChange]]:
    """The whole game, every ``hits`` and every ``routed`` change of its done events."""
    return load_game(s, game_id), hit_changes(s, game_id), hit_changes(s, game_id, "routed")


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
    column, dot, key = field.partition(".")  # one key of a JSON column: ``markers.hits``
    before = getattr(row, column, None) if row is not None else None
    if dot:
        before = (before or {}).get(key)
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


def game_ruleset(s: Session, game_id: int) -> str | None:
    """The ruleset game ``game_id`` records (None: no such game or none recorded)."""
    game = s.get(Game, game_id)
    return game.ruleset if game is not None else None


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


@dataclass(frozen=True)
class RowNames:
    """A journaled row as the wording names it: its kind, its name, its units' names."""

    kind: str
    name: str | None
    unit: str | None
    other: str | None


def row_names(s: Session, game_id: int, entity: str, row_id: Any) -> RowNames | None:
    """Row ``row_id`` of ``entity`` named (a link's or fact's units by name), or None."""
    model: Any = JOURNALED.get(entity)
    row = s.get(model, row_id) if model and isinstance(row_id, int) else None
    if row is None:
        return None
    names: list[str | None] = []
    for key in ("unit_id", "other_id"):
        uid = getattr(row, key, None)
        unit = s.get(GameUnit, uid) if isinstance(uid, int) else None
        names.append(unit.name if unit is not None else None)
    return RowNames(str(getattr(row, "kind", "")), getattr(row, "name", None), names[0], names[1])


# ----------------------------------------------------------------------------- the views


@contextmanager
def game_reads(db: Database, game_id: int) -> Iterator[GameReads]:
    """The reads of one game that must see the same state, in one session."""
    with db.session() as s:
        yield GameReads(s, game_id)


class GameReads:
    """What a game's views are read from (:mod:`eote_ref.referee.game_reading`), one method each.

    Rows come back as the ORM objects or plain rows named; none is written through.
    """

    def __init__(self, session: Session, game_id: int) -> None:
        self._s = session
        self.game_id = game_id

    def game(self) -> Game | None:
        """The game's ORM row, or None."""
        return self._s.get(Game, self.game_id)

    def game_row(self) -> Any | None:
        """The game's own row as a plain row (version, turn, phase...), or None."""
        return game_row(self._s, self.game_id)

    def version(self) -> int | None:
        """The game's version as stored now."""
        return self._s.exec(select(Game.version).where(Game.id == self.game_id)).first()

    def state(self) -> GameState:
        """The whole game as plain rows (:func:`~eote_ref.store.games.load_game_rows`)."""
        return load_game_rows(self._s, self.game_id)

    def next_undo(self) -> JournalEvent | None:
        """The event undo would take back next."""
        return next_undo(self._s, self.game_id)

    def next_redo(self) -> JournalEvent | None:
        """The event redo would do again next."""
        return next_redo(self._s, self.game_id)

    def next_steps(self) -> tuple[str | None, str | None]:
        """The summaries of what undo and redo would do next."""
        return next_steps(self._s, self.game_id)

    def links(self) -> list[GameLink]:
        """The game's unit links, oldest first."""
        return list(
            self._s.exec(
                select(GameLink).where(GameLink.game_id == self.game_id).order_by(col(GameLink.id))
            )
        )

    def facts(self, kind: str | None = None) -> list[GameFact]:
        """The facts of the turn (of ``kind``, or all), oldest first."""
        query = select(GameFact).where(GameFact.game_id == self.game_id)
        if kind is not None:
            query = query.where(GameFact.kind == kind)
        return list(self._s.exec(query.order_by(col(GameFact.id))))

    def rows_by_id(self, model: Any, ids: Sequence[int], *, key: str = "id") -> list[Any]:
        """Plain rows of one game table whose ``key`` is one of ``ids``, ordered by id."""
        return game_rows_by_id(self._s, self.game_id, model, ids, key=key)

    def command(self, command_id: int | None) -> GameCommand | None:
        """Command ``command_id`` of this game, or None."""
        if command_id is None:
            return None
        row = self._s.get(GameCommand, command_id)
        return row if row is not None and row.game_id == self.game_id else None

    def division(self, command_id: int) -> DivisionState:
        """One division's state, its leaders and its units."""
        return load_division(self._s, command_id)

    def side(self, side_id: int) -> GameSide | None:
        """The side with this id, or None."""
        return self._s.get(GameSide, side_id)

    def leader_names(self, leader_ids: set[int]) -> dict[int | None, str]:
        """The names of these leaders, by id."""
        rows = self._s.exec(select(GameLeader).where(col(GameLeader.id).in_(leader_ids))).all()
        return {lead.id: lead.name for lead in rows}

    def unit(self, unit_id: int) -> GameUnit | None:
        """Unit ``unit_id`` of this game, or None."""
        row = self._s.get(GameUnit, unit_id)
        return row if row is not None and row.game_id == self.game_id else None

    def journal(self, *, limit: int | None, newest_first: bool) -> list[JournalEvent]:
        """The journal (:func:`~eote_ref.store.journal_reading.history`)."""
        from eote_ref.store.journal_reading import history

        return history(self._s, self.game_id, limit=limit, newest_first=newest_first)

    def journal_last_done(self, at_most: int | None = None) -> int:
        """The number of the last step done (at most ``at_most``), 0 if none."""
        return journal_last_done(self._s, self.game_id, at_most)

    def journal_after(self, seq: int) -> list[JournalEvent]:
        """The steps after ``seq``, not discarded, oldest first."""
        return journal_after(self._s, self.game_id, seq)


__all__ = [
    "NAMING",
    "FieldChange",
    "GameActivity",
    "GameQuery",
    "all_games",
    "field_change",
    "GameReads",
    "game_exists",
    "game_reads",
    "game_state",
    "games_with_activity",
    "new_game",
    "read_game",
    "RowNames",
    "roster_years",
    "row_names",
    "state_and_hits",
    "state_hits_and_routs",
    "unit_names",
]
