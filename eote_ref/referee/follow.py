"""Following a game from another computer: the read-only database and its change probe.

The widgets never import :mod:`eote_ref.store`; the players' display run on its own
(``eote-ref display``) reaches the database through this module.
"""

from __future__ import annotations

from eote_ref.referee.session import list_games
from eote_ref.store import Database
from eote_ref.store.follow import ChangeWatcher, open_read_only


def game_to_follow(db: Database, game_id: int | None = None) -> int:
    """``game_id`` if the database holds it, else the game played most recently.

    Raises:
        ValueError: no such game, or no game at all.
    """
    games = list_games(db)
    if game_id is not None:
        if not any(g.id == game_id for g in games):
            raise ValueError(f"there is no game {game_id} in this database")
        return game_id
    if not games:
        raise ValueError("the database holds no game yet")
    return games[0].id


__all__ = ["ChangeWatcher", "Database", "game_to_follow", "open_read_only"]
