"""Two full turns of the command, initiative and movement phases, played through the wizards."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QListWidget
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.referee.views import UnitView
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import CheckWizard, FactsPage, ResultPage, RollPage
from tests.games import game_state
from tests.ui.helpers import to_phase

KEYS = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}


def find(game: GameService, unit_id: int) -> UnitView:
    return next(u for s in game.view().sides for u in s.units if u.id == unit_id)


def run(
    qtbot: QtBot,
    hub: GameHub,
    key: str,
    dice: tuple[int, ...] = (),
    choices: dict[str, object] | None = None,
    **target: Any,
) -> CheckWizard:
    """Open a wizard, answer its choices, type its dice, apply."""
    wizard = build_wizard(hub, key, **target)
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    facts = wizard.page_of(FactsPage)
    for k, v in (choices or {}).items():
        w = facts.widgets[k]
        if isinstance(w, QComboBox):
            w.setCurrentIndex(w.findData(v))
        elif isinstance(w, QDoubleSpinBox):
            w.setValue(float(v))  # type: ignore[arg-type]
        elif isinstance(w, QCheckBox):
            w.setChecked(bool(v))
        elif isinstance(w, UnitPicker):
            w.set_value(v)
        elif isinstance(w, QListWidget):
            for i in range(w.count()):
                if w.item(i).data(Qt.ItemDataRole.UserRole) in v:  # type: ignore[operator]
                    w.item(i).setCheckState(Qt.CheckState.Checked)
    wizard.next()
    roll = wizard.page_of(RollPage)
    for d in dice:
        qtbot.keyClick(roll.edits[-1], KEYS[d % 10])
    assert roll.isComplete(), roll.result.text()
    wizard.next()
    assert wizard.currentPage() is wizard.page_of(ResultPage)
    wizard.close()
    return wizard


def test_two_turns_of_command_initiative_and_movement(qtbot: QtBot, demo: GameService) -> None:
    hub = GameHub(demo)
    start = game_state(demo)
    view = demo.view()
    div = next(d for d in view.sides[0].divisions if len(d.units) >= 4)
    foot = next(u for u in div.units if u.arm == "infantry")
    cav = next(u for u in view.sides[0].units if u.arm == "cavalry")
    gun = next(u for u in view.sides[0].units if u.arm == "artillery")
    enemy = next(u for u in view.sides[1].units if u.arm == "infantry")
    first, second = (s.name for s in view.sides)

    # ---- turn 1, command: first-turn order at once; one unit out of radius
    run(qtbot, hub, "order", choices={"order": "ATTACK"}, division_id=div.id)
    run(qtbot, hub, "command_radius", choices={"out_of_radius": (foot.id,)}, division_id=div.id)
    d = next(x for x in demo.view().sides[0].divisions if x.id == div.id)
    assert d.current_order == "ATTACK"
    assert find(demo, foot.id).out_of_command
    # ---- initiative
    to_phase(demo, Phase.INITIATIVE)
    run(qtbot, hub, "initiative", dice=(9, 1), side=-1)
    assert demo.view().initiative == 0
    assert checks_due(demo.view()) == []
    # ---- movement: a change of formation and a charge over a hedge
    to_phase(demo, Phase.MOVEMENT)
    # Inside tactical combat range: the -2 of EotE 1.8.3 this turn.
    run(
        qtbot,
        hub,
        "formation",
        choices={"formation": "column", "in_combat_range": True},
        unit_id=foot.id,
    )
    run(
        qtbot,
        hub,
        "charge",
        choices={"target": enemy.id, "terrain": "hedge"},
        unit_id=cav.id,
    )
    assert find(demo, foot.id).changed_formation
    assert find(demo, cav.id).disordered

    # ---- turn 2: the carry-over cleared the turn's flags and remembered the initiative
    to_phase(demo, Phase.INTEGRITY)
    demo.advance_phase()
    assert (demo.view().turn, demo.view().phase) == (2, Phase.COMMAND)
    assert demo.view().initiative is None
    u = find(demo, foot.id)
    assert not u.out_of_command
    assert not u.changed_formation
    # the charge's disorder is due for a rally
    due = [c for c in checks_due(demo.view()) if c.unit_id == cav.id]
    assert [c.procedure for c in due] == ["disorder_rally"]
    run(qtbot, hub, "disorder_rally", unit_id=cav.id)
    assert not find(demo, cav.id).disordered
    # a new order now rolls on the OAC and is pending
    run(
        qtbot,
        hub,
        "order",
        dice=(0,),
        choices={"order": "DEFEND", "distance_in": 30.0},
        division_id=div.id,
    )
    d = next(x for x in demo.view().sides[0].divisions if x.id == div.id)
    assert (d.current_order, d.pending_order) == ("ATTACK", "DEFEND")
    turns = d.pending_order_turns
    assert turns is not None
    assert turns >= 1
    # ---- initiative: last turn's holder gets +1
    to_phase(demo, Phase.INITIATIVE)
    wizard = run(qtbot, hub, "initiative", dice=(2, 9), side=-1)
    assert wizard.check.values["0.had_initiative_last_turn"] is True
    assert demo.view().initiative == 1
    assert f"{second} has the initiative" in demo.journal(limit=1)[0].summary
    assert first != second
    # ---- movement: the battery limbers (half allowance: side 0 lost the initiative)
    to_phase(demo, Phase.MOVEMENT)
    run(qtbot, hub, "limber", choices={"in_combat_range": True}, unit_id=gun.id)
    g = find(demo, gun.id)
    assert (g.formation, g.limbered, g.changed_formation) == ("limbered", True, True)
    # ---- turn 3: the pending order counts down (or takes effect)
    to_phase(demo, Phase.INTEGRITY)
    demo.advance_phase()
    d = next(x for x in demo.view().sides[0].divisions if x.id == div.id)
    if turns == 1:
        assert (d.current_order, d.pending_order) == ("DEFEND", None)
    else:
        assert (d.pending_order, d.pending_order_turns) == ("DEFEND", turns - 1)
    # Every step is in the journal: undoing them all gives back the game as it started.
    done = [e for e in demo.journal() if e.status == "done"]
    demo.undo(len(done))
    assert game_state(demo) == start
