"""PDFs written with Qt: page counts, extracted text, rendered pages, menu actions."""

from __future__ import annotations

import pathlib

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QImage, QPageSize
from pytestqt.qtbot import QtBot

from eote_ref.armylists.loader import load_army_list
from eote_ref.referee.game import GameService
from eote_ref.referee.roster_service import RosterService
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.referee.sheets import PROVISIONAL_MARK, after_action_report
from eote_ref.referee.sheets_sample import play_sample_game
from eote_ref.rules.core import Source
from eote_ref.rulesets import load_default
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
    write_report_html,
)
from eote_ref.ui.roster_editor import RosterEditorWindow

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


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_record_sheets_pdf_one_page_per_division(
    qtbot: QtBot, path: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    army = load_army_list(path).army_list
    out = tmp_path / "sheets.pdf"
    pages = print_record_sheets_for_list(army, load_default(), out)
    texts = pdf_text(out)
    assert pages == len(texts) == len(army.divisions())
    for division, text in zip(army.divisions(), texts, strict=True):
        page = flat(text)
        assert division.name in page
        for unit in division.units:
            assert flat(unit.name) in page
        assert "Morale check on reaching 3 hits" in page


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
            assert cell in page
    provisional = sum(1 for v in rs.all_values() if v.source is Source.PROVISIONAL)
    assert f"provisional ({provisional})" in page
    assert page.count(PROVISIONAL_MARK) > provisional // 2
    png = render_pdf_pages(out, tmp_path, "qrs")
    assert len(png) == 1
    assert_not_blank(png[0])


def test_report_pdf_and_html(qtbot: QtBot, db: Database, tmp_path: pathlib.Path) -> None:
    game = play_sample_game(db)
    out = tmp_path / "report.pdf"
    pages = print_report(game, out)
    texts = pdf_text(out)
    assert pages == len(texts) == 2
    whole = flat(" ".join(texts))
    for line in (
        "After-action report",
        "20/6 Foot Battery fires at Lloyd's Battery RA: 1 hit",
        "Quiot du Passage (1st Infantry Division): killed",
        "3rd British Division: integrity fall back",
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


def test_losses_chart_draws_bars(qtbot: QtBot, db: Database) -> None:
    game = play_sample_game(db)
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
    divisions = [d for s in demo.view().sides for d in s.divisions]
    assert pages == len(pdf_text(out)) == len(divisions)


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
    assert printing.record_sheets_to(tmp_path / "s.pdf") > 10
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
    assert pages == len(load_army_list(LISTS[0]).army_list.divisions())
    assert editor.printing.action in editor.ui.menuFile.actions()
