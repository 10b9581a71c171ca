"""AVlE army lists in the roster database: import, validate at file:line:column, export.

An AVlE list is stored whole (its YAML text, ``roster.list_yaml``) beside EotE's command
trees; the service, ``armylist import/export`` and the new-game wizard's stored lists read
both.
"""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from eote_ref.armylists.loader import load_any_army_list
from eote_ref.cli import main
from eote_ref.packs.avle.armylist import AvleArmyList
from eote_ref.referee.roster_service import (
    ArmyListError,
    DuplicateListError,
    RosterService,
    RosterServiceError,
    UnknownListError,
)
from eote_ref.referee.stored_lists import stored_list_summaries
from eote_ref.store import Database
from eote_ref.store.errors import NotFoundError
from eote_ref.store.rosters import read_roster
from tests.backends import DbTarget

REPO = pathlib.Path(__file__).parents[3]
AVLE = sorted((REPO / "army_lists" / "avle").glob("*.yaml"))
LIGNY = REPO / "army_lists" / "avle" / "ligny-text-prussian.yaml"
EOTE = REPO / "army_lists" / "waterloo-1815-french.yaml"


@pytest.fixture
def service(db: Database) -> RosterService:
    return RosterService(db)


@pytest.mark.parametrize("path", AVLE, ids=[p.name for p in AVLE])
def test_each_shipped_avle_list_is_imported_and_exported_equal(
    service: RosterService, path: pathlib.Path
) -> None:
    opened = service.import_file(path)
    assert opened.pack == "avle"
    army = opened.army_list
    assert isinstance(army, AvleArmyList)
    [stored] = service.list_stored()
    assert (stored.name, stored.nation, stored.year, stored.battle, stored.pack) == (
        army.name, army.nation, army.year, army.battle, "avle",
    )  # fmt: skip
    assert service.export_any(army.name) == ("avle", army)


def test_avle_and_eote_lists_share_the_database(
    service: RosterService, db: Database, tmp_path: pathlib.Path
) -> None:
    service.import_file(LIGNY)
    service.import_file(EOTE)
    packs = {s.name: s.pack for s in service.list_stored()}
    assert packs == {"Prussian army (Ligny, the text's scenario)": "avle", "Armée du Nord": "eote"}
    # The EotE ways in refuse the AVlE list in words (it has no command tree).
    with pytest.raises(RosterServiceError, match="is a list of the avle pack"):
        service.export_list("Prussian army (Ligny, the text's scenario)")
    with pytest.raises(NotFoundError, match="is a list of ruleset avle-1.2, not an EotE list"):
        read_roster(db, "Prussian army (Ligny, the text's scenario)")
    # Written out, with a header, it loads back equal.
    out = tmp_path / "out.yaml"
    pack, army = service.export_any_to_file(
        "Prussian army (Ligny, the text's scenario)", out, header="# From the database."
    )
    assert out.read_text(encoding="utf-8").startswith("# From the database.\nformat: 1\n")
    assert load_any_army_list(out).army_list == army
    # The new-game wizard offers each pack's stored lists to its own games only.
    assert [s.name for s in stored_list_summaries(db, "avle")] == [army.name]
    assert [s.name for s in stored_list_summaries(db)] == ["Armée du Nord"]


def test_an_edited_avle_list_is_validated_at_line_and_column_and_not_stored(
    service: RosterService,
) -> None:
    army = service.open_any_file(LIGNY).army_list
    units = list(army.units)
    units[2] = dataclasses.replace(units[2], hex="J4", elements=7)
    bad = dataclasses.replace(army, units=units)
    problems = [str(p) for p in service.validate_any("avle", bad, "edited.yaml")]
    # Lines and columns of the list as it will be written (the line of Regular infantry I11).
    assert problems == [
        "edited.yaml:18:84: error: units[2].elements: regular infantry has 4 elements at most "
        "(Reference Sheet, AVlE 1.1), found 7",
        "edited.yaml:18:92: error: units[2].hex: 'J4' is not a hex of the map: a column A-V "
        "(no J) and a row 1-13, as D8 (AVlE 2.0)",
    ]
    with pytest.raises(ArmyListError):
        service.import_any("avle", bad)
    assert service.list_stored() == []


def test_a_bad_file_is_refused_with_every_problem_and_nothing_stored(
    service: RosterService, tmp_path: pathlib.Path
) -> None:
    text = LIGNY.read_text(encoding="utf-8").replace("hex: G11", "hex: Z99", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ArmyListError) as caught:
        service.import_file(bad)
    [problem] = [str(p) for p in caught.value.problems if p.severity == "error"]
    assert problem.startswith(f"{bad}:25:78: error: units[0].hex: ")
    assert "'Z99' is not a hex of the map" in problem
    assert service.list_stored() == []


def test_duplicates_are_refused_unless_replacing(service: RosterService) -> None:
    service.import_file(LIGNY)
    army = service.export_any("Prussian army (Ligny, the text's scenario)")[1]
    with pytest.raises(DuplicateListError):
        service.import_any("avle", dataclasses.replace(army, year=1814))
    service.import_any("avle", dataclasses.replace(army, year=1814), replace=True)
    assert service.export_any(army.name)[1].year == 1814
    assert len(service.list_stored()) == 1
    with pytest.raises(UnknownListError):
        service.export_any("No such list")


def test_armylist_import_and_export_take_an_avle_list(
    db_target: DbTarget, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = db_target.cli_args
    assert main([*db, "armylist", "import", str(LIGNY)]) == 0
    assert 'Imported army list "Prussian army (Ligny, the text\'s scenario)" (26 units)' in (
        capsys.readouterr().out
    )
    out = tmp_path / "ligny.yaml"
    name = "Prussian army (Ligny, the text's scenario)"
    assert main([*db, "armylist", "export", name, "-o", str(out)]) == 0
    assert load_any_army_list(out).army_list == load_any_army_list(LIGNY).army_list
    assert main(["armylist", "validate", str(out)]) == 0
