"""The roster editor's form fields: each widget bound to one value of the selected node."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QSpinBox, QWidget

from eote_ref.armylists.model import Skirmish, Unit
from eote_ref.armylists.tree import Node
from eote_ref.ui.forms.ui_roster_editor import Ui_RosterEditorWindow
from eote_ref.yamlio.problems import Path as KeyPath

Binder = Callable[[Any], tuple[Callable[[], Any], Callable[[Any], None]]]


@dataclasses.dataclass
class Field:
    """One form widget bound to a value of the selected node."""

    key: KeyPath
    label: str
    widget: QWidget
    read: Callable[[], Any]
    write: Callable[[Any], None]
    get: Callable[[Node], Any]
    put: Callable[[Node, Any], Any]
    tooltip: str = ""


def bind_text(w: QLineEdit) -> tuple[Callable[[], Any], Callable[[Any], None]]:
    """Read and write a line edit's text."""
    return w.text, lambda v: w.setText(v or "")


def bind_optional(w: QLineEdit) -> tuple[Callable[[], Any], Callable[[Any], None]]:
    """Read and write a line edit's text, None when blank."""
    return (lambda: w.text() if w.text().strip() else None), lambda v: w.setText(v or "")


def bind_plain_text(w: QPlainTextEdit) -> tuple[Callable[[], Any], Callable[[Any], None]]:
    """Read and write a text box's text, None when blank."""

    def read() -> str | None:
        text = w.toPlainText()
        return text if text.strip() else None

    return read, lambda v: w.setPlainText(v or "")


def bind_spin(w: QSpinBox) -> tuple[Callable[[], Any], Callable[[Any], None]]:
    """Read and write a spin box's value."""
    return w.value, w.setValue


def bind_combo(cls: type[enum.Enum]) -> Binder:
    """Bind a combo box whose item data are members of ``cls``.

    Qt hands a ``StrEnum`` back as plain text, so the member is looked up again.
    """

    def binder(w: QComboBox) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        def read() -> Any:
            data = w.currentData()
            return None if data is None else cls(data)

        return read, lambda v: w.setCurrentIndex(w.findData(v))

    return binder


def bind_word(w: QComboBox) -> tuple[Callable[[], Any], Callable[[Any], None]]:
    """Bind a combo box whose item data are words of the list's unit model (text)."""

    def read() -> str | None:
        data = w.currentData()
        return None if data is None else str(data)

    return read, lambda v: w.setCurrentIndex(w.findData(v))


def command_binding(  # noqa: D103 - the fields shared by the army and command pages
    prefix: str,
    name: QLineEdit,
    leader: QLineEdit,
    rating: QSpinBox,
    leader_notes: QLineEdit,
    notes: QPlainTextEdit,
) -> list[Field]:
    def cmd(node: Node, **changes: Any) -> Any:
        return node.with_command(dataclasses.replace(node.command, **changes))

    def lead(node: Node, **changes: Any) -> Any:
        return cmd(node, leader=dataclasses.replace(node.command.leader, **changes))

    return [
        Field(
            ("name",),
            f"{prefix} name",
            name,
            *bind_text(name),
            lambda n: n.command.name,
            lambda n, v: cmd(n, name=v),
        ),
        Field(
            ("leader", "name"),
            "leader",
            leader,
            *bind_text(leader),
            lambda n: n.command.leader.name,
            lambda n, v: lead(n, name=v),
        ),
        Field(
            ("leader", "rating"),
            "leader rating",
            rating,
            *bind_spin(rating),
            lambda n: n.command.leader.rating,
            lambda n, v: lead(n, rating=v),
        ),
        Field(
            ("leader", "notes"),
            "leader notes",
            leader_notes,
            *bind_optional(leader_notes),
            lambda n: n.command.leader.notes,
            lambda n, v: lead(n, notes=v),
        ),
        Field(
            ("notes",),
            f"{prefix} notes",
            notes,
            *bind_plain_text(notes),
            lambda n: n.command.notes,
            lambda n, v: cmd(n, notes=v),
        ),
    ]


def army_fields(ui: Ui_RosterEditorWindow) -> list[Field]:
    """The fields of the army page."""

    def lst(node: Node, **changes: Any) -> Any:
        return dataclasses.replace(node.value, **changes)

    nation = ui.armyNationCombo

    def read_sources() -> tuple[str, ...]:
        return tuple(
            line.strip() for line in ui.armySourcesEdit.toPlainText().splitlines() if line.strip()
        )

    return [
        Field(
            ("list", "name"),
            "army name",
            ui.armyNameEdit,
            *bind_text(ui.armyNameEdit),
            lambda n: n.value.name,
            lambda n, v: lst(n, name=v),
        ),
        Field(
            ("list", "nation"),
            "nation",
            nation,
            nation.currentText,
            nation.setEditText,
            lambda n: n.value.nation,
            lambda n, v: lst(n, nation=v),
        ),
        Field(
            ("list", "year"),
            "year",
            ui.armyYearSpin,
            *bind_spin(ui.armyYearSpin),
            lambda n: n.value.year,
            lambda n, v: lst(n, year=v),
        ),
        Field(
            ("list", "battle"),
            "battle",
            ui.armyBattleEdit,
            *bind_optional(ui.armyBattleEdit),
            lambda n: n.value.battle,
            lambda n, v: lst(n, battle=v),
        ),
        Field(
            ("list", "sources"),
            "sources",
            ui.armySourcesEdit,
            read_sources,
            lambda v: ui.armySourcesEdit.setPlainText("\n".join(v)),
            lambda n: n.value.sources,
            lambda n, v: lst(n, sources=v),
        ),
        Field(
            ("list", "notes"),
            "army notes",
            ui.armyNotesEdit,
            *bind_plain_text(ui.armyNotesEdit),
            lambda n: n.value.notes,
            lambda n, v: lst(n, notes=v),
        ),
        *command_binding(
            "army command",
            ui.armyCommandNameEdit,
            ui.armyLeaderEdit,
            ui.armyRatingSpin,
            ui.armyLeaderNotesEdit,
            ui.armyCommandNotesEdit,
        ),
    ]


def command_fields(ui: Ui_RosterEditorWindow) -> list[Field]:
    """The fields of the command page."""
    level = ui.commandLevelCombo
    fields = command_binding(
        "command",
        ui.commandNameEdit,
        ui.leaderNameEdit,
        ui.leaderRatingSpin,
        ui.leaderNotesEdit,
        ui.commandNotesEdit,
    )
    fields.insert(
        1,
        Field(
            ("level",),
            "level",
            level,
            *bind_word(level),
            lambda n: n.command.level,
            lambda n, v: n.with_command(dataclasses.replace(n.command, level=v)),
        ),
    )
    return fields


def unit_fields(ui: Ui_RosterEditorWindow) -> list[Field]:
    """The fields of the unit page."""

    def unit(node: Node, **changes: Any) -> Unit:
        value: Unit = dataclasses.replace(node.value, **changes)
        return value

    def put_arm(node: Node, arm: str) -> Unit:
        old: Unit = node.value
        words = node.unit_model
        types = words.types_by_arm[arm]
        new_type = old.type if old.type in types else types[0]
        if arm in words.gun_arms:
            # A new battery's weight: the middle one (EotE's medium), as before.
            middle = words.weights[len(words.weights) // 2]
            return unit(node, arm=arm, type=new_type, weight=old.weight or middle)
        return unit(node, arm=arm, type=new_type, weight=None, howitzers=0)

    def simple(key: str, label: str, w: Any, binding: Binder) -> Field:
        return Field(
            (key,),
            label,
            w,
            *binding(w),
            lambda n: getattr(n.value, key),
            lambda n, v: unit(n, **{key: v}),
        )

    return [
        simple("name", "unit name", ui.unitNameEdit, bind_text),
        Field(
            ("arm",),
            "arm",
            ui.unitArmCombo,
            *bind_word(ui.unitArmCombo),
            lambda n: n.value.arm,
            put_arm,
        ),
        simple("type", "type", ui.unitTypeCombo, bind_word),
        simple("ce", "CE", ui.unitCeSpin, bind_spin),
        simple("stands", "stands", ui.unitStandsSpin, bind_spin),
        simple("skirmish", "skirmish", ui.unitSkirmishCombo, bind_combo(Skirmish)),
        simple("weight", "weight", ui.unitWeightCombo, bind_word),
        simple("howitzers", "howitzers", ui.unitHowitzersSpin, bind_spin),
        simple("brigade", "brigade", ui.unitBrigadeEdit, bind_optional),
        simple("nation", "unit nation", ui.unitNationEdit, bind_optional),
        simple("notes", "unit notes", ui.unitNotesEdit, bind_plain_text),
    ]


# ------------------------------------------------------------------ document
