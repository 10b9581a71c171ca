"""Plain-row reads of an SQLite file with the standard library's ``sqlite3`` (no ORM).

The app's first window needs only the game's rows, the journal and the list of games; reading
them here lets it paint before SQLAlchemy, SQLModel and pydantic are imported (about a second
and 45 MiB). Every write still goes through the ORM (:mod:`eote_ref.store.journal`).

Rows come back as named tuples carrying each column under its name, with the values the
models give: ``BOOLEAN`` columns as ``bool``, ``JSON`` as decoded data, ``DATETIME`` as a
UTC :class:`datetime.datetime` (SQLite keeps the UTC time without its zone). The types
are read from the file's own declared column types, so the reader follows the schema.
A read of several tables is one read transaction, so it sees one consistent state.
"""

from __future__ import annotations

import collections
import contextlib
import datetime
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

#: How long (seconds) a read waits for a writer's lock (as the engine's busy timeout).
BUSY_TIMEOUT_S = 5.0

#: The journal statuses (as :mod:`eote_ref.store.models`: ``DONE``, ``UNDONE``, ``DISCARDED``).
DONE, UNDONE, DISCARDED = "done", "undone", "discarded"


def _json(value: Any) -> Any:
    return None if value is None else json.loads(value)


def _bool(value: Any) -> Any:
    return None if value is None else bool(value)


def _datetime(value: Any) -> Any:
    if value is None:
        return None
    moment = (
        value if isinstance(value, datetime.datetime) else datetime.datetime.fromisoformat(value)
    )
    return moment if moment.tzinfo else moment.replace(tzinfo=datetime.UTC)


#: Converters by declared column type (SQLAlchemy's names for the models' portable types).
_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "JSON": _json,
    "BOOLEAN": _bool,
    "DATETIME": _datetime,
}


@dataclass(frozen=True)
class GameRows:
    """A game's rows as :class:`eote_ref.store.games.GameState` holds them, links and facts too."""

    game: Any
    sides: list[Any]
    commands: list[Any]
    leaders: list[Any]
    units: list[Any]
    links: list[Any]
    facts: list[Any]


class RowReader:
    """Reads tables of one SQLite file as plain rows (see the module's description).

    Args:
        uri: a ``sqlite3`` URI (``file:...?mode=rw`` or a read-only one).
    """

    def __init__(self, uri: str) -> None:
        self._connection = sqlite3.connect(
            uri, uri=True, timeout=BUSY_TIMEOUT_S, check_same_thread=False
        )
        self._connection.isolation_level = None  # transactions are begun here, explicitly
        self._lock = threading.Lock()
        self._tables: dict[str, tuple[Any, list[tuple[int, Callable[[Any], Any]]]]] = {}

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._connection.close()

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[RowReader]:
        """One read transaction: every read inside sees the same committed state."""
        with self._lock:
            self._connection.execute("BEGIN")
            try:
                yield self
            finally:
                self._connection.execute("COMMIT")

    def _shape(self, table: str) -> tuple[Any, list[tuple[int, Callable[[Any], Any]]]]:
        """The row type of ``table`` and its converted columns (read from the file once)."""
        if table not in self._tables:
            info = self._connection.execute(f'PRAGMA table_info("{table}")').fetchall()
            names = [str(row[1]) for row in info]
            if not names:
                raise sqlite3.OperationalError(f"no such table: {table}")
            converters = [
                (i, _CONVERTERS[str(row[2]).upper()])
                for i, row in enumerate(info)
                if str(row[2]).upper() in _CONVERTERS
            ]
            self._tables[table] = (collections.namedtuple(f"{table}_row", names), converters)
        return self._tables[table]

    def select(
        self,
        table: str,
        where: str = "",
        params: tuple[Any, ...] = (),
        order: str = "id",
        limit: int | None = None,
    ) -> list[Any]:
        """Rows of ``table`` (every column) matching ``where``, in ``order``.

        ``where`` and ``order`` are SQL written by this package, never user text; values go
        in ``params``.
        """
        return list(self.iter_select(table, where, params, order, limit))

    def iter_select(
        self,
        table: str,
        where: str = "",
        params: tuple[Any, ...] = (),
        order: str = "id",
        limit: int | None = None,
    ) -> Iterator[Any]:
        """:meth:`select` one row at a time (a long journal is never all in memory at once)."""
        row_type, converters = self._shape(table)
        sql = f'SELECT * FROM "{table}"'
        if where:
            sql += f" WHERE {where}"
        sql += f" ORDER BY {order}"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        for raw in self._connection.execute(sql, params):
            values = list(raw)
            for i, convert in converters:
                values[i] = convert(values[i])
            yield row_type._make(values)

    def scalar(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """The first column of the first row of ``sql`` (None if no row)."""
        row = self._connection.execute(sql, params).fetchone()
        return None if row is None else row[0]

    # ------------------------------------------------------------------ what the app reads

    def game(self, game_id: int) -> Any | None:
        """The game row, or None."""
        rows = self.select("game", "id = ?", (game_id,))
        return rows[0] if rows else None

    def game_rows(self, game_id: int) -> GameRows | None:
        """A game's row with its sides, commands, leaders, units, links and facts, or None."""
        game = self.game(game_id)
        if game is None:
            return None
        where = ("game_id = ?", (game_id,))
        return GameRows(
            game=game,
            sides=self.select("game_side", *where, order="position"),
            commands=self.select("game_command", *where),
            leaders=self.select("game_leader", *where),
            units=self.select("game_unit", *where),
            links=self.select("game_link", *where),
            facts=self.select("game_fact", *where),
        )

    def next_undo(self, game_id: int) -> Any | None:
        """The event undo would undo next (as :func:`eote_ref.store.journal.next_undo`)."""
        rows = self.select(
            "journal_event", "game_id = ? AND status = ?", (game_id, DONE), "seq DESC", 1
        )
        return rows[0] if rows else None

    def next_redo(self, game_id: int) -> Any | None:
        """The event redo would redo next (as :func:`eote_ref.store.journal.next_redo`)."""
        rows = self.select(
            "journal_event", "game_id = ? AND status = ?", (game_id, UNDONE), "seq ASC", 1
        )
        return rows[0] if rows else None

    def history(
        self, game_id: int, *, limit: int | None = None, newest_first: bool = False
    ) -> list[Any]:
        """The journal without discarded events (as :func:`eote_ref.store.journal.history`)."""
        return list(self.iter_history(game_id, limit=limit, newest_first=newest_first))

    def iter_history(
        self, game_id: int, *, limit: int | None = None, newest_first: bool = False
    ) -> Iterator[Any]:
        """:meth:`history` one event at a time."""
        return self.iter_select(
            "journal_event",
            "game_id = ? AND status != ?",
            (game_id, DISCARDED),
            "seq DESC" if newest_first else "seq ASC",
            limit,
        )

    def games(self) -> list[Any]:
        """Every game row, newest first (as :func:`eote_ref.store.games.list_games`)."""
        return self.select("game", order="id DESC")
