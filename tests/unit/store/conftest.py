"""Fixtures for the store tests: a real database per test (on each backend) and a small game."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest
from sqlmodel import Session

from eote_ref.store import Database, Game, create_game
from tests.backends import DbTarget

from .helpers import sides


@pytest.fixture
def db_path(tmp_path: pathlib.Path) -> pathlib.Path:
    return tmp_path / "battle.sqlite"


@pytest.fixture
def db(db_target: DbTarget) -> Iterator[Database]:
    """A fresh database: an SQLite file, or a schema on the PostgreSQL test server."""
    database = db_target.open()
    yield database
    database.close()


@pytest.fixture
def session(db: Database) -> Iterator[Session]:
    with db.session() as s:
        yield s


@pytest.fixture
def game(session: Session) -> Game:
    return create_game(session, "Waterloo", sides(), phase="initiative")
