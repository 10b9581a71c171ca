"""Fixtures for referee tests: a real game file set up from the shipped army lists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.store import snapshot
from tests.backends import DbTarget

LISTS = {p.name: p for p in shipped_army_lists()}


@pytest.fixture
def waterloo(db_target: DbTarget) -> Iterator[GameService]:
    """Waterloo, Anglo-Allied (side 0) against French (side 1), 15mm, in a fresh SQLite file."""
    db = db_target.open()
    spec = NewGame(
        "Waterloo",
        {
            "Anglo-Allied": [LISTS["waterloo-1815-anglo-allied.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
    )
    yield GameService(db, create_new_game(db, spec))
    db.close()


def game_state(game: GameService) -> object:
    """Every journaled row of the game (equal snapshots mean equal states)."""
    with game.db.session() as s:
        return snapshot(s, game.game_id)


def first_unit(game: GameService, side: int, arm: str) -> int:
    """The id of the first unit of ``arm`` on side ``side``."""
    return next(u.id for u in game.view().sides[side].units if u.arm == arm)
