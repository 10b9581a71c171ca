"""A scenario's army morale in the real window: the track, its effects, the display under fog."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.referee.players_view import Fog, set_fog_of_war
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.store import Database, SetField
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.players_display import PlayersDisplay
from eote_ref.ui.scenario_dialog import ScenarioDialog
from eote_ref.ui.wizards.odds import modifiers_html
from tests.ui.helpers import settle, wizard_for

SCENARIOS = {p.stem: p for p in shipped_scenarios()}


def _window(qtbot: QtBot, db: Database) -> MainWindow:
    game_id = create_scenario_game(db, load(SCENARIOS["waterloo-derlon"]))
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.open_game(game_id)
    return window


def test_a_demoralised_army_in_the_window_guide_dashboard_wizard_and_display(
    qtbot: QtBot, db: Database
) -> None:
    window = _window(qtbot, db)
    assert window.hub is not None
    assert window.dashboard is not None
    assert window.guide is not None
    game = window.hub.service
    steps = window.dashboard.ui.stepsLabel
    assert "French army morale 20 of 20 (demoralised at 8)" in steps.text()
    # the secret threshold of the Anglo-Allied track is not on the umpire's screen either
    assert "Anglo-Allied army morale 18 of 18 (demoralised at a secret level)" in steps.text()
    # the event recorded in the scenario dialog moves the track, one undoable step
    dialog = window.open_scenario()
    assert isinstance(dialog, ScenarioDialog)
    index = dialog.event_combo.findText("French: The eagle of the 45e taken (-3)")
    assert index >= 0
    dialog.event_combo.setCurrentIndex(index)
    dialog.event_button.click()
    qtbot.waitUntil(lambda: "French army morale 17 of 20" in steps.text())
    assert "The eagle of the 45e taken (turn 1): -3" in dialog.morale.text()
    units = [u for u in window.hub.view.sides[0].units if u.arm == "infantry"]
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in units[:9]]
    )
    qtbot.waitUntil(lambda: "DEMORALISED" in steps.text())
    titles = [c.title for c in window.guide.checks if c.procedure == "army_morale"]
    assert titles == [
        "French army morale 8 of 20 (demoralised at 8): DEMORALISED: "
        "\u22121 to morale checks, \u22121 to integrity checks, no charges"
    ]
    # the morale wizard of a French unit shows the scenario's modifier, marked house
    wizard = wizard_for(qtbot, game, "morale", unit_id=units[-1].id)
    shown = modifiers_html(wizard.check, wizard.check.preview(), "#888")
    assert "scenario: French demoralised (house rule) <i>(house)</i>" in shown
    assert "−1" in shown
    # the players' display, fog on the opponent, shown to the French: the enemy's value hidden
    set_fog_of_war(game, Fog.OPPONENT)
    display = PlayersDisplay(window.hub, viewer=0)
    qtbot.addWidget(display)
    display.show()
    settle(qtbot, display)
    text = display.morale_label.text()
    assert "French army morale 8 of 20 (demoralised at 8): DEMORALISED" in text
    assert "Anglo-Allied army morale: holding" in text
    assert "18" not in text.split("·")[1]
    # undo the routs (fog of war is a view setting, no step): the track, guide and dashboard
    window.undo()
    qtbot.waitUntil(lambda: "French army morale 17 of 20" in steps.text())
    assert not [c for c in window.guide.checks if c.procedure == "army_morale"]


def test_the_scenario_dialog_holds_back_and_releases_reinforcements(
    qtbot: QtBot, db: Database
) -> None:
    window = _window(qtbot, db)
    assert window.hub is not None
    dialog = window.open_scenario()
    assert isinstance(dialog, ScenarioDialog)
    assert dialog.arrival_combo.count() == 1
    dialog.hold_turns.setValue(3)
    dialog.hold_button.click()
    qtbot.waitUntil(lambda: "held back until turn 4" in dialog.reinforcements.text())
    before = len(window.hub.view.sides[1].units)
    dialog.release_button.click()
    qtbot.waitUntil(lambda: len(window.hub.view.sides[1].units) == before + 7)
    assert "arrived on turn 1" in dialog.reinforcements.text()
    assert dialog.arrival_combo.count() == 0
    window.undo()
    qtbot.waitUntil(lambda: len(window.hub.view.sides[1].units) == before)
    assert "held back until turn 4" in dialog.reinforcements.text()


def test_the_movement_timer_s_penalty_is_shown_when_time_runs_out(
    qtbot: QtBot, db: Database
) -> None:
    import time

    from eote_ref.referee.game import GameService
    from eote_ref.referee.phases import Phase
    from eote_ref.ui.game_hub import GameHub
    from tests.ui.helpers import to_phase

    game = GameService(db, create_scenario_game(db, load(SCENARIOS["austerlitz-pratzen"])))
    hub = GameHub(game)
    dialog = ScenarioDialog(hub)
    qtbot.addWidget(dialog)
    dialog.show()
    display = PlayersDisplay(hub)
    qtbot.addWidget(display)
    display.show()
    to_phase(game, Phase.MOVEMENT)
    dialog.start_timer()
    settle(qtbot, display)
    assert display.timer_left() is not None
    # the time runs out on both screens
    dialog._deadline = time.monotonic() - 1
    dialog._show_timer()
    display._timer_end = time.monotonic() - 1
    display._show_timer()
    penalty = "time is up — units not yet moved this phase stay where they are"
    assert penalty in dialog.timer_label.text()
    assert penalty in display.timer_label.text()


def test_end_battle_shows_the_ledger_line_by_line(qtbot: QtBot, db: Database) -> None:
    window = _window(qtbot, db)
    assert window.hub is not None
    game = window.hub.service
    units = [u for u in window.hub.view.sides[0].units if u.arm == "infantry"][:12]
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in units]
    )
    end = window.end_battle()
    assert end is not None
    text = end.victory_label.text()
    assert "Scenario result: Decisive victory for Anglo-Allied (7 points to 0)" in text
    assert "<li>automatic victory for Anglo-Allied: French demoralised</li>" in text
    assert "<li>Anglo-Allied holds La Haye Sainte (+3)</li>" in text
    end.reject()


def test_the_secret_threshold_is_rolled_in_the_dialog_and_never_shown_to_the_players(
    qtbot: QtBot, db: Database
) -> None:
    window = _window(qtbot, db)
    assert window.hub is not None
    assert window.guide is not None
    game = window.hub.service
    dialog = window.open_scenario()
    assert isinstance(dialog, ScenarioDialog)
    assert not dialog.secret_button.isVisible()
    allied = window.hub.view.sides[1].units[:9]  # 18 - 9 = 9: within 3 of 6
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in allied]
    )
    qtbot.waitUntil(dialog.secret_button.isVisible)
    asked = [c for c in window.guide.checks if c.procedure == "army_morale"]
    assert [c.title for c in asked] == [
        "Anglo-Allied army morale nears its level: roll the secret threshold (d6, Turn → Scenario…)"
    ]
    dialog.secret_die.setText("6")
    dialog.secret_button.click()
    qtbot.waitUntil(lambda: "(demoralised at 9): DEMORALISED" in dialog.morale.text())
    display = PlayersDisplay(window.hub)
    qtbot.addWidget(display)
    display.show()
    settle(qtbot, display)
    shown = display.morale_label.text()
    assert "Anglo-Allied army morale 9 of 18 (demoralised at a secret level): DEMORALISED" in shown
    assert "at 9" not in shown
