"""RosterService: army-list files (open, validate, atomic save) and the database (import/export)."""

from __future__ import annotations

import dataclasses
import os
import pathlib

import pytest

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import load_army_list
from eote_ref.armylists.model import ArmyList
from eote_ref.referee.roster_service import (
    ArmyListError,
    DuplicateListError,
    RosterService,
    RosterServiceError,
    UnknownListError,
    leading_comments,
)
from eote_ref.store import Database
from tests.rosters import BROKEN, SMALL

SHIPPED = sorted((pathlib.Path(__file__).parents[3] / "army_lists").glob("*.yaml"))


@pytest.fixture
def service(db: Database) -> RosterService:
    return RosterService(db)


@pytest.fixture
def small(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    return path


def test_open_file_returns_the_list_warnings_and_header(
    service: RosterService, small: pathlib.Path
) -> None:
    opened = service.open_file(small)
    assert opened.army_list.name == "Test Army"
    assert opened.path == small
    assert opened.header == "# A test list.\n#\n# CE values are defaults.\n"
    assert opened.warnings == ()


def test_open_file_reports_every_problem_with_its_line(
    service: RosterService, tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    with pytest.raises(ArmyListError) as caught:
        service.open_file(path)
    problems = caught.value.problems
    lines = {(p.mark.line, p.path[-1]) for p in problems if p.mark and p.severity == "error"}
    assert (3, "nation") in lines
    assert (8, "rating") in lines
    assert any(
        p.mark and p.mark.line == 10 and "outside any division" in p.message for p in problems
    )
    assert all(p.mark is not None and p.mark.file == str(path) for p in problems)


def test_open_missing_and_undecodable_files_raise_with_a_problem(
    service: RosterService, tmp_path: pathlib.Path
) -> None:
    with pytest.raises(ArmyListError, match="cannot read file"):
        service.open_file(tmp_path / "nope.yaml")
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes("name: Arm\xe9e\n".encode("latin-1"))
    with pytest.raises(ArmyListError, match="cannot read file"):
        service.open_file(bad)


def test_validate_text_and_validate_agree_with_the_loader(service: RosterService) -> None:
    assert service.validate_text(SMALL) == []
    assert any(p.severity == "error" for p in service.validate_text(BROKEN))
    army_list = load_army_list(SHIPPED[0]).army_list
    text_problems = service.validate_text(dump_army_list(army_list))
    assert [(p.path, p.message) for p in service.validate(army_list)] == [
        (p.path, p.message) for p in text_problems
    ]


def test_validate_finds_errors_in_an_edited_list(
    service: RosterService, small: pathlib.Path
) -> None:
    army_list = service.open_file(small).army_list
    division = army_list.army.commands[0].commands[0]
    blank = dataclasses.replace(division.units[1], name=" ")
    edited = _replace_division(
        army_list, dataclasses.replace(division, units=(division.units[0], blank))
    )
    problems = service.validate(edited)
    assert [(p.path, p.message) for p in problems if p.severity == "error"] == [
        (("army", "commands", 0, "commands", 0, "units", 1, "name"), "must not be empty")
    ]


def _replace_division(army_list: ArmyList, division: object) -> ArmyList:
    corps = army_list.army.commands[0]
    corps = dataclasses.replace(corps, commands=(division,))  # type: ignore[arg-type]
    return dataclasses.replace(
        army_list, army=dataclasses.replace(army_list.army, commands=(corps,))
    )


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_save_writes_the_exporters_text_and_keeps_the_header(
    service: RosterService, tmp_path: pathlib.Path, path: pathlib.Path
) -> None:
    opened = service.open_file(path)
    out = tmp_path / "out.yaml"
    service.save_file(opened.army_list, out, header=opened.header)
    text = out.read_text(encoding="utf-8")
    assert text == opened.header + dump_army_list(opened.army_list)
    assert load_army_list(out).army_list == opened.army_list
    assert service.open_file(out).header == opened.header


def test_save_refuses_an_invalid_list_and_writes_nothing(
    service: RosterService, small: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    army_list = service.open_file(small).army_list
    broken = dataclasses.replace(army_list, nation="French")
    out = tmp_path / "out.yaml"
    with pytest.raises(ArmyListError) as caught:
        service.save_file(broken, out)
    assert any(p.path == ("nation",) for p in caught.value.problems)
    assert not out.exists()
    with pytest.raises(RosterServiceError, match="comment"):
        service.save_file(army_list, out, header="not a comment")


def test_save_is_atomic_when_writing_fails(
    service: RosterService,
    small: pathlib.Path,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    army_list = service.open_file(small).army_list
    before = small.read_bytes()

    def fail(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(RosterServiceError, match="No space left"):
        service.save_file(dataclasses.replace(army_list, year=1814), small)
    assert small.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".tmp") == []


def test_save_replaces_an_existing_file_and_keeps_its_mode(
    service: RosterService, small: pathlib.Path
) -> None:
    small.chmod(0o640)
    army_list = service.open_file(small).army_list
    service.save_file(dataclasses.replace(army_list, year=1814), small)
    assert service.open_file(small).army_list.year == 1814
    if os.name == "posix":
        assert small.stat().st_mode & 0o777 == 0o640


def test_import_list_and_export_back(service: RosterService) -> None:
    army_list = load_army_list(SHIPPED[0]).army_list
    assert service.list_stored() == []
    service.import_list(army_list)
    stored = service.list_stored()
    assert [(s.name, s.nation, s.year) for s in stored] == [
        (army_list.name, army_list.nation, army_list.year)
    ]
    assert service.is_stored(army_list.name)
    assert service.export_list(army_list.name) == army_list


def test_import_refuses_duplicates_unless_replacing(service: RosterService) -> None:
    army_list = load_army_list(SHIPPED[0]).army_list
    service.import_list(army_list)
    with pytest.raises(DuplicateListError):
        service.import_list(dataclasses.replace(army_list, year=1800))
    service.import_list(dataclasses.replace(army_list, year=1800), replace=True)
    assert service.export_list(army_list.name).year == 1800
    assert len(service.list_stored()) == 1


def test_import_refuses_an_invalid_list(service: RosterService) -> None:
    army_list = load_army_list(SHIPPED[0]).army_list
    with pytest.raises(ArmyListError):
        service.import_list(dataclasses.replace(army_list, name=""))
    assert service.list_stored() == []


def test_export_unknown_list(service: RosterService) -> None:
    with pytest.raises(UnknownListError):
        service.export_list("No Such Army")


def test_export_to_file(service: RosterService, tmp_path: pathlib.Path) -> None:
    army_list = load_army_list(SHIPPED[1]).army_list
    service.import_list(army_list)
    out = tmp_path / "exported.yaml"
    assert service.export_to_file(army_list.name, out) == army_list
    assert out.read_text(encoding="utf-8") == dump_army_list(army_list)


@pytest.mark.parametrize(
    ("text", "header"),
    [
        ("format: 1\n", ""),
        ("# one\nformat: 1\n", "# one\n"),
        ("# one\n\n# two\n\nformat: 1\n", "# one\n\n# two\n"),
        ("\n# not at the top? blank first\nformat: 1\n", ""),
    ],
)
def test_leading_comments(text: str, header: str) -> None:
    assert leading_comments(text) == header
