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
    :class:`ReadOnlyDatabaseError`.
"""

from eote_ref.store.database import Database, open_database, open_from_args, session_scope
from eote_ref.store.errors import (
    CorruptDatabaseError,
    DatabaseError,
    DatabaseInUseError,
    DuplicateNameError,
    InvalidChangeError,
    JournalConflictError,
    JournalError,
    NewerVersionError,
    NotAnEoteDatabaseError,
    NotFoundError,
    NothingToRedoError,
    NothingToUndoError,
    ReadOnlyDatabaseError,
    StaleGameError,
    StoreError,
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
    Change,
    DeleteRow,
    InsertRow,
    JournalCounts,
    NewRow,
    SetField,
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
from eote_ref.store.rosters import delete_roster, get_roster, list_rosters, load_roster, save_roster
from eote_ref.store.specs import CommandSpec, LeaderSpec, RosterSpec, SideSpec, UnitSpec

__all__ = [
    "Change",
    "CommandSpec",
    "CorruptDatabaseError",
    "Database",
    "DatabaseError",
    "DatabaseInUseError",
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
    "SideSpec",
    "StaleGameError",
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
