"""The fire wizard driven like an umpire: queue fires with typed dice, apply all, Ctrl+Z."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.fire import FireAppliedPage, FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.turn_guide import TurnGuide
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import MENU, build_wizard
from tests.games import game_state, named
from tests.ui.helpers import DIGITS, choose, queue_fire, resolve_morale, to_phase


def test_fire_menu_entries_show_in_the_fire_phase(qtbot: QtBot, demo: GameService) -> None:
    keys = {m.key: m for m in MENU}
    assert keys["artillery_fire"].phases == ("fire",)
    assert keys["assault"].phases == ("assault",)
    to_phase(demo, Phase.FIRE)
    hub = GameHub(demo)
    guide = TurnGuide(hub)
    qtbot.addWidget(guide)
    assert [m.key for m in guide.phase_wizards(demo.view())] == [
        "artillery_fire",
        "infantry_fire",
        "morale_all",  # the batch of every morale check due
    ]


def test_artillery_queue_applies_as_one_step_then_morale_chain(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.FIRE)
    battery = named(demo, "20/6 Foot Battery")  # French foot, CE 5
    horse = named(demo, "2/1 Horse Battery")  # CE 5
    grenadiers = named(demo, "2/30th Foot")  # CE 6
    thirty_third = named(demo, "33rd Foot")
    demo.set_unit(grenadiers.id, "hits", 2)
    demo.set_unit(thirty_third.id, "hits", 2)
    before = game_state(demo)
    hub = GameHub(demo)
    wizard = build_wizard(hub, "artillery_fire", unit_id=battery.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    assert not page.isComplete()
    # Lists wrap or elide rather than scroll sideways; the firers' list shows whole rows.
    off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert page.list.wordWrap()
    assert page.list.horizontalScrollBarPolicy() == off
    firers = page.widgets["firers"]
    assert isinstance(firers, UnitPicker)
    assert firers.list.horizontalScrollBarPolicy() == off
    assert firers.list.viewport().height() >= 6 * firers.list.sizeHintForRow(0)
    # 5 + canister 2 = 7: roll 3 is one hit
    queue_fire(qtbot, page, battery.id, grenadiers.id, 5.0, 3)
    assert page.list.count() == 1
    assert "1 hit" in page.list.item(0).text()
    assert "morale check" in page.totals.text()
    # a second battery at the same target: 5 + 1 = 6, roll 1 disorder
    queue_fire(qtbot, page, horse.id, grenadiers.id, 10.0, 1)
    # a third fire then removed with Delete
    other = named(demo, "10/6 Foot Battery")
    queue_fire(qtbot, page, other.id, thirty_third.id, 10.0, 4)
    assert page.list.count() == 3
    page.list.setCurrentRow(2)
    qtbot.keyClick(page.list, Qt.Key.Key_Delete)
    assert page.list.count() == 2
    assert game_state(demo) == before  # nothing written while queueing
    assert page.isComplete()
    wizard.next()  # Apply all
    applied = wizard.page_of(FireAppliedPage)
    assert wizard.currentPage() is applied
    u = named(demo, "2/30th Foot")
    assert (u.hits, u.disordered) == (3, True)
    assert named(demo, "33rd Foot").hits == 2
    events = [e for e in demo.journal() if e.status == "done"]
    assert events[0].kind == "fire"
    assert (
        events[0].summary == "Artillery fire (2 fires): 2/30th Foot 1 hit + disorder (morale due)"
    )
    assert "Morale checks due" in applied.label.text()
    assert applied.infantry_button.isVisibleTo(wizard)
    # the guide lists the morale check; the wizard opens it
    due = [c for c in checks_due(demo.view()) if c.procedure == "morale"]
    assert [c.unit_id for c in due] == [grenadiers.id]
    morale = wizard.open_next_morale()
    assert morale is not None
    resolve_morale(qtbot, morale, 1)  # 6 - 3 hits = 3: 1 passes
    assert not [c for c in checks_due(demo.view()) if c.procedure == "morale"]
    demo.undo(2)
    assert game_state(demo) == before


def test_infantry_fire_wizard_refuses_a_column_and_follows_artillery(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.FIRE)
    battery = named(demo, "20/6 Foot Battery")
    target = named(demo, "2/30th Foot")
    hub = GameHub(demo)
    wizard = build_wizard(hub, "artillery_fire", unit_id=battery.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, battery.id, target.id, 20.0, 9)
    wizard.next()
    inf = wizard.open_infantry_fire()
    assert isinstance(inf, FireWizard)
    qtbot.addWidget(inf)
    inf.show()
    assert inf.queue.sub_phase == "infantry"
    ligne = named(demo, "1/54e Ligne")
    demo.set_unit(ligne.id, "formation", "column")
    ipage = inf.page_of(QueuePage)
    ipage.set_draft(inf.queue.draft(unit_id=ligne.id, target_id=target.id))
    qtbot.keyClick(ipage.die, Qt.Key.Key_1)
    assert "column" in ipage.result.text()
    assert not ipage.add_button.isEnabled()
    demo.set_unit(ligne.id, "formation", "line")
    ipage.set_draft(inf.queue.draft(unit_id=ligne.id, target_id=target.id))
    ipage.widgets["range_in"].setValue(4.0)  # type: ignore[attr-defined]
    qtbot.keyClick(ipage.die, Qt.Key.Key_4)  # CE 6: 3-4 one hit
    assert "1 hit" in ipage.result.text()
    assert ipage.add_current()
    inf.next()
    assert named(demo, "2/30th Foot").hits == 1
    assert demo.journal(limit=1)[0].summary == "Infantry fire (1 fire): 2/30th Foot 1 hit"


def test_apply_all_queues_the_fire_whose_die_is_typed(qtbot: QtBot, demo: GameService) -> None:
    """A fire entered with its die but not added is not lost: Apply all queues it first."""
    from eote_ref.packs.eote.ui.fire import QueuePage
    from eote_ref.ui.game_hub import GameHub
    from eote_ref.ui.wizards import build_wizard

    hub = GameHub(demo)
    battery = next(u for u in demo.view().sides[0].units if u.arm == "artillery")
    wizard = build_wizard(hub, "artillery_fire", unit_id=battery.id)
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.currentPage()
    assert isinstance(page, QueuePage)
    assert not page.isComplete()
    page.die.setText("4")
    assert not page.isComplete()  # no target is picked for the umpire
    enemy = next(u for u in demo.view().sides[1].units if u.arm == "infantry")
    choose(page.widgets["target"], enemy.id)
    assert page.isComplete()
    before = len(demo.journal())
    wizard.next()  # Apply all
    assert len(demo.journal()) == before + 1
    entry = demo.journal(limit=1)[0]
    assert entry.kind == "fire"
    assert "(1 fire)" in entry.summary


def test_the_fast_path_refuses_a_second_fire_and_reads_the_start(
    qtbot: QtBot, demo: GameService
) -> None:
    """EotE 6.0: the fast path refuses a battalion that has fired, and reads the start.

    The wizard opened on a battalion that has fired says so and applies nothing; return fire
    opened the same way reads the state as the sub-phase began.
    """
    to_phase(demo, Phase.FIRE)
    thirtieth = named(demo, "2/30th Foot")
    ligne = named(demo, "1/54e Ligne")

    def fast(firer: int, target: int, die: int) -> QueuePage:
        wizard = build_wizard(GameHub(demo), "infantry_fire", unit_id=firer, target_id=target)
        assert isinstance(wizard, FireWizard)
        qtbot.addWidget(wizard)
        wizard.show()
        page = wizard.page_of(QueuePage)
        qtbot.keyClick(page.die, Qt.Key.Key_0 if die == 10 else getattr(Qt.Key, f"Key_{die}"))
        return page

    page = fast(thirtieth.id, ligne.id, 3)  # CE 6 row: 3 is one hit
    assert page.validatePage()
    assert named(demo, "1/54e Ligne").hits == 1
    steps = len(demo.journal())
    again = fast(thirtieth.id, ligne.id, 3)
    assert "already fired" in again.result.text()
    assert not again.validatePage()
    assert len(demo.journal()) == steps
    back = fast(ligne.id, thirtieth.id, 3)
    assert back.draft.preview().modified == ligne.ce  # no -1 for the hit just marked


def test_after_a_fire_a_firer_code_and_return_lead_to_the_die(
    qtbot: QtBot, demo: GameService
) -> None:
    """The next fire at the same target: code, Return, die, Alt+A (the die never ticks a unit).

    Before, the die went into the firers' filter (a digit is a unit code) and a second
    Return ticked a second firer; the umpire had to reach the die by mouse or Tab.
    Shift+Return still ticks several batteries (EotE 6.2) without leaving the list.
    """
    from PySide6.QtWidgets import QApplication

    to_phase(demo, Phase.FIRE)
    battery = named(demo, "20/6 Foot Battery")
    horse = named(demo, "2/1 Horse Battery")
    target = named(demo, "2/30th Foot")
    wizard = build_wizard(GameHub(demo), "artillery_fire", unit_id=battery.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow)
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, battery.id, target.id, 20.0, 9)
    firers = page.widgets["firers"]
    assert isinstance(firers, UnitPicker)
    qtbot.waitUntil(firers.edit.hasFocus)
    inputs = 0
    for ch in horse.code:
        qtbot.keyClick(QApplication.focusWidget(), ch)
    inputs += 1  # the code
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    inputs += 1
    assert page.die.hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), DIGITS[5])
    inputs += 1
    assert page.die.text() == "5"
    assert firers.values() == (horse.id,)
    assert page.add_current(), page.result.text()  # Alt+A
    inputs += 1
    assert inputs == 4
    assert len(page.queue.fires) == 2
    assert page.queue.fires[1].check._ids() == (horse.id,)
    # Shift+Return ticks and stays: several batteries combined for one fire.
    other = build_wizard(GameHub(demo), "artillery_fire", unit_id=battery.id)
    assert isinstance(other, FireWizard)
    qtbot.addWidget(other)
    other.show()
    picker = other.page_of(QueuePage).widgets["firers"]
    assert isinstance(picker, UnitPicker)
    before = set(picker.values())
    qtbot.keyClicks(picker.edit, horse.code)
    qtbot.keyClick(picker.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert set(picker.values()) == before | {horse.id}
    assert picker.edit.text() == ""  # ready for the next battery's code
