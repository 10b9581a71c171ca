"""The user data directory: ``EOTE_REF_HOME`` first, else the platform's folder."""

from __future__ import annotations

import pathlib
import sys

import pytest

from eote_ref.store import default_database_path, user_data_dir


def test_eote_ref_home_overrides(tmp_path: pathlib.Path) -> None:
    assert user_data_dir() == tmp_path / "home"
    assert default_database_path() == tmp_path / "home" / "eote-ref.sqlite"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_platform_folder_without_override(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """Without the override, Linux's XDG data folder holds an ``eote-ref`` folder."""
    monkeypatch.delenv("EOTE_REF_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_data_dir() == tmp_path / "xdg" / "eote-ref"
    assert default_database_path() == tmp_path / "xdg" / "eote-ref" / "eote-ref.sqlite"


def test_home_is_expanded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EOTE_REF_HOME", "~/eote")
    assert user_data_dir() == pathlib.Path.home() / "eote"
