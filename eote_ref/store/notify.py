r"""Change notification: which games were changed by any connection since the last look.

Every command raises its game's ``version`` (:func:`eote_ref.store.journal.apply`); a
:class:`ChangeWatcher` tells its owner which games' versions moved, cheaply enough to be asked
a few times a second (the UI hub polls it from a timer):

* on PostgreSQL it ``LISTEN``\\ s on :data:`~eote_ref.store.journal.CHANNEL`, which every
  command notifies when it commits, and reads only the games it was told about;
* on SQLite it compares ``PRAGMA data_version`` (which moves when another connection commits)
  and reads the games' versions only when it moved.

The watcher reports changes made through any connection, this process's included; the owner
compares the version with the one it last showed.
"""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from eote_ref.store.journal import CHANNEL


class ChangeWatcher:
    """Reports games whose version changed since the previous :meth:`poll`.

    Args:
        engine: the database's engine (:attr:`eote_ref.store.Database.engine`).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self._connection: Connection | None = None
        self._listener: Any = None
        self._data_version: int | None = None
        self._versions: dict[int, int] = self._read_versions()
        if self.postgres:
            self._listen()
        else:
            self._sqlite_moved()  # the baseline

    # ------------------------------------------------------------------ reading
    def _read_versions(self, ids: set[int] | None = None) -> dict[int, int]:
        query = "SELECT id, version FROM game"
        with self.engine.connect() as connection:
            if ids is not None:
                if not ids:
                    return {}
                rows = connection.execute(
                    text(query + " WHERE id IN (" + ",".join(str(int(i)) for i in ids) + ")")
                )
            else:
                rows = connection.execute(text(query))
            return {int(r[0]): int(r[1]) for r in rows}

    def _listen(self) -> None:
        raw = self.engine.raw_connection()
        driver = raw.driver_connection
        assert driver is not None
        raw.detach()  # never handed back to the pool while it listens
        driver.autocommit = True
        driver.execute(f"LISTEN {CHANNEL}")
        self._listener = driver

    def _notified(self) -> set[int] | None:
        """Game ids named by notifications since the last call; None if the listener was lost."""
        try:
            ids = {int(n.payload) for n in self._listener.notifies(timeout=0)}
        except Exception:  # noqa: BLE001 - a dropped connection: start again from a full read
            with contextlib.suppress(Exception):
                self._listener.close()
            self._listener = None
            with contextlib.suppress(Exception):
                self._listen()
            return None
        return ids

    def _sqlite_moved(self) -> bool:
        if self._connection is None:
            self._connection = self.engine.connect()
        value = int(self._connection.exec_driver_sql("PRAGMA data_version").scalar_one())
        self._connection.rollback()
        moved = self._data_version is not None and value != self._data_version
        self._data_version = value
        return moved

    # ------------------------------------------------------------------ public
    def poll(self) -> dict[int, int]:
        """``{game id: new version}`` for each game changed (or created) since the last poll.

        A deleted game is reported with version ``-1``.
        """
        if self.postgres:
            ids = self._notified() if self._listener is not None else None
            if ids is not None and not ids:
                return {}
            fresh = self._read_versions(ids)
            if ids is not None:
                fresh.update(dict.fromkeys(ids - fresh.keys(), -1))
                changed = {i: v for i, v in fresh.items() if self._versions.get(i) != v}
                self._versions.update(fresh)
                return changed
        else:
            if not self._sqlite_moved():
                return {}
            fresh = self._read_versions()
        changed = {i: v for i, v in fresh.items() if self._versions.get(i) != v}
        changed.update(dict.fromkeys(self._versions.keys() - fresh.keys(), -1))
        self._versions = fresh
        return changed

    def close(self) -> None:
        """Stop listening and give the connections back."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._listener is not None:
            with contextlib.suppress(Exception):
                self._listener.close()
            self._listener = None

    def __enter__(self) -> ChangeWatcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
