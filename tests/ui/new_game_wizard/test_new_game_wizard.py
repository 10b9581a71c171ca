"""The new-game wizard: every page driven with real input, a game created from shipped lists."""

from __future__ import annotations

import pathlib

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QFileDialog,
    QRadioButton,
    QWizard,
)
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import SetupError, SetupService
from eote_ref.store import Database, list_games
from eote_ref.ui.new_game_wizard.commands_page import CommandsPage
from eote_ref.ui.new_game_wizard.initiative_page import InitiativePage
from eote_ref.ui.new_game_wizard.lists_page import ListsPage
from eote_ref.ui.new_game_wizard.names_page import NamesPage
from eote_ref.ui.new_game_wizard.options_page import OptionsPage
from eote_ref.ui.new_game_wizard.summary_page import SummaryPage
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard

FRENCH = "waterloo-1815-french.yaml"
ALLIED = "waterloo-1815-anglo-allied.yaml"
PRUSSIAN = "waterloo-1815-prussian.yaml"

BROKEN = """\
format: 1
name: Broken army
nation: french
year: eighteen-fifteen
army:
  name: Armée
  level: nonsense
  units: 3
"""


@pytest.fixture
def wizard(qtbot: QtBot, db: Database) -> NewGameWizard:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    return w


def next_button(w: NewGameWizard) -> QAbstractButton:
    return w.button(QWizard.WizardButton.NextButton)


def click(qtbot: QtBot, button: QAbstractButton) -> None:
    """A real mouse click, once the page's layout has placed the button."""
    QApplication.processEvents()
    assert button.isVisible()
    assert button.isEnabled()
    if isinstance(button, QRadioButton):  # on its indicator: a radio's label may end early
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(6, button.height() // 2))
    else:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def row_of(page: ListsPage, file_name: str) -> int:
    return next(i for i, s in enumerate(page.rows) if s.path.name == file_name)


def count_games(db: Database) -> int:
    with db.session() as s:
        return len(list_games(s))


def test_every_page_by_hand_creates_the_game(qtbot: QtBot, db: Database) -> None:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    assert (NamesPage, ListsPage, CommandsPage, OptionsPage, InitiativePage, SummaryPage) == w.PAGES

    # 1. names
    names = w.currentPage()
    assert isinstance(names, NamesPage)
    assert names.ui.gameName.hasFocus() or names.focusWidget() is names.ui.gameName
    qtbot.keyClicks(names.ui.gameName, "Club night: Mont-Saint-Jean")
    qtbot.keyClicks(names.ui.firstSide, "Napoleon")  # QTest types ASCII only
    qtbot.keyClicks(names.ui.secondSide, "Wellington")
    assert next_button(w).isEnabled()
    click(qtbot, next_button(w))

    # 2. army lists: Next stays disabled until both sides have a list
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    table = lists.ui.listsTable
    assert table.rowCount() >= 6
    assert not next_button(w).isEnabled()
    table.setCurrentCell(row_of(lists, FRENCH), 2)
    qtbot.keyClick(table, Qt.Key.Key_1)
    assert not next_button(w).isEnabled()
    table.setCurrentCell(row_of(lists, ALLIED), 2)
    qtbot.keyClick(table, Qt.Key.Key_2)
    assert next_button(w).isEnabled()
    assert "Armée du Nord" in lists.ui.firstSummary.text()
    click(qtbot, next_button(w))

    # 2b. commands in play: all ticked, the whole lists
    commands = w.currentPage()
    assert isinstance(commands, CommandsPage)
    assert "whole lists" in commands.status.text()
    click(qtbot, next_button(w))

    # 3. scale and options
    options = w.currentPage()
    assert isinstance(options, OptionsPage)
    assert "as the rules list them" in options.ui.scaleEffect.text()
    click(qtbot, options.ui.scale25)
    assert "longer" in options.ui.scaleEffect.text()
    assert "7\u2033" in options.ui.scaleEffect.text()  # infantry fire 5" + 2"
    combo = options.option_rows["morale_hit_threshold"].combo
    assert combo.currentText() == "3 (default)"
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "4"
    assert "changed" in options.option_rows["morale_hit_threshold"].title.text()
    assert "Provisional values in use" in options.ui.provisionalNote.text()
    click(qtbot, next_button(w))

    # 4. initiative
    initiative = w.currentPage()
    assert isinstance(initiative, InitiativePage)
    assert initiative.ui.rollForIt.isChecked()
    assert "Napoleon starts" in initiative.ui.firstStarts.text()
    click(qtbot, initiative.ui.firstStarts)
    click(qtbot, next_button(w))

    # 5. summary, then Finish
    summary = w.currentPage()
    assert isinstance(summary, SummaryPage)
    text = summary.ui.summaryText.toPlainText()
    for expected in (
        "Club night: Mont-Saint-Jean",
        "Wellington",
        "25mm",
        "Morale hit threshold",
        "; EotE ",
    ):
        assert expected in text
    click(qtbot, w.button(QWizard.WizardButton.FinishButton))

    assert w.result() == QWizard.DialogCode.Accepted
    assert w.game_id is not None
    view = GameService(db, w.game_id).view()
    assert view.name == "Club night: Mont-Saint-Jean"
    assert [s.name for s in view.sides] == ["Napoleon", "Wellington"]
    assert view.figure_scale == "25mm"
    assert view.options == {"morale_hit_threshold": 4}
    assert view.initiative_side == "Napoleon"
    assert len(view.sides[0].units) == 169
    assert len(view.sides[1].units) == 143


def test_defaults_walk_every_page_and_name_the_game_from_the_lists(
    wizard: NewGameWizard, db: Database
) -> None:
    wizard.select_lists([FRENCH], [ALLIED, PRUSSIAN])
    seen = []
    for _ in wizard.page_ids():
        seen.append(type(wizard.currentPage()))
        if wizard.currentPage() is not wizard.pages[-1]:
            assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
            wizard.next()
    assert seen == list(NewGameWizard.PAGES)
    assert wizard.draft.game_name() == "Waterloo, 18 June 1815"
    assert wizard.draft.side_name(1) == "British & Prussian"
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert wizard.game_id is not None
    view = GameService(db, wizard.game_id).view()
    assert [s.name for s in view.sides] == ["French", "British & Prussian"]
    assert (view.figure_scale, view.options) == ("15mm", {})
    assert view.initiative is None  # rolled in turn 1's initiative phase, in the journal
    assert len(view.sides[1].units) == 143 + 75


def test_next_is_disabled_until_each_side_has_a_list(qtbot: QtBot, wizard: NewGameWizard) -> None:
    wizard.next()
    page = wizard.currentPage()
    assert isinstance(page, ListsPage)
    table = page.ui.listsTable
    assert not next_button(wizard).isEnabled()
    # Space on a side's tick box ticks it
    table.setCurrentCell(row_of(page, FRENCH), 0)
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert [s.path.name for s in wizard.draft.lists[0]] == [FRENCH]
    assert not next_button(wizard).isEnabled()
    assert "needs at least one army list" in page.ui.secondSummary.text()
    table.setCurrentCell(row_of(page, PRUSSIAN), 2)
    qtbot.keyClick(table, Qt.Key.Key_2)
    assert next_button(wizard).isEnabled()
    # a list plays on one side only: giving it to the first side takes it from the second
    qtbot.keyClick(table, Qt.Key.Key_1)
    assert not next_button(wizard).isEnabled()
    assert wizard.draft.lists[1] == []
    assert {s.path.name for s in wizard.draft.lists[0]} == {FRENCH, PRUSSIAN}
    # pressing the same side again takes it back
    qtbot.keyClick(table, Qt.Key.Key_1)
    assert [s.path.name for s in wizard.draft.lists[0]] == [FRENCH]


def test_a_broken_army_list_shows_every_problem_with_its_line(
    qtbot: QtBot,
    wizard: NewGameWizard,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(broken), ""))
    )
    wizard.next()
    page = wizard.lists_page
    rows = page.ui.listsTable.rowCount()
    click(qtbot, page.ui.addFileButton)
    assert page.ui.problemsBox.isVisible()
    assert "broken.yaml cannot be used" in page.ui.problemsBox.title()
    problems = page.problems()
    assert "line 4, column 7" in problems  # the year
    assert "line 7" in problems  # the level
    assert "line 8" in problems  # units is not a list
    assert page.ui.listsTable.rowCount() == rows
    assert not next_button(wizard).isEnabled()

    # a file that is not there, and one that is not YAML at all
    page.add_file(tmp_path / "missing.yaml")
    assert "missing.yaml cannot be used" in page.ui.problemsBox.title()
    garbage = tmp_path / "garbage.yaml"
    garbage.write_bytes(b"\xff\xfe\x00 not: [yaml")
    page.add_file(garbage)
    assert "garbage.yaml cannot be used" in page.ui.problemsBox.title()

    # a good file from elsewhere is added, ticked for the empty side, and the problems go
    good = tmp_path / "mine.yaml"
    shipped = next(s.path for s in page.rows if s.path.name == PRUSSIAN)
    good.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    row = page.add_file(good)
    assert row == rows
    assert not page.ui.problemsBox.isVisible()
    assert wizard.draft.lists[0][0].path == good


def test_creation_errors_are_shown_and_nothing_is_created(
    qtbot: QtBot, wizard: NewGameWizard, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    wizard.select_lists([FRENCH], [ALLIED])
    for _ in range(5):
        wizard.next()
    assert isinstance(wizard.currentPage(), SummaryPage)

    def refuse(self: SetupService, spec: object, dice: object = None) -> int:
        raise SetupError("the database is read-only")

    monkeypatch.setattr(SetupService, "create", refuse)
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    summary = wizard.currentPage()
    assert isinstance(summary, SummaryPage)
    assert wizard.isVisible()
    assert "the database is read-only" in summary.ui.errorLabel.text()
    assert summary.ui.errorLabel.isVisible()
    assert wizard.game_id is None
    assert count_games(db) == 0


def test_same_side_names_are_refused(qtbot: QtBot, wizard: NewGameWizard) -> None:
    page = wizard.currentPage()
    assert isinstance(page, NamesPage)
    qtbot.keyClicks(page.ui.firstSide, "French")
    qtbot.keyClicks(page.ui.secondSide, "french")
    assert not next_button(wizard).isEnabled()
    assert "different names" in page.ui.problem.text()
    page.ui.secondSide.clear()
    assert next_button(wizard).isEnabled()


def test_options_page_keeps_only_changed_options(qtbot: QtBot, wizard: NewGameWizard) -> None:
    wizard.select_lists([FRENCH], [ALLIED])
    wizard.next()
    wizard.next()
    wizard.next()
    page = wizard.currentPage()
    assert isinstance(page, OptionsPage)
    click(qtbot, page.ui.scale6)
    assert "shorter" in page.ui.scaleEffect.text()
    adjust = page.option_rows["scale_adjusts"].combo
    assert isinstance(adjust, QComboBox)
    adjust.setCurrentIndex(1)
    assert wizard.draft.options == {"scale_adjusts": "none"}
    assert "every distance as listed" in page.ui.scaleEffect.text()
    stacks = page.option_rows["di_routed_this_turn_stacks"].combo
    stacks.setCurrentIndex(1)
    assert wizard.draft.options["di_routed_this_turn_stacks"] is False
    click(qtbot, page.ui.restoreDefaults)
    assert wizard.draft.options == {}
    assert wizard.draft.figure_scale == "6mm"


def test_starting_formations_are_set_before_turn_one_without_a_change(
    qtbot: QtBot, wizard: NewGameWizard, db: Database
) -> None:
    wizard.select_lists([FRENCH], [ALLIED])
    while not isinstance(wizard.currentPage(), InitiativePage):
        wizard.next()
    page = wizard.currentPage()
    assert isinstance(page, InitiativePage)
    # Prefilled from the lists' per-arm defaults.
    assert page.formation_combos[(0, "infantry")].currentData() == "line"
    assert page.formation_combos[(1, "artillery")].currentData() == "unlimbered"
    # The French infantry opens in column: chosen from the keyboard in its combo.
    combo = page.formation_combos[(0, "infantry")]
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == "column"
    assert wizard.draft.formations[0] == {"infantry": "column"}
    page.set_formation(1, "artillery", "limbered")
    wizard.next()
    summary = wizard.currentPage()
    assert isinstance(summary, SummaryPage)
    assert "infantry column" in summary.ui.summaryText.toPlainText()
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert wizard.game_id is not None
    game = GameService(db, wizard.game_id)
    french, allied = game.view().sides
    assert {u.formation for u in french.units if u.arm == "infantry"} == {"column"}
    assert {u.formation for u in allied.units if u.arm == "infantry"} == {"line"}
    guns = [u for u in allied.units if u.arm == "artillery"]
    assert {(u.formation, u.limbered) for u in guns} == {("limbered", True)}
    # Set-up, not a change: no -2 flag, nothing journaled.
    assert not any(u.changed_formation for s in game.view().sides for u in s.units)
    assert game.journal() == []


def test_next_from_code_cannot_skip_the_army_lists(wizard: NewGameWizard) -> None:
    wizard.next()
    lists_id = wizard.currentId()
    wizard.next()
    assert wizard.currentId() == lists_id


def test_start_refuses_a_side_without_a_list(qtbot: QtBot, db: Database) -> None:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.select_lists(["waterloo-1815-french.yaml"], [])
    summary = w.pages[-1]
    assert isinstance(summary, SummaryPage)
    summary.initializePage()
    assert not summary.validatePage()
    text = summary.ui.errorLabel.text()
    assert "Second side has no army list" in text
    with db.session() as s:
        assert list_games(s) == []


def test_initiative_and_summary_use_the_chosen_side_names(wizard: NewGameWizard) -> None:
    wizard.select_lists(["waterloo-1815-french.yaml"], ["waterloo-1815-anglo-allied.yaml"])
    for _ in range(4):
        wizard.next()
    page = wizard.currentPage()
    assert isinstance(page, InitiativePage)
    assert page.ui.firstStarts.text().endswith("French starts")
    assert page.ui.secondStarts.text().endswith("British starts")
    wizard.next()
    summary = wizard.currentPage()
    assert isinstance(summary, SummaryPage)
    html = summary.summary_html()
    assert "Armée du Nord" in html
    assert "Anglo-allied Army" in html
    assert "First side" not in html
    assert not summary.ui.errorLabel.isVisibleTo(summary)
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
