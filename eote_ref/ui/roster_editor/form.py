"""The roster editor's view: the tree, the selected item's form, its problems, the filter."""

from __future__ import annotations

import pathlib
from typing import Any

from PySide6.QtCore import QModelIndex, QSignalBlocker, QStringListModel, Qt, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from eote_ref.armylists.model import ArmyList, Skirmish, Unit, unit_model
from eote_ref.armylists.tree import Kind, Node, NodeProblem, allowed_levels, locate, to_army_list
from eote_ref.referee.roster_service import RosterService
from eote_ref.ui.forms.ui_roster_editor import Ui_RosterEditorWindow
from eote_ref.ui.roster_editor.fields import Field
from eote_ref.ui.roster_editor.problems_dialog import ProblemsDialog
from eote_ref.ui.roster_editor.style import count, crumbs, html, mark_widget
from eote_ref.ui.roster_editor.tree_model import RosterFilterModel, RosterTreeModel
from eote_ref.ui.roster_editor.undo import SetValueCommand
from eote_ref.yamlio.problems import Problem


class RosterForm(QMainWindow):
    """The tree and the form of the roster editor, the problems shown on them, and the filter.

    The lowest layer of :class:`~eote_ref.ui.roster_editor.window.RosterEditorWindow`: it reads
    and shows the list; the layers above change it (:mod:`.edits`) and open and save it
    (:mod:`.files`).
    """

    # Set by the constructor of :class:`~eote_ref.ui.roster_editor.window.RosterEditorWindow`.
    ui: Ui_RosterEditorWindow
    undo_stack: QUndoStack
    rosters: RosterService
    path: pathlib.Path | None
    header: str
    origin: str | None
    #: Problems of the last file that failed to open (shown in the problems dialog).
    last_problems: list[Problem]
    #: Problems of the list being edited, from the last check.
    problems: list[Problem]
    model: RosterTreeModel
    proxy: RosterFilterModel
    _problems_dialog: ProblemsDialog | None
    #: The windows of lists of another pack (AVlE) opened from this one.
    pack_editors: list[Any]
    _loading: bool
    _current: Node | None
    _validate_timer: QTimer
    _status: QLabel
    _fields: dict[str, list[Field]]

    def _setup_tree(self) -> None:
        tree = self.ui.tree
        tree.setModel(self.proxy)
        tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tree.setDropIndicatorShown(True)
        tree.setAcceptDrops(True)
        tree.setDragDropOverwriteMode(False)
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.resizeSection(0, 330)
        selection = tree.selectionModel()
        selection.currentChanged.connect(self._on_current_changed)

    def _setup_filters(self) -> None:
        ui = self.ui
        ui.armFilterCombo.addItem("All arms", None)
        for arm in unit_model().arms:
            ui.armFilterCombo.addItem(arm.capitalize(), arm)
        ui.nationFilterCombo.addItem("All nations", None)
        ui.filterEdit.textChanged.connect(self._apply_filter)
        ui.armFilterCombo.currentIndexChanged.connect(self._apply_filter)
        ui.nationFilterCombo.currentIndexChanged.connect(self._apply_filter)

    def _setup_form_widgets(self) -> None:
        ui = self.ui
        words = unit_model()
        nations = sorted(words.nations)
        ui.armyNationCombo.addItems(nations)
        ui.armyNationCombo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = ui.armyNationCombo.completer()
        if completer is not None:
            completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        ui.unitNationEdit.setCompleter(QCompleter(nations, ui.unitNationEdit))
        self._brigades = QStringListModel(self)
        self._brigade_completer = QCompleter(self._brigades, ui.unitBrigadeEdit)
        self._brigade_completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        ui.unitBrigadeEdit.setCompleter(self._brigade_completer)
        for arm in words.arms:
            ui.unitArmCombo.addItem(arm, arm)
        for skirmish in Skirmish:
            ui.unitSkirmishCombo.addItem(skirmish.value, skirmish)
        for weight in words.weights:
            ui.unitWeightCombo.addItem(weight, weight)
        title_font = ui.itemTitleLabel.font()
        title_font.setPointSizeF(title_font.pointSizeF() * 1.35)
        title_font.setBold(True)
        ui.itemTitleLabel.setFont(title_font)
        ui.itemPathLabel.setStyleSheet("color: #5f6368;")
        ui.problemLabel.setVisible(False)
        ui.countLabel.setStyleSheet("color: #5f6368;")
        for fields in self._fields.values():
            for f in fields:
                self._connect(f)

    def _connect(self, f: Field) -> None:
        w = f.widget
        handler = lambda *_args: self._on_field_edited(f)  # noqa: E731
        if isinstance(w, QLineEdit):
            w.textEdited.connect(handler)
        elif isinstance(w, QPlainTextEdit):
            w.textChanged.connect(handler)
        elif isinstance(w, QSpinBox):
            w.valueChanged.connect(handler)
        elif isinstance(w, QComboBox):
            if w.isEditable():
                w.currentTextChanged.connect(handler)
            else:
                w.currentIndexChanged.connect(handler)

    # ------------------------------------------------------------------ document

    def army_list(self) -> ArmyList:
        """The list being edited, as a frozen :class:`ArmyList`."""
        return to_army_list(self.model.root)

    @property
    def modified(self) -> bool:
        """True when there are changes since the last open or save."""
        return not self.undo_stack.isClean()

    def _inform(self, title: str, text: str, icon: QMessageBox.Icon) -> None:
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.exec()

    def _say(self, text: str) -> None:
        self.ui.statusbar.showMessage(text, 8000)

    # ------------------------------------------------------------------ selection

    def current_node(self) -> Node | None:
        """The selected node."""
        return self._current

    def select_node(self, node: Node) -> None:
        """Select ``node`` in the tree (expanding its parents) and show it in the form."""
        index = self.proxy.mapFromSource(self.model.index_of(node))
        if not index.isValid():
            self._show_node(node)
            return
        parent = index.parent()
        while parent.isValid():
            self.ui.tree.expand(parent)
            parent = parent.parent()
        self.ui.tree.setCurrentIndex(index)
        self.ui.tree.scrollTo(index)
        if self._current is not node:
            self._show_node(node)

    def select_first_division(self, *, first_unit: bool = False) -> Node | None:
        """Select the first division or brigade (expanded), or its first unit."""
        division = next((n for n in self.model.root.walk() if n.holds_units), None)
        if division is None:
            return None
        self.ui.tree.expand(self.proxy.mapFromSource(self.model.index_of(division)))
        target = division.children[0] if first_unit and division.children else division
        self.select_node(target)
        return target

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        node = self.model.node(self.proxy.mapToSource(current))
        if node is not None:
            self._show_node(node)

    def _on_touched(self, node: Node) -> None:
        if node is self._current:
            self._refresh_form()
        else:
            self.select_node(node)
        self._update_actions()

    # ------------------------------------------------------------------ the form

    def _page_fields(self) -> list[Field]:
        node = self._current
        if node is None:
            return []
        return self._fields[node.kind.value]

    def _show_node(self, node: Node) -> None:
        self._current = node
        pages = self.ui.pages
        page = {
            Kind.ARMY: self.ui.armyPage,
            Kind.COMMAND: self.ui.commandPage,
            Kind.UNIT: self.ui.unitPage,
        }[node.kind]
        pages.setCurrentWidget(page)
        self._refresh_form()
        self._update_actions()

    def _refresh_form(self) -> None:
        node = self._current
        if node is None:
            self.ui.pages.setCurrentWidget(self.ui.emptyPage)
            return
        self._loading = True
        try:
            ui = self.ui
            if node.kind is Kind.UNIT:
                self._prepare_unit_page(node)
            elif node.kind is Kind.COMMAND:
                self._prepare_command_page(node)
            for f in self._page_fields():
                value = f.get(node)
                if f.read() != value:
                    with QSignalBlocker(f.widget):
                        f.write(value)
            if node.kind is Kind.ARMY:
                ui.itemTitleLabel.setText(node.name.strip() or "(unnamed army)")
                army = node.value
                ui.itemPathLabel.setText(
                    f"Army list · {army.nation} · {army.year}"
                    + (f" · {army.battle}" if army.battle else "")
                )
            elif node.kind is Kind.COMMAND:
                level = node.command.level
                ui.itemTitleLabel.setText(node.name.strip() or f"(unnamed {level})")
                ui.itemPathLabel.setText(f"{str(level).capitalize()} in {crumbs(node.parent)}")  # type: ignore[arg-type]
                ui.commandSummaryLabel.setText(self._command_summary(node))
            else:
                ui.itemTitleLabel.setText(node.name.strip() or "(unnamed unit)")
                ui.itemPathLabel.setText(f"Unit of {crumbs(node.parent)}")  # type: ignore[arg-type]
        finally:
            self._loading = False
        self._show_field_problems()

    def _prepare_unit_page(self, node: Node) -> None:
        ui = self.ui
        unit: Unit = node.value
        combo = ui.unitTypeCombo
        words = node.unit_model
        wanted = list(words.types_by_arm.get(unit.arm, ()))
        if [combo.itemData(i) for i in range(combo.count())] != wanted:
            with QSignalBlocker(combo):
                combo.clear()
                for t in wanted:
                    combo.addItem(t, t)
                combo.setCurrentIndex(combo.findData(unit.type))
        artillery = unit.arm in words.gun_arms
        ui.unitForm.setRowVisible(ui.unitWeightCombo, artillery)
        ui.unitForm.setRowVisible(ui.unitHowitzersSpin, artillery)
        army_nation = self.model.root.value.nation
        ui.unitNationEdit.setPlaceholderText(f"{army_nation} (the army's)")
        parent = node.parent
        assert parent is not None
        brigades = sorted(
            {
                s.value.brigade
                for s in parent.children
                if s.kind is Kind.UNIT and s is not node and s.value.brigade
            }
        )
        if self._brigades.stringList() != brigades:
            self._brigades.setStringList(brigades)

    def _prepare_command_page(self, node: Node) -> None:
        combo = self.ui.commandLevelCombo
        wanted = allowed_levels(node)
        if node.command.level not in wanted:
            wanted.append(node.command.level)
        if [combo.itemData(i) for i in range(combo.count())] != wanted:
            with QSignalBlocker(combo):
                combo.clear()
                for level in wanted:
                    combo.addItem(level, level)
                combo.setCurrentIndex(combo.findData(node.command.level))

    def _command_summary(self, node: Node) -> str:
        units = node.units()
        if not units:
            subs = [c for c in node.children if c.kind is Kind.COMMAND]
            if subs:
                return f"{count(len(subs), 'subordinate command')}, no units of its own."
            if node.holds_units:
                return "No units yet: add them with <b>Add Unit</b> (Ctrl+Shift+U)."
            return "No subordinate commands yet: add them with <b>Add Command</b>."
        by_arm = {arm: sum(1 for u in units if u.arm == arm) for arm in node.unit_model.arms}
        arms = ", ".join(f"{n} {arm}" for arm, n in by_arm.items() if n)
        text = (
            f"<b>{count(len(units), 'unit')}</b> ({arms}) · "
            f"<b>{sum(u.stands for u in units)}</b> stands · "
            f"total CE <b>{sum(u.ce for u in units)}</b>"
        )
        brigades = list(dict.fromkeys(u.brigade for u in units if u.brigade))
        if node.holds_units and brigades:
            text += f"<br>Brigades: {html(', '.join(brigades))}"
        return text

    def _on_field_edited(self, f: Field) -> None:
        node = self._current
        if self._loading or node is None:
            return
        try:
            new = f.put(node, f.read())
        except (TypeError, ValueError):
            return
        if new == node.value:
            return
        merge = f"{'.'.join(str(k) for k in f.key)}"
        what = node.name.strip() or node.kind.value
        self.undo_stack.push(
            SetValueCommand(self.model, node, new, f"edit {f.label} of {what}", merge)
        )

    # ------------------------------------------------------------------ validation

    def validate_now(self) -> list[Problem]:
        """Check the list with the loader's rules and show every problem where it belongs."""
        self._validate_timer.stop()
        root = self.model.root
        self.problems = self.rosters.validate(self.army_list())
        by_node: dict[Node, list[NodeProblem]] = {}
        for p in self.problems:
            node, located = locate(root, p)
            by_node.setdefault(node, []).append(located)
        self.model.set_problems(by_node)
        self._show_field_problems()
        self._update_summary()
        return self.problems

    def node_problems(self, node: Node) -> list[NodeProblem]:
        """The problems of the last check located on ``node``."""
        return list(self.model.problems.get(node, []))

    def field_problem(self, widget: QWidget) -> str | None:
        """The severity shown on a form widget (``error``/``warning``), None when clean."""
        value = widget.property("problem")
        return str(value) if value else None

    def _show_field_problems(self) -> None:
        node = self._current
        fields = self._page_fields()
        problems = self.node_problems(node) if node is not None else []
        marks: dict[int, list[NodeProblem]] = {}
        loose: list[NodeProblem] = []
        for p in problems:
            key = tuple(k for k in p.field if not isinstance(k, int))
            match = next(
                (f for f in fields if key and key[: len(f.key)] == f.key),
                None,
            )
            if match is None:
                loose.append(p)
            else:
                marks.setdefault(id(match), []).append(p)
        for f in fields:
            found = marks.get(id(f), [])
            severity = None
            if found:
                severity = "error" if any(p.severity == "error" for p in found) else "warning"
            if f.widget.property("problem") != severity:
                f.widget.setProperty("problem", severity)
                mark_widget(f.widget, severity)
            tip = "\n".join(f"{p.severity.capitalize()}: {p.message}" for p in found)
            f.widget.setToolTip("\n\n".join(t for t in (tip, f.tooltip) if t))
        label = self.ui.problemLabel
        if problems:
            rows = []
            for p in sorted(problems, key=lambda p: p.severity != "error"):
                colour = "#b71c1c" if p.severity == "error" else "#8d5a00"
                sign = "✖" if p.severity == "error" else "⚠"
                rows.append(f'<span style="color:{colour}">{sign} {html(p.text)}</span>')
            label.setText("<br>".join(rows))
            label.setVisible(True)
        else:
            label.setVisible(False)
            label.clear()

    def _update_summary(self) -> None:
        root = self.model.root
        errors = sum(1 for p in self.problems if p.severity == "error")
        warnings = len(self.problems) - errors
        if errors or warnings:
            parts = [count(n, w) for n, w in ((errors, "error"), (warnings, "warning")) if n]
            self._status.setText(" · ".join(parts) + " — F8: next problem")
            colour = "#b71c1c" if errors else "#8d5a00"
            self._status.setStyleSheet(f"color: {colour}; font-weight: bold;")
        else:
            self._status.setText("✔ The list is valid")
            self._status.setStyleSheet("color: #2e7d32; font-weight: bold;")
        units = root.units()
        divisions = sum(1 for n in root.walk() if n.holds_units)
        self.ui.countLabel.setText(
            f"{count(divisions, 'division')} and brigades · {count(len(units), 'unit')} · "
            f"{sum(u.stands for u in units)} stands · total CE {sum(u.ce for u in units)}"
            if divisions
            else "No divisions yet."
        )
        self._update_nation_filter()

    def status_text(self) -> str:
        """The validity summary shown at the right of the status bar."""
        return self._status.text()

    def next_problem(self) -> None:
        """Select the next item (after the selected one) with an error or warning."""
        nodes = list(self.model.root.walk())
        flagged = [n for n in nodes if self.model.problems.get(n)]
        if not flagged:
            self._say("No problems: the list is valid.")
            return
        start = nodes.index(self._current) if self._current in nodes else -1
        after = [n for n in flagged if nodes.index(n) > start]
        self.select_node((after or flagged)[0])

    # ------------------------------------------------------------------ filter

    def _update_nation_filter(self) -> None:
        root = self.model.root
        nations = sorted({root.value.nation, *(u.nation for u in root.units() if u.nation)})
        combo = self.ui.nationFilterCombo
        have = [combo.itemData(i) for i in range(1, combo.count())]
        if have == nations:
            return
        chosen = combo.currentData()
        with QSignalBlocker(combo):
            combo.clear()
            combo.addItem("All nations", None)
            for nation in nations:
                combo.addItem(nation, nation)
            combo.setCurrentIndex(max(0, combo.findData(chosen)))

    def set_filter(self, text: str = "", arm: str | None = None, nation: str | None = None) -> None:
        """Show only matching units (and their commands); empty arguments show everything."""
        ui = self.ui
        with QSignalBlocker(ui.filterEdit), QSignalBlocker(ui.armFilterCombo):
            ui.filterEdit.setText(text)
            ui.armFilterCombo.setCurrentIndex(max(0, ui.armFilterCombo.findData(arm)))
        with QSignalBlocker(ui.nationFilterCombo):
            ui.nationFilterCombo.setCurrentIndex(max(0, ui.nationFilterCombo.findData(nation)))
        self._apply_filter()

    def _apply_filter(self) -> None:
        ui = self.ui
        self.proxy.set_filter(
            ui.filterEdit.text(),
            str(arm) if (arm := ui.armFilterCombo.currentData()) else None,
            ui.nationFilterCombo.currentData(),
        )
        if self.proxy.active:
            ui.tree.expandAll()
        if self._current is not None:
            index = self.proxy.mapFromSource(self.model.index_of(self._current))
            if index.isValid():
                ui.tree.setCurrentIndex(index)
                ui.tree.scrollTo(index)

    def visible_names(self) -> list[str]:
        """Names of the units the tree shows (through the filter), in order."""
        out: list[str] = []

        def walk(parent: QModelIndex) -> None:
            for row in range(self.proxy.rowCount(parent)):
                index = self.proxy.index(row, 0, parent)
                node = self.model.node(self.proxy.mapToSource(index))
                if node is not None and node.kind is Kind.UNIT:
                    out.append(node.name)
                walk(index)

        walk(QModelIndex())
        return out

    # ------------------------------------------------------------------ structural edits

    def _update_actions(self) -> None:
        ui = self.ui
        node = self._current
        is_item = node is not None and node.kind is not Kind.ARMY
        ui.actionAddCommand.setEnabled(node is not None)
        holds = node is not None and (
            node.holds_units or (node.kind is Kind.UNIT and node.parent is not None)
        )
        ui.actionAddUnit.setEnabled(holds)
        ui.actionAddUnit.setToolTip(
            "Add a unit to the selected division or brigade"
            if holds
            else "Units belong to a division or brigade: select one first"
        )
        ui.actionDuplicate.setEnabled(is_item)
        ui.actionDelete.setEnabled(is_item)
        can_up = can_down = False
        if node is not None and node.parent is not None:
            can_up = node.row > 0
            can_down = node.row < len(node.parent.children) - 1
        ui.actionMoveUp.setEnabled(can_up)
        ui.actionMoveDown.setEnabled(can_down)
