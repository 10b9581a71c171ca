"""``eote-ref armylist import|export`` against a real database file."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.armylists.loader import load_army_list
from eote_ref.cli import main

SHIPPED = sorted((pathlib.Path(__file__).parents[3] / "army_lists").glob("*.yaml"))


def test_import_then_export_gives_the_same_list(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "club.sqlite")
    source = SHIPPED[0]
    name = load_army_list(source).army_list.name
    assert main(["--db", db, "armylist", "import", str(source)]) == 0
    assert f"Imported army list {name!r}" in capsys.readouterr().out
    assert main(["--db", db, "armylist", "import", str(source)]) == 0
    assert f"Replaced army list {name!r}" in capsys.readouterr().out
    out = tmp_path / "out.yaml"
    assert main(["--db", db, "armylist", "export", name, "-o", str(out)]) == 0
    assert load_army_list(out).army_list == load_army_list(source).army_list


def test_default_database_is_in_the_user_data_dir(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["armylist", "import", str(SHIPPED[0])]) == 0
    assert (tmp_path / "home" / "eote-ref.sqlite").exists()
    assert str(tmp_path / "home" / "eote-ref.sqlite") in capsys.readouterr().out


def test_database_url_is_used(tmp_path: pathlib.Path) -> None:
    url = f"sqlite:///{tmp_path / 'url.sqlite'}"
    assert main(["--database-url", url, "armylist", "import", str(SHIPPED[0])]) == 0
    assert (tmp_path / "url.sqlite").exists()


def test_bad_file_is_not_imported(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nname: X\n", encoding="utf-8")
    db = tmp_path / "club.sqlite"
    assert main(["--db", str(db), "armylist", "import", str(bad)]) == 1
    assert "was not imported" in capsys.readouterr().err
    assert not db.exists()


def test_export_of_unknown_list_fails(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.yaml"
    db = str(tmp_path / "club.sqlite")
    assert main(["--db", db, "armylist", "export", "Nobody", "-o", str(out)]) == 1
    assert "no army list named 'Nobody'" in capsys.readouterr().err
    assert not out.exists()


def test_database_in_use_is_reported(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from eote_ref.store import open_database

    db = tmp_path / "club.sqlite"
    with open_database(db):
        assert main(["--db", str(db), "armylist", "import", str(SHIPPED[0])]) == 1
    assert "already open" in capsys.readouterr().err
