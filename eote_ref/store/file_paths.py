"""A database file's path checked before SQLite opens it: what it names, whether it can be written.

A folder, a device, a symbolic-link loop, a name too long for SQLite's ``-journal`` beside it,
several hard links, a read-only place or a full disk are each told apart and named, so that
nothing is created or damaged (split from ``store/database.py``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import pathlib
import stat

from eote_ref.store.errors import DatabaseError


def real_file(file: pathlib.Path) -> pathlib.Path:
    """The file a path names, symbolic links followed; refuse a file with several hard links.

    SQLite names its journal (``-wal``, ``-shm``) after the path it was given: through two
    names one file would get two journals, and a change committed through one name is lost
    or damages the file when opened through the other.
    """
    real = pathlib.Path(os.path.realpath(file))
    check_name_length(real)
    try:
        info = real.stat()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise DatabaseError(
                f"{file} is a symbolic link that leads back to itself (a loop); nothing was "
                "opened or created."
            ) from None
        return real
    if stat.S_ISDIR(info.st_mode):
        raise DatabaseError(
            f"{file} is a folder, not a database file; give a file in it, for example "
            f"{pathlib.Path(file) / 'eote-ref.sqlite'}. Nothing was opened or created."
        )
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(
            f"{file} is not a regular file (a device, a pipe or a socket), so it cannot be a "
            "database; nothing was opened or changed."
        )
    links = info.st_nlink
    if links > 1:
        raise DatabaseError(
            f"{file} is one of {links} names (hard links) of the same file; SQLite cannot keep "
            "such a file safe, so it has not been opened or changed. Make a copy of it under "
            "one name (for example with 'cp') and open the copy."
        )
    return real


#: The longest suffix SQLite and eote-ref put after a database's file name (``NAME-journal``).
SIDECAR_SUFFIX = "-journal"


def check_name_length(file: pathlib.Path) -> None:
    """Refuse a file name too long to leave room for SQLite's ``-journal`` beside it."""
    try:
        most = os.pathconf(file.parent if file.parent.exists() else "/", "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # not on POSIX, or no such limit
        most = 255
    room = most - len(SIDECAR_SUFFIX.encode())
    length = len(os.fsencode(file.name))
    if length > room:
        raise DatabaseError(
            f"the file name {file.name[:40]}… is {length} bytes long; SQLite keeps files named "
            f"after it beside it (its name and '{SIDECAR_SUFFIX}'), which this disk allows "
            f"only up to {most} bytes, so a database name may be at most {room} bytes. Choose "
            "a shorter name; nothing was created."
        )


def writable(file: pathlib.Path) -> bool:
    """Whether eote-ref can write the file and create its journal next to it."""
    folder = file.parent
    if not folder.exists():
        return writable(folder) if folder != folder.parent else False
    if not os.access(folder, os.W_OK):
        return False
    if file.exists() and not os.access(file, os.W_OK):
        return False
    with contextlib.suppress(OSError):  # a read-only mount reports itself here
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return False
    return True


#: Free space below which a command that only reads opens the file for reading only: SQLite
#: needs room for its shared-memory and write-ahead files even to read a WAL file.
DISK_FULL_BELOW_BYTES = 2**20


def disk_full(file: pathlib.Path) -> bool:
    """Whether the file's disk is (nearly) full, so that reading it the usual way would fail."""
    try:
        stat = os.statvfs(file.parent)
    except (OSError, AttributeError):  # no such folder yet, or not on POSIX
        return False
    return stat.f_bavail * stat.f_frsize < DISK_FULL_BELOW_BYTES


def read_only_message(file: pathlib.Path) -> str:
    """Why a file was opened for reading only: a full disk, or a read-only file or place."""
    if disk_full(file):
        return (
            f"the disk is full where {file} is; it has been opened for reading only. Free some "
            "space before changing anything."
        )
    return (
        f"{file} cannot be written (the file, its folder or its disk is read-only); it has "
        "been opened for reading only."
    )
