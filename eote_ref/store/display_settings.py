"""What the players' display follows: a game's display choices and the game the app has open.

A display choice (fog of war) says what the players' display shows, not what happened in
the battle, so it is no step the umpire undoes. It is kept in the game's ``options`` JSON (a
key starting ``display_``, which the ruleset leaves out) so every copy following the database
sees it: the write raises the game's version as a command does (and notifies on PostgreSQL),
so each one reads the game again, but it adds no journal event and Ctrl+Z never takes it back.

The game the umpire's app has open is a key of ``eote_meta`` (:func:`record_open_game`): a
display run on its own without ``--game`` follows it from one game to the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlmodel import Session

from eote_ref.store import journal
from eote_ref.store.models import UPDATE, EoteMeta, Game

if TYPE_CHECKING:
    from eote_ref.store.database import Database

#: Option keys that are display choices (the same prefix the referee's ruleset skips).
DISPLAY_PREFIX = "display_"


def set_display_option(
    session: Session, game_id: int, key: str, value: Any, *, expected_version: int | None
) -> int:
    """Set (``None``: clear) the display choice ``key`` of the game and commit; its new version.

    Refused like a command (nothing written) on a game changed since ``expected_version``
    (:class:`~eote_ref.store.errors.StaleGameError`) or a read-only account.
    """
    if not key.startswith(DISPLAY_PREFIX):
        raise ValueError(f"{key!r} is not a display choice (those start {DISPLAY_PREFIX!r})")
    try:
        with session.begin_nested():
            version, _turn, _phase = journal._claim(session, game_id, expected_version)
            game = session.get(Game, game_id, populate_existing=True)
            assert game is not None  # claimed above
            options = dict(game.options or {})
            if value is None:
                options.pop(key, None)
            else:
                options[key] = value
            game.options = options
            session.add(game)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    journal._remember(
        session, game_id, version, [journal.Touch("game", game_id, UPDATE, "options")]
    )
    return version


# ----------------------------------------------------------------------------- the open game

#: The ``eote_meta`` key naming the game the umpire's app has open (its id).
OPEN_GAME = "open_game"


def record_open_game(db: Database, game_id: int) -> None:
    """Note that the umpire's app now has game ``game_id`` open (one transaction).

    A players' display run on its own without ``--game`` follows this game
    (:func:`open_game_id`), so it moves to the game the umpire moves to. No game's version
    changes: nothing of a battle is written.
    """
    with db.session() as session:
        if session.info.get("read_only"):
            return  # a viewer's account: it writes nothing, and opens nothing for a display
        row = session.get(EoteMeta, OPEN_GAME)
        if row is None:
            session.add(EoteMeta(key=OPEN_GAME, value=str(int(game_id))))
        elif row.value != str(int(game_id)):
            row.value = str(int(game_id))
            session.add(row)
        else:
            return
        session.commit()


def open_game_id(db: Database) -> int | None:
    """The game the umpire's app last opened (:func:`record_open_game`), if it is recorded."""
    with db.session() as session:
        row = session.get(EoteMeta, OPEN_GAME)
    if row is None:
        return None
    try:
        return int(row.value)
    except ValueError:
        return None
