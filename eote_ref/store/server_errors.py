"""A database server's refusals and silences, in words: a role's missing right, a lost server.

The driver's exceptions (arriving wrapped by SQLAlchemy) are read here without importing the
driver: :func:`translate` finds in an exception's chain a refusal of the account's rights
(SQLSTATE 42501) or a lost connection, and returns the store's own error for it
(:class:`~eote_ref.store.errors.NotPermittedError`,
:class:`~eote_ref.store.errors.ServerGoneError`), which the CLI prints and the app shows.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from eote_ref.store.errors import NotPermittedError, ServerGoneError, StoreError

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection
    from sqlalchemy.orm import Session

#: SQLSTATE of "insufficient privilege" (a table, sequence or role the account may not touch).
INSUFFICIENT_PRIVILEGE = "42501"

#: SQLSTATEs of a server going away: connection exceptions (class 08) and a shut-down server.
_GONE_STATES = ("08", "57P01", "57P02", "57P03")

#: What a role may not do, by the table (or its id sequence) the server refused.
_WHAT = (
    ("campaign", "keep campaigns (a campaign, its members, armies or battles)"),
    ("roster", "store or change army lists"),
    ("game", "play games (a game's units, facts of the turn or journal)"),
    ("journal", "play games (a game's units, facts of the turn or journal)"),
)

_TABLE = re.compile(r"permission denied for (?:table|sequence|relation) \"?([A-Za-z_0-9]+)")

#: How a member gets a role that may.
ROLES_HINT = (
    "ask whoever runs the club's server to give your login the role that may "
    "(eote-ref db roles: eote_umpire plays games and keeps army lists, eote_organiser keeps "
    "campaigns, eote_viewer only looks)"
)

#: What a lost server means for a step that never reached its commit.
NOT_SAVED = "nothing of this step was saved; enter it again when the server answers"


def _chain(error: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    found: BaseException | None = error
    while found is not None and found not in seen:
        seen.append(found)
        orig = getattr(found, "orig", None)  # SQLAlchemy's DBAPIError wraps the driver's
        if isinstance(orig, BaseException) and orig not in seen:
            seen.append(orig)
        found = found.__cause__ or found.__context__
    return seen


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def refused_right(error: BaseException) -> BaseException | None:
    """The driver's "permission denied" in ``error``'s chain, if there is one."""
    for found in _chain(error):
        if getattr(found, "sqlstate", None) == INSUFFICIENT_PRIVILEGE:
            return found
    return None


def lost_server(error: BaseException) -> BaseException | None:
    """The driver's (or SQLAlchemy's) report of a lost server connection in the chain, if any."""
    for found in _chain(error):
        if getattr(found, "connection_invalidated", False):  # SQLAlchemy saw a disconnect
            return getattr(found, "orig", None) or found
        module = type(found).__module__
        if not module.startswith("psycopg"):
            continue
        state = getattr(found, "sqlstate", None)
        if state is not None and state.startswith(_GONE_STATES):
            return found
        if state is None and type(found).__name__ in ("OperationalError", "InterfaceError"):
            return found  # "server closed the connection", "the connection is closed"
    return None


def not_permitted(error: BaseException) -> NotPermittedError:
    """The message for a refusal of the account's rights (``error``: the driver's)."""
    reason = _first_line(error)
    what = "do this"
    table = _TABLE.search(reason)
    if table is not None:
        name = table.group(1)
        what = next((w for prefix, w in _WHAT if name.startswith(prefix)), f"change {name}")
    elif "role" in reason:
        what = "create or change the server's roles"
    return NotPermittedError(
        f"this account may not {what} on this server (the server said: {reason}). Nothing "
        f"was written; {ROLES_HINT}."
    )


def server_gone(
    error: BaseException, saved: str = NOT_SAVED, *, was_saved: bool | None = False
) -> ServerGoneError:
    """The message for a lost server (``error``: the driver's), saying what was saved."""
    return ServerGoneError(
        f"The database server stopped answering ({_first_line(error)}): {saved}.",
        saved=was_saved,
    )


def translate(error: BaseException, saved: str = NOT_SAVED) -> StoreError | None:
    """The store's error for a server's refusal or silence in ``error``'s chain, else None.

    ``saved`` says what a lost server means for the work that was under way.
    """
    refused = refused_right(error)
    if refused is not None:
        return not_permitted(refused)
    lost = lost_server(error)
    if lost is not None:
        return server_gone(lost, saved)
    return None


#: Seconds to wait for the server process of a connection lost at its commit to end.
SETTLE_S = 10.0


#: The key of a pooled connection's ``info`` holding its server process: (pid, start time).
SERVER_PROCESS = "eote_ref_server_process"

#: The server process a connection is served by, as the server itself names it.
_OWN_PROCESS = "SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"

#: A server process: its id, when it started (an id alone may be another's, reused), and
#: whether the connection talks to it directly (False: a pooler stands between).
Process = tuple[int, Any, bool]


def _protocol_pid(dbapi_connection: Any) -> int | None:
    """The process id the connection was given at its start (psycopg's, read locally)."""
    info = getattr(dbapi_connection, "info", None)
    pid = getattr(info, "backend_pid", None)
    return int(pid) if isinstance(pid, int) else None


def record_server_process(dbapi_connection: Any, record: Any) -> None:
    """A pool "connect" listener: keep the new connection's server process in its ``info``.

    Asked of the server, once per connection (one round trip, none per commit): the
    protocol's process id is a pooler's own where one stands between (PgBouncer), and
    ending that id could end another member's session. The start time tells a process
    from a later one given the same id. Not found (the query refused): nothing is kept,
    and a commit cut off is told from the journal alone.

    The process is marked *direct* only when the server's id for it is also the one the
    connection was given at its start (compared locally, no round trip). When they differ
    a pooler stands between, and under its transaction pooling a later COMMIT may be
    carried by another server process than the one named here, which may by then serve
    another member: such a process is never ended (:func:`_settle`).
    """
    try:
        autocommit = dbapi_connection.autocommit
        dbapi_connection.autocommit = True  # one query: no transaction to open and end
        try:
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute(_OWN_PROCESS)
                row = cursor.fetchone()
            finally:
                cursor.close()
        finally:
            dbapi_connection.autocommit = autocommit
    except Exception:  # noqa: BLE001 - no process known: a cut commit reads the journal only
        return
    if row is not None and row[1] is not None:
        pid = int(row[0])
        record.info[SERVER_PROCESS] = (pid, row[1], _protocol_pid(dbapi_connection) == pid)


def server_process(session: Session) -> Process | None:
    """The server process of the session's transaction (PostgreSQL's backend), or None.

    Read before a commit (no round trip: kept when the connection was made,
    :func:`record_server_process`): should the connection break during the commit, that
    process alone decides whether it was carried out (:func:`lost_at_commit`).
    """
    try:
        connection = session.connection()
        if connection.dialect.name != "postgresql":
            return None
        found = connection.connection.info.get(SERVER_PROCESS)
    except Exception:  # noqa: BLE001 - no process known: the journal is read as it is
        return None
    return found if isinstance(found, tuple) else None


def _settle(connection: Connection, process: Process) -> bool:
    """End the server process of the lost connection and wait until it is gone.

    Its COMMIT may still be on its way, or waiting to be read: until that process ends, the
    journal could say "not saved" of a step it saves a moment later. Ended, it has either
    carried the COMMIT out (one under way is finished first) or rolled back for good. Only
    the process with that id *and* start time is ended or waited for: not found (gone, or
    the id now another's), the journal is read at once.

    Behind a pooler (the process not *direct*, :func:`record_server_process`) nothing is
    ended nor waited for: the process named at the connection's start need not be the one
    that carried its COMMIT, and may serve another member now. False is returned then: the
    journal's "not there" is no proof, the COMMIT may still land.
    Raises TimeoutError when it does not end within :data:`SETTLE_S`.
    """
    import time

    from sqlalchemy import text

    pid, started, direct = process
    if not direct:
        return False
    same = {"p": pid, "t": started}
    where = "FROM pg_stat_activity WHERE pid = :p AND backend_start = :t"
    with contextlib.suppress(Exception):  # not ours to end: it ends when it finds the break
        connection.execute(text(f"SELECT pg_terminate_backend(pid) {where}"), same)
    connection.rollback()
    end = time.monotonic() + SETTLE_S
    look = text(f"SELECT 1 {where}")
    while connection.execute(look, same).first() is not None:
        connection.rollback()  # the server's list of processes is read afresh each time
        if time.monotonic() > end:
            raise TimeoutError(f"the server's process {pid} is still running")
        time.sleep(0.05)
    connection.rollback()
    return True


def lost_at_commit(
    session: Session,
    lost: BaseException,
    step: str,
    saved: Callable[[Connection], bool],
    process: Process | None = None,
) -> ServerGoneError:
    """The server stopped answering during the commit: read the journal again to tell the user.

    The COMMIT may have been carried out before the connection broke, or not, or may still
    be on its way: the server ``process`` of the lost connection (:func:`server_process`)
    is ended first, so that it is settled, then ``saved`` reads, on a new connection,
    whether the journal holds what the commit would have written. Behind a pooler the
    process is not ended (:func:`_settle`): a step the journal does not hold is then told
    as not known rather than not saved.
    """
    settled = True
    try:
        with session.get_bind().engine.connect() as connection:
            if process is not None:
                settled = _settle(connection, process)
            found = saved(connection)
    except Exception:  # noqa: BLE001 - the server still does not answer
        return server_gone(
            lost,
            f"whether {step} was saved is not known; look at the journal when the server "
            "answers before entering it again",
            was_saved=None,
        )
    if found:
        return server_gone(
            lost, f"{step} was saved all the same: it is in the journal", was_saved=True
        )
    if not settled:
        return server_gone(
            lost,
            f"whether {step} was saved is not known yet (the journal does not hold it now, but "
            "the server is reached through a pooler and its commit may still land); look at "
            "the journal before entering it again",
            was_saved=None,
        )
    return server_gone(lost, f"{step} was not saved (the journal does not hold it)")
