"""Names keep the same limits on SQLite as on PostgreSQL, checked once before anything is written.

Over 200 characters, a NUL or a lone surrogate: refused with one message naming what is
wrong, by the army-list import, the app's edits (a correction, a campaign member) and
``db copy`` alike (on the server they were raw ``DataError``s, on SQLite silently stored).
"""

from __future__ import annotations

import dataclasses
import pathlib
import sqlite3

import pytest

from eote_ref.armylists.loader import load_army_list_text
from eote_ref.referee.campaign import CampaignService
from eote_ref.referee.corrections import correct_unit
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.rosters import import_army_list
from eote_ref.store import (
    Database,
    InvalidChangeError,
    StoreError,
    TextLimitError,
    create_game,
    list_rosters,
    open_database,
)
from eote_ref.store.admin import copy_database, row_counts
from eote_ref.store.limits import MAX_NAME
from tests.backends import DbTarget
from tests.cli_runner import run_in_process
from tests.unit.armylists.samples import VALID

from .helpers import sides

BAD_NAMES = {
    "201 characters": ("x" * (MAX_NAME + 1), "201 characters long; the most is 200"),
    "NUL": ("1st\x00Foot", "NUL character"),
    "lone surrogate": ("Ney\udcc3", "lone surrogate"),
}


@pytest.mark.parametrize("bad", BAD_NAMES, ids=list(BAD_NAMES))
def test_an_army_list_with_a_bad_name_is_refused_and_nothing_written(
    db: Database, bad: str
) -> None:
    name, said = BAD_NAMES[bad]
    good = load_army_list_text(VALID).army_list
    for army_list in (
        dataclasses.replace(good, name=name),
        dataclasses.replace(good, army=dataclasses.replace(good.army, name=name)),
    ):
        with pytest.raises(TextLimitError, match=said):
            import_army_list(db, army_list)
        with db.session() as s:
            assert list_rosters(s) == []
    import_army_list(db, dataclasses.replace(good, name="y" * MAX_NAME))  # 200 characters: a name
    with db.session() as s:
        assert [r.name for r in list_rosters(s)] == ["y" * MAX_NAME]


@pytest.mark.parametrize("bad", BAD_NAMES, ids=list(BAD_NAMES))
def test_the_app_edits_refuse_a_bad_name_with_a_message(db: Database, bad: str) -> None:
    name, said = BAD_NAMES[bad]
    with db.session() as s:
        game_id = create_game(s, "Waterloo", sides()).id
    assert game_id is not None
    game = GameService(db, game_id)
    unit = game.view().sides[0].units[0]
    with pytest.raises((InvalidChangeError, RefereeError), match=said):
        correct_unit(game, unit.id, name=name)
    assert game.view().sides[0].units[0].name == unit.name
    assert game.journal() == []
    campaigns = CampaignService(db)
    cid = campaigns.create_campaign("Hundred Days")
    with pytest.raises(ValueError, match=said):
        campaigns.add_member(cid, name)
    assert campaigns.view(cid).members == ()
    with pytest.raises(ValueError, match=said):
        campaigns.create_campaign(name)


def test_db_copy_of_a_file_holding_a_long_name_is_refused_whole(
    tmp_path: pathlib.Path, db_target: DbTarget
) -> None:
    """A file an older eote-ref let a 250-character name into: the copy says so, copies 0 rows.

    On each backend as the target: a club's server, or another file.
    """
    source_path = tmp_path / "club.sqlite"
    with open_database(source_path) as db, db.session() as s:
        game_id = create_game(s, "Waterloo", sides()).id
    raw = sqlite3.connect(source_path)
    raw.execute(
        "UPDATE game_unit SET name = ? "
        "WHERE id = (SELECT min(id) FROM game_unit WHERE game_id = ?)",
        ("z" * 250, game_id),
    )
    raw.commit()
    raw.close()
    to = db_target.url or f"sqlite:///{tmp_path / 'copy.sqlite'}"
    with open_database(source_path) as source, open_database(url=to) as target:
        with pytest.raises(StoreError, match="unit's name is 250 characters long"):
            copy_database(source, target)
        assert not any(row_counts(target).values())
    out = run_in_process("--db", str(source_path), "db", "copy", "--to", to)
    assert out.returncode == 1
    assert "250 characters long" in out.stderr
    assert "Traceback" not in out.stderr + out.stdout


def test_armylist_import_cli_refuses_a_long_name_without_a_traceback(
    tmp_path: pathlib.Path,
) -> None:
    army = tmp_path / "long.yaml"
    army.write_text(VALID.replace("name: Armée du Nord (extract)", f"name: {'N' * 250}"), "utf-8")
    out = run_in_process("--db", str(tmp_path / "x.sqlite"), "armylist", "import", str(army))
    assert out.returncode != 0
    assert "250 characters long; the most is 200" in out.stderr + out.stdout
    assert "Traceback" not in out.stderr + out.stdout


SHIPPED = pathlib.Path(__file__).resolve().parents[3] / "army_lists"


@pytest.mark.parametrize("length", [MAX_NAME, MAX_NAME + 1])
def test_validate_reports_a_name_the_import_would_refuse(
    tmp_path: pathlib.Path, length: int
) -> None:
    """``armylist validate`` and ``scenario validate`` say what a write would refuse.

    Before, a 201-character army or side name or scenario name passed validation ("OK")
    and the import, or the new game made from the scenario, was then refused.
    """
    import shutil

    for f in SHIPPED.glob("*.yaml"):
        shutil.copy(f, tmp_path)
    army = tmp_path / "waterloo-1815-prussian.yaml"
    army.write_text(
        army.read_text(encoding="utf-8").replace(
            "name: Army of the Lower Rhine", f"name: {'A' * length}", 1
        ),
        encoding="utf-8",
    )
    scenario = tmp_path / "long.yaml"
    text = (SHIPPED / "scenarios" / "waterloo-hougoumont.yaml").read_text(encoding="utf-8")
    long_side = "F" * length
    text = text.replace("name: Hougoumont", f"name: {'H' * length}", 1)
    text = text.replace("  - name: French\n", f"  - name: {long_side}\n", 1)
    text = text.replace("side: French", f"side: {long_side}")
    text = text.replace("initiative: French", f"initiative: {long_side}")
    scenario.write_text(text, encoding="utf-8")
    listed = run_in_process("armylist", "validate", str(army))
    checked = run_in_process("scenario", "validate", str(scenario))
    if length == MAX_NAME:
        assert listed.returncode == 0, listed.stdout + listed.stderr
        assert checked.returncode == 0, checked.stdout + checked.stderr
        return
    assert listed.returncode == 1
    assert "name: is 201 characters long; the most is 200" in listed.stdout + listed.stderr
    assert checked.returncode == 1
    said = checked.stdout + checked.stderr
    assert "name: is 201 characters long; the most is 200" in said
    assert "sides[0].name: is 201 characters long" in said
