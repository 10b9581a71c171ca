"""The assault wizard, and one turn's fire and assault phases played through the wizards."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWizard
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.assault import AssaultFactsPage, AssaultResultPage, AssaultWizard
from eote_ref.packs.eote.ui.fire import FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import CheckWizard, FactsPage, RollPage
from tests.games import game_state, named
from tests.ui.helpers import DIGITS, choose, queue_fire, resolve_morale, to_phase


def roll_and_apply(qtbot: QtBot, wizard: AssaultWizard, die: int) -> None:
    wizard.show()
    assert wizard.currentPage().isComplete()
    wizard.next()
    roll = wizard.page_of(RollPage)
    qtbot.keyClick(roll.edits[-1], DIGITS[die % 10])
    assert roll.isComplete(), roll.result.text()
    wizard.next()
    assert wizard.outcome is not None


def test_assault_wizard_shows_values_and_applies_one_step(qtbot: QtBot, demo: GameService) -> None:
    """EotE 7.9: two French columns (one disordered) against a CE 6 British line: +3."""
    to_phase(demo, Phase.ASSAULT)
    a, b = named(demo, "1/54e Ligne"), named(demo, "2/54e Ligne")
    line = named(demo, "2/30th Foot")
    for u in (a, b):
        demo.set_unit(u.id, "formation", "column")
    demo.set_unit(b.id, "disordered", True)
    before = game_state(demo)
    hub = GameHub(demo)
    wizard = build_wizard(hub, "assault")
    assert isinstance(wizard, AssaultWizard)
    qtbot.addWidget(wizard)
    facts = wizard.page_of(AssaultFactsPage)
    choose(facts.widgets["attackers"], (a.id, b.id))
    choose(facts.widgets["defenders"], line.id)
    assert "attack value <b>+3</b>" in facts.values_label.text()
    assert "no\u00a0decision / 1\u00a0hit" in facts.panel.odds.text()
    assert "Base 6 = attacker CE 12 − defender CE 6" in facts.values_label.text()
    assert "EotE 7.9" in facts.panel.modifiers.text()
    roll_and_apply(qtbot, wizard, 9)
    assert named(demo, "2/30th Foot").hits == 1
    result = wizard.page_of(AssaultResultPage)
    assert "falls back 6&quot;" in result.label.text()
    assert not result.follow_button.isVisibleTo(wizard)
    assert demo.journal(limit=1)[0].kind == "assault"
    demo.undo()
    assert game_state(demo) == before


def test_assault_lists_put_the_chosen_units_first_in_whole_rows(
    qtbot: QtBot, demo: GameService
) -> None:
    """The units named in the title are the first, ticked rows; lists show whole rows."""
    from PySide6.QtCore import Qt

    from eote_ref.ui.unit_picker import VALUE_ROLE, UnitPicker

    demo.set_initiative(0)
    hussars, foot = named(demo, "7e Hussards"), named(demo, "33rd Foot")
    wizard = build_wizard(GameHub(demo), "assault", attackers=(hussars.id,), defenders=(foot.id,))
    assert isinstance(wizard, AssaultWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    facts = wizard.page_of(AssaultFactsPage)
    for key, uid in (("attackers", hussars.id), ("defenders", foot.id)):
        picker = facts.widgets[key]
        assert isinstance(picker, UnitPicker)
        first = picker.model.item(0)
        assert first.data(VALUE_ROLE) == uid
        assert first.checkState() == Qt.CheckState.Checked
        lst = picker.list
        assert lst.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        row = lst.sizeHintForRow(0)
        inner = lst.viewport().height()
        assert inner >= 6 * row, (inner, row)  # six whole rows at least


def test_one_turn_of_fire_and_assault(qtbot: QtBot, demo: GameService) -> None:
    """Artillery, infantry fire, morale chain with a rout, cavalry breakthrough, engaged."""
    demo.set_initiative(0)  # the French attack
    to_phase(demo, Phase.FIRE)
    hub = GameHub(demo)
    battery = named(demo, "20/6 Foot Battery")
    ligne = named(demo, "1/54e Ligne")
    guards = named(demo, "2/1st Foot Guards")  # CE 8
    thirtieth, thirty_third = named(demo, "2/30th Foot"), named(demo, "33rd Foot")
    sandham = named(demo, "Sandham's Battery RA")
    hussars = named(demo, "7e Hussards")
    demo.set_unit(thirtieth.id, "hits", 1)
    start = game_state(demo)

    # --- 6.2: artillery first: 5 + canister 2 = 7, roll 4: one hit on the 2/30th
    art = build_wizard(hub, "artillery_fire", unit_id=battery.id)
    assert isinstance(art, FireWizard)
    qtbot.addWidget(art)
    art.show()
    queue_fire(qtbot, art.page_of(QueuePage), battery.id, thirtieth.id, 6.0, 4)
    art.next()
    assert named(demo, "2/30th Foot").hits == 2

    # --- 6.5: then infantry: CE 6 at 3", roll 3: one more hit -> 3 hits, morale due
    inf = art.open_infantry_fire()
    assert isinstance(inf, FireWizard)
    qtbot.addWidget(inf)
    inf.show()
    queue_fire(qtbot, inf.page_of(QueuePage), ligne.id, thirtieth.id, 4.0, 3)
    inf.next()
    assert inf.morale_due == [thirtieth.id]
    guide_due = [c.unit_id for c in checks_due(demo.view()) if c.procedure == "morale"]
    assert guide_due == [thirtieth.id]

    # --- 7.5: the 2/30th tests (6 - 3 = 3), rolls 9 and routs through the 33rd Foot
    morale = inf.open_next_morale()
    assert morale is not None
    qtbot.addWidget(morale)
    choose(morale.page_of(FactsPage).widgets["passed_through"], thirty_third.id)
    resolve_morale(qtbot, morale, 9)
    routed = named(demo, "2/30th Foot")
    assert routed.routed
    assert routed.hits == 4
    due = [c for c in checks_due(demo.view()) if c.procedure == "morale"]
    assert [(c.unit_id, c.title) for c in due] == [
        (
            thirty_third.id,
            f"{thirty_third.code} 33rd Foot: a routing unit passed through, morale check",
        )
    ]
    chained = build_wizard(hub, "morale", unit_id=thirty_third.id)
    assert chained is not None
    resolve_morale(qtbot, chained, 2)  # CE 6: 2 passes
    assert not [c for c in checks_due(demo.view()) if c.procedure == "morale"]

    # --- 7.6: cavalry first. 7e Hussards (6) against the 33rd Foot, already 2 hits (4): +2,
    # roll 10 is ./2 -> two hits, breakthrough taken (disordered).
    demo.set_unit(thirty_third.id, "hits", 2)
    demo.advance_phase()
    assert demo.view().phase is Phase.ASSAULT
    cav = build_wizard(hub, "assault", attackers=(hussars.id,), defenders=(thirty_third.id,))
    assert isinstance(cav, AssaultWizard)
    qtbot.addWidget(cav)
    roll_and_apply(qtbot, cav, 10)
    h = named(demo, "7e Hussards")
    assert (h.disordered, h.fought_this_turn) == (True, True)
    assert named(demo, "33rd Foot").hits == 4
    result = cav.page_of(AssaultResultPage)
    assert result.follow_button.isVisibleTo(cav)
    assert "Morale checks due" in result.label.text()
    # the breakthrough reaches Sandham's battery, not the 33rd it beat: no sabre bonus from
    # the state (EotE 7.7.1); the umpire ticks it here to read the same numbers as the table.
    # 6 - 2 disordered + 2 sabre = 6 against 6 - 2 unsupported = 4: +2, roll 9: ./1
    follow = cav.open_follow_up()
    assert isinstance(follow, AssaultWizard)
    qtbot.addWidget(follow)
    ffacts = follow.page_of(AssaultFactsPage)
    assert follow.check.values["breakthrough"]
    choose(ffacts.widgets["defenders"], sandham.id)
    sabre = ffacts.widgets["sabre_bonus"]
    assert isinstance(sabre, QCheckBox)
    assert not sabre.isChecked()
    assert not follow.check.values["sabre_bonus"]
    sabre.setChecked(True)
    ffacts.widgets["artillery_supported"].setChecked(False)  # type: ignore[attr-defined]
    assert "attack value <b>+2</b>" in ffacts.values_label.text()
    roll_and_apply(qtbot, follow, 9)
    s = named(demo, "Sandham's Battery RA")
    assert s.hits == 1
    assert s.guns_abandoned
    assert follow.outcome is not None
    assert follow.outcome.details["breakthrough"] is None
    # the hussars' one breakthrough combat is fought: the first wizard offers no second (5.15)
    assert cav.open_follow_up() is None
    assert not result.follow_button.isVisibleTo(cav)
    # the first combat's wizard closed when it handed off to the breakthrough (one open
    # at a time), and the breakthrough's shows its result in its header
    assert not cav.isVisible()
    assert "7e Hussards" in follow.previous_result
    # the morale chain of the first combat follows the breakthrough: the 33rd (4 hits)
    # tests and falls back on a 2
    follow.button(QWizard.WizardButton.FinishButton).click()
    m = follow.next_wizard
    assert m is not None
    assert m.check.target["unit_id"] == thirty_third.id
    resolve_morale(qtbot, m, 2)  # 6 - 4 = 2: equal, fall back
    assert named(demo, "33rd Foot").hits == 5

    # --- infantry after cavalry: 1/54e (6) against the Guards (8): -2, roll 5 is ./.
    inf_assault = build_wizard(hub, "assault", unit_id=ligne.id)
    assert isinstance(inf_assault, AssaultWizard)
    qtbot.addWidget(inf_assault)
    choose(inf_assault.page_of(AssaultFactsPage).widgets["defenders"], guards.id)
    roll_and_apply(qtbot, inf_assault, 5)
    assert [
        (ln.kind, ln.unit_id, ln.other_id) for ln in demo.view().links if ln.kind == "engaged"
    ] == [("engaged", ligne.id, guards.id)]
    # Fought this turn, the combat is next turn's: the turn guide lists it then (7.0).
    engaged = [c.title for c in checks_due(demo.view()) if c.procedure == "assault"]
    assert engaged == []

    # every step is one journal event; undoing them all restores the start
    kinds = [e.kind for e in demo.journal() if e.status == "done"][:9]
    assert kinds == [
        "assault",
        "morale",
        "assault",
        "assault",
        "phase",
        "marker",
        "morale",
        "morale",
        "fire",
    ]
    demo.undo(len([e for e in demo.journal() if e.status == "done"]) - 0)
    assert demo.view().phase is Phase.COMMAND
    assert game_state(demo) != start  # the set-up steps are undone too
    assert named(demo, "2/30th Foot").hits == 0
    assert not demo.view().links


def confirm_without_roll(wizard: CheckWizard) -> None:
    """Through a no-roll check: the facts, the Confirm page (no die), Apply."""
    wizard.show()
    assert wizard.currentPage().isComplete()
    wizard.next()
    roll = wizard.page_of(RollPage)
    assert roll.title() == "Confirm"
    assert not roll.edits
    assert roll.isComplete(), roll.result.text()
    wizard.next()
    assert wizard.outcome is not None


def test_battery_abandons_its_guns_before_the_assault(qtbot: QtBot, demo: GameService) -> None:
    """EotE 7.10: unlimbered guns assaulted by infantry are abandoned: no roll, one step."""
    demo.set_initiative(0)  # the French attack
    to_phase(demo, Phase.ASSAULT)
    ligne, sinclair = named(demo, "1/54e Ligne"), named(demo, "Sinclair's Battery RA")
    before = game_state(demo)
    wizard = build_wizard(GameHub(demo), "assault", attackers=(ligne.id,), defenders=(sinclair.id,))
    assert isinstance(wizard, AssaultWizard)
    qtbot.addWidget(wizard)
    facts = wizard.page_of(AssaultFactsPage)
    assert "attack value" in facts.values_label.text()
    choose(facts.widgets["battery_choice"], "move_away")
    assert "unlimbered" in facts.panel.error.text()
    assert not facts.isComplete()
    choose(facts.widgets["battery_choice"], "abandon")
    assert facts.isComplete()
    assert "No assault is fought" in facts.values_label.text()
    assert "No roll" in facts.panel.decided.text()
    confirm_without_roll(wizard)
    assert named(demo, "Sinclair's Battery RA").guns_abandoned
    result = wizard.page_of(AssaultResultPage)
    assert "abandons its guns, not assaulted (7.10) (no roll)" in result.label.text()
    assert not result.follow_button.isVisibleTo(wizard)
    assert not result.morale_button.isVisibleTo(wizard)
    entry = demo.journal(limit=1)[0]
    assert (entry.kind, entry.rolls) == ("assault", [])
    demo.undo()
    assert game_state(demo) == before


def test_assault_page_warns_of_a_second_infantry_round(qtbot: QtBot, demo: GameService) -> None:
    """EotE 7.0, 7.2: a battalion that fought and a supporter that supported are pointed out."""
    from eote_ref.packs.eote.checks import open_check

    demo.set_initiative(0)
    to_phase(demo, Phase.ASSAULT)
    ligne = named(demo, "1/54e Ligne")
    thirtieth, guards = named(demo, "2/30th Foot"), named(demo, "2/1st Foot Guards")
    first = open_check(demo, "assault", attackers=(ligne.id,), defenders=(thirtieth.id,))
    first.apply({"roll": 10})
    wizard = build_wizard(GameHub(demo), "assault", attackers=(ligne.id,), defenders=(guards.id,))
    assert isinstance(wizard, AssaultWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    facts = wizard.page_of(AssaultFactsPage)
    assert facts.warnings_label.isVisible()
    assert "1/54e Ligne already fought an assault round" in facts.warnings_label.text()
    assert "EotE 7.0" in facts.warnings_label.text()
    assert facts.isComplete()  # a warning, not a refusal
    other = named(demo, "2/54e Ligne")
    choose(facts.widgets["attackers"], other.id)
    assert not facts.warnings_label.isVisible()


def test_reman_guns_wizard_from_the_turn_guide_item(qtbot: QtBot, demo: GameService) -> None:
    """EotE 7.5, 7.7: guns left in turn 1 are re-manned in turn 2's movement phase."""
    demo.set_initiative(0)
    sinclair = named(demo, "Sinclair's Battery RA")
    demo.set_unit(sinclair.id, "guns_abandoned", True)
    while (demo.view().turn, demo.view().phase) != (2, Phase.MOVEMENT):
        demo.advance_phase()
    due = [c for c in checks_due(demo.view()) if c.procedure == "reman_guns"]
    assert [c.unit_id for c in due] == [sinclair.id]
    before = game_state(demo)
    wizard = build_wizard(GameHub(demo), due[0].procedure, unit_id=due[0].unit_id)
    assert wizard is not None
    qtbot.addWidget(wizard)
    assert wizard.windowTitle() == "Re-man abandoned guns: Sinclair's Battery RA (EotE 7.5)"
    confirm_without_roll(wizard)
    s = named(demo, "Sinclair's Battery RA")
    assert not s.guns_abandoned
    assert [ln.kind for ln in demo.view().links] == ["remanned"]
    assert demo.journal(limit=1)[0].summary.startswith("Sinclair's Battery RA: re-mans its guns")
    demo.undo()
    assert game_state(demo) == before


def test_supported_guns_question_shows_only_for_defending_artillery(
    qtbot: QtBot, demo: GameService
) -> None:
    """EotE 1.7: no defending battery, no "supported artillery" question; choosing one asks it."""
    to_phase(demo, Phase.ASSAULT)
    column, line = named(demo, "1/54e Ligne"), named(demo, "2/30th Foot")
    battery = named(demo, "Sandham's Battery RA")
    wizard = build_wizard(GameHub(demo), "assault", attackers=(column.id,), defenders=(line.id,))
    assert isinstance(wizard, AssaultWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(AssaultFactsPage)
    asked = page.widgets["artillery_supported"]
    assert not asked.isVisible()
    choose(page.widgets["defenders"], battery.id)
    assert asked.isVisible()
