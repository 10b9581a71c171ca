"""Following a game from another computer: the read-only database and its change probe.

The widgets never import :mod:`eote_ref.store`; the players' display run on its own
(``eote-ref display``) reaches the database through this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eote_ref.referee.session import list_games
from eote_ref.store import Database
from eote_ref.store.display_settings import open_game_id
from eote_ref.store.follow import READ_ERRORS, DisplayWatcher, open_read_only

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService
    from eote_ref.referee.views import GameView


class FollowError(ValueError):
    """The followed game cannot be read (the file damaged, a value edited by hand...)."""


def read_view(service: GameService) -> GameView:
    """The game as it is now, or :class:`FollowError` saying in words why it cannot be read.

    A display follows a file another program may damage: text that is not UTF-8, a table
    dropped, text where a number belongs, pages overwritten. Each is told, never raised raw.
    """
    try:
        return service.view()
    except FollowError:
        raise
    except READ_ERRORS as error:
        raise FollowError(f"the game cannot be read: {_reason(error)}") from error
    except (ValueError, TypeError, LookupError, ArithmeticError) as error:  # edited by hand
        raise FollowError(f"the game cannot be read: {_edited(error)}") from error


def _edited(error: BaseException) -> str:
    """Words for a value the database holds that eote-ref cannot read (edited by hand)."""
    return (
        "the database holds a value eote-ref cannot read "
        f"({type(error).__name__}: {str(error)[:200]}); was it edited by another program?"
    )


def _reason(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error)
    if "decode" in text and "UTF-8" in text:
        return "it holds text that is not UTF-8 (written by another program?)"
    if "no such table" in text or "no such column" in text:
        return f"the file is damaged ({text.splitlines()[0]})"
    if "malformed" in text or "not a database" in text:
        return "the file is damaged (SQLite: database disk image is malformed)"
    return text.splitlines()[0][:300] if text else type(error).__name__


def game_to_follow(db: Database, game_id: int | None = None) -> int:
    """``game_id`` if the database holds it, else the game the umpire's app has open.

    The open game is the one the app last recorded (:meth:`GameService.announce_open`); without one
    (an older app, a database no app has opened since), the game played most recently.

    Raises:
        ValueError: no such game, or no game at all.
    """
    try:
        games = list_games(db)
        opened = open_game_id(db) if game_id is None else None
    except READ_ERRORS as error:
        raise FollowError(f"the games cannot be read: {_reason(error)}") from error
    except (ValueError, TypeError, LookupError, ArithmeticError) as error:  # edited by hand
        # not the JSON reader's own words ("Expecting property name..."): what they mean
        raise FollowError(f"the games cannot be read: {_edited(error)}") from error
    if game_id is not None:
        if not any(g.id == game_id for g in games):
            raise ValueError(f"there is no game {game_id} in this database")
        return game_id
    if not games:
        raise ValueError("the database holds no game yet")
    if opened is not None and any(g.id == opened and g.phase is not None for g in games):
        return opened
    return games[0].id


__all__ = [
    "DisplayWatcher",
    "Database",
    "FollowError",
    "game_to_follow",
    "open_read_only",
    "read_view",
]
