"""Fixtures for referee tests: a real game file set up from the shipped army lists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from eote_ref.referee.game import GameService
from tests.backends import DbTarget
from tests.conftest import DatabaseTemplates, open_from_template, waterloo_setup


@pytest.fixture
def waterloo(db_target: DbTarget, db_templates: DatabaseTemplates) -> Iterator[GameService]:
    """Waterloo, Anglo-Allied (side 0) against French (side 1), 15mm, in a database of its own.

    On SQLite a copy of a template set up once per process by the real new-game code.
    """
    db, game_id = open_from_template(db_target, db_templates, "waterloo", waterloo_setup)
    assert isinstance(game_id, int)
    yield GameService(db, game_id)
    db.close()


def first_unit(game: GameService, side: int, arm: str) -> int:
    """The id of the first unit of ``arm`` on side ``side``."""
    return next(u.id for u in game.view().sides[side].units if u.arm == arm)
