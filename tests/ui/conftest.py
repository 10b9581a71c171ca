"""Fixtures for the GUI tests: a real database file in tmp_path and the demo game."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import demo_game
from eote_ref.store import Database, open_database


@pytest.fixture
def db(tmp_path: pathlib.Path) -> Iterator[Database]:
    database = open_database(tmp_path / "games.sqlite")
    yield database
    database.close()


@pytest.fixture
def demo(db: Database) -> GameService:
    return GameService(db, demo_game(db))


@pytest.fixture(autouse=True)
def leave_phases_without_asking(monkeypatch: pytest.MonkeyPatch) -> list[list[object]]:
    """Next phase never opens its modal "checks still due" question in tests; calls are kept."""
    from eote_ref.ui.dashboard import Dashboard

    asked: list[list[object]] = []

    def confirm(self: Dashboard, due: list[object]) -> bool:
        asked.append(list(due))
        return True

    monkeypatch.setattr(Dashboard, "confirm_leave", confirm)
    return asked
