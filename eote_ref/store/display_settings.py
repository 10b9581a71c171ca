"""A game's display choices (fog of war...) written without a journal step.

A display choice says what the players' display shows, not what happened in the battle, so
it is no step the umpire undoes. It is kept in the game's ``options`` JSON (a key starting
``display_``, which the ruleset leaves out) so every copy following the database sees it: the
write raises the game's version as a command does (and notifies on PostgreSQL), so each one
reads the game again, but it adds no journal event and Ctrl+Z never takes it back.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from eote_ref.store import journal
from eote_ref.store.models import UPDATE, Game

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
