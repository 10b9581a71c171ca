"""The journal's Result column reads in words, not in the rules' codes.

Found in an umpire's trial (Telnitz at 6mm): a division's integrity check read
``fall_back`` in the log and an assault ``2/./.``; the wizards say "falls back" and
"2 hits / no decision" for the same results (EotE 9.0, 7.3).
"""

from __future__ import annotations

import csv
import pathlib

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_record import result_words
from eote_ref.referee.phases import Phase
from eote_ref.store import Database
from eote_ref.ui.journal_view import JournalColumn
from eote_ref.ui.main_window import MainWindow
from tests.games import mark, named
from tests.ui.helpers import demo_window, service, to_phase


@pytest.fixture
def window(qtbot: QtBot, db: Database, demo: GameService) -> MainWindow:
    return demo_window(qtbot, db)


def test_results_read_in_words() -> None:
    assert result_words("morale", "fall_back") == "fall back"
    assert result_words("integrity", "fall_back") == "falls back"
    assert result_words("assault", "2/./.") == "2 hits / no decision"
    assert result_words("assault", "././F") == "no decision / fall back"
    assert result_words("order_activation", "2") == "2"  # an open result stays itself
    assert result_words("fire", None) == ""


def test_the_log_and_its_export_show_the_words(window: MainWindow, tmp_path: pathlib.Path) -> None:
    s = service(window)
    to_phase(s, Phase.FIRE)
    unit = named(s, "1/54e Ligne")  # CE 6
    mark(s, unit.id, hits=3)
    check = open_check(s, "morale", unit_id=unit.id)
    outcome = check.apply({"roll": int(check.preview().modified)})  # equal: falls back
    assert outcome.result == "fall_back"
    journal = window.journal
    assert journal is not None
    journal.flush()
    model = journal.model
    assert model.data(model.index(0, JournalColumn.RESULT)) == "fall back"
    window.export_journal(tmp_path / "j.csv")
    rows = list(csv.reader((tmp_path / "j.csv").open(encoding="utf-8")))
    assert rows[-1][5] == "fall back"
