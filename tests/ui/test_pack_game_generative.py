"""AVlE battles no one scripted, played through the AVlE screen's widgets (issue 30).

As EotE's generative play (``tests/unit/referee/test_generative_play.py``) plays random
battles through the referee, this plays random legal AVlE checks on random parts of the
shipped Quatre Bras lists, with the morale rule on or off, through the screen an umpire
uses: a unit selected by a click on its row or by typing its name in its side's table, the
check opened from the Adjudicate menu (or the turn guide's item), its questions answered,
its dice rolled in the wizard, Apply. After every applied check:

* the subject the journal records is the unit (or General) the umpire last selected, and
  the wizard named it before any die (the AVlE subject bugs of issue 30);
* Ctrl+Z restores the state exactly and Ctrl+Shift+Z gives the same state again.

``make test`` plays a couple of short battles (a few seconds); the ``slow`` profile
(``make test-slow``) many more, longer.
"""

from __future__ import annotations

import itertools
import os
import pathlib
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.armylists.loader import load_any_army_list
from eote_ref.referee.pack_play import PackGameService, new_pack_game_of_lists
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.dashboard import ROW_ROLE, PackDashboard, SidePane, _walk
from tests.avle_games import ALLIED, FRENCH, last_record
from tests.budget import budget
from tests.conftest import DatabaseTemplates, empty_setup
from tests.ui.helpers import CTRL, CTRL_SHIFT, shown_window

#: Battles in ``make test`` (a few seconds) and under the slow profile; steps in each.
EXAMPLES = int(os.environ.get("EOTE_REF_BATTLES", 0)) or budget(2, 40)
STEPS = budget(10, 40)
#: The unit checks an umpire opens on a unit he selected (the Adjudicate menu's).
UNIT_CHECKS = ("order", "fire", "shock", "charge", "reaction", "rally")
COUNTER = itertools.count()


def trimmed(path: pathlib.Path, keep: list[int]) -> Any:
    """The army list of ``path`` with only its units at ``keep`` (its Generals kept).

    A General attached to a unit left out stands alone.
    """
    army = load_any_army_list(path).army_list
    units = [u for i, u in enumerate(army.units) if i in keep]
    names = {u.name for u in units}
    generals = [g if g.attached in names else replace(g, attached=None) for g in army.generals]
    return replace(army, units=units, generals=generals)


def parts(path: pathlib.Path) -> st.SearchStrategy[list[int]]:
    """A random part of a list: in each sector a unit there from the start, and any others.

    (A sector with no unit on the map is a decisive defeat at the first victory check, 4.2.)
    """
    army = load_any_army_list(path).army_list
    first: dict[str, list[int]] = {}
    for i, u in enumerate(army.units):
        if u.arrives == 1:
            first.setdefault(u.sector, []).append(i)
    others = st.lists(st.sampled_from(range(len(army.units))), unique=True, max_size=8)
    return st.tuples(*(st.sampled_from(ix) for ix in first.values()), others).map(
        lambda picked: sorted({*picked[:-1], *picked[-1]})
    )


class Umpire:
    """Drives one AVlE game in the main window, as an umpire would, and checks as it goes."""

    def __init__(self, qtbot: QtBot, window: MainWindow, data: st.DataObject) -> None:
        self.qtbot = qtbot
        self.window = window
        self.data = data
        hub = window.pack_game.hub
        assert hub is not None
        self.service: PackGameService = hub.service
        dashboard = window.pack_game.dashboard
        assert dashboard is not None
        self.dashboard: PackDashboard = dashboard
        self.applied = 0

    # ------------------------------------------------------------------ selecting
    def _row(self, kind: str, row_id: int) -> tuple[SidePane, Any]:
        for pane in self.dashboard.panes:
            for item in _walk(pane.tree):
                if item.data(0, ROW_ROLE) == (kind, row_id):
                    return pane, item
        raise AssertionError(f"no row for {kind} {row_id}")

    def select(self, kind: str, row_id: int) -> tuple[str, int]:
        """Click the row of ``row_id``, or type its name in its table; what is selected."""
        pane, item = self._row(kind, row_id)
        tree = pane.tree
        # The name as far as a key types it (the test's keys are ASCII: ``Pir`` of Piré's):
        # a shorter name may find another unit first, which is then the one selected.
        typed = "".join(itertools.takewhile(str.isascii, item.text(0)))
        if typed and self.data.draw(st.booleans(), label="type the name"):
            tree.setFocus()
            tree.keyboardSearch("")  # a new search (as after a pause between names)
            self.qtbot.keyClicks(tree, typed)
        else:
            tree.scrollToItem(item)
            rect = tree.visualItemRect(item)
            at = QPoint(tree.header().sectionViewportPosition(0) + 20, rect.center().y())
            self.qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=at)
        QApplication.processEvents()
        # What the umpire sees selected: the current row of the table he used last.
        current = tree.currentItem()
        assert current is not None
        data = current.data(0, ROW_ROLE)
        assert isinstance(data, tuple)
        assert self.dashboard.selected().get(f"{data[0]}_id") == data[1]
        return data[0], data[1]

    # ------------------------------------------------------------------ a check in its wizard
    def run(self, key: str, subject: tuple[str, int] | None, via_guide: Any = None) -> bool:
        """Open check ``key`` (menu, or the guide's item), answer, roll, apply; whether applied."""
        screen = self.window.pack_game
        if via_guide is not None:
            screen.open_due(via_guide.check, dict(via_guide.target))
        else:
            screen.request(key)
        d = screen.dialog
        if not isinstance(d, PackCheckDialog):
            return False  # refused before it opened (nothing fits the selection)
        try:
            return self._answer_and_apply(d, key, subject)
        finally:
            if d.isVisible():
                d.reject()
            QApplication.processEvents()

    def _answer_and_apply(
        self, d: PackCheckDialog, key: str, subject: tuple[str, int] | None
    ) -> bool:
        named = d.check.subject()
        if subject is not None:
            assert named == subject, f"{key} opened on {named}, the umpire selected {subject}"
        if named is not None:  # the wizard says who acts, before any die
            assert d.subject_label.isVisibleTo(d)
            assert d.subject_text()
        draw = self.data.draw
        for key in list(d.questions):
            if key not in d.questions:
                continue  # an answer before took this question away
            ask = d.questions[key].ask
            if ask.derived or not draw(st.booleans(), label=f"answer {ask.key}"):
                continue
            if ask.kind == "choice" and ask.choices:
                d.answer(ask.key, draw(st.sampled_from([v for v, _ in ask.choices])))
            elif ask.kind == "bool":
                d.answer(ask.key, draw(st.booleans()))
            elif ask.kind == "int":
                hi = min(int(ask.maximum), int(ask.minimum) + 3)
                d.answer(ask.key, draw(st.integers(int(ask.minimum), hi)))
        d._rng = random.Random(draw(st.integers(0, 2**16), label="dice"))
        d.roll_needed()
        if not d.apply_button.isEnabled():
            return False  # the check refuses these answers (in words, under them)
        before = self.service.state()
        d.apply()
        assert d.applied
        self.applied += 1
        record = last_record(self.service)
        recorded = record["inputs"].get("subject")
        if named is not None:
            assert recorded is not None, f"{key}: no subject in the journal"
            assert (recorded["kind"], recorded["id"]) == named
        self.undo_redo(before)
        return True

    def undo_redo(self, before: Any) -> None:
        """Ctrl+Z restores the state exactly; Ctrl+Shift+Z brings the same state back."""
        after = self.service.state()
        if not self.data.draw(st.booleans(), label="undo and redo"):
            return
        window = self.window
        window.activateWindow()
        self.qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
        assert self.service.state() == before
        self.qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)
        assert self.service.state() == after

    # ------------------------------------------------------------------ the round
    def deal(self) -> None:
        """Both hands (4.1) as offered, and the round's cards and command dice (5.1)."""
        state = self.service.state()
        for side in state.sides:
            if side.pack_state.get("hand") is None:
                self.service.open_check("hand", side_id=side.id).apply()
        check = self.service.open_check("round")
        faces = ("flag", "general", "trooper", "cannon", "infantry")
        rolls = {
            f"{s.name}_dice": self.data.draw(
                st.lists(st.sampled_from(faces), min_size=5, max_size=5), label="command dice"
            )
            for s in state.sides
        }
        for s in state.sides:
            cards = [
                c for c, _ in next(a for a in check.facts() if a.key == f"card_{s.id}").choices
            ]
            check.set(f"card_{s.id}", self.data.draw(st.sampled_from(cards), label="card"))
        check.apply(rolls)

    def step(self) -> None:
        """One thing an umpire does next, drawn from what the game allows now."""
        state = self.service.state()
        due = self.service.due(state)
        kinds = {d.check for d in due}
        if "hand" in kinds or "round" in kinds:
            self.deal()
            return
        pending = [d for d in due if d.check in ("general_hit", "morale", "pursuit", "reaction")]
        on_map = [u for u in state.units if not u.markers.get("eliminated")
                  and int(u.markers.get("arrives", 1)) <= state.turn]  # fmt: skip
        draw = self.data.draw
        side = state.pack_state.get("to_order")
        able = [u for u in on_map if u.side_id == side and self._orderable(u.id)]
        ready = [u for u in on_map if u.markers.get("ordered") and not u.markers.get("fired")]
        moves = [m for m, ok in (("order", able), ("act", ready), ("any", on_map),
                                 ("pending", pending)) if ok]  # fmt: skip
        action = draw(st.sampled_from(moves), label="do") if moves else "next"
        if action == "order":  # a unit the dice left can order (5.1), of the side to order
            unit = draw(st.sampled_from(able), label="unit ordered")
            self.run("order", self.select("unit", unit.id))
        elif action == "act":  # an ordered unit fires, shocks, charges or rallies
            unit = draw(st.sampled_from(ready), label="unit acting")
            keys = ("shock", "charge") if unit.arm == "cavalry" else ("fire", "rally")
            self.run(draw(st.sampled_from(keys), label="check"), self.select("unit", unit.id))
        elif action == "any":  # any check on any unit: applied, or refused in words
            unit = draw(st.sampled_from(on_map), label="any unit")
            subject = self.select("unit", unit.id)
            self.run(draw(st.sampled_from(UNIT_CHECKS), label="any check"), subject)
        elif action == "pending":  # the guide's item: a General hit, a morale test...
            item = draw(st.sampled_from(pending), label="pending")
            kind = "leader" if "leader_id" in item.target else "unit"
            self.run(item.check, (kind, int(item.target[f"{kind}_id"])), via_guide=item)
        else:  # the round moves on: a pass for the side to order, else the victory check
            item = next(d for d in due if d.check in ("pass", "victory"))
            self.service.open_check(item.check, **item.target).apply()
        passing = [d for d in self.service.due() if d.check == "pass"]
        if action != "next" and passing and draw(st.integers(0, 3), label="pass now") == 0:
            self.service.open_check("pass", **passing[0].target).apply()  # no more orders

    def _orderable(self, unit_id: int) -> bool:
        return bool(self.service.open_check("order", unit_id=unit_id).trial({}).done)


@pytest.mark.hypothesis
def test_random_avle_checks_through_the_screen_act_on_the_unit_selected(
    qtbot: QtBot, db_templates: DatabaseTemplates, tmp_path: pathlib.Path
) -> None:
    """Random legal play on random parts of the lists (see the module docstring)."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(
        french=parts(FRENCH),
        allied=parts(ALLIED),
        morale=st.booleans(),
        data=st.data(),
    )
    def battle(french: list[int], allied: list[int], morale: bool, data: st.DataObject) -> None:
        db = db_templates.open("empty", tmp_path / f"avle-{next(COUNTER)}.sqlite", empty_setup)
        try:
            game_id = new_pack_game_of_lists(
                db,
                "Generative Quatre Bras",
                "avle",
                {
                    "French": [(FRENCH.name, trimmed(FRENCH, french))],
                    "Allies": [(ALLIED.name, trimmed(ALLIED, allied))],
                },
                options={"morale_rule": morale},
            )
            window = shown_window(qtbot, db, game_id)
            try:
                umpire = Umpire(qtbot, window, data)
                for _ in range(STEPS):
                    if umpire.service.state().pack_state.get("victory"):
                        break
                    umpire.step()
            finally:
                window.pack_game.close()
                window.close()
        finally:
            db.close()

    battle()
