"""The AVlE screen as an umpire's trial found it (issue 30): the subject of every check.

A check opens on the unit the umpire last clicked or typed in a side's table, whatever
another dialog selected before; every wizard names the unit (or General) it acts with
before any die; the count to win is the one the victory check uses; a pursuit falls due
only when the target left its hex (AVlE 9.1.3, 10.1 E).
"""

from __future__ import annotations

import html
import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.dashboard import ROW_ROLE, PackDashboard, _walk
from tests.avle_games import ALLIED as ALLIED_LIST
from tests.avle_games import FRENCH as FRENCH_LIST
from tests.avle_games import dealt, last_record, mark, quatre_bras, unit_id
from tests.backends import DbTarget
from tests.ui.helpers import Umpire, shown_window
from tests.ui.pack_helpers import pack_dashboard, pack_service

FOY = "Foy's division (Gauthier)"
BIJLANDT = "Bijlandt's brigade (line)"
LANCERS = "Piré's lancers (Hubert)"


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, quatre_bras(db).game_id)


def click_row(qtbot: QtBot, dashboard: PackDashboard, kind: str, row_id: int) -> None:
    """A real left click on the row of unit (or leader) ``row_id`` in its side's table."""
    for pane in dashboard.panes:
        for item in _walk(pane.tree):
            if item.data(0, ROW_ROLE) == (kind, row_id):
                pane.tree.scrollToItem(item)
                rect = pane.tree.visualItemRect(item)
                # On its name (the column a row is current in, as the keyboard leaves it).
                x = pane.tree.header().sectionViewportPosition(0) + 20
                at = QPoint(x, rect.center().y())
                qtbot.mouseClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, pos=at)
                QApplication.processEvents()
                return
    raise AssertionError(f"no row for {kind} {row_id}")


def opened(window: MainWindow) -> PackCheckDialog:
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog), "no check wizard is open"
    return d


# ----------------------------------------------------------------------------- the subject
def test_a_click_on_the_row_already_current_makes_it_the_subject(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in a trial: the check took the unit another dialog had selected (issue 30)."""
    service, dashboard = pack_service(window), pack_dashboard(window)
    foy, bijlandt = unit_id(service, FOY), unit_id(service, BIJLANDT)
    assert dashboard.select("unit", foy)  # Foy current in the French table
    # A check on an Allied unit (as the turn guide opens one) selects it in its own table.
    d = window.pack_game.open_check("reaction", {"unit_id": bijlandt})
    assert isinstance(d, PackCheckDialog)
    d.reject()
    QApplication.processEvents()
    assert dashboard.selected().get("unit_id") == bijlandt
    click_row(qtbot, dashboard, "unit", foy)  # Foy's row, current already in its table
    assert dashboard.selected().get("unit_id") == foy
    window.pack_game.request("fire")
    assert opened(window).check.target == {"unit_id": foy}


def test_typing_in_a_side_s_table_makes_its_row_the_subject(
    qtbot: QtBot, window: MainWindow
) -> None:
    service, dashboard = pack_service(window), pack_dashboard(window)
    guiton, bijlandt = unit_id(service, "Guiton's cuirassiers"), unit_id(service, BIJLANDT)
    assert dashboard.select("unit", guiton)
    assert dashboard.select("unit", bijlandt)  # as a dialog selects its unit
    french = dashboard.panes[0].tree
    french.setFocus()  # Tab back into the French table (Guiton still its current row)
    Umpire(qtbot, window).type("Guiton")  # the only unit of that name: it stays current
    assert french.currentItem().data(0, ROW_ROLE) == ("unit", guiton)
    window.pack_game.request("shock")
    assert opened(window).check.target == {"unit_id": guiton}


@pytest.mark.parametrize(
    ("key", "kind", "name"),
    [
        ("fire", "unit", FOY),
        ("shock", "unit", LANCERS),
        ("order", "unit", FOY),
        ("rally", "unit", FOY),
        ("morale", "unit", BIJLANDT),
        ("pursuit", "unit", LANCERS),
        ("general_hit", "leader", "Reille"),
        ("general_capture", "leader", "Prince of Orange"),
    ],
)
def test_every_wizard_names_its_subject_before_any_die(
    window: MainWindow, key: str, kind: str, name: str
) -> None:
    service = pack_service(window)
    state = service.state()
    rows = state.units if kind == "unit" else state.leaders
    row = next(r for r in rows if r.name == name)
    d = window.pack_game.open_check(key, {f"{kind}_id": row.id})
    assert isinstance(d, PackCheckDialog)
    side = state.side(row.side_id).name
    code = getattr(row, "code", "")
    if kind == "unit":
        assert code  # the game gave its units codes (F3, A7): the wizard says which
        assert d.subject_text() == f"{code} {name} ({side})"
    else:
        assert d.subject_text() == f"{name} (General, {side})"
    assert d.subject_label.isVisibleTo(d)
    assert html.escape(name) in d.subject_label.text()
    assert not d.rolls  # named before any die


def test_an_order_from_the_turn_guide_names_the_unit_chosen_and_records_it(
    window: MainWindow,
) -> None:
    service = pack_service(window)
    sides, units = dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    side = service.state().pack_state["to_order"]
    d = window.pack_game.open_check("order", {"side_id": side})
    assert isinstance(d, PackCheckDialog)
    chosen = d.questions["unit"].value()
    unit = service.state().unit(int(chosen))
    assert d.subject_text().startswith(f"{unit.code} {unit.name}")
    d.apply()
    assert d.applied
    inputs = last_record(service)["inputs"]
    assert inputs["subject"]["id"] == unit.id
    assert inputs["subject"]["code"] == unit.code


# ----------------------------------------------------------------------------- pursuit (9.1.3)
def _shock_on_bijlandt(window: MainWindow, **answers: object) -> PackCheckDialog:
    """Piré's lancers, ordered, shock Bijlandt (the Prince of Orange with it): L1R1.

    9.2: lancers 12, +8 on infantry out of square in the open: 20, two hits on any d10
    (9.0); the d6 of 1 on the 2-hit column is 1 lost, 1 hex back (9.1).
    """
    service = pack_service(window)
    lancers, line = unit_id(service, LANCERS), unit_id(service, BIJLANDT)
    mark(service, ("game_unit", lancers, "markers.ordered", True))
    d = window.pack_game.open_check("shock", {"unit_id": lancers})
    assert isinstance(d, PackCheckDialog)
    d.answer("target_unit", line)
    for key, value in answers.items():
        d.answer(key, value)
    d.enter_die("roll", 9)
    d.enter_die("effect_roll", 1)
    assert d.result_text().startswith("Result: 1 lost, 1 hex(es) back"), d.result_text()
    return d


def test_a_unit_that_holds_its_hex_by_10_1_e_calls_no_pursuit(window: MainWindow) -> None:
    """Found in a trial: any retreat result listed a pursuit (9.1.3 needs the hex empty)."""
    d = _shock_on_bijlandt(window)
    # With its General the line may ignore the retreat (7.3.17, 10.1 E): it is asked.
    stays = d.questions["target_stays"]
    assert stays.value() is True
    d.apply()
    assert d.applied
    items = window.pack_game.guide.items()
    assert not any("pursuit" in text for text in items), items
    assert any(text.startswith("Prince of Orange: is he hit?") for text in items)


def test_a_unit_that_takes_its_retreat_calls_the_pursuit(window: MainWindow) -> None:
    d = _shock_on_bijlandt(window, target_stays=False)  # the player falls back all the same
    d.apply()
    items = window.pack_game.guide.items()
    assert any(text.startswith(f"{LANCERS}: pursuit test") for text in items), items


def test_without_a_general_or_a_square_nothing_is_asked_and_the_pursuit_falls_due(
    window: MainWindow,
) -> None:
    d = _shock_on_bijlandt(window, target_general_attached=False)
    assert "target_stays" not in d.questions
    d.apply()
    items = window.pack_game.guide.items()
    assert items[0].startswith(f"{LANCERS}: pursuit test"), items


def test_his_general_killed_the_unit_that_held_goes_back_and_the_pursuit_falls_due(
    window: MainWindow,
) -> None:
    service = pack_service(window)
    _shock_on_bijlandt(window).apply()
    orange = next(g.id for g in service.state().leaders if g.name == "Prince of Orange")
    d = window.pack_game.open_check("general_hit", {"leader_id": orange})
    assert isinstance(d, PackCheckDialog)
    d.enter_die("roll", 1)  # 9.4: one loss, killed on a 1; his unit must go back 1 hex
    d.apply()
    assert d.applied
    items = window.pack_game.guide.items()
    assert any(text.startswith(f"{LANCERS}: pursuit test") for text in items), items


# ----------------------------------------------------------------------------- the count to win
def test_the_count_to_win_is_the_one_the_victory_check_uses(
    qtbot: QtBot, db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found in a trial: Quatre Bras's 8 shown where the morale rule plays to 6 (14.0, 15.0)."""
    from eote_ref.cli import main

    args = db_target.cli_args
    new = [*args, "game", "new", "--pack", "avle", "--name", "QB", "--scenario", "quatre_bras"]
    new += ["--option", "morale_rule=true", "--option", "substantial_check=round"]
    assert main([*new, "--side", f"French={FRENCH_LIST}", "--side", f"Allies={ALLIED_LIST}"]) == 0
    capsys.readouterr()
    # 13.2 has the French eliminate 8 units; 14.0 with 15.0: 20% fewer, 6.4, so 6 (rounded
    # down by default, option victory_reduction_rounding).
    shown = "enemy units to eliminate: 6 (8 less 20% with the morale rule, 14.0)"
    assert main([*args, "game", "show", "1"]) == 0  # eote-ref game show
    assert shown in capsys.readouterr().out
    db = db_target.open()
    window = shown_window(qtbot, db, 1)
    service = pack_service(window)
    french, allies = service.state().sides
    assert allies.pack_state["wins_at"] == 8  # the scenario's own count, kept as set
    assert shown in pack_dashboard(window).panes[1].title.text()  # the dashboard
    display = window.pack_game.open_display()  # the players' display
    assert display is not None
    qtbot.addWidget(display)
    assert shown in display.text()  # type: ignore[attr-defined]
    # The victory check counts to the same 6: six Allied units lost is their defeat (4.2).
    mark(service, ("game_side", allies.id, "pack_state.units_lost", 6))
    dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    outcome = service.open_check("victory").preview()
    assert outcome is not None
    assert outcome.details["sides"]["Allies"]["enemy_needs"] == 6
    assert (outcome.result, outcome.details["winner"]) == ("substantial", "French")


def test_a_hyphen_typed_in_a_name_finds_the_unit_and_takes_no_element(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found by the generative play: typing "Saxe-Weimar" took an element by hand."""
    service, dashboard = pack_service(window), pack_dashboard(window)
    saxe = unit_id(service, "Saxe-Weimar's brigade (2nd Nassau)")
    allies = dashboard.panes[1].tree
    allies.setFocus()
    Umpire(qtbot, window).type("Saxe-Weimar")
    assert allies.currentItem().data(0, ROW_ROLE) == ("unit", saxe)
    assert service.journal() == []  # nothing set by hand
    assert service.state().unit(saxe).markers["elements"] == 4


# ----------------------------------------------------------------------------- friction
def test_the_turn_guide_keeps_the_item_highlighted_when_one_is_put_before_it(
    window: MainWindow,
) -> None:
    service = pack_service(window)
    dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    guide = window.pack_game.guide
    assert guide is not None
    row = next(i for i, text in enumerate(guide.items()) if "no more orders" in text)
    guide.list.setCurrentRow(row)
    bijlandt = unit_id(service, BIJLANDT)
    due = {"check": "morale", "label": f"{BIJLANDT}: morale test (15.0)", "rule": "15.0",
           "target": {"unit_id": bijlandt}}  # fmt: skip
    mark(service, ("game", service.game_id, "pack_state.pending", [due]))  # due first
    assert guide.items()[0].startswith(f"{BIJLANDT}: morale test")
    assert "no more orders" in guide.list.currentItem().text()


def test_an_order_die_that_fits_nobody_lists_no_unit_and_says_why(window: MainWindow) -> None:
    service = pack_service(window)
    # No Allied cavalry is on the map in turn 1: trooper dice order nobody (5.1).
    sides, _units = dealt(service, "centre", "centre",
                          French=["general"] + ["flag"] * 4, Allies=["trooper"] * 5)  # fmt: skip
    d = window.pack_game.open_check("order", {"side_id": sides["Allies"]})
    assert isinstance(d, PackCheckDialog)
    unit = d.questions["unit"]
    assert unit.ask.choices == ()
    assert unit.value() is None
    assert not d.apply_button.isEnabled()
    assert "no unit of Allies fits the orders left (5 trooper)" in d.result_text()
    d.reject()


def test_a_lone_general_s_order_is_in_the_turn_guide(window: MainWindow) -> None:
    service = pack_service(window)
    sides, _units = dealt(service, "centre", "centre",
                          French=["general"] + ["flag"] * 4, Allies=["trooper"] * 5)  # fmt: skip
    if service.state().pack_state["to_order"] == sides["Allies"]:
        service.open_check("pass", side_id=sides["Allies"]).apply()
    guide = window.pack_game.guide
    assert guide is not None
    items = guide.items()
    row = next(i for i, t in enumerate(items) if t.startswith("French: order Marshal Ney"))
    assert items[row] == "French: order Marshal Ney on his own (General die) (AVlE 5.1)"
    assert not any("Reille on his own" in t for t in items)  # with Foy: ordered through it
    guide.list.setCurrentRow(row)
    guide._activated(guide.list.currentItem())  # Enter on it
    d = opened(window)
    assert d.subject_text() == "Marshal Ney (General, French)"
    d.apply()
    assert d.applied
    assert last_record(service)["summary"] == "French orders Marshal Ney (General die, 5.1)"


def test_the_journal_words_results_and_dice_without_codes(window: MainWindow) -> None:
    """Found in a trial: the log read ``L1R1``, ``must_advance`` and ``French_dice``."""
    from eote_ref.ui.journal_view import JournalColumn

    service = pack_service(window)
    dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["cannon"] + ["flag"] * 4)
    d = _shock_on_bijlandt(window, target_general_attached=False)
    d.apply()
    lancers = unit_id(service, LANCERS)
    pursuit = window.pack_game.open_check("pursuit", {"unit_id": lancers})
    assert isinstance(pursuit, PackCheckDialog)
    pursuit.enter_die("roll", 9)  # above the lancers' 3: must advance (9.1.3, 15.0)
    pursuit.apply()
    journal = window.pack_game.journal
    assert journal is not None
    journal.flush()
    model = journal.model

    def cell(row: int, column: JournalColumn) -> str:
        return str(model.data(model.index(row, column)))

    assert cell(0, JournalColumn.RESULT) == "must advance"  # the pack's words for it
    assert cell(1, JournalColumn.RESULT) == "1 lost, 1 hex(es) back"
    assert cell(1, JournalColumn.DICE) == "roll 9  effect roll 1"
    rolls = cell(model.rowCount() - 1 - 2, JournalColumn.DICE)  # the round's (after 2 hands)
    assert rolls.startswith("French dice flag, flag, flag"), rolls
    assert "Allies dice cannon, flag" in rolls
    for row in range(model.rowCount()):
        for column in (JournalColumn.DICE, JournalColumn.RESULT):
            assert "_" not in cell(row, column)


def test_a_wizard_with_no_question_takes_the_die_typed_and_shows_its_keys(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in a trial: a typed die went nowhere, and no box said which keys type a face."""
    service = pack_service(window)
    d = window.pack_game.open_check("pursuit", {"unit_id": unit_id(service, LANCERS)})
    assert isinstance(d, PackCheckDialog)
    assert not d.questions
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    assert QApplication.focusWidget() is d.dice_rows["roll"].combos[0]
    assert d.findChild(QLabel, "keys_roll").text() == "keys 1–10 (0 reads 10)"
    Umpire(qtbot, window).type("4")
    assert d.rolls == {"roll": 4}
    assert d.apply_button.isEnabled()
    d.reject()
    sides, _units = dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    # A charge's white dice (9.3): each face's key shown beside the boxes.
    bijlandt = unit_id(service, BIJLANDT)
    d = window.pack_game.open_check("reaction", {"unit_id": bijlandt})
    assert isinstance(d, PackCheckDialog)
    keys = d.findChild(QLabel, "keys_reaction_dice").text()
    assert keys.startswith("keys "), keys
    assert keys.count(",") >= 1, keys  # one key a face
    d.reject()


def test_a_charge_declared_answers_the_reaction_and_picks_the_shock_s_target(
    window: MainWindow,
) -> None:
    """Found in a trial: the reaction asked again what the charge answered (9.3).

    And the shock after it offered another unit first.
    """
    service = pack_service(window)
    lancers, line = unit_id(service, LANCERS), unit_id(service, BIJLANDT)
    mark(service, ("game_unit", lancers, "markers.ordered", True))
    charge = window.pack_game.open_check("charge", {"unit_id": lancers})
    assert isinstance(charge, PackCheckDialog)
    assert charge.questions["target_unit"].value() != line  # another unit is listed first
    charge.answer("target_unit", line)
    charge.apply()
    assert charge.applied
    item = next(d for d in service.due() if d.check == "reaction")
    reaction = window.pack_game.open_due(item.check, dict(item.target))
    assert isinstance(reaction, PackCheckDialog)
    assert reaction.check.subject() == ("unit", line)
    assert reaction.questions["charger"].value() == lancers
    # Declared with the charge (it may react): not adjacent, through the front. Not asked.
    assert "charge_from_adjacent" not in reaction.questions
    assert "through_front" not in reaction.questions
    reaction._rng = random.Random(3)
    reaction.roll_needed()  # the white die, and the battery's d6 if it reacts
    reaction.apply()
    assert reaction.applied
    shock = window.pack_game.open_check("shock", {"unit_id": lancers})
    assert isinstance(shock, PackCheckDialog)
    assert shock.questions["target_unit"].value() == line  # the unit charged


def test_unit_types_and_flags_read_as_words(window: MainWindow) -> None:
    """Found in a trial: ``dragoons lancers``, ``english infantry``, ``flag: french``."""
    service, dashboard = pack_service(window), pack_dashboard(window)
    rows = {it.text(0): it for pane in dashboard.panes for it in _walk(pane.tree)}
    assert rows[LANCERS].text(1) == "dragoons or lancers"  # the Reference Sheet's name (1.1)
    assert rows["Kempt's brigade"].text(1) == "English infantry"
    assert "flag: French" in dashboard.panes[0].title.text()
    assert "flag: English" in dashboard.panes[1].title.text()
    d = window.pack_game.open_check("reaction", {"unit_id": unit_id(service, BIJLANDT)})
    assert isinstance(d, PackCheckDialog)
    labels = [label for _v, label in d.questions["charger"].ask.choices]
    code = service.state().unit(unit_id(service, LANCERS)).code  # shown first (issue 32)
    assert f"{code} {LANCERS} (dragoons or lancers, 3 el.)" in labels


def test_after_an_order_the_unit_s_fire_shock_or_rally_is_offered(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in a trial: nothing prompted what an ordered unit does next (7.0.1, 12.0)."""
    service = pack_service(window)
    sides, units = dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    if service.state().pack_state["to_order"] == sides["Allies"]:
        service.open_check("pass", side_id=sides["Allies"]).apply()
    foy = units[FOY]
    d = window.pack_game.open_check("order", {"unit_id": foy})
    assert isinstance(d, PackCheckDialog)
    d.apply()
    assert d.applied
    QApplication.processEvents()
    message = window.statusBar().currentMessage()
    fire = window.findChild(QAction, "actionPackCheck_fire")
    assert fire is not None
    keys = fire.shortcut()[0]
    assert message == (
        f"Next for {service.state().unit(foy).code} {FOY} (French): "
        f"Fire ({fire.shortcut().toString()})"
    )  # infantry at full strength: no shock, charge nor rally
    assert pack_dashboard(window).selected().get("unit_id") == foy
    Umpire(qtbot, window).press(keys.key(), keys.keyboardModifiers())  # Alt+n: Fire
    d = opened(window)
    assert d.check.spec.key == "fire"
    assert d.check.target == {"unit_id": foy}
