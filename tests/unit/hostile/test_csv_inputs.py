"""Hostile campaign CSV files (issue 19, items 4, 5, 9, 10): read, round-tripped or refused."""

from __future__ import annotations

import pathlib
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref import cli
from eote_ref.referee.campaign import CampaignService, CsvImportError, battles_csv, csv_format
from eote_ref.store import Database, open_database
from tests.conftest import DatabaseTemplates
from tests.shipped import LISTS
from tests.unit.hostile.conftest import budget
from tests.unit.hostile.fuzzing import DEADLINE_MS

HEADER = "date,scenario,side_a,side_b,armies_a,armies_b,victory,winner,losses_a,losses_b\n"
ROW = "2026-03-01,Ligny,Prussians,French,Blucher,Armee du Nord,decisive,French,3,4\n"


def _hundred_days(db: Database) -> int:
    """A campaign with two members and their armies; returns its id."""
    service = CampaignService(db)
    cid = service.create_campaign("Hundred Days")
    for name in ("Alice", "Bob"):
        service.add_member(cid, name)
    service.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="Armee du Nord")
    service.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
    return cid


@pytest.fixture
def svc(
    tmp_path: pathlib.Path, db_templates: DatabaseTemplates
) -> Iterator[tuple[CampaignService, int, Database]]:
    """A copy of the campaign template (built once per test process by the real service)."""
    db = db_templates.open("hundred-days", tmp_path / "c.sqlite", _hundred_days)
    cid = db_templates.build("hundred-days", _hundred_days)
    assert isinstance(cid, int)
    yield CampaignService(db), cid, db
    db.close()


# --------------------------------------------------------------------------- item 4: export


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'=x", "''"])
def test_formula_cells_are_neutralised_and_round_trip(cell: str) -> None:
    written = csv_format.safe_cell(cell)
    assert not written.startswith(csv_format.FORMULA_STARTS)
    assert csv_format.unsafe_cell(written) == cell


@settings(max_examples=budget(200, 5000))
@given(st.text(max_size=20))
def test_any_cell_round_trips(cell: str) -> None:
    written = csv_format.safe_cell(cell)
    assert not written.startswith(csv_format.FORMULA_STARTS)
    assert csv_format.unsafe_cell(written) == cell


@settings(max_examples=budget(200, 5000))
@given(st.lists(st.text(max_size=12).filter(lambda n: n.strip() == n and n), max_size=4))
def test_names_with_semicolons_round_trip(names: list[str]) -> None:
    assert csv_format.split_names(csv_format.join_names(names)) == names


def test_export_of_hostile_notes_and_a_semicolon_army_imports_back(
    svc: tuple[CampaignService, int, Database], tmp_path: pathlib.Path
) -> None:
    service, cid, _db = svc
    service.add_member(cid, "Carol")
    service.add_army(cid, "Carol", LISTS["waterloo-1815-anglo-allied.yaml"], name="=HYPERLINK; x")
    text = HEADER.replace("\n", ",notes\n") + (
        '2026-03-01,Ligny,Prussians,French,Blucher,"=HYPERLINK\\; x",decisive,French,3,4,'
        "\"=cmd|' /C calc'!A0\"\n"
    )
    assert service.import_battles(cid, text) == 1
    exported = battles_csv(service.view(cid).battles)
    for line in exported.splitlines()[1:]:
        for cell in line.split(","):
            assert not cell.lstrip('"').startswith(("=", "+", "-", "@"))
    other = service.create_campaign("Copy")
    for name in ("Alice", "Bob", "Carol"):
        service.add_member(other, name)
    for a in service.view(cid).armies:
        service.add_army(other, a.player, service.army_list(a.id), name=a.name)
    assert service.import_battles(other, exported) == 1
    assert battles_csv(service.view(other).battles) == exported


# --------------------------------------------------------------------------- item 5: encodings


@pytest.mark.parametrize(
    ("encoding", "prefix"),
    [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16", b""), ("cp1252", b"")],
)
def test_spreadsheet_encodings_are_read(
    encoding: str,
    prefix: bytes,
    svc: tuple[CampaignService, int, Database],
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _service, _cid, db = svc
    db.close()
    path = tmp_path / "battles.csv"
    path.write_bytes(prefix + (HEADER + ROW.replace("Ligny", "Ligny é")).encode(encoding))
    code = cli.main(["--db", str(tmp_path / "c.sqlite"), "campaign", "import", "Hundred Days",
                     "--csv", str(path)])  # fmt: skip
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Imported 1 battle" in out.out


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ((HEADER + ROW).encode("utf-16-le"), "NUL bytes"),  # UTF-16 without its mark
        (HEADER.encode() + b"2026-03-01,L\x81\x8d,P,F,Blucher,Armee du Nord,,,,\n", "byte 0x81"),
        (HEADER.encode() + ROW.replace(",3,", f",{2**63},").encode(), "not a whole number"),
        (HEADER.encode() + ROW.replace(",3,", f",{'9' * 5000},").encode(), "not a whole number"),
        (HEADER.encode() + ROW.replace("Ligny", "L" * 200_000).encode(), "longer than"),
        (HEADER.replace("losses_b", "losses_a").encode() + ROW.encode(), "appears twice"),
        (b"\xef\xbb\xbf" + HEADER.encode() + ROW.replace(",3,", ",=2+5,").encode(), "whole num"),
    ],
    ids=[
        "utf16-no-bom",
        "undefined-cp1252",
        "2**63",
        "5000-digits",
        "huge-cell",
        "dup-column",
        "formula-loss",
    ],  # fmt: skip
)
def test_hostile_csv_is_refused_with_a_message(
    data: bytes,
    words: str,
    svc: tuple[CampaignService, int, Database],
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    service, cid, db = svc
    before = len(service.view(cid).battles)
    db.close()
    path = tmp_path / "battles.csv"
    path.write_bytes(data)
    code = cli.main(["--db", str(tmp_path / "c.sqlite"), "campaign", "import", "Hundred Days",
                     "--csv", str(path)])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1
    assert words in err
    assert err.startswith(f"{path}:")
    with open_database(tmp_path / "c.sqlite") as again:
        assert len(CampaignService(again).view(cid).battles) == before


# --------------------------------------------------------------------------- fuzzing


@settings(
    max_examples=budget(30, 1000),
    deadline=DEADLINE_MS,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.binary(max_size=300) | st.text(max_size=200).map(lambda t: (HEADER + t).encode()))
def test_fuzz_csv_import(data: bytes, svc: tuple[CampaignService, int, Database]) -> None:
    service, cid, _db = svc
    before = len(service.view(cid).battles)
    problems: list[str] = []
    n = 0
    try:
        n = service.import_battles(cid, csv_format.decode(data))
    except (csv_format.CsvFormatError, CsvImportError) as exc:
        problems = exc.problems
    assert all(p.startswith("line ") for p in problems), problems
    assert len(service.view(cid).battles) == before + n  # refused: nothing written


# --------------------------------------------------------------------------- item 10: timing


@pytest.mark.slow  # a timing bound on 10,000 rows (issue 19's figure), in make test-slow
def test_ten_thousand_rows_import_quickly(svc: tuple[CampaignService, int, Database]) -> None:
    service, cid, _db = svc
    text = HEADER + ROW * 10_000
    start = time.process_time()
    assert service.import_battles(cid, text) == 10_000
    assert time.process_time() - start < 10
