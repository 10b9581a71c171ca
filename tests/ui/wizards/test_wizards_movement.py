"""Movement phase wizards and the movement reference panel on the demo battle (EotE 5.x)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDockWidget, QTabBar
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.movement_panel import MovementPanel
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.session import Database
from eote_ref.referee.views import UnitView
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards.base import CheckWizard, FactsPage, RollPage
from tests.games import game_state
from tests.ui.helpers import wizard_for


def to_movement(game: GameService) -> None:
    while game.view().phase is not Phase.MOVEMENT:
        game.advance_phase()


def first(game: GameService, side: int, arm: str) -> UnitView:
    return next(u for u in game.view().sides[side].units if u.arm == arm)


def find(game: GameService, unit_id: int) -> UnitView:
    return next(u for s in game.view().sides for u in s.units if u.id == unit_id)


def choose(wizard: CheckWizard, key: str, value: object) -> None:
    combo = wizard.page_of(FactsPage).widgets[key]
    if isinstance(combo, UnitPicker):  # a long list of units: the typing picker
        combo.set_value(value)
        return
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData(value))


def test_formation_wizard_sets_formation_and_flag(qtbot: QtBot, demo: GameService) -> None:
    to_movement(demo)
    u = first(demo, 0, "infantry")
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, "formation", unit_id=u.id)
    choose(wizard, "formation", "column")
    # Inside tactical combat range (EotE 1.8.3): the umpire ticks it; only then the -2 flag.
    wizard.page_of(FactsPage).widgets["in_combat_range"].setChecked(True)
    wizard.next()
    assert "costs 3&quot; of movement" in wizard.page_of(RollPage).result.text()
    wizard.next()
    after = find(demo, u.id)
    assert (after.formation, after.changed_formation) == ("column", True)
    demo.undo()
    assert game_state(demo) == before


def test_charge_wizard_records_contact_and_disorder(qtbot: QtBot, demo: GameService) -> None:
    to_movement(demo)
    cav = first(demo, 0, "cavalry")
    target = first(demo, 1, "infantry")
    wizard = wizard_for(qtbot, demo, "charge", unit_id=cav.id)
    choose(wizard, "target", target.id)
    choose(wizard, "terrain", "stream")
    assert "allowed, disordered" in wizard.page_of(FactsPage).panel.odds.text()
    wizard.next()
    wizard.next()
    assert find(demo, cav.id).disordered
    links = [f for f in demo.view().facts if f.kind == "charge"]
    assert [(ln.unit_id, ln.other_id) for ln in links] == [(cav.id, target.id)]


def test_skirmisher_and_pass_through_wizards(qtbot: QtBot, demo: GameService) -> None:
    to_movement(demo)
    skirm = next(u for u in demo.view().sides[0].units if u.skirmish != "none")
    wizard = wizard_for(qtbot, demo, "skirmishers", unit_id=skirm.id)
    wizard.next()
    wizard.next()
    assert (find(demo, skirm.id).hits, find(demo, skirm.id).skirmishers_out) == (1, True)
    a, b = [u for u in demo.view().sides[1].units if u.arm == "infantry"][:2]
    wizard = wizard_for(qtbot, demo, "pass_through", unit_id=a.id)
    choose(wizard, "other", b.id)
    wizard.next()
    assert "both disordered" in wizard.page_of(RollPage).result.text()
    wizard.next()
    assert find(demo, a.id).disordered
    assert find(demo, b.id).disordered


def test_movement_panel_follows_the_phase_and_the_initiative(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.open_game(demo.game_id)
    window.show()
    qtbot.waitExposed(window)
    dock = window.findChild(QDockWidget, "movementDock")
    assert isinstance(dock, QDockWidget)
    assert not dock.isVisible()
    assert window.hub is not None
    game = window.hub.service
    to_movement(game)
    assert dock.isVisible()
    panel = dock.widget()
    assert isinstance(panel, MovementPanel)
    assert panel.model.rowCount() == sum(
        1 for s in game.view().sides for u in s.units if not u.off_table
    )
    game.set_initiative(1)
    halves = [r for r in panel.rows if "no initiative" in r.status]
    assert halves
    assert all(r.side == game.view().sides[0].name for r in halves)
    panel.side.setCurrentIndex(2)  # the second side only
    assert {r.side for r in panel.rows} == {game.view().sides[1].name}
    game.advance_phase()
    assert not dock.isVisible()


def test_the_movement_panel_is_made_when_its_dock_is_first_shown(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    """A game opened in another phase has no panel yet: the first paint needs none (issue 36)."""
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.open_game(demo.game_id)
    window.show()
    qtbot.waitExposed(window)
    dock = window.findChild(QDockWidget, "movementDock")
    assert isinstance(dock, QDockWidget)
    assert demo.view().phase is not Phase.MOVEMENT
    assert dock.widget() is None
    dock.toggleViewAction().trigger()  # View → Movement, outside the movement phase
    assert dock.isVisible()
    panel = dock.widget()
    assert isinstance(panel, MovementPanel)
    assert panel.hub is window.hub
    assert panel.model.rowCount() == sum(
        1 for s in demo.view().sides for u in s.units if not u.off_table
    )
    # Another game opened while a panel exists: a panel for that game at once.
    window.open_game(demo.game_id)
    qtbot.waitUntil(lambda: dock.widget() is not panel)
    again = dock.widget()
    assert isinstance(again, MovementPanel)
    assert again.hub is window.hub


def _dock_tab_bars_in_sight(window: MainWindow) -> list[tuple[list[str], tuple[int, ...]]]:
    """The docks' tab bars (the window's own) shown inside the window: tabs and geometry."""
    inside = window.rect()
    return [
        ([b.tabText(i) for i in range(b.count())], b.geometry().getRect())
        for b in window.findChildren(QTabBar)
        if b.parent() is window and b.isVisible() and inside.intersects(b.geometry())
    ]


def test_a_saved_layout_with_the_movement_tab_leaves_no_stray_tab_bars(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    """The second start: the layout saved in the movement phase is restored (issue 5).

    The movement dock used to be made when a game opened, after the window had restored a
    layout that held it tabbed beside the journal: Qt then drew the docks' tab bars at the
    window's top-left corner (over the Game menu) and over the journal, in every phase.
    """
    first = MainWindow(db)
    qtbot.addWidget(first)
    first.open_game(demo.game_id)
    first.show()
    qtbot.waitExposed(first)
    to_movement(demo)
    assert first.hub is not None
    first.hub.follow()  # the move to the movement phase made by the test's own service
    first.close()  # saves the layout: the movement dock tabbed beside the journal
    demo.advance_phase()  # on to the fire phase: the movement dock is hidden
    assert demo.view().phase is Phase.FIRE
    second = MainWindow(db)
    qtbot.addWidget(second)
    second.open_game(demo.game_id)
    second.show()
    qtbot.waitExposed(second)
    dock = second.findChild(QDockWidget, "movementDock")
    assert isinstance(dock, QDockWidget)
    assert not dock.isVisible()
    assert _dock_tab_bars_in_sight(second) == []
