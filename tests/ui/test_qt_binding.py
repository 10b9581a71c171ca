"""The Qt binding the project is installed with must not leak or drop references.

PySide6 6.12.0 released one reference to ``None`` on every call of a Qt method returning
nothing; Python 3.11's ``None`` is not immortal, so a session of a few thousand marker edits
ended in "Fatal Python error: none_dealloc". pyproject.toml keeps that release out; this test
fails if a binding with the same fault is installed.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot


def test_void_qt_calls_keep_the_reference_count_of_none(qtbot: QtBot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for i in range(2000):
        label.setText(str(i % 10))
        label.setEnabled(bool(i % 2))
    after = sys.getrefcount(None)
    # Other threads and the garbage collector move the count a little; 4,000 calls would not.
    assert abs(after - before) < 200
