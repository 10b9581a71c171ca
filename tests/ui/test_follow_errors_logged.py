"""A failure in a follow tick is logged with its traceback and the program runs on (issue 30).

The tick runs every second and must survive a lost connection, so it catches broadly; a
programming error caught there used to vanish. Each catch now writes the traceback to the
app's log (``referee/logs.py``). The error is raised where the tick calls into the store.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee import logs
from eote_ref.referee.campaign import CampaignService
from eote_ref.referee.game import GameService
from eote_ref.referee.session import Database
from eote_ref.store.notify import ChangeWatcher
from eote_ref.ui.campaign_window import CampaignWindow
from eote_ref.ui.game_hub import GameHub


@pytest.fixture
def log_file() -> Iterator[pathlib.Path]:
    path = logs.start_logging()
    assert path is not None
    yield path
    logs.stop_logging()


def _bug(*_args: Any, **_kwargs: Any) -> Any:
    raise TypeError("a programming error in the tick")


def _logged(path: pathlib.Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_the_game_hubs_tick_logs_a_bug_with_its_traceback(
    qtbot: QtBot, demo: GameService, log_file: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = GameHub(demo)
    assert hub.follow() is False  # the first look starts the watcher
    monkeypatch.setattr(ChangeWatcher, "poll", _bug)
    assert hub.follow() is False  # the program runs on
    assert hub.follow() is False
    text = _logged(log_file)
    assert "following the open game failed" in text
    assert "Traceback (most recent call last)" in text
    assert "TypeError: a programming error in the tick" in text
    assert "in _bug" in text  # the frame where it was raised


def test_the_campaign_windows_tick_logs_a_bug_with_its_traceback(
    qtbot: QtBot, db: Database, log_file: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = CampaignService(db)
    service.create_campaign("Hundred Days")
    window = CampaignWindow(service)
    qtbot.addWidget(window)
    monkeypatch.setattr(ChangeWatcher, "campaigns_changed", _bug)
    assert window.follow() is False
    text = _logged(log_file)
    assert "following the campaigns failed" in text
    assert "TypeError: a programming error in the tick" in text
    assert "Traceback (most recent call last)" in text


def test_the_watchers_lost_listener_is_logged_with_its_traceback(
    db: Database, log_file: pathlib.Path
) -> None:
    watcher = ChangeWatcher(db.engine)

    class Listener:
        notifies = staticmethod(_bug)

        def close(self) -> None:
            pass

    # The PostgreSQL path of the watcher, its listener failing with a bug.
    watcher.postgres = True
    watcher._listener = Listener()
    try:
        watcher.poll()
    finally:
        watcher.postgres = False
        watcher.close()
    text = _logged(log_file)
    assert "the change notifications stopped" in text
    assert "TypeError: a programming error in the tick" in text
    assert "Traceback (most recent call last)" in text
