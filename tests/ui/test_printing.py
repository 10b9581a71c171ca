"""PDFs written with Qt: page counts, extracted text, rendered pages, menu actions."""

from __future__ import annotations

import inspect
import pathlib
import re

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QImage, QPageSize
from pytestqt.qtbot import QtBot

from eote_ref.armylists.loader import load_army_list
from eote_ref.packs.eote.rules.core import Source
from eote_ref.packs.eote.rulesets import load_default
from eote_ref.packs.eote.sheets.record import (
    pack_pages,
    record_sheet_pages,
    record_sheets_html,
    sheets_from_army_list,
    sheets_from_game,
)
from eote_ref.packs.eote.sheets.report import after_action_report
from eote_ref.referee.game import GameService
from eote_ref.referee.roster_service import RosterService
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.referee.sheets.marks import PROVISIONAL_MARK
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.printing import (
    losses_chart,
    page_size,
    pdf_text,
    print_quick_reference,
    print_record_sheets_for_game,
    print_record_sheets_for_list,
    print_report,
    render_pdf_pages,
    write_document,
    write_report_html,
)
from eote_ref.ui.roster_editor.window import RosterEditorWindow

LISTS = shipped_army_lists()


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_not_blank(png: pathlib.Path) -> None:
    image = QImage(str(png))
    assert not image.isNull()
    dark = sum(
        1
        for x in range(0, image.width(), 7)
        for y in range(0, image.height(), 7)
        if image.pixelColor(x, y).lightness() < 128
    )
    assert dark > 200


def test_page_size_from_locale() -> None:
    us = QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    ca = QLocale(QLocale.Language.French, QLocale.Country.Canada)
    fr = QLocale(QLocale.Language.French, QLocale.Country.France)
    uk = QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)
    assert page_size(locale=us).id() == QPageSize.PageSizeId.Letter
    assert page_size(locale=ca).id() == QPageSize.PageSizeId.Letter
    assert page_size(locale=fr).id() == QPageSize.PageSizeId.A4
    assert page_size(locale=uk).id() == QPageSize.PageSizeId.A4
    assert page_size("letter", locale=fr).id() == QPageSize.PageSizeId.Letter
    with pytest.raises(ValueError, match="paper"):
        page_size("a3")


#: Every shipped list on both papers: one paper per list in ``make test`` (alternating, so
#: both are tried), the other in ``make test-slow`` -- each sheet costs a PDF and its text.
SHEET_CASES = [
    pytest.param(
        path,
        paper,
        id=f"{path.stem}-{paper}",
        marks=[pytest.mark.slow] if (i + (paper == "letter")) % 2 else [],
    )
    for i, path in enumerate(LISTS)
    for paper in ("a4", "letter")
]


@pytest.mark.parametrize(("path", "paper"), SHEET_CASES)
def test_record_sheets_pdf_packs_divisions(
    qtbot: QtBot, path: pathlib.Path, paper: str, tmp_path: pathlib.Path
) -> None:
    army = load_army_list(path).army_list
    rs = load_default()
    out = tmp_path / "sheets.pdf"
    pages = print_record_sheets_for_list(army, rs, out, size=page_size(paper))
    texts = pdf_text(out)
    # each packed page fits on one sheet of paper: no page runs over onto the next
    groups = pack_pages(sheets_from_army_list(army, rs))
    assert pages == len(texts) == len(groups) < len(army.divisions())
    for n, (group, text) in enumerate(zip(groups, texts, strict=True), start=1):
        page = flat(text)
        assert f"page {n} of {len(groups)}" in page
        assert army.name in page
        for sheet in group:
            assert sheet.division in page
            for unit in sheet.units:
                assert flat(unit.name) in page
        assert "Shaded boxes: morale check from 3 hits" in page
        assert "option" not in page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_quick_reference_is_one_page_with_every_value(
    qtbot: QtBot, tmp_path: pathlib.Path, paper: str
) -> None:
    rs = load_default()
    out = tmp_path / "qrs.pdf"
    assert print_quick_reference(rs, out, size=page_size(paper)) == 1
    (text,) = pdf_text(out)
    page = flat(text)
    for group in rs.modifiers.values():
        for v in group.values():
            assert flat(v.reason) in page
    for col in rs.assault_table:
        for cell in col.cells:
            assert cell.replace("/", " / ") in page
    provisional = sum(1 for v in rs.all_values() if v.source is Source.PROVISIONAL)
    counted = re.search(rf"{PROVISIONAL_MARK} (\d+) provisional values", page)
    assert counted is not None
    assert int(counted.group(1)) >= provisional
    assert "house" not in page
    assert "transcript" not in page
    assert "morale check from 3 hits (EotE 7.5)" in page
    assert page.count(PROVISIONAL_MARK) > provisional // 2
    png = render_pdf_pages(out, tmp_path, "qrs")
    assert len(png) == 1
    assert_not_blank(png[0])


def test_report_pdf_and_html(
    qtbot: QtBot, sample_game: GameService, tmp_path: pathlib.Path
) -> None:
    game = sample_game
    out = tmp_path / "report.pdf"
    pages = print_report(game, out)
    texts = pdf_text(out)
    assert pages == len(texts) == 2
    whole = flat(" ".join(texts))
    for line in (
        "After-action report",
        "Lloyd's Battery RA at 10",
        "Quiot du Passage: killed (rolled 1)",
        "3rd British Division: integrity falls back",
        "Hits taken per turn",
    ):
        assert line in whole
    page_pngs = render_pdf_pages(out, tmp_path, "report")
    for png in page_pngs:
        assert_not_blank(png)
    html_file = tmp_path / "report.html"
    write_report_html(game, html_file)
    markup = html_file.read_text(encoding="utf-8")
    assert 'src="data:image/png;base64,' in markup
    assert "1/54e Ligne: morale rout" in markup


def test_losses_chart_draws_bars(qtbot: QtBot, sample_game: GameService) -> None:
    game = sample_game
    image = losses_chart(after_action_report(game))
    colours = {
        image.pixelColor(x, y).name()
        for x in range(0, image.width(), 5)
        for y in range(0, image.height(), 5)
    }
    assert "#2f5d9e" in colours
    assert "#b5442f" in colours


def test_game_record_sheets_pdf(qtbot: QtBot, demo: GameService, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "game.pdf"
    pages = print_record_sheets_for_game(demo, out)
    groups = pack_pages(sheets_from_game(demo))
    texts = pdf_text(out)
    assert pages == len(texts) == len(groups)
    for n, (group, text) in enumerate(zip(groups, texts, strict=True), start=1):
        page = flat(text)
        assert f"page {n} of {len(groups)}" in page
        # one side to a page, named on it
        assert flat(group[0].side) in page
        for sheet in group:
            assert sheet.division in page


def test_main_window_print_actions(
    qtbot: QtBot, db: Database, demo: GameService, tmp_path: pathlib.Path
) -> None:
    window = MainWindow(db)
    qtbot.addWidget(window)
    printing = window.printing
    assert not printing.sheets_action.isEnabled()
    assert printing.sheets_action.shortcut().toString() == "Ctrl+P"
    assert printing.quick_reference_to(tmp_path / "q.pdf") == 1
    window.open_game(demo.game_id)
    assert printing.sheets_action.isEnabled()
    assert printing.record_sheets_to(tmp_path / "s.pdf") == len(pack_pages(sheets_from_game(demo)))
    printing.report_to(tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    printing.report_to(tmp_path / "r.pdf")
    assert pdf_text(tmp_path / "r.pdf")


def test_roster_editor_print_action(qtbot: QtBot, db: Database, tmp_path: pathlib.Path) -> None:
    editor = RosterEditorWindow(RosterService(db))
    qtbot.addWidget(editor)
    assert editor.open_file(LISTS[0])
    out = tmp_path / "roster.pdf"
    pages = editor.printing.record_sheets_to(out)
    assert pages == len(pack_pages(sheets_from_army_list(editor.army_list(), load_default())))
    assert editor.printing.action in editor.ui.menuFile.actions()


def test_a_long_report_is_laid_out_a_few_pages_at_a_time(
    qtbot: QtBot, tmp_path: pathlib.Path
) -> None:
    """2,400 steps make about fifty pages, laid out at most 25 at a time; each step printed.

    Every step is printed once, in order (a 900-page report once took 800 MB in one layout).
    """
    from sqlalchemy import insert

    from eote_ref.packs.eote.sheets.report import REPORT_CSS, report_blocks
    from eote_ref.store import JournalEvent, create_game, open_database
    from eote_ref.ui.printing import write_pdf_blocks
    from tests.unit.store.helpers import sides

    steps = 2400
    with open_database(tmp_path / "long.sqlite") as db:
        with db.session() as s:
            game_id = create_game(s, "Borodino", sides()).id
            s.execute(
                insert(JournalEvent),
                [
                    {
                        "game_id": game_id,
                        "seq": i + 1,
                        "kind": "fire",
                        "status": "done",
                        "turn": i // 600 + 1,
                        "phase": "fire",
                        "summary": f"volley #{i + 1}#",
                        "inputs": {},
                        "rolls": [3],
                        "outcome": {"result": "D"},
                    }
                    for i in range(steps)
                ],
            )
            s.commit()
        assert game_id is not None
        game = GameService(db, game_id)
        out = tmp_path / "report.pdf"
        pages = print_report(game, out)
        report = after_action_report(game)
    texts = pdf_text(out)
    assert pages == len(texts) > 30
    # QtPdf's extraction breaks words at odd places on later pages: read without spaces.
    printed = [int(n) for n in re.findall(r"#(\d+)#", re.sub(r"\s", "", "".join(texts)))]
    assert printed == list(range(1, steps + 1))
    head = f"<html><head><style>{REPORT_CSS}</style></head>"
    written = write_pdf_blocks(head, report_blocks(report), tmp_path / "again.pdf")
    assert written.pages == pages
    assert written.largest_layout <= 25


def test_a_game_s_record_sheets_are_made_and_laid_out_a_few_pages_at_a_time(
    qtbot: QtBot, tmp_path: pathlib.Path
) -> None:
    """Twelve divisions of 18 units, a page each: the pages come one at a time, a few a layout.

    The sheets of a 2,000-unit game (100 pages) laid out as one document peaked at 316 MB;
    made by a generator and laid out a few pages at once, the memory is that of a few pages.
    The PDF is the document's pages, each numbered, in order.
    """
    from eote_ref.store import create_game, open_database
    from tests.unit.store.helpers import sides

    with open_database(tmp_path / "big.sqlite") as db:
        with db.session() as s:
            game_id = create_game(s, "Borodino", sides(divisions=6, units=18)).id
        assert game_id is not None
        sheets = sheets_from_game(GameService(db, game_id))
    pages = record_sheet_pages(sheets)
    assert inspect.isgenerator(pages)
    assert f"page 1 of {len(pack_pages(sheets))}" in next(pages)
    from eote_ref.packs.eote.sheets.printed import record_sheets

    doc = record_sheets(sheets, "Borodino — record sheets")
    written = write_document(doc, tmp_path / "sheets.pdf", "Borodino record sheets")
    texts = pdf_text(tmp_path / "sheets.pdf")
    assert written.pages == len(texts) == len(pack_pages(sheets)) == 12
    assert written.largest_layout <= 6
    for n, text in enumerate(texts, start=1):
        assert f"page {n} of 12" in flat(text)
    # the one document (the print preview's) has the same pages
    assert record_sheets_html(sheets).count("page-break-before") == 11
