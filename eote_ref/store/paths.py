"""Where eote-ref keeps its files: the user data directory and the default database file."""

from __future__ import annotations

import os
import pathlib

import platformdirs

#: The application name used for the platform's data directory.
APP_NAME = "eote-ref"

#: Environment variable that replaces the platform's user data directory (tests, portable use).
HOME_ENV = "EOTE_REF_HOME"

#: File name of the embedded default database inside the user data directory.
DEFAULT_DB_NAME = "eote-ref.sqlite"


def user_data_dir() -> pathlib.Path:
    """The user data directory: ``$EOTE_REF_HOME`` if set, else the platform's (not created).

    Returns:
        For example ``~/.local/share/eote-ref`` on Linux,
        ``~/Library/Application Support/eote-ref`` on macOS and
        ``%LOCALAPPDATA%/eote-ref`` on Windows.
    """
    override = os.environ.get(HOME_ENV)
    if override:
        return pathlib.Path(override).expanduser()
    return pathlib.Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_database_path() -> pathlib.Path:
    """The embedded default database file, ``eote-ref.sqlite`` in :func:`user_data_dir`."""
    return user_data_dir() / DEFAULT_DB_NAME
