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

Campaigns have no version: a watcher made with ``campaigns=True`` also answers
:meth:`ChangeWatcher.campaigns_changed`. On PostgreSQL every transaction that writes a campaign
row notifies :data:`CAMPAIGN_CHANNEL` (a session event below, so the campaign service, its
commands and scripts all do); on SQLite any commit elsewhere counts (``data_version`` cannot
tell tables apart), and the owner compares what it reads with what it shows.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction

from eote_ref.store.campaign_models import CAMPAIGN_TABLES
from eote_ref.store.journal import CHANNEL

#: A failure the watcher survives is logged with its traceback (the app's log file,
#: ``eote_ref.referee.logs``): a dropped connection and a bug look alike from here.
log = logging.getLogger(__name__)

#: The PostgreSQL channel told of every transaction that writes a campaign's rows.
CAMPAIGN_CHANNEL = "eote_ref_campaign"


def _notify_campaigns(session: Session) -> None:
    """Queue a campaign notification in the session's transaction (sent if it commits)."""
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_notify(:channel, '')"), {"channel": CAMPAIGN_CHANNEL})


@event.listens_for(Session, "after_flush")
def _campaign_rows_flushed(session: Session, _context: UOWTransaction) -> None:
    # PostgreSQL sends one notification per channel and payload per transaction.
    for rows in (session.new, session.dirty, session.deleted):
        if any(isinstance(row, CAMPAIGN_TABLES) for row in rows):
            _notify_campaigns(session)
            return


@event.listens_for(Session, "do_orm_execute")
def _campaign_rows_written(state: ORMExecuteState) -> None:
    # Bulk statements (``insert(CampaignBattle)``...) bypass the flush.
    if state.is_select or not (state.is_insert or state.is_update or state.is_delete):
        return
    if any(issubclass(m.class_, CAMPAIGN_TABLES) for m in state.all_mappers):
        _notify_campaigns(state.session)


class ChangeWatcher:
    """Reports games whose version changed since the previous :meth:`poll`.

    Args:
        engine: the database's engine (:attr:`eote_ref.store.Database.engine`).
        campaigns: also follow campaigns (:meth:`campaigns_changed`).
    """

    def __init__(self, engine: Engine, *, campaigns: bool = False) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.campaigns = campaigns
        self._connection: sqlite3.Connection | Connection | None = None
        self._listener: Any = None
        self._data_version: int | None = None
        #: What was seen but not yet asked for: game ids told of (None: read every game)...
        self._games_due: set[int] | None = set()
        #: ...and whether a campaign may have changed.
        self._campaigns_due = False
        # Listening first, reading second: a commit that lands between the two is either in
        # the versions read or told of at the next look. The other way round it was in
        # neither (read before it, listened after it) and went unseen until the next change.
        try:
            if self.postgres:
                self._listen()
            else:
                self._sqlite_moved()  # the baseline
            self._versions: dict[int, int] = self._read_versions()
        except BaseException:  # no watcher made: its connection goes back, not left open
            self.close()
            raise

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
        if self.campaigns:
            driver.execute(f"LISTEN {CAMPAIGN_CHANNEL}")
        self._listener = driver

    def _collect(self) -> None:
        """Take in what was committed since the last look (notifications, ``data_version``)."""
        if not self.postgres:
            if self._sqlite_moved():
                self._games_due = None
                self._campaigns_due = True
            return
        notes: list[Any] | None = None
        if self._listener is not None:
            try:
                notes = list(self._listener.notifies(timeout=0))
            except Exception:  # noqa: BLE001 - a dropped connection: start again from a full read
                log.exception("the change notifications stopped: listening again")
                with contextlib.suppress(Exception):
                    self._listener.close()
                self._listener = None
        if notes is None:  # the listener was lost: anything may have changed meanwhile
            try:
                self._listen()
            except Exception:  # noqa: BLE001 - the server is still away: again on the next look
                log.exception("listening for changes again failed")
            self._games_due = None
            self._campaigns_due = True
            return
        for note in notes:
            if note.channel == CAMPAIGN_CHANNEL:
                self._campaigns_due = True
            elif self._games_due is not None:
                self._games_due.add(int(note.payload))

    def _sqlite_moved(self) -> bool:
        if self._connection is None:
            self._connection = self._sqlite_connection()
        if isinstance(self._connection, sqlite3.Connection):
            value = int(self._connection.execute("PRAGMA data_version").fetchone()[0])
        else:
            value = int(self._connection.exec_driver_sql("PRAGMA data_version").scalar_one())
            self._connection.rollback()
        moved = self._data_version is not None and value != self._data_version
        self._data_version = value
        return moved

    def _sqlite_connection(self) -> sqlite3.Connection | Connection:
        """The connection ``data_version`` is read on: its own, outside the engine's pool.

        ``PRAGMA data_version`` moves when *another* connection commits, so the watcher keeps
        one connection for its life. On a file it is a plain ``sqlite3`` connection, so any
        number of watching windows never take the pool's connections from the commands; an
        in-memory database has only the engine's one shared connection.
        """
        database = self.engine.url.database
        if not database or database == ":memory:" or database.startswith("file:"):
            return self.engine.connect()
        return sqlite3.connect(database, timeout=5.0, isolation_level=None, check_same_thread=False)

    # ------------------------------------------------------------------ public
    def poll(self) -> dict[int, int]:
        """``{game id: new version}`` for each game changed (or created) since the last poll.

        A deleted game is reported with version ``-1``.
        """
        self._collect()
        ids, self._games_due = self._games_due, set()
        if ids is not None and not ids:
            return {}
        fresh = self._read_versions(ids)
        if ids is not None:
            fresh.update(dict.fromkeys(ids - fresh.keys(), -1))
            changed = {i: v for i, v in fresh.items() if self._versions.get(i) != v}
            self._versions.update(fresh)
            return changed
        changed = {i: v for i, v in fresh.items() if self._versions.get(i) != v}
        changed.update(dict.fromkeys(self._versions.keys() - fresh.keys(), -1))
        self._versions = fresh
        return changed

    def campaigns_changed(self) -> bool:
        """Whether a campaign may have changed since the last call (made with ``campaigns``).

        On PostgreSQL only a write to a campaign's rows counts; on SQLite any commit made
        through another connection (this process's other windows included).
        """
        self._collect()
        due, self._campaigns_due = self._campaigns_due, False
        return due

    def close(self) -> None:
        """Stop listening and give the connections back.

        Each is closed even when the other's close fails (a failure is logged, not raised):
        called as a failed start unwinds, it must neither hide that start's error nor leave
        the LISTEN connection open.
        """
        connection, self._connection = self._connection, None
        listener, self._listener = self._listener, None
        for opened in (connection, listener):
            if opened is None:
                continue
            try:
                opened.close()
            except Exception:  # noqa: BLE001 - what is left is gone with the connection
                log.warning("the change watcher's connection did not close", exc_info=True)

    def __enter__(self) -> ChangeWatcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
