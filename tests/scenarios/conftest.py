"""Whole turns and battles played through: every test here is marked ``slow`` (tests/conftest.py).

They run in ``make test-slow``. The fixtures are the referee's (``waterloo``) and the GUI
tests' (next phase never asks its modal question when the test drives widgets).
"""

from __future__ import annotations

import pytest

from tests.unit.referee.conftest import waterloo

__all__ = ["waterloo"]


@pytest.fixture(autouse=True)
def leave_phases_without_asking(request: pytest.FixtureRequest) -> None:
    """As in tests/ui: for a test that drives widgets, next phase never opens its question."""
    if "qtbot" in request.fixturenames:
        request.getfixturevalue("leave_phases_without_asking_in_ui")


@pytest.fixture
def leave_phases_without_asking_in_ui(monkeypatch: pytest.MonkeyPatch) -> list[list[object]]:
    """Dashboard.confirm_leave answers yes and keeps its calls (tests/ui/conftest.py)."""
    from eote_ref.ui.dashboard import Dashboard

    asked: list[list[object]] = []

    def confirm(self: Dashboard, due: list[object]) -> bool:
        asked.append(list(due))
        return True

    monkeypatch.setattr(Dashboard, "confirm_leave", confirm)
    return asked
