"""Shared test set-up: offscreen Qt, user data redirected to a temporary folder, GUI marking."""

from __future__ import annotations

import os
import pathlib

import pytest

# The backend fixtures and the hook that runs tests on each backend (tests/backends.py).
from tests.backends import (
    backend,
    db_target,
    drop_postgres_only,
    empty_db_target,
    pytest_generate_tests,
)

__all__ = ["backend", "db_target", "empty_db_target", "pytest_generate_tests"]

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every test away from the real user's data, settings and recent-files list."""
    home = tmp_path / "home"
    monkeypatch.setenv("EOTE_REF_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under tests/ui as ``gui``; leave out server-only tests without one."""
    drop_postgres_only(config, items)
    for item in items:
        if "tests/ui/" in item.path.as_posix() or "tests\\ui\\" in str(item.path):
            item.add_marker(pytest.mark.gui)
