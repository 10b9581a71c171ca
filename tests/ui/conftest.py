"""Fixtures for the GUI tests (``db``, ``demo`` and ``sample_game`` are in tests/conftest.py)."""

from __future__ import annotations

import pytest


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
