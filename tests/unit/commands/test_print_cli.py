"""``eote-ref print``: roster, quick reference and report from the command line."""

from __future__ import annotations

import pathlib

import pytest

pytest.importorskip("PySide6.QtPdf")

from eote_ref.armylists.loader import load_army_list  # noqa: E402
from eote_ref.cli import main  # noqa: E402
from eote_ref.packs.eote.sheets.record import pack_pages, sheets_from_army_list  # noqa: E402
from eote_ref.referee.game import GameService  # noqa: E402
from eote_ref.referee.setup import shipped_army_lists  # noqa: E402
from eote_ref.store import open_database  # noqa: E402
from eote_ref.ui.printing import pdf_text  # noqa: E402
from tests.conftest import DatabaseTemplates, sample_setup  # noqa: E402


def test_print_roster(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    lst = shipped_army_lists()[0]
    out = tmp_path / "roster.pdf"
    assert main(["print", "roster", str(lst), "-o", str(out), "--paper", "letter"]) == 0
    from eote_ref.packs.eote.rulesets import load_default

    army = load_army_list(lst).army_list
    pages = len(pack_pages(sheets_from_army_list(army, load_default())))
    assert len(pdf_text(out)) == pages < len(army.divisions())
    assert f"{pages} pages" in capsys.readouterr().out


def test_print_roster_with_a_bad_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nname: x\n", encoding="utf-8")
    assert main(["print", "roster", str(bad), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "nothing was printed" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_print_qrs_with_a_club_ruleset(tmp_path: pathlib.Path) -> None:
    from eote_ref.packs.eote.rulesets.loader import DEFAULT_RULESET

    club = tmp_path / "club.yaml"
    text = DEFAULT_RULESET.read_text(encoding="utf-8")
    text = text.replace(
        'sabre_bonus:        {value: 2, rule: "5.16", source: provisional',
        'sabre_bonus:        {value: 3, rule: "5.16", source: house',
    )
    club.write_text(text, encoding="utf-8")
    out = tmp_path / "qrs.pdf"
    assert main(["print", "qrs", "-o", str(out), "--ruleset", str(club)]) == 0
    (page,) = pdf_text(out)
    flat = " ".join(page.split())
    assert "sabre bonus +3‡" in flat
    assert "‡ 1 club (house) value" in flat


@pytest.mark.slow  # builds the scripted sample battle, then three documents from it
def test_print_report_by_name_and_id(
    tmp_path: pathlib.Path, db_templates: DatabaseTemplates
) -> None:
    game_id = db_templates.build("sample", sample_setup)  # the scripted sample battle
    assert isinstance(game_id, int)
    db_file = db_templates.copy("sample", tmp_path / "games.sqlite")
    with open_database(db_file) as db:
        name = GameService(db, game_id).view().name
    pdf = tmp_path / "report.pdf"
    assert main(["--db", str(db_file), "print", "report", name, "-o", str(pdf)]) == 0
    assert "Quiot du Passage" in " ".join(pdf_text(pdf))
    html = tmp_path / "report.html"
    assert main(["--db", str(db_file), "print", "report", str(game_id), "-o", str(html)]) == 0
    assert "After-action report" in html.read_text(encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    assert main(["--db", str(db_file), "print", "sheets", str(game_id), "-o", str(sheets)]) == 0
    texts = pdf_text(sheets)
    assert len(texts) > 5
    assert f"page {len(texts)} of {len(texts)}" in " ".join(texts[-1].split())


def test_print_report_of_an_unknown_game(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_file = tmp_path / "games.sqlite"
    code = main(
        ["--db", str(db_file), "print", "report", "Borodino", "-o", str(tmp_path / "r.pdf")]
    )
    assert code == 1
    assert "no game 'Borodino'" in capsys.readouterr().err


def test_print_labels_of_a_game(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.corps_game import NAME, corps_game_6mm

    db_file = tmp_path / "games.sqlite"
    with open_database(db_file) as db:
        corps_game_6mm(db)
    out = tmp_path / "labels.pdf"
    assert main(["--db", str(db_file), "print", "labels", NAME, "-o", str(out)]) == 0
    pages = pdf_text(out)
    assert "of base labels" in capsys.readouterr().out
    assert len(pages) == 2  # a side a page: 38 and 33 units
    first = " ".join(pages[0].split())
    assert "F1 1/10e Léger" in first
    assert "2nd Division foot battery · Vandamme" in first
    assert "A1 " in " ".join(pages[1].split())
