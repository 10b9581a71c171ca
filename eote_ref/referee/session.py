"""What the desktop app needs from the store at start-up: open the database, list the games.

The widgets never import :mod:`eote_ref.store`; they go through this module, which opens the
database (the default file, ``--db`` or ``--database-url``), re-exports the errors a refused
database raises, and summarises the games for the start page.
"""

from __future__ import annotations

import datetime
import os
import pathlib
from dataclasses import dataclass

from eote_ref.referee.phases import Phase
from eote_ref.store.database import Database, open_database
from eote_ref.store.errors import (
    CorruptDatabaseError,
    DatabaseError,
    DatabaseInUseError,
    NewerVersionError,
    NotAnEoteDatabaseError,
)
from eote_ref.store.paths import default_database_path


def open_app_database(
    db_path: str | os.PathLike[str] | None = None, url: str | None = None
) -> Database:
    """Open the app's database: ``db_path`` (``--db``), ``url`` (``--database-url``) or the default.

    Raises:
        DatabaseInUseError: another eote-ref window or process has the file open.
        NewerVersionError: the file was written by a newer eote-ref.
        CorruptDatabaseError: SQLite reports the file as damaged.
        NotAnEoteDatabaseError: the file is not an eote-ref database.
        DatabaseError: any other reason the database cannot be opened (file left untouched).
    """
    return open_database(db_path, url=url)


def shown_location(db_path: str | None, url: str | None) -> str:
    """The database a member asked for, as a message or the log may show it: never a password.

    A URL given with ``--database-url`` is masked as written (also one that is not quite a
    URL, whose password a parser would not find); a file is its path.
    """
    from eote_ref.store.server_url import masked_url

    if url is not None:
        return masked_url(url)
    return db_path or str(default_location())


def default_location() -> pathlib.Path:
    """The default database file (in the user data folder)."""
    return default_database_path()


def describe_location(db: Database) -> str:
    """The database as the user knows it: its file, or its URL without password."""
    return str(db.path) if db.path is not None else db.url


@dataclass(frozen=True)
class GameSummary:
    """A game as the start page lists it."""

    id: int
    name: str
    turn: int
    #: The EotE phase (None for a game of another pack: :attr:`phase_label` has its words).
    phase: Phase | None
    sides: tuple[str, ...]
    created_at: datetime.datetime
    last_played: datetime.datetime
    steps: int
    #: The phase as the umpire says it, in the game's own pack's words.
    phase_label: str = ""

    @property
    def sides_text(self) -> str:
        """``French v Anglo-Allied``."""
        return " v ".join(self.sides)


def list_games(db: Database) -> list[GameSummary]:
    """Every game, the most recently played first (by its last journal step, else creation)."""
    from eote_ref.store.game_queries import games_with_activity

    out = []
    for row in games_with_activity(db):
        g = row.game
        assert g.id is not None
        created = _aware(g.created_at)
        out.append(
            GameSummary(
                id=g.id,
                name=g.name,
                turn=g.turn,
                phase=phase_of(g.phase),
                phase_label=phase_label(str(g.ruleset or ""), g.phase),
                sides=row.sides,
                created_at=created,
                last_played=_aware(row.last_step) if row.last_step is not None else created,
                steps=row.steps,
            )
        )
    out.sort(key=lambda g: (g.last_played, g.id), reverse=True)
    return out


def phase_of(text: str) -> Phase | None:
    """The EotE phase stored as ``text``, or None for another pack's phase."""
    try:
        return Phase.parse(text)
    except ValueError:
        return None


def phase_label(ruleset: str, text: str) -> str:
    """A stored phase in its pack's words: EotE's phases, else the pack's declared turn's."""
    phase = phase_of(text)
    if phase is not None:
        return phase.label
    from eote_ref.packs import registry

    pack = registry.RULESETS.get(ruleset)
    turn = getattr(registry.get_pack(pack), "turn", None) if pack else None
    for spec in getattr(turn, "phases", ()):
        if spec.key == text:
            return str(spec.label)
    return text.replace("_", " ")


#: Ids a game row can have (PostgreSQL's ``integer``; beyond it the drivers raise).
MAX_GAME_ID = 2**31 - 1


def game_exists(db: Database, game_id: int) -> bool:
    """Whether the database holds a game with this id (an id out of range: no such game).

    A settings file edited by hand may hold any number: 2**63 made SQLite's driver raise
    OverflowError and the app did not start.
    """
    if not 0 < game_id <= MAX_GAME_ID:
        return False
    reader = db.rows()
    if reader is not None:
        return reader.game(game_id) is not None
    from eote_ref.store.game_queries import game_exists as stored

    return stored(db, game_id)


def _aware(value: datetime.datetime) -> datetime.datetime:
    """SQLite hands back naive UTC datetimes; make them comparable with aware ones."""
    return value if value.tzinfo else value.replace(tzinfo=datetime.UTC)


__all__ = [
    "CorruptDatabaseError",
    "Database",
    "DatabaseError",
    "DatabaseInUseError",
    "GameSummary",
    "NewerVersionError",
    "NotAnEoteDatabaseError",
    "default_location",
    "describe_location",
    "game_exists",
    "list_games",
    "open_app_database",
]
