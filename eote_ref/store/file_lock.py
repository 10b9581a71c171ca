"""The single-instance lock on a database file: one copy of the app writes a file at a time.

:class:`FileLock` holds an OS lock on the sidecar ``FILE.lock``; :class:`FileIdentityLock`
(POSIX) an ``flock`` on the database file itself, so the lock follows the file however it
is reached. The OS drops both when a process dies, so a stale lock file never blocks.
:mod:`eote_ref.store.database` takes them when it opens a file.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import socket
import sys
from typing import IO, TYPE_CHECKING

from eote_ref.store.errors import (
    DatabaseInUseError,
)

if TYPE_CHECKING:  # SQLAlchemy is imported when the first engine is made (not for the first paint)
    pass


#: What to do instead of a second copy of the app on one file (said when the file is in use).
SHARING_HINT = (
    "\n\nA copy is a separate game: nothing done in it reaches this one. For two umpires on "
    "one game, move the games to a club server ('eote-ref db copy --to URL') and open it with "
    "--database-url in both; to show the game on a second screen, use "
    "'eote-ref display --db FILE', which follows this file without changing it."
)


class FileLock:
    """An exclusive OS lock on ``path`` (a sidecar ``.lock`` file), released on :meth:`release`.

    ``flock`` on POSIX and ``msvcrt.locking`` on Windows: the OS drops the lock when the
    holding process exits or is killed, so a lock file left behind never blocks anyone.
    """

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def acquire(self, database: pathlib.Path) -> None:
        """Take the lock, or raise :class:`DatabaseInUseError` naming the holder if known."""
        while True:
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held until release
            if not _try_lock(handle):
                handle.seek(0)
                holder = handle.read().strip()
                handle.close()
                who = f" (held by {holder})" if holder else ""
                raise DatabaseInUseError(
                    f"{database} is already open in another eote-ref window or process{who}. "
                    f"Close it there first, or open a copy of the file.{SHARING_HINT}"
                )
            # The previous holder may have deleted the file between our open and lock: retry.
            try:
                same = os.fstat(handle.fileno()).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same or sys.platform == "win32":
                break
            handle.close()
        with contextlib.suppress(OSError):  # a full disk: the lock holds, the note is lost
            # Written past Python's buffer: a note the disk refused must not stay buffered, to
            # fail again when the lock is released (closing the database raised ENOSPC).
            os.ftruncate(handle.fileno(), 0)
            os.write(handle.fileno(), f"pid {os.getpid()} on {socket.gethostname()}\n".encode())
        self._file = handle

    def release(self) -> None:
        """Delete the lock file and drop the lock (a no-op if not held)."""
        if self._file is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            _unlock(self._file)
        with contextlib.suppress(OSError):  # nothing is buffered; a full disk cannot fail it
            self._file.close()
        self._file = None


class FileIdentityLock:
    """An exclusive ``flock`` on the database file itself, whatever path reached it.

    A lock named after the path cannot see a second name (a symbolic or hard link) of the file.

    ``flock`` and the POSIX record locks SQLite uses are independent on Linux and macOS, so
    this does not disturb SQLite. On Windows (whose byte-range locks are mandatory) the
    sidecar :class:`FileLock` alone is used.
    """

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`DatabaseInUseError`."""
        if sys.platform == "win32":  # pragma: no cover - Windows CI only
            return
        fd = os.open(self.path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DatabaseInUseError(
                f"{self.path} is already open in another eote-ref window or process (perhaps "
                "under another name: a link to the same file). Close it there first, or open "
                f"a copy of the file.{SHARING_HINT}"
            ) from None
        self._fd = fd

    def release(self) -> None:
        """Drop the lock (a no-op if not held)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows CI only
    import msvcrt

    def _try_lock(handle: IO[str]) -> bool:
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        with contextlib.suppress(OSError):
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(handle: IO[str]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
