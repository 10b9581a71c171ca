"""Touch mode, for a tablet at the table: finger-sized rows and buttons, tap to tick, a die pad.

The same screens as with a mouse, for any pack's game; touch mode only (1) adds an
application style sheet that makes rows, buttons, check boxes and scroll bars large enough
for a finger, (2) lets a tap anywhere on a list row tick or untick it (:func:`tap_to_tick`),
and (3) shows a :class:`DiePad` of the die's faces where a die is entered: ten buttons on
the roll page of every EotE wizard, the faces the pack declares (a d6's numbers, AVlE's
pictures by their words) in a pack's check dialog. The choice is remembered in the app's
settings (View → Touch mode).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from eote_ref.ui.settings import app_settings

#: The settings key of the choice.
TOUCH_MODE = "view/touch_mode"

#: The application property wizards read (set once, not re-read from the settings file).
_PROPERTY = "eoteTouchMode"

#: Finger-sized controls (about 9 mm at 96 dpi); only sizes change, never colours.
TOUCH_STYLE = """
QPushButton, QToolButton { min-height: 40px; padding: 4px 14px; }
QComboBox, QSpinBox, QDoubleSpinBox, QLineEdit { min-height: 36px; }
QAbstractItemView::item { min-height: 40px; }
QCheckBox { min-height: 36px; }
QCheckBox::indicator, QAbstractItemView::indicator, QRadioButton::indicator {
    width: 26px; height: 26px;
}
QScrollBar:vertical { width: 22px; }
QScrollBar:horizontal { height: 22px; }
QMenu::item { padding: 10px 28px 10px 20px; }
QTabBar::tab { min-height: 36px; padding: 4px 16px; }
"""


def touch_mode() -> bool:
    """Whether touch mode is on in this application."""
    app = QApplication.instance()
    return bool(app is not None and app.property(_PROPERTY))


def set_touch_mode(on: bool, *, remember: bool = True) -> None:
    """Turn touch mode on or off for the whole application (and remember it)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    app.setProperty(_PROPERTY, bool(on))
    app.setStyleSheet(TOUCH_STYLE if on else "")
    if remember:
        settings = app_settings()
        settings.setValue(TOUCH_MODE, bool(on))
        settings.sync()


def restore_touch_mode() -> bool:
    """Apply the remembered choice at start-up; returns it."""
    value = app_settings().value(TOUCH_MODE, False)
    on = value is True or str(value).lower() == "true"
    if on:
        set_touch_mode(True, remember=False)
    return on


def tap_to_tick(lst: QListWidget) -> None:
    """In touch mode a tap anywhere on a row ticks or unticks it (not only on the small box).

    The items stop being ticked by the box itself, so one tap never toggles twice.
    """
    if not touch_mode():
        return
    blocked = lst.blockSignals(True)  # a flag change is not the user's tick
    for i in range(lst.count()):
        item = lst.item(i)
        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsUserCheckable)
    lst.blockSignals(blocked)

    def toggle(item: QListWidgetItem) -> None:
        checked = item.checkState() == Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    lst.itemClicked.connect(toggle)


#: A ten-sided die's faces, the pad's default (EotE's wizards).
D10_FACES: tuple[int, ...] = tuple(range(1, 11))


def face_words(face: object) -> str:
    """A face as a pad's button and a die's box name it: a number, or a picture's words."""
    return str(face).replace("_", " ")


class DiePad(QWidget):
    """One large button a face of a die, for the die just rolled (touch mode's keyboard).

    ``faces`` are the die's distinct faces in order, as the pack declares them
    (:class:`~eote_ref.packs.dice.Die`): numbers (1 to 10 by default, a d6's 1 to 6) or
    pictures, each named by its words (``mounted trooper``). :attr:`chosen` carries the face
    tapped; :attr:`pressed` the key a numbered die's box takes (the face, 0 for a 10).
    """

    pressed = Signal(int)
    chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None, faces: Sequence[object] = D10_FACES) -> None:
        super().__init__(parent)
        self.setObjectName("diePad")
        self.faces = tuple(faces)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(6)
        # Numbers in rows of five (a d10 in two rows), a d6 in one row of six; pictures,
        # whose words are longer, in rows of three.
        numbered = all(isinstance(f, int) and not isinstance(f, bool) for f in self.faces)
        columns = (6 if len(self.faces) <= 6 else 5) if numbered else 3
        self.buttons: list[QPushButton] = []
        for i, face in enumerate(self.faces):
            words = face_words(face)
            button = QPushButton(words, self)
            button.setObjectName(f"die{str(face).replace(' ', '_')}")
            button.setToolTip(f"The die shows {words}")
            button.setAutoDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumSize(QSize(64, 56))
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            font = button.font()
            font.setPointSizeF(font.pointSizeF() * (1.5 if numbered else 1.2))
            font.setBold(True)
            button.setFont(font)
            button.clicked.connect(lambda _=False, f=face: self._tapped(f))
            grid.addWidget(button, i // columns, i % columns)
            self.buttons.append(button)

    def _tapped(self, face: object) -> None:
        self.chosen.emit(face)
        if isinstance(face, int) and not isinstance(face, bool):
            self.pressed.emit(face % 10)
