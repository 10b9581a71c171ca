"""One read per step (issue 32): an infantry fire from the key press to the repaint, counted.

The real main window on the Waterloo demo, driven from the keyboard: the fire wizard opened
on the firer and target selected, its die typed, Apply all, the dashboard and the journal
repainted, the wizard closed. Counted, not timed: the database sessions the store opens
(:attr:`~eote_ref.store.database.Database.sessions_opened`) and the runs of EotE's fire
procedure (``packs/eote/rules/fire.py``). Before: 23 sessions and 6 runs (the wizard read
the rows again for every preview, trial, word and total).

An AVlE shock in its dialog builds its situation once per set of answers (it was built for
every preview, trial and apply: 10 times for a shock with its target chosen).

The check keeps the view it opened on, so a change another copy makes meanwhile must still
be taken in: opened after it, the wizard reads the game as it stands; applied after it, the
fire lands on the game as it stands, never over the other copy's step.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.rules import fire as fire_rules
from eote_ref.packs.eote.ui.fire import FireAppliedPage, FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.pack_play import PackGameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from tests.avle_games import mark, quatre_bras, unit_id
from tests.ui.helpers import ALT, CTRL, CTRL_SHIFT, Umpire, active_window, shown_window

#: Sessions of one infantry fire: the step written, the view patched, the log's new line.
FIRE_SESSIONS = 3
#: Runs of the fire procedure: the preview and whether a die is needed, then the die typed.
FIRE_RUNS = 3

FIRER, TARGET = "1/54e Ligne", "2/30th Foot"


@pytest.fixture
def window(qtbot: QtBot, db: Database, demo: GameService) -> Iterator[MainWindow]:
    yield from active_window(qtbot, db, demo.game_id)


@pytest.fixture
def fire_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the fire procedure ran (the procedure itself, wrapped to count)."""
    runs = [0]
    procedure = fire_rules.fire

    def counted(*args: object) -> object:
        runs[0] += 1
        return procedure(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(fire_rules, "fire", counted)
    return runs


def _game(window: MainWindow) -> GameService:
    assert window.hub is not None
    return window.hub.service


def _to_fire(game: GameService) -> None:
    if game.view().initiative is None:
        game.set_initiative(next(s.position for s in game.view().sides if s.name == "French"))
    while game.view().phase is not Phase.FIRE:
        game.advance_phase()


def _unit(game: GameService, name: str) -> int:
    return next(u.id for s in game.view().sides for u in s.units if u.name == name)


def _open_fire(
    qtbot: QtBot, window: MainWindow, firer: int, target: int
) -> tuple[Umpire, QueuePage]:
    """The wizard on ``firer`` and ``target``, at the die, as the umpire opens it.

    The firer clicked and the target Ctrl+clicked on the dashboard (found by id: nothing is
    read), then Ctrl+Shift+I.
    """
    dashboard = window.dashboard
    assert dashboard is not None
    u = Umpire(qtbot, window)
    assert dashboard.select_unit(firer)
    for pane in dashboard.panes:
        source = pane.model.unit_index(target)
        if source.isValid():
            index = pane.proxy.mapFromSource(source)
            pane.tree.scrollTo(index)
            at = pane.tree.visualRect(index).center()
            qtbot.mouseClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, CTRL, at)
    QApplication.processEvents()
    u.press(Qt.Key.Key_I, CTRL_SHIFT)
    assert isinstance(window.wizard, FireWizard)
    page = window.wizard.currentPage()
    assert isinstance(page, QueuePage)
    assert page.draft.values["firers"] == (firer,)
    assert page.draft.values["target"] == target
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.die)
    return u, page


def _apply_and_close(qtbot: QtBot, window: MainWindow, u: Umpire, *, click: bool = False) -> None:
    """Apply all (Return at the die, else a click), Escape, the dashboard and log repainted."""
    wizard = window.wizard
    assert wizard is not None
    assert window.journal is not None
    if click:
        button = wizard.button(QWizard.WizardButton.CommitButton)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    else:
        u.press(Qt.Key.Key_Return)
    page = wizard.currentPage()
    assert isinstance(page, FireAppliedPage), getattr(page, "result", page).text()
    u.press(Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.wizard is None)
    journal = window.journal
    qtbot.waitUntil(lambda: journal.model.entries[0].kind == "fire")  # newest first
    QApplication.processEvents()


def _settled(window: MainWindow) -> None:
    """The main window done with its first look for changes made elsewhere.

    That look also records the game as the one open (for a players' display): not part of
    the fire. The tests then decide what changed elsewhere and when.
    """
    assert window.hub is not None
    window.hub.follow()
    window.hub._follow.stop()  # and no more looking meanwhile
    QApplication.processEvents()


def test_an_infantry_fire_opens_three_sessions_and_runs_the_rule_three_times(
    qtbot: QtBot, window: MainWindow, fire_runs: list[int]
) -> None:
    game = _game(window)
    _to_fire(game)
    firer, target = _unit(game, FIRER), _unit(game, TARGET)
    _settled(window)
    db = game.db
    sessions, fire_runs[0] = db.sessions_opened, 0
    u, page = _open_fire(qtbot, window, firer, target)
    qtbot.keyClick(page.die, Qt.Key.Key_3)  # the die: 1 hit (EotE 6.6)
    assert "hit" in page.result.text(), page.result.text()
    _apply_and_close(qtbot, window, u)
    opened = db.sessions_opened - sessions
    assert game.journal(limit=1)[0].summary == "Infantry fire (1 fire): 2/30th Foot 1 hit"
    counted = {"sessions": opened, "fire runs": fire_runs[0]}
    assert opened <= FIRE_SESSIONS, counted
    assert fire_runs[0] <= FIRE_RUNS, counted


def test_the_wizard_opened_after_another_copy_wrote_reads_the_game_as_it_stands(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Another window (a service of its own) marks 2 hits on the target, then the fire.

    The fire's 1 hit then calls for its morale check (EotE 7.5); the target carries 3.
    """
    game = _game(window)
    _to_fire(game)
    firer, target = _unit(game, FIRER), _unit(game, TARGET)
    _settled(window)  # the main window will not have looked for changes made elsewhere
    other = GameService(game.db, game.game_id)
    other.set_unit(target, "hits", 2)
    u, page = _open_fire(qtbot, window, firer, target)
    assert page.draft.unit(target).hits == 2
    qtbot.keyClick(page.die, Qt.Key.Key_3)
    assert "morale check due" in page.result.text(), page.result.text()
    _apply_and_close(qtbot, window, u)
    assert other.unit_view(target).hits == 3
    assert "(morale due)" in game.journal(limit=1)[0].summary


def test_a_fire_applied_after_another_copy_wrote_lands_on_the_game_as_it_stands(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The fire was queued (Alt+A) when the other window marked 2 hits; then Apply all."""
    game = _game(window)
    _to_fire(game)
    firer, target = _unit(game, FIRER), _unit(game, TARGET)
    _settled(window)
    u, page = _open_fire(qtbot, window, firer, target)
    qtbot.keyClick(page.die, Qt.Key.Key_3)
    assert "morale check due" not in page.result.text()
    u.press(Qt.Key.Key_A, ALT)  # queued: the next fire's firer is asked
    assert len(page.queue.fires) == 1
    assert "morale check" not in page.totals.text()
    other = GameService(game.db, game.game_id)
    other.set_unit(target, "hits", 2)
    _apply_and_close(qtbot, window, u, click=True)  # Apply all, the firer's box in focus
    assert other.unit_view(target).hits == 3  # the other copy's 2 kept, the fire's 1 added
    assert "(morale due)" in game.journal(limit=1)[0].summary


# ----------------------------------------------------------------------------- AVlE (9.2)
LANCERS, BIJLANDT = "Piré's lancers (Hubert)", "Bijlandt's brigade (line)"


@pytest.fixture
def shock_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times AVlE's fire-and-shock situation was built (wrapped to count)."""
    from eote_ref.packs.avle import play_combat

    builds = [0]
    build = play_combat._combat_situation

    def counted(*args: Any) -> Any:
        builds[0] += 1
        return build(*args)

    monkeypatch.setattr(play_combat, "_combat_situation", counted)
    return builds


def _shock(qtbot: QtBot, db: Database) -> tuple[PackCheckDialog, PackGameService]:
    """Piré's lancers, ordered, open their shock; its target is Bijlandt (AVlE 9.2)."""
    window = shown_window(qtbot, db, quatre_bras(db).game_id)
    assert window.pack_game.hub is not None
    service: PackGameService = window.pack_game.hub.service
    lancers, line = unit_id(service, LANCERS), unit_id(service, BIJLANDT)
    mark(service, ("game_unit", lancers, "markers.ordered", True))
    dialog = window.pack_game.open_check("shock", {"unit_id": lancers})
    assert isinstance(dialog, PackCheckDialog)
    dialog.answer("target_unit", line)
    return dialog, service


def test_an_avle_shock_builds_its_situation_once_per_set_of_answers(
    qtbot: QtBot, db: Database, shock_builds: list[int]
) -> None:
    """Opened (its answers pre-filled), then the target chosen: two builds.

    However many times the dialog previews, tries the dice and applies.
    """
    dialog, service = _shock(qtbot, db)
    dialog.enter_die("roll", 9)
    dialog.enter_die("effect_roll", 1)
    # 9.2: lancers 12, +8 on infantry in the open: two hits; the d6 of 1, 1 lost (9.0, 9.1).
    assert dialog.result_text().startswith("Result: 1 lost"), dialog.result_text()
    dialog.apply()
    assert dialog.applied
    assert shock_builds[0] <= 2, shock_builds[0]


def test_an_avle_shock_applied_after_another_copy_wrote_is_built_on_the_game_as_it_stands(
    qtbot: QtBot, db: Database, shock_builds: list[int]
) -> None:
    """Another window stops the lancers (a battery's reaction, 9.3) once the dice are in.

    The shock is refused, not applied from the situation built before.
    """
    dialog, service = _shock(qtbot, db)
    dialog.enter_die("roll", 9)
    dialog.enter_die("effect_roll", 1)
    steps = len(service.journal())
    lancers = unit_id(service, LANCERS)
    other = PackGameService(db, service.game_id)
    mark(other, ("game_unit", lancers, "markers.stopped", True))
    dialog.apply()
    assert not dialog.applied
    assert len(service.journal()) == steps + 1  # the other copy's step, and no shock
    assert shock_builds[0] == 3  # the state had moved: built again on it
