"""A VlE game in the app: the wizard starts it, the shared pack screen plays its turn."""

from __future__ import annotations

import pathlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.referee.setup import SetupService, shipped_army_lists_dir
from eote_ref.store import Database
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.dashboard import PackDashboard
from tests.ui.helpers import CTRL, Umpire, shown_window

FOLDER = shipped_army_lists_dir()
assert FOLDER is not None
FRENCH = FOLDER / "vle" / "saalfeld-1806-french.yaml"
PRUSSIAN = FOLDER / "vle" / "saalfeld-1806-prussian.yaml"


def test_the_wizard_starts_a_vle_game_on_the_pack_screen(qtbot: QtBot, db: Database) -> None:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    combo = w.pages[0].packCombo
    combo.setCurrentIndex(combo.findData("vle"))
    assert combo.currentData() == "vle"
    w.select_lists([FRENCH.name], [PRUSSIAN.name])
    while w.currentPage() is not w.pages[-1]:
        w.next()
    w.accept()
    assert w.game_id is not None
    window = shown_window(qtbot, db, w.game_id)
    assert window.pack_game.is_open
    assert isinstance(window.pack_game.dashboard, PackDashboard)
    assert len(PackGameService(db, w.game_id).state().units) == 8 + 9
    assert "Vive l'Empereur! 3rd edition" in window.status_text()


def test_a_turn_with_a_check_and_undo_in_the_app(qtbot: QtBot, db: Database) -> None:
    spec = NewPackGame("Saalfeld", "vle", {"French": [FRENCH], "Prussians": [PRUSSIAN]},
                       scenario="saalfeld")  # fmt: skip
    gid = new_pack_game(db, spec)
    window = shown_window(qtbot, db, gid)
    screen = window.pack_game
    service = screen.hub.service
    assert screen.guide is not None
    assert "<b>Turn 1, player turn 1 of 2 · Cavalry charges: French" in screen.guide.heading.text()
    assert screen.guide.items() == ["end this phase (VlE II)"]  # cited as the pack cites
    # The fire check from the pack's checks, on a Prussian regiment, its die entered.
    unit = next(u for u in service.state().units if u.name == "IR 49 Müffling")
    screen.open_check("fire", {"unit_id": unit.id})
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog)
    assert d.windowTitle().startswith("Fire on a unit")
    d.answer("fire_value", 5)
    d.enter_die("roll", 6)
    d.apply()
    assert d.applied
    assert service.state().unit(unit.id).markers["steps"] == 2
    assert screen.guide.items()[0].startswith("IR 49 Müffling: morale check after fire")
    assert [e.summary for e in service.journal()] == ["fire on IR 49 Müffling at 5: loss 2 (VII.3)"]
    qtbot.waitUntil(lambda: screen.journal.model.rowCount() == 1)
    Umpire(qtbot, window).press(Qt.Key.Key_Z, CTRL)
    assert service.state().unit(unit.id).markers["steps"] == 4
    assert all(e.status != "done" for e in service.journal())
    # The phases of the two player turns (II) through the turn guide's last item.
    for _ in range(12):
        screen.open_check("next_phase", {})
        d = window.pack_game.dialog
        assert isinstance(d, PackCheckDialog)
        d.apply()
    assert service.turn_label().startswith("Turn 2, player turn 1 of 2")


def test_a_house_fire_table_typed_in_the_app_changes_fire_and_reads_house(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    """Rules → Tables: the Fire Table's cells provisional; one typed is house and is read."""
    gid = new_pack_game(db, NewPackGame("S", "vle", {"F": [FRENCH], "P": [PRUSSIAN]}))
    window = shown_window(qtbot, db, gid)
    screen = window.pack_game
    service = screen.hub.service
    window.findChild(QAction, "actionPackTables").trigger()
    tables = screen.tables
    assert tables.cell("fire", "6", "5") == ("2†", "provisional")
    assert tables.cell("loss_malus", "9", "6") == ("-1", "text")
    assert tables.cell("melee", "1", "4/1+") == ("1/1*", "text")  # the VIII.6 example's cell
    unit = next(u for u in service.state().units if u.name == "IR Kurfürst")

    def fire() -> str:
        screen.open_check("fire", {"unit_id": unit.id})
        d = window.pack_game.dialog
        d.answer("fire_value", 5)
        d.enter_die("roll", 6)
        assert d.trial is not None
        assert d.trial.outcome is not None
        sources.append(d.trial.outcome.details["cell_source"])
        d.apply()
        return str(service.journal()[0].summary)

    sources: list[str] = []

    assert fire().endswith("loss 2 (VII.3)")
    tables.type_cell("fire", "6", "5", "3")
    assert tables.apply(), tables.message.text()
    assert tables.cell("fire", "6", "5") == ("3‡", "house")
    assert fire().endswith("loss 3 (VII.3)")
    assert sources == ["provisional", "house"]
    # A value the table cannot hold is refused with its place, and nothing is written.
    tables.type_cell("fire", "5", "5", "4")
    assert not tables.apply()
    assert "typed cells:" in tables.message.text()
    assert "'4' is not a result" in tables.message.text()
    # Exported, it is a house table file that validates and loads into another game.
    path = tmp_path / "club.yaml"
    tables.type_cell("fire", "5", "5", "2")
    tables.export(path)
    assert "source: house" in path.read_text("utf-8")
    # Ctrl+Z takes the house tables out again: the provisional cell is back.
    Umpire(qtbot, window).press(Qt.Key.Key_Z, CTRL)  # the fire
    Umpire(qtbot, window).press(Qt.Key.Key_Z, CTRL)  # the house tables
    tables.fill()
    assert tables.cell("fire", "6", "5") == ("2†", "provisional")
    assert tables.load(path)
    assert tables.cell("fire", "5", "5") == ("2‡", "house")


def test_the_players_display_and_the_sheets_of_a_vle_game(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    from eote_ref.ui.printing import pdf_text

    gid = new_pack_game(db, NewPackGame("S", "vle", {"French": [FRENCH], "Prussians": [PRUSSIAN]}))
    window = shown_window(qtbot, db, gid)
    screen = window.pack_game
    service = screen.hub.service
    unit = next(u for u in service.state().units if u.name == "IR 49 Müffling")
    check = service.open_check("fire", unit_id=unit.id)
    check.set("fire_value", 5)
    check.apply({"roll": 6})  # 2 steps lost (the provisional cell), a check due
    display = screen.open_display()
    assert display is not None
    qtbot.waitUntil(lambda: "IR 49 Müffling" in display.text())
    assert "2 steps" in display.text()
    assert set(window.pack_printing.sheet_actions) == {"record sheets", "quick reference"}
    path = tmp_path / "sheets.pdf"
    window.pack_printing.sheet_to("record sheets", path)
    text = " ".join(pdf_text(path))
    assert "Prussians: 2 steps lost" in text
    assert "IR 49 Müffling 3 2 8 5" in text


def test_rules_tables_of_an_avle_game_show_its_tables_none_typed(
    qtbot: QtBot, db: Database
) -> None:
    """Rules → Tables is every pack's: AVlE's tables show with their sources, none editable."""
    from tests.avle_games import ALLIED
    from tests.avle_games import FRENCH as AVLE_FRENCH

    spec = NewPackGame("QB", "avle", {"French": [AVLE_FRENCH], "Allies": [ALLIED]})
    window = shown_window(qtbot, db, new_pack_game(db, spec))
    window.findChild(QAction, "actionPackTables").trigger()
    tables = window.pack_game.tables
    assert "fire_values" in tables.views
    assert not any(v.editable for v in tables.views.values())
    assert not tables.apply_button.isEnabled()
    assert tables.cell("fire_values", "old_guard", "1")[1] == "text"


def test_the_players_display_says_a_battery_is_limbered(qtbot: QtBot, db: Database) -> None:
    """Found in the trial of Saalfeld: a limbered battery read as ready to fire (VlE IV)."""
    from tests.avle_games import mark

    gid = new_pack_game(db, NewPackGame("S", "vle", {"French": [FRENCH], "Prussians": [PRUSSIAN]}))
    window = shown_window(qtbot, db, gid)
    screen = window.pack_game
    service = screen.hub.service
    battery = next(u for u in service.state().units if u.arm == "artillery")
    mark(service, ("game_unit", battery.id, "markers.formation", "limbered"))
    display = screen.open_display()
    assert display is not None
    qtbot.waitUntil(lambda: battery.name in display.text())
    lines = display.text().splitlines()
    assert lines[lines.index(battery.name) + 1] == "2 steps, limbered"  # its markers' line


def test_a_vle_fire_with_no_effect_is_good_news_for_the_unit_fired_on(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial of Saalfeld: every bar of a fire's odds was red (VII.3).

    The tones are for the unit the check is made on, as EotE's are for the party tested:
    no effect is good news for it, a loss or a morale check bad.
    """
    from eote_ref.ui.pack_game.check_dialog import PackCheckDialog

    gid = new_pack_game(db, NewPackGame("S", "vle", {"French": [FRENCH], "Prussians": [PRUSSIAN]}))
    window = shown_window(qtbot, db, gid)
    service = window.pack_game.hub.service
    unit = next(u for u in service.state().units if u.name == "IR 49 Müffling")
    dialog = window.pack_game.open_check("fire", {"unit_id": unit.id})
    assert isinstance(dialog, PackCheckDialog)
    tones = {label: tone for label, _p, tone in dialog.odds.rows}
    assert tones["no effect"] == "good", tones
    assert tones["morale check"] == "bad", tones
    assert {t for label, t in tones.items() if label.startswith("loss")} == {"bad"}, tones


def test_the_players_display_reads_a_fire_s_steps_lost_veiled_under_fog(
    qtbot: QtBot, db: Database
) -> None:
    """Found in a trial of the phones: a fogged fire's *loss 3* was on the table's display."""
    from eote_ref.referee.fog import Fog
    from eote_ref.ui.pack_game.players_display import PackPlayersDisplay

    spec = NewPackGame("Saalfeld", "vle", {"French": [FRENCH], "Prussians": [PRUSSIAN]})
    window = shown_window(qtbot, db, new_pack_game(db, spec))
    service = window.pack_game.hub.service
    unit = next(u for u in service.state().units if u.name == "IR 49 Müffling")
    check = service.open_check("fire", unit_id=unit.id)
    check.set("fire_value", 7)
    check.apply({"roll": 6})
    whole = service.journal()[0].summary
    assert "loss" in whole
    Umpire(qtbot, window).press(Qt.Key.Key_F12)
    display = window.pack_game.display
    assert isinstance(display, PackPlayersDisplay)
    qtbot.addWidget(display)
    assert whole in display.text()  # fog off: everything shown
    window.display_menu.fog_actions[Fog.OPPONENT].trigger()
    last = display.last.text()  # the whole table's display: both sides fogged
    assert "IR 49 Müffling" in last
    assert "loss" not in last
    assert " at 7" not in last
