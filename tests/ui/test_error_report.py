"""Refusals are sentences; anything else is logged with its traceback, shown with the path."""

from __future__ import annotations

import logging
import pathlib
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.referee import logs
from eote_ref.referee.campaign.base import CampaignError
from eote_ref.referee.campaign.csv_format import CsvFormatError
from eote_ref.referee.errors import REFUSALS, RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.session import Database
from eote_ref.store.errors import NothingToUndoError
from eote_ref.ui import error_report
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.wizards.base import OddsPanel


@pytest.fixture(autouse=True)
def _no_log_left_open() -> Iterator[None]:
    yield
    logs.stop_logging()


def test_campaign_and_csv_errors_are_referee_refusals() -> None:
    assert issubclass(CampaignError, RefereeError)
    assert issubclass(CsvFormatError, RefereeError)
    assert all(issubclass(kind, ValueError) for kind in REFUSALS)


def test_the_hub_shows_a_refusal_and_lets_a_bug_through(qtbot: QtBot, demo: GameService) -> None:
    hub = GameHub(demo)
    said: list[str] = []
    hub.message.connect(said.append)

    def refuse(error: Exception) -> Any:
        def action() -> None:
            raise error

        return action

    assert hub.attempt(refuse(CampaignError("choose a campaign first"))) is None
    assert hub.attempt(refuse(RulesError("ce must be 0..30", field="ce"))) is None
    assert hub.attempt(refuse(NothingToUndoError("nothing to undo"))) is None
    assert said == ["choose a campaign first", "ce must be 0..30", "nothing to undo"]
    with pytest.raises(KeyError):
        hub.attempt(refuse(KeyError("unit_id")))
    with pytest.raises(ValueError, match="not a refusal"):  # a plain ValueError is a bug too
        hub.attempt(refuse(ValueError("not a refusal")))


def test_a_wizard_shows_a_refusal_but_not_a_key_error(qtbot: QtBot) -> None:
    panel = OddsPanel()
    qtbot.addWidget(panel)

    class Refused:
        def preview(self) -> None:
            raise RefereeError("this unit is routed")

    class Broken:
        def preview(self) -> None:
            raise KeyError("facts")

    assert panel.show_check(Refused()) is False  # type: ignore[arg-type]
    assert "this unit is routed" in panel.error.text()
    with pytest.raises(KeyError):
        panel.show_check(Broken())  # type: ignore[arg-type]


def test_the_log_is_one_rotating_file_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = logs.start_logging()
    assert path == logs.log_folder() / "eote-ref.log"
    assert logs.start_logging() == path  # once
    handlers = [h for h in logging.getLogger("eote_ref").handlers if hasattr(h, "baseFilename")]
    assert len(handlers) == 1
    logs.stop_logging()
    monkeypatch.setattr(logs, "MAX_BYTES", 500)
    assert logs.start_logging() == path
    for n in range(40):
        logging.getLogger("eote_ref.test").info("line %d of a long evening", n)
    logs.stop_logging()
    kept = sorted(p.name for p in path.parent.iterdir())
    assert kept == ["eote-ref.log", "eote-ref.log.1", "eote-ref.log.2", "eote-ref.log.3"]
    assert "line 39 of a long evening" in path.read_text(encoding="utf-8")


def test_an_unexpected_error_is_logged_with_its_traceback_and_shown_with_the_path(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _title, text: shown.append(text))

    def deep_in_a_check() -> None:
        raise KeyError("facts")

    try:
        deep_in_a_check()
    except KeyError:
        error_report.report_unexpected(*sys.exc_info())  # type: ignore[arg-type]
    path = logs.log_folder() / "eote-ref.log"
    logs.stop_logging()
    text = path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "deep_in_a_check" in text
    assert "KeyError: 'facts'" in text
    assert len(shown) == 1
    assert "KeyError" in shown[0]
    assert str(path) in shown[0]


def test_install_makes_it_the_excepthook(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)
    error_report.install()
    assert sys.excepthook is error_report.report_unexpected


def test_help_opens_the_log_folder(
    qtbot: QtBot, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    window = MainWindow(db)
    qtbot.addWidget(window)
    assert window.actionOpenLogFolder in window.ui.menuHelp.actions()
    window.actionOpenLogFolder.trigger()
    assert [pathlib.Path(u.toLocalFile()) for u in opened] == [logs.log_folder()]
    assert logs.log_folder().is_dir()
