"""Fixtures for referee tests: a real game file set up from the shipped army lists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.store import snapshot
from tests.backends import DbTarget
from tests.conftest import DatabaseTemplates, open_from_template, waterloo_setup

#: The shipped army lists by file name.
LISTS = {p.name: p for p in shipped_army_lists()}


@pytest.fixture
def waterloo(db_target: DbTarget, db_templates: DatabaseTemplates) -> Iterator[GameService]:
    """Waterloo, Anglo-Allied (side 0) against French (side 1), 15mm, in a database of its own.

    On SQLite a copy of a template set up once per process by the real new-game code.
    """
    db, game_id = open_from_template(db_target, db_templates, "waterloo", waterloo_setup)
    assert isinstance(game_id, int)
    yield GameService(db, game_id)
    db.close()


def game_state(game: GameService) -> object:
    """Every journaled row of the game (equal snapshots mean equal states)."""
    with game.db.session() as s:
        return snapshot(s, game.game_id)


def first_unit(game: GameService, side: int, arm: str) -> int:
    """The id of the first unit of ``arm`` on side ``side``."""
    return next(u.id for u in game.view().sides[side].units if u.arm == arm)
