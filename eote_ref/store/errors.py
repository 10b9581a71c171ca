"""The store's errors: each subclasses :class:`ValueError` and says what to do about it."""

from __future__ import annotations


class StoreError(ValueError):
    """Base class of every error raised by :mod:`eote_ref.store`."""


class DatabaseError(StoreError):
    """A database file or URL cannot be opened; the file has been left untouched."""


class NewerVersionError(DatabaseError):
    """The database was written by a newer eote-ref whose schema this version does not know."""


class NotAnEoteDatabaseError(DatabaseError):
    """The file is not an SQLite database, or is an SQLite database of another program."""


class CorruptDatabaseError(DatabaseError):
    """SQLite reports the file as damaged (failed integrity check or unreadable pages)."""


class DatabaseInUseError(DatabaseError):
    """Another eote-ref instance already has the database file open."""


class NotFoundError(StoreError):
    """A game, army list or row that was asked for does not exist."""


class DuplicateNameError(StoreError):
    """An army list with that name already exists."""


class GameLinkedError(StoreError):
    """The game is linked to a campaign battle already (a game belongs to one battle)."""


class JournalError(StoreError):
    """A journal operation (apply, undo, redo) cannot be carried out; nothing was written."""


class InvalidChangeError(JournalError):
    """A change names an unknown entity, field or row, or a row of another game."""


class DiskFullError(JournalError):
    """The disk could not take a step (full, or failing); the step was rolled back whole."""


class NothingToUndoError(JournalError):
    """Fewer journal events are left to undo than were asked for."""


class NothingToRedoError(JournalError):
    """Fewer undone journal events are left to redo than were asked for."""


class JournalConflictError(JournalError):
    """The state no longer matches the journal (it was changed outside it), so undo/redo stops."""


class StaleGameError(JournalError):
    """Another copy of the app changed the game since this one last read it; nothing was written.

    ``expected`` is the version this copy saw, ``current`` the game's version now and
    ``latest`` the summary of the newest journal entry (what changed, as far as the journal
    says).
    """

    def __init__(self, message: str, *, game_id: int, expected: int, current: int, latest: str):
        super().__init__(message)
        self.game_id = game_id
        self.expected = expected
        self.current = current
        self.latest = latest


class TextLimitError(StoreError):
    """A text cannot be stored on every back end: too long, a NUL, a lone surrogate.

    Nothing was written (:mod:`eote_ref.store.limits`).
    """


class ReadOnlyDatabaseError(StoreError):
    """The database was opened read-only (a viewer's account): nothing can be written."""


class NotPermittedError(StoreError):
    """The server refused this account the right to do what was asked; nothing was written."""


class ServerGoneError(StoreError):
    """The database server stopped answering; the message says what was saved.

    ``saved`` is True when the step was saved, False when it was not, None when that could
    not be told (the server still does not answer).
    """

    def __init__(self, message: str, *, saved: bool | None = False) -> None:
        super().__init__(message)
        self.saved = saved
