"""``eote-ref campaign list|report|export|import`` against a real database file."""

from __future__ import annotations

import datetime
import pathlib

import pytest

from eote_ref.cli import main
from eote_ref.referee.campaign import CampaignService, NewBattle
from eote_ref.referee.setup import shipped_army_lists
from tests.backends import DbTarget

LISTS = {p.name: p for p in shipped_army_lists()}


@pytest.fixture
def club(db_target: DbTarget) -> DbTarget:
    """A campaign of two members and one battle, on each backend."""
    with db_target.open() as db:
        svc = CampaignService(db)
        cid = svc.create_campaign("Hundred Days")
        svc.add_member(cid, "Alice")
        svc.add_member(cid, "Bob")
        svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="French")
        svc.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Prussians")
        svc.add_battle(
            cid,
            NewBattle(
                datetime.date(2026, 3, 1),
                "Ligny",
                (["French"], ["Prussians"]),
                victory="marginal",
                winner=0,
                losses={"French": 8, "Prussians": 13},
            ),
        )
    return db_target


def test_list(club: DbTarget, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*club.cli_args, "campaign", "list"]) == 0
    assert capsys.readouterr().out == "Hundred Days\t1 battle\tpoints 3/1/0\trecovery 50%\n"


def test_report(club: DbTarget, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.html"
    assert main([*club.cli_args, "campaign", "report", "Hundred Days", "-o", str(out)]) == 0
    page = out.read_text()
    assert "<h1>Hundred Days</h1>" in page
    assert "<svg" in page
    assert main([*club.cli_args, "campaign", "report", "Nope", "-o", str(out)]) == 1
    assert "no campaign called 'Nope'" in capsys.readouterr().err


def test_export_then_import(
    club: DbTarget, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "csv"
    assert main([*club.cli_args, "campaign", "export", "Hundred Days", "--csv", str(folder)]) == 0
    assert (folder / "league.csv").read_text().splitlines()[1] == "1,Alice,1,1,0,0,3,13,8"
    battles = folder / "battles.csv"
    args = [*club.cli_args, "campaign", "import", "Hundred Days", "--csv", str(battles)]
    assert main(args) == 0
    assert "Imported 1 battle into 'Hundred Days'" in capsys.readouterr().out
    with club.open() as db:
        svc = CampaignService(db)
        assert len(svc.view(svc.find("Hundred Days")).battles) == 2
    battles.write_text(battles.read_text().replace("2026-03-01", "yesterday"))
    assert main(args) == 1
    err = capsys.readouterr().err
    assert f"{battles}:2: date 'yesterday' is not YYYY-MM-DD" in err
    assert "was not imported" in err
