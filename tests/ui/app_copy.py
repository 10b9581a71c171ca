"""One copy of the app, driven over its standard input (tests/ui/test_two_copies_app.py).

    python tests/ui/app_copy.py (--db FILE | --database-url URL) --game ID

The real start-up (:func:`eote_ref.ui.app.open_database_or_report`, :class:`MainWindow`) on the
offscreen platform; then one JSON request a line on standard input, one JSON answer a line on
standard output. Keys go to whichever widget has the focus, as on a real keyboard; a unit is
picked with a mouse click on its row. A refused start-up (its message box) is grabbed to a
picture and answered as ``{"refused": TEXT}``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QObject, Qt, QTimer, Signal  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

KEYS = {"plus": Qt.Key.Key_Plus, "minus": Qt.Key.Key_Minus, "z": Qt.Key.Key_Z}
MODS = {
    "": Qt.KeyboardModifier.NoModifier,
    "ctrl": Qt.KeyboardModifier.ControlModifier,
    "shift": Qt.KeyboardModifier.ShiftModifier,
}


def say(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


class Requests(QObject):
    """Standard input's lines, handed to the GUI thread."""

    line = Signal(str)

    def start(self) -> None:
        def read() -> None:
            for text in sys.stdin:
                self.line.emit(text)
            self.line.emit('{"op": "quit"}')

        threading.Thread(target=read, daemon=True).start()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db")
    parser.add_argument("--database-url")
    parser.add_argument("--game", type=int, required=True)
    parser.add_argument("--refusal-shot")
    args = parser.parse_args()

    from eote_ref.ui.app import import_for_first_window, open_database_or_report

    import_for_first_window()
    app = QApplication(sys.argv[:1])
    refused: list[str] = []
    opened: list[bool] = []

    def grab_refusal() -> None:
        if opened:
            return
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            if args.refusal_shot:
                box.grab().save(args.refusal_shot)
            refused.append(f"{box.windowTitle()}\n{box.text()}")
            box.accept()
        else:
            QTimer.singleShot(50, grab_refusal)

    QTimer.singleShot(50, grab_refusal)
    db = open_database_or_report(args.db, args.database_url)
    opened.append(True)
    if db is None:
        say({"refused": refused[0] if refused else ""})
        return 2

    from eote_ref.ui.main_window import MainWindow

    window = MainWindow(db)
    window.resize(1400, 860)
    window.open_game(args.game)
    window.show()
    window.activateWindow()
    QTest.qWait(100)

    def state() -> dict[str, Any]:
        hub, dashboard = window.hub, window.dashboard
        assert hub is not None
        assert dashboard is not None
        unit = dashboard.current_unit()
        view = hub.view
        units = {u.id: u for side in view.sides for u in side.units}
        return {
            "version": hub.service.version,
            "selected": None if unit is None else unit.id,
            "selected_hits": None if unit is None else units[unit.id].hits,
            "status": window.statusBar().currentMessage(),
            "title": window.windowTitle(),
            "undo": window.ui.actionUndo.text(),
            "journal": [(e.seq, e.summary, e.status) for e in hub.service.journal()],
            "focus": type(QApplication.focusWidget()).__name__,
        }

    def run(text: str) -> None:
        request = json.loads(text)
        op = request["op"]
        hub, dashboard = window.hub, window.dashboard
        assert hub is not None
        assert dashboard is not None
        if op == "quit":
            window.close()
            app.quit()
            return
        if op == "click_unit":  # a click on the unit's row in its side's table
            for pane in dashboard.panes:
                source = pane.model.unit_index(int(request["unit"]))
                if source.isValid():
                    index = pane.proxy.mapFromSource(source)
                    pane.tree.expand(index.parent())
                    pane.tree.scrollTo(index)
                    rect = pane.tree.visualRect(index)
                    QTest.mouseClick(
                        pane.tree.viewport(),
                        Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier,
                        rect.center(),
                    )
                    pane.tree.setFocus()
                    break
        elif op == "key":
            target = QApplication.focusWidget() or window
            QTest.keyClick(target, KEYS[request["key"]], MODS[request.get("mods", "")])
        elif op == "follow":  # the follow timer on or off (a view left stale on purpose)
            timer = hub._follow  # noqa: SLF001
            if request["on"]:
                timer.start()
            else:
                timer.stop()
        elif op == "wait":
            QTest.qWait(int(request["ms"]))
        elif op == "shot":
            window.grab().save(request["path"])
        QApplication.processEvents()
        say(state())

    requests = Requests()
    requests.line.connect(run, Qt.ConnectionType.QueuedConnection)
    requests.start()
    say({"ready": True, **state()})
    code = app.exec()
    db.close()
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
