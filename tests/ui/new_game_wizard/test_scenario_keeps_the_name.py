"""The game's name typed on the wizard's first page survives choosing a scenario (issue 30)."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import SetupService
from eote_ref.store import Database
from eote_ref.ui.new_game_wizard.lists_page import ListsPage
from eote_ref.ui.new_game_wizard.names_page import NamesPage
from eote_ref.ui.new_game_wizard.summary_page import SummaryPage
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard


def _created(qtbot: QtBot, db: Database, typed: str) -> str:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    names = w.currentPage()
    assert isinstance(names, NamesPage)
    qtbot.keyClicks(names.ui.gameName, typed)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    lists.scenarios.choose("The Pratzen heights")
    lists.scenarios.choose("Hougoumont")  # a second choice keeps it too
    while not isinstance(w.currentPage(), SummaryPage):
        w.next()
    summary = w.currentPage()
    assert isinstance(summary, SummaryPage)
    shown = typed or "Hougoumont"
    assert f">{shown}</h2>" in summary.summary_html()
    w.button(QWizard.WizardButton.FinishButton).click()
    assert w.game_id is not None
    return GameService(db, w.game_id).view().name


def test_a_typed_name_is_kept_when_a_scenario_is_chosen(qtbot: QtBot, db: Database) -> None:
    assert _created(qtbot, db, "Club night at Hougoumont") == "Club night at Hougoumont"


def test_with_no_name_typed_the_game_is_named_after_the_scenario(
    qtbot: QtBot, db: Database
) -> None:
    assert _created(qtbot, db, "") == "Hougoumont"
