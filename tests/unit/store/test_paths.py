"""The user data directory: ``EOTE_REF_HOME`` first, else the platform's folder."""

from __future__ import annotations

import pathlib

import platformdirs
import pytest

from eote_ref.store import default_database_path, user_data_dir


def test_eote_ref_home_overrides(tmp_path: pathlib.Path) -> None:
    assert user_data_dir() == tmp_path / "home"
    assert default_database_path() == tmp_path / "home" / "eote-ref.sqlite"


def test_platform_folder_without_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EOTE_REF_HOME")
    expected = pathlib.Path(platformdirs.user_data_dir("eote-ref", appauthor=False))
    assert user_data_dir() == expected
    assert expected.name == "eote-ref"


def test_home_is_expanded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EOTE_REF_HOME", "~/eote")
    assert user_data_dir() == pathlib.Path.home() / "eote"
