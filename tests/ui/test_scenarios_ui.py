"""Scenarios in the app: the wizard, reinforcements in the turn guide, the scenario dialog.

The wizard starts from one or writes one; the turn guide brings reinforcements on; the
scenario dialog ticks objectives and runs the movement timer, shown on the players' display.
"""

from __future__ import annotations

import math
import pathlib
import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QWidget, QWizard
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.fire import FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.referee.setup import SetupService
from eote_ref.scenarios.loader import load_scenario
from eote_ref.store import Database
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.new_game_wizard.commands_page import CommandsPage
from eote_ref.ui.new_game_wizard.lists_page import ListsPage
from eote_ref.ui.new_game_wizard.scenario_chooser import WHOLE_LISTS
from eote_ref.ui.new_game_wizard.summary_page import SummaryPage
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
from eote_ref.ui.players_display import PlayersDisplay
from eote_ref.ui.scenario_dialog import ReinforcementDialog, ScenarioDialog
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import fact_widget
from tests.ui.helpers import settle, shown_window, to_phase, wizard_for

SCENARIOS = {p.stem: p for p in shipped_scenarios()}


def window_on(qtbot: QtBot, db: Database, scenario: str) -> MainWindow:
    """The main window, shown, on a new game of shipped scenario ``scenario``."""
    game_id = create_scenario_game(db, load(SCENARIOS[scenario]))
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.open_game(game_id)
    return window


def _wizard(qtbot: QtBot, db: Database) -> NewGameWizard:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    return w


def test_the_wizard_starts_a_game_from_a_shipped_scenario(qtbot: QtBot, db: Database) -> None:
    w = _wizard(qtbot, db)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    lists.scenarios.choose("Hougoumont")
    assert not lists.ui.listsTable.isEnabled()  # the scenario brings its lists
    assert "Hougoumont" in lists.scenarios.note.text()
    w.next()
    commands = w.currentPage()
    assert isinstance(commands, CommandsPage)
    assert "6th Infantry Division" in commands.scenario_text.text()
    # nothing to untick on a scenario's page: its subtitle says so (not "Untick what ...")
    assert "The scenario sets the commands in play" in commands.subTitle()
    w.back()
    lists.scenarios.choose(WHOLE_LISTS)
    w.select_lists(["waterloo-1815-french.yaml"], ["waterloo-1815-anglo-allied.yaml"])
    w.next()
    assert commands.subTitle().startswith("Untick what is not on the table")
    w.back()
    lists.scenarios.choose("Hougoumont")
    w.next()
    while not isinstance(w.currentPage(), SummaryPage):
        w.next()
    summary = w.currentPage()
    assert "Scenario:</b> Hougoumont" in summary.summary_html()
    w.button(QWizard.WizardButton.FinishButton).click()
    assert w.game_id is not None
    view = GameService(db, w.game_id).view()
    assert view.name == "Hougoumont"
    assert [s.name for s in view.sides] == ["French", "Anglo-Allied"]
    assert [d.name for d in view.sides[1].divisions] == ["1st British Division"]
    assert view.figure_scale == "15mm"
    assert view.initiative == 0  # the scenario's French


def test_choosing_commands_in_the_wizard_writes_a_scenario(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    w = _wizard(qtbot, db)
    w.select_lists(["austerlitz-1805-french.yaml"], ["austerlitz-1805-allied.yaml"])
    w.next()
    w.next()
    commands = w.currentPage()
    assert isinstance(commands, CommandsPage)
    battery = "IV Corps / 3rd Division / 3rd Division foot battery"
    commands.set_in_play(0, ["IV Corps / 1st Division", "IV Corps / 2nd Division", battery])
    commands.set_in_play(1, ["4th Column"])
    assert w.draft.in_play == [
        ["IV Corps / 1st Division", "IV Corps / 2nd Division", battery],
        ["4th Column"],
    ]
    saved = commands.save(tmp_path / "my-pratzen.yaml")
    loaded = load_scenario(saved, [p.parent.parent for p in SCENARIOS.values()][:1])
    assert [r.text().split(" / ")[-1] for r in loaded.sides[0].in_play] == [
        "1st Division",
        "2nd Division",
        "3rd Division foot battery",
    ]
    while not isinstance(w.currentPage(), SummaryPage):
        w.next()
    w.button(QWizard.WizardButton.FinishButton).click()
    assert w.game_id is not None
    view = GameService(db, w.game_id).view()
    french = view.sides[0]
    assert [d.name for d in french.divisions] == ["1st Division", "2nd Division", "3rd Division"]
    assert [u.name for u in french.divisions[2].units] == ["3rd Division foot battery"]
    assert len(view.sides[1].units) == 31  # the 4th Column only, of ~260 allied units


def test_the_turn_guide_brings_reinforcements_on_in_their_turn(qtbot: QtBot, db: Database) -> None:
    window = window_on(qtbot, db, "waterloo-derlon")
    assert window.hub is not None
    assert window.guide is not None
    game = window.hub.service
    assert not [c for c in window.guide.checks if c.procedure == "reinforcement"]
    to_phase(game, Phase.COMMAND, turn=3)
    qtbot.waitUntil(lambda: window.hub is not None and window.hub.view.turn == 3)
    due = [c for c in window.guide.checks if c.procedure == "reinforcement"]
    assert len(due) == 1
    assert "Household" in due[0].title
    before = len(window.hub.view.sides[1].units)
    window.open_due(due[0])
    dialog = window.reinforcement_dialog
    assert isinstance(dialog, ReinforcementDialog)
    assert dialog.die is None  # by turn: no roll
    dialog.accept()
    qtbot.waitUntil(lambda: len(window.hub.view.sides[1].units) == before + 7)
    assert not [c for c in window.guide.checks if c.procedure == "reinforcement"]
    window.undo()
    qtbot.waitUntil(lambda: len(window.hub.view.sides[1].units) == before)


def test_scenario_dialog_ticks_objectives_and_runs_the_timer(qtbot: QtBot, db: Database) -> None:
    game = GameService(db, create_scenario_game(db, load(SCENARIOS["austerlitz-pratzen"])))
    hub = GameHub(game)
    dialog = ScenarioDialog(hub)
    qtbot.addWidget(dialog)
    dialog.show()
    assert "Marginal victory for Allied" in dialog.victory.text()
    heights = dialog.held["The Pratzen heights"]
    heights.setCurrentIndex(1)
    heights.activated.emit(1)  # the umpire's pick: French
    qtbot.waitUntil(lambda: "Decisive victory for French" in dialog.victory.text())
    display = PlayersDisplay(hub)
    qtbot.addWidget(display)
    display.show()
    to_phase(game, Phase.MOVEMENT)
    settle(qtbot, display)
    assert display.timer_left() is None
    assert dialog.timer_button.isVisible()
    started = time.monotonic()
    dialog.start_timer()
    settle(qtbot, display)
    left = display.timer_left()
    # five minutes, less what has passed (however long a loaded machine took to show it) and
    # the start's fraction of a second (kept to the second)
    passed = math.ceil(time.monotonic() - started)
    assert left is not None
    assert 300 - passed - 1 <= left <= 300
    assert "left" in display.timer_label.text()
    assert 300 - passed - 1 <= dialog.remaining() <= 300


def test_end_battle_shows_the_victory_level(qtbot: QtBot, db: Database) -> None:
    from eote_ref.ui.battle_summary import BattleSummaryDialog, summary_html

    game = GameService(db, create_scenario_game(db, load(SCENARIOS["waterloo-hougoumont"])))
    dialog = BattleSummaryDialog(GameHub(game))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.victory_label.isVisible()
    text = dialog.victory_label.text()
    assert "Scenario result: Decisive victory for Anglo-Allied (6 points to 0)" in text
    assert "Anglo-Allied holds Hougoumont château and farm (+4)" in text
    assert "Decisive victory for Anglo-Allied" in summary_html(dialog.summary)


def test_a_scenario_sets_the_wizard_s_scale_initiative_and_formations(
    qtbot: QtBot, db: Database
) -> None:
    w = _wizard(qtbot, db)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    lists.scenarios.choose("The Pratzen heights")
    assert w.draft.figure_scale == "6mm"
    assert w.draft.initiative == 0
    assert w.draft.formation(0, "infantry") == "column"
    w.draft.formations[1]["infantry"] = "column"  # the umpire's change on the initiative page
    while not isinstance(w.currentPage(), SummaryPage):
        w.next()
    w.button(QWizard.WizardButton.FinishButton).click()
    assert w.game_id is not None
    view = GameService(db, w.game_id).view()
    assert view.figure_scale == "6mm"
    allied_infantry = {u.formation for u in view.sides[1].units if u.arm == "infantry"}
    assert allied_infantry == {"column"}


def test_the_summary_of_a_scenario_counts_only_its_units(qtbot: QtBot, db: Database) -> None:
    """The summary of a scenario names its commands in play with their units.

    The Arapiles puts 13 French units of the list's 93 on the table: the summary says so, with
    the reinforcements and the end, not the whole lists' divisions and units.
    """
    w = _wizard(qtbot, db)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    lists.scenarios.choose("The Arapiles")
    while not isinstance(w.currentPage(), SummaryPage):
        w.next()
    summary = w.currentPage()
    assert isinstance(summary, SummaryPage)
    text = summary.ui.summaryText.toPlainText()
    assert "93 units" not in text
    assert "110 units" not in text
    assert "8th Division (13 units)" in text
    assert "4th Division (10 units)" in text
    assert "Pack's Portuguese Brigade (5 units)" in text
    assert "2nd Division (French): turn 3" in text
    assert "6th Division (Anglo-Portuguese): from turn 4 on a d10 of 5+" in text
    assert "9 turns" in text
    assert "The Greater Arapile (3 pts)" in text


def test_the_side_headers_count_one_division_and_one_hit_in_the_singular(
    qtbot: QtBot, db: Database
) -> None:
    """The Arapiles' French are one division: "1 division", and one hit is "1 hit"."""
    window = window_on(qtbot, db, "salamanca-arapiles")
    assert window.hub is not None
    game = window.hub.service
    first = game.view().sides[0].units[0]
    game.set_unit(first.id, "hits", 1)
    assert window.dashboard is not None
    qtbot.waitUntil(lambda: "hit" in window.dashboard.panes[0].header.text())
    french = next(p for p in window.dashboard.panes if "French" in p.header.text())
    qtbot.waitUntil(lambda: "1 hit" in french.header.text())
    text = french.header.text()
    assert "1 division ·" in text
    assert "13 units" in text
    assert "1 hit" in text
    assert "1 hits" not in text
    assert "1 divisions" not in text


def test_a_short_list_of_units_in_a_wizard_shows_their_codes(qtbot: QtBot, db: Database) -> None:
    """A short checklist of units names them by code, as the pickers do.

    The Arapiles' French have one battery: a short list of it, made a checklist, shows the
    battery's code (``F13 8th Division ...``). The fire queue's firers are always a picker
    (a code and Return tick a battery there however short the list, issue 30); it shows the
    code too.
    """
    game = GameService(db, create_scenario_game(db, load(SCENARIOS["salamanca-arapiles"])))
    to_phase(game, Phase.FIRE)
    battery = next(u for u in game.view().sides[0].units if u.arm == "artillery")
    assert battery.code == "F13"
    wizard = build_wizard(GameHub(game), "artillery_fire", unit_id=battery.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    shown = f"F13 {battery.name} (French, CE 5, unlimbered)"
    picker = page.widgets["firers"]
    assert isinstance(picker, UnitPicker)
    assert picker.shown() == [shown]
    fact = next(f for f in page.draft.facts() if f.key == "firers")
    firers = fact_widget(fact, (), lambda _v: None, page.draft)
    qtbot.addWidget(firers)
    assert isinstance(firers, QListWidget)  # one battery: a checklist
    texts = [firers.item(i).text() for i in range(firers.count())]
    assert texts == [shown]


def test_the_integrity_wizard_of_a_whole_division_fits_a_laptop_screen(
    qtbot: QtBot, db: Database
) -> None:
    """Twelve ticked battalions are summed up on one line, elided, not widening the wizard.

    The 8th Division's integrity check (the Arapiles) listed its twelve battalions in the
    picker's "✓ 12: ..." line at full length and opened 1,449 px wide.
    """
    game = GameService(db, create_scenario_game(db, load(SCENARIOS["salamanca-arapiles"])))
    to_phase(game, Phase.INTEGRITY)
    division = game.view().sides[0].divisions[0]
    wizard = wizard_for(qtbot, game, "integrity", division_id=division.id)
    picker = wizard.findChild(UnitPicker)
    assert picker is not None
    assert picker.chosen.text().startswith("✓ 12: 1/118e Ligne, 2/118e Ligne")
    assert picker.chosen.text().endswith("3/122e Ligne")  # the whole list, in its tooltip too
    assert picker.chosen.toolTip() == picker.chosen.text()
    assert wizard.minimumSizeHint().width() <= 1000
    assert wizard.sizeHint().width() <= 1280
    # The filter says that a code finds a unit (the codes are what the base labels show).
    assert picker.edit.placeholderText().startswith("Code or name")


def test_end_battle_at_the_start_of_turn_3_does_not_say_3_turns_played(
    qtbot: QtBot, db: Database
) -> None:
    """End battle at the start of turn 3: two turns are over (issue 23; fixed on main too)."""
    window = window_on(qtbot, db, "salamanca-arapiles")
    assert window.hub is not None
    to_phase(window.hub.service, Phase.COMMAND, turn=3)
    qtbot.waitUntil(lambda: window.hub is not None and window.hub.view.turn == 3)
    dialog = window.end_battle()
    assert dialog is not None
    qtbot.addWidget(dialog)
    texts = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "3 turns played" not in texts
    assert "2 turns played" in texts
    dialog.close()


def test_the_dashboard_filter_has_room_for_a_code_at_a_laptops_width(
    qtbot: QtBot, db: Database
) -> None:
    """At 1,440 px the keys' hint beside the filter squeezed it to 28 px ("Fi…")."""
    game_id = create_scenario_game(db, load(SCENARIOS["salamanca-arapiles"]))
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    window.open_game(game_id)
    qtbot.waitExposed(window)
    dashboard = window.dashboard
    assert dashboard is not None
    edit = dashboard.ui.filterEdit
    qtbot.waitUntil(lambda: edit.width() >= 200)
    assert "code" in edit.placeholderText()
    assert window.width() <= 1440  # the hint gives way; it does not widen the window
    assert dashboard.ui.keysLabel.width() >= 500  # and still shows the keys beside it


def test_an_arrival_roll_opens_empty_and_enter_alone_brings_nobody_on(
    qtbot: QtBot, db: Database
) -> None:
    """The 6th Division's d10 (the Arapiles, 5+ from turn 4) opened on 10: Enter brought it on.

    The box now opens empty, Enter before a die records nothing, and a typed 3 is a miss.
    """
    window = window_on(qtbot, db, "salamanca-arapiles")
    assert window.hub is not None
    game = window.hub.service
    to_phase(game, Phase.COMMAND, turn=4)
    qtbot.waitUntil(lambda: window.hub is not None and window.hub.view.turn == 4)
    assert window.guide is not None
    due = [c for c in window.guide.checks if c.procedure == "reinforcement"]
    sixth = next(c for c in due if "6th Division" in c.title)
    units = len(game.view().sides[1].units)
    window.open_due(sixth)
    dialog = window.reinforcement_dialog
    assert isinstance(dialog, ReinforcementDialog)
    assert dialog.die is not None
    assert dialog.die.text() == ""
    assert not dialog.ok.isEnabled()
    steps = len(game.journal())
    qtbot.keyClick(dialog.die, Qt.Key.Key_Return)
    assert len(game.journal()) == steps  # nothing rolled, nothing written
    assert len(game.view().sides[1].units) == units
    qtbot.keyClick(dialog.die, Qt.Key.Key_3)
    assert dialog.ok.isEnabled()
    qtbot.keyClick(dialog.die, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(game.journal()) == steps + 1)
    assert game.journal()[0].summary.startswith("Reinforcements do not arrive (d10 3, 5+")
    assert len(game.view().sides[1].units) == units


def test_the_players_display_shows_whole_division_names_and_headers_at_1280(
    qtbot: QtBot, db: Database
) -> None:
    """At 1,280 × 720 the display read "Pack's …" and "tate and marke" (the header cut)."""
    game = GameService(db, create_scenario_game(db, load(SCENARIOS["salamanca-arapiles"])))
    display = PlayersDisplay(GameHub(game))
    qtbot.addWidget(display)
    display.resize(1280, 720)
    display.show()
    settle(qtbot, display)
    allies = display.sides[1]
    table = allies.table
    header = table.horizontalHeader()
    for col in range(1, allies.model.columnCount()):
        title = str(allies.model.headerData(col, Qt.Orientation.Horizontal))
        assert header.fontMetrics().horizontalAdvance(title) + 12 <= header.sectionSize(col)
    pack = next(i for i, r in enumerate(allies.model.rows) if r.cells[0].startswith("Pack"))
    assert table.columnSpan(pack, 0) == allies.model.columnCount()
    name = allies.model.rows[pack].cells[0]
    room = sum(header.sectionSize(c) for c in range(allies.model.columnCount()))
    assert table.fontMetrics().horizontalAdvance(name) < room


def test_return_fire_by_codes_makes_the_last_target_the_firer(qtbot: QtBot, db: Database) -> None:
    """F3 fires at A4; then "4" on the allies' table and Ctrl+3 must read A4 firing at F3.

    Typing the number of the row already selected (the last target) changed no selection, so
    the dashboard kept F3 as the firer and A4 as its target, and Ctrl+Shift+I opened F3's fire
    again.
    """
    game_id = create_scenario_game(db, load(SCENARIOS["salamanca-arapiles"]))
    window = shown_window(qtbot, db, game_id)
    dashboard = window.dashboard
    assert dashboard is not None
    french, allies = (p.tree for p in dashboard.panes)
    french.setFocus()
    qtbot.waitUntil(french.hasFocus)

    def codes() -> tuple[list[str], list[str]]:
        first, second = dashboard.selection()
        return [u.code for u in first], [u.code for u in second]

    def number(tree: QWidget, digit: Qt.Key, mods: Qt.KeyboardModifier) -> None:
        dashboard.code_keys.clock.invalidate()  # a pause: a new number
        qtbot.keyClick(tree, digit, mods)

    ctrl = Qt.KeyboardModifier.ControlModifier
    plain = Qt.KeyboardModifier.NoModifier
    number(french, Qt.Key.Key_3, plain)
    number(french, Qt.Key.Key_4, ctrl)
    assert codes() == (["F3"], ["A4"])
    qtbot.keyClick(french, Qt.Key.Key_F6)
    qtbot.waitUntil(allies.hasFocus)
    number(allies, Qt.Key.Key_4, plain)
    assert codes() == (["A4"], [])
    number(allies, Qt.Key.Key_3, ctrl)
    assert codes() == (["A4"], ["F3"])


def test_the_phase_steps_say_the_inches_at_the_games_scale(qtbot: QtBot, db: Database) -> None:
    """At 6mm infantry fires within 3" and fights within 1"; the steps said 5" and 3"."""
    game_id = create_scenario_game(db, load(SCENARIOS["salamanca-arapiles"]), figure_scale="6mm")
    window = shown_window(qtbot, db, game_id)
    assert window.hub is not None
    dashboard = window.dashboard
    assert dashboard is not None
    game = window.hub.service
    to_phase(game, Phase.FIRE)
    qtbot.waitUntil(lambda: "Tactical fire" in dashboard.ui.stepsLabel.text())
    assert "infantry within 3&quot;" in dashboard.ui.stepsLabel.text()
    to_phase(game, Phase.ASSAULT)
    qtbot.waitUntil(lambda: "Tactical assault" in dashboard.ui.stepsLabel.text())
    assert "artillery within 1&quot;" in dashboard.ui.stepsLabel.text()


def test_the_wizard_warns_of_a_side_nobody_can_order(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    """EotE 3.1: a scenario without a commander above a side's divisions is warned of."""
    text = SCENARIOS["salamanca-pakenham"].read_text(encoding="utf-8")
    bare = tmp_path / "pakenham-without-commanders.yaml"
    bare.write_text(
        text.replace("    commander: Armée de Portugal\n", "").replace(
            "    commander: Anglo-Portuguese Army\n", ""
        ),
        encoding="utf-8",
    )
    w = _wizard(qtbot, db)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    lists.scenarios.choose("Pakenham's attack")  # shipped: each side has its commander
    assert "Warning" not in lists.scenarios.note.text()
    assert lists.scenarios.add_file(bare)
    note = lists.scenarios.note.text()
    assert note.count("EotE 3.1") == 2  # both sides
    assert "French has no army, wing or corps commander" in note


def test_turn_correct_brings_a_commander_into_the_game(qtbot: QtBot, db: Database) -> None:
    """EotE 3.1: Turn → Correct gives a side nobody could order its army commander; Ctrl+Z."""
    from PySide6.QtWidgets import QComboBox

    from eote_ref.scenarios.loader import load_scenario_text
    from eote_ref.ui.corrections_dialog import CorrectionDialog

    path = SCENARIOS["salamanca-pakenham"]
    text = path.read_text(encoding="utf-8").replace("    commander: Anglo-Portuguese Army\n", "")
    game_id = create_scenario_game(db, load_scenario_text(text, search=[path.parent.parent]))
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    window.open_game(game_id)
    game = GameService(db, game_id)
    assert game.view().sides[1].commanders == ()
    third = next(d for d in game.view().sides[1].divisions if d.name == "3rd Division")
    assert window.dashboard is not None
    window.dashboard.select_unit(third.units[0].id)
    window.menuCorrect.actions()[-1].trigger()
    dialog = window.correction_dialog
    assert isinstance(dialog, CorrectionDialog)
    combo = dialog.fields["commander"]
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData("Anglo-Portuguese Army"))
    assert dialog.apply()
    assert [c.leader.name for c in game.view().sides[1].commanders if c.leader] == ["Wellington"]
    entry = game.journal(limit=1)[0]
    assert (entry.kind, entry.summary.startswith("Umpire's correction: Wellington")) == (
        "correction",
        True,
    )
    window.undo()
    assert game.view().sides[1].commanders == ()
