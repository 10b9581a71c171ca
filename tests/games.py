"""Helpers the referee and GUI tests share on a running game: its state, a unit by name, markers."""

from __future__ import annotations

from eote_ref.referee.game import GameService
from eote_ref.referee.markers import unit_change
from eote_ref.referee.views import UnitView
from eote_ref.store import snapshot


def game_state(game: GameService) -> object:
    """Every journaled row of the game (equal snapshots mean equal states)."""
    with game.db.session() as s:
        return snapshot(s, game.game_id)


def unit(game: GameService, uid: int) -> UnitView:
    """Unit ``uid`` as the whole game's view shows it now."""
    return next(u for s in game.view().sides for u in s.units if u.id == uid)


def named(game: GameService, name: str) -> UnitView:
    """The unit called ``name`` (on either side)."""
    return next(u for s in game.view().sides for u in s.units if u.name == name)


def mark(game: GameService, uid: int, **fields: object) -> None:
    """Set markers of unit ``uid`` as one journal step, as the umpire's marker edits do."""
    game.record("marker", "test set-up", [unit_change(uid, k, v) for k, v in fields.items()])
