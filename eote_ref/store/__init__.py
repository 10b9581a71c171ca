"""Persistent storage: SQLModel tables, engine set-up, migrations and the undoable journal.

Public API (import from ``eote_ref.store``):

Opening
    :func:`open_database` (file, URL or the default file in :func:`user_data_dir`),
    :func:`open_from_args` (``--db`` / ``--database-url``), :class:`Database` (``session()``,
    ``close()``, context manager), :func:`session_scope`.
Games
    :func:`create_game` from :class:`SideSpec` / :class:`RosterSpec` / :class:`CommandSpec` /
    :class:`LeaderSpec` / :class:`UnitSpec` plain data, :func:`create_game_from_rosters`,
    :func:`get_game`, :func:`list_games`, :func:`load_game` (:class:`GameState`),
    :func:`divisions`, :func:`load_division` (:class:`DivisionState`), :func:`snapshot`,
    :func:`delete_game`.
Journal
    :func:`apply` with :class:`SetField`, :class:`InsertRow`, :class:`DeleteRow` and
    :class:`NewRow`; :func:`undo`, :func:`redo`, :func:`history`, :func:`changes_of`,
    :func:`counts`, :func:`next_undo`, :func:`next_redo`, :func:`to_jsonable`.
Rosters (master army lists)
    :func:`save_roster`, :func:`load_roster`, :func:`get_roster`, :func:`list_rosters`,
    :func:`delete_roster`.
Tables
    :class:`Roster`, :class:`RosterCommand`, :class:`RosterUnit`, :class:`Game`,
    :class:`GameSide`, :class:`GameCommand`, :class:`GameLeader`, :class:`GameUnit`,
    :class:`JournalEvent`, :class:`JournalChange`.
Errors (all :class:`ValueError`)
    :class:`StoreError`; :class:`DatabaseError` with :class:`NewerVersionError`,
    :class:`NotAnEoteDatabaseError`, :class:`CorruptDatabaseError`,
    :class:`DatabaseInUseError`; :class:`NotFoundError`, :class:`DuplicateNameError`;
    :class:`JournalError` with :class:`InvalidChangeError`, :class:`NothingToUndoError`,
    :class:`NothingToRedoError`, :class:`JournalConflictError`, :class:`StaleGameError`;
    :class:`ReadOnlyDatabaseError`; a server's refusal or silence, :class:`NotPermittedError` and
    :class:`ServerGoneError`.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from eote_ref.store.changes import Change, DeleteRow, InsertRow, NewRow, SetField
    from eote_ref.store.database import Database, open_database, open_from_args, session_scope
    from eote_ref.store.errors import (
        CorruptDatabaseError,
        DatabaseError,
        DatabaseInUseError,
        DiskFullError,
        DuplicateNameError,
        InvalidChangeError,
        JournalConflictError,
        JournalError,
        NewerVersionError,
        NotAnEoteDatabaseError,
        NotFoundError,
        NothingToRedoError,
        NothingToUndoError,
        NotPermittedError,
        ReadOnlyDatabaseError,
        ServerGoneError,
        StaleGameError,
        StoreError,
        TextLimitError,
    )
    from eote_ref.store.games import (
        DivisionState,
        GameState,
        create_game,
        create_game_from_rosters,
        delete_game,
        divisions,
        get_game,
        list_games,
        load_division,
        load_game,
        snapshot,
    )
    from eote_ref.store.journal import (
        JournalCounts,
        apply,
        changes_of,
        counts,
        history,
        next_redo,
        next_undo,
        redo,
        to_jsonable,
        undo,
    )
    from eote_ref.store.models import (
        Game,
        GameCommand,
        GameFact,
        GameLeader,
        GameLink,
        GameSide,
        GameUnit,
        JournalChange,
        JournalEvent,
        Roster,
        RosterCommand,
        RosterUnit,
    )
    from eote_ref.store.paths import default_database_path, user_data_dir
    from eote_ref.store.rosters import (
        delete_roster,
        get_roster,
        list_rosters,
        load_roster,
        save_roster,
    )
    from eote_ref.store.specs import CommandSpec, LeaderSpec, RosterSpec, SideSpec, UnitSpec

#: Where each public name lives: a name is imported from its module on first use, so that
#: ``import eote_ref.store.errors`` (or the plain-row reader) never loads the ORM (PEP 562).
_WHERE: dict[str, str] = {
    "Change": "eote_ref.store.changes",
    "CommandSpec": "eote_ref.store.specs",
    "CorruptDatabaseError": "eote_ref.store.errors",
    "Database": "eote_ref.store.database",
    "DatabaseError": "eote_ref.store.errors",
    "DatabaseInUseError": "eote_ref.store.errors",
    "DiskFullError": "eote_ref.store.errors",
    "DeleteRow": "eote_ref.store.changes",
    "DivisionState": "eote_ref.store.games",
    "DuplicateNameError": "eote_ref.store.errors",
    "Game": "eote_ref.store.models",
    "GameCommand": "eote_ref.store.models",
    "GameFact": "eote_ref.store.models",
    "GameLeader": "eote_ref.store.models",
    "GameLink": "eote_ref.store.models",
    "GameSide": "eote_ref.store.models",
    "GameState": "eote_ref.store.games",
    "GameUnit": "eote_ref.store.models",
    "InsertRow": "eote_ref.store.changes",
    "InvalidChangeError": "eote_ref.store.errors",
    "JournalChange": "eote_ref.store.models",
    "JournalConflictError": "eote_ref.store.errors",
    "JournalCounts": "eote_ref.store.journal",
    "JournalError": "eote_ref.store.errors",
    "JournalEvent": "eote_ref.store.models",
    "LeaderSpec": "eote_ref.store.specs",
    "NewRow": "eote_ref.store.changes",
    "NewerVersionError": "eote_ref.store.errors",
    "NotAnEoteDatabaseError": "eote_ref.store.errors",
    "NotFoundError": "eote_ref.store.errors",
    "NothingToRedoError": "eote_ref.store.errors",
    "NothingToUndoError": "eote_ref.store.errors",
    "ReadOnlyDatabaseError": "eote_ref.store.errors",
    "NotPermittedError": "eote_ref.store.errors",
    "ServerGoneError": "eote_ref.store.errors",
    "Roster": "eote_ref.store.models",
    "RosterCommand": "eote_ref.store.models",
    "RosterSpec": "eote_ref.store.specs",
    "RosterUnit": "eote_ref.store.models",
    "SetField": "eote_ref.store.changes",
    "SideSpec": "eote_ref.store.specs",
    "StaleGameError": "eote_ref.store.errors",
    "TextLimitError": "eote_ref.store.errors",
    "StoreError": "eote_ref.store.errors",
    "UnitSpec": "eote_ref.store.specs",
    "apply": "eote_ref.store.journal",
    "changes_of": "eote_ref.store.journal",
    "counts": "eote_ref.store.journal",
    "create_game": "eote_ref.store.games",
    "create_game_from_rosters": "eote_ref.store.games",
    "default_database_path": "eote_ref.store.paths",
    "delete_game": "eote_ref.store.games",
    "delete_roster": "eote_ref.store.rosters",
    "divisions": "eote_ref.store.games",
    "get_game": "eote_ref.store.games",
    "get_roster": "eote_ref.store.rosters",
    "history": "eote_ref.store.journal",
    "list_games": "eote_ref.store.games",
    "list_rosters": "eote_ref.store.rosters",
    "load_division": "eote_ref.store.games",
    "load_game": "eote_ref.store.games",
    "load_roster": "eote_ref.store.rosters",
    "next_redo": "eote_ref.store.journal",
    "next_undo": "eote_ref.store.journal",
    "open_database": "eote_ref.store.database",
    "open_from_args": "eote_ref.store.database",
    "redo": "eote_ref.store.journal",
    "save_roster": "eote_ref.store.rosters",
    "session_scope": "eote_ref.store.database",
    "snapshot": "eote_ref.store.games",
    "to_jsonable": "eote_ref.store.journal",
    "undo": "eote_ref.store.journal",
    "user_data_dir": "eote_ref.store.paths",
}


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use (and keep it here)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


__all__ = [
    "Change",
    "CommandSpec",
    "CorruptDatabaseError",
    "Database",
    "DatabaseError",
    "DatabaseInUseError",
    "DiskFullError",
    "DeleteRow",
    "DivisionState",
    "DuplicateNameError",
    "Game",
    "GameCommand",
    "GameLeader",
    "GameFact",
    "GameLink",
    "GameSide",
    "GameState",
    "GameUnit",
    "InsertRow",
    "InvalidChangeError",
    "JournalChange",
    "JournalConflictError",
    "JournalCounts",
    "JournalError",
    "JournalEvent",
    "LeaderSpec",
    "NewRow",
    "NewerVersionError",
    "NotAnEoteDatabaseError",
    "NotFoundError",
    "NothingToRedoError",
    "NothingToUndoError",
    "Roster",
    "RosterCommand",
    "RosterSpec",
    "RosterUnit",
    "SetField",
    "ReadOnlyDatabaseError",
    "NotPermittedError",
    "ServerGoneError",
    "SideSpec",
    "StaleGameError",
    "TextLimitError",
    "StoreError",
    "UnitSpec",
    "apply",
    "changes_of",
    "counts",
    "create_game",
    "create_game_from_rosters",
    "default_database_path",
    "delete_game",
    "delete_roster",
    "divisions",
    "get_game",
    "get_roster",
    "history",
    "list_games",
    "list_rosters",
    "load_division",
    "load_game",
    "load_roster",
    "next_redo",
    "next_undo",
    "open_database",
    "open_from_args",
    "redo",
    "save_roster",
    "session_scope",
    "snapshot",
    "to_jsonable",
    "undo",
    "user_data_dir",
]
