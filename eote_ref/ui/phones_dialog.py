"""View → Players' phones: serve each side its own page, show the links as QR codes, answer.

The dialog starts the phones' server (:mod:`eote_ref.web`) on this machine's address on the
local network (or another host the umpire picks), shows each side's link as text and as a
QR code to scan, and lists what the players send: an order (EotE) or a pack's check (an AVlE
hand) waits here until the umpire accepts it (an order opens the order wizard with the
player's order filled in: the umpire measures, rolls and applies, one journal step) or sends
it back with a word. *New links* revokes the old ones. Who pressed Ready for the phase shows
here and at the top of the turn guide. A line says what a side's page holds, its private
briefing included (a scenario's, :mod:`eote_ref.referee.briefings`).

The QR codes are drawn with Qt from the matrix of ``segno`` (a small pure-Python library,
no dependency of its own): nothing is written to disk and no image library is needed.
"""

from __future__ import annotations

import contextlib
import functools
import html
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from eote_ref.web.inbox import Request
from eote_ref.web.publisher import Publisher
from eote_ref.web.server import PhoneServer, lan_address

#: The port the dialog offers first (any free one when 0).
DEFAULT_PORT = 8035

#: Pixels a QR module is drawn with, and the quiet zone around the code, in modules.
MODULE_PX = 5
QUIET = 4


def qr_pixmap(text: str, module: int = MODULE_PX) -> QPixmap:
    """``text`` as a QR code (error correction M), black on white with its quiet zone."""
    import segno

    matrix = [list(row) for row in segno.make(text, error="m", micro=False).matrix]
    n = len(matrix)
    size = (n + 2 * QUIET) * module
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("black"))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                painter.drawRect((x + QUIET) * module, (y + QUIET) * module, module, module)
    painter.end()
    return QPixmap.fromImage(image)


class PhonesDialog(QDialog):
    """The phones' server of the open game of ``hub``, its links and the players' requests."""

    #: Emitted (queued to the app's thread) when a request or a ready flag changes.
    inboxChanged = Signal()
    #: Who is ready, in words ("" when the server is stopped): the turn guide shows it.
    readyChanged = Signal(str)

    def __init__(self, hub: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("phonesDialog")
        self.setWindowTitle("Players' phones")
        self.hub = hub
        self.server: PhoneServer | None = None
        self.publisher: Publisher | None = None
        self.wizard: Any = None
        layout = QVBoxLayout(self)

        where = QHBoxLayout()
        where.addWidget(QLabel("Serve on"))
        self.host = QComboBox()
        self.host.setObjectName("phonesHost")
        self.host.setEditable(True)
        for host in dict.fromkeys((lan_address(), "127.0.0.1", "0.0.0.0")):
            self.host.addItem(host)
        self.host.setToolTip(
            "This computer's address on the club's network (the phones must reach it)"
        )
        where.addWidget(self.host, 1)
        where.addWidget(QLabel("port"))
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setToolTip("0: any free port")
        where.addWidget(self.port)
        self.start_button = QPushButton("Start")
        self.start_button.setObjectName("phonesStart")
        self.start_button.clicked.connect(self.toggle)
        where.addWidget(self.start_button)
        layout.addLayout(where)
        self.status = QLabel("Not serving.")
        self.status.setObjectName("phonesStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

        self.links_box = QGroupBox("Each side scans its own code (keep it from the other side)")
        self.links_grid = QGridLayout(self.links_box)
        layout.addWidget(self.links_box)
        self.private = QLabel(
            "A side's page shows its own units, leaders and orders, the other side only as "
            "the fog of war allows, and the scenario's private briefing for that side, each "
            "timed note from its turn on; the table's page shows no briefing."
        )
        self.private.setObjectName("phonesPrivate")
        self.private.setWordWrap(True)
        layout.addWidget(self.private)
        self.link_labels: dict[int, QLabel] = {}
        self.qr_labels: dict[int, QLabel] = {}
        self.spectators = QLabel()
        self.spectators.setTextFormat(Qt.TextFormat.PlainText)
        self.spectators.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.spectators)
        self.new_links_button = QPushButton("New links (the old ones stop working)")
        self.new_links_button.setObjectName("phonesNewLinks")
        self.new_links_button.clicked.connect(self.new_links)
        layout.addWidget(self.new_links_button)

        box = QGroupBox("Sent by the players: nothing is written until you accept")
        inner = QVBoxLayout(box)
        self.pending = QListWidget()
        self.pending.setObjectName("phonesPending")
        inner.addWidget(self.pending)
        answer = QHBoxLayout()
        self.accept_button = QPushButton("Accept…")
        self.accept_button.setObjectName("phonesAccept")
        self.accept_button.clicked.connect(self.accept_selected)
        self.word = QLineEdit()
        self.word.setObjectName("phonesWord")
        self.word.setPlaceholderText("a word for the player (sending back)")
        self.word.setMaxLength(300)
        self.back_button = QPushButton("Send back")
        self.back_button.setObjectName("phonesSendBack")
        self.back_button.clicked.connect(self.send_back_selected)
        answer.addWidget(self.accept_button)
        answer.addWidget(self.word, 1)
        answer.addWidget(self.back_button)
        inner.addLayout(answer)
        self.ready = QLabel()
        self.ready.setObjectName("phonesReady")
        self.ready.setTextFormat(Qt.TextFormat.PlainText)  # the sides' names are text
        inner.addWidget(self.ready)
        layout.addWidget(box, 1)

        self.inboxChanged.connect(self.show_inbox, Qt.ConnectionType.QueuedConnection)
        self.resize(720, 760)
        self._show_links()

    # ------------------------------------------------------------------ serving
    @property
    def serving(self) -> bool:
        return self.server is not None

    def toggle(self) -> None:
        if self.serving:
            self.stop()
        else:
            self.start()

    def start(self) -> bool:
        """Serve the open game on the chosen host and port; False (said) when it cannot."""
        if self.server is not None:
            return True
        host = self.host.currentText().strip() or "127.0.0.1"
        try:
            server = PhoneServer(host, self.port.value())
        except OSError as e:
            self.status.setText(f"Cannot serve on {host}:{self.port.value()}: {e.strerror or e}")
            return False
        self.server = server
        self.publisher = Publisher(self.hub.service, server)
        server.inbox.listeners.append(self.inboxChanged.emit)
        self.publisher.refresh()
        server.start()
        self.hub.viewChanged.connect(self._publish)
        self.status.setText(
            f"Serving on {server.url('/')}: the phones must be on the same network."
        )
        self.start_button.setText("Stop")
        self._show_links()
        self.show_inbox()
        return True

    def stop(self) -> None:
        """Stop serving (the pages say they are no longer up to date)."""
        if self.server is None:
            return
        with contextlib.suppress(RuntimeError, TypeError, AttributeError):
            self.hub.viewChanged.disconnect(self._publish)  # None: the hub is gone
        self.server.stop()
        self.server = None
        self.publisher = None
        self.status.setText("Not serving.")
        self.start_button.setText("Start")
        self._show_links()
        self.show_inbox()

    def _publish(self, _view: object = None) -> None:
        if self.publisher is not None:
            self.publisher.refresh()

    def new_links(self) -> None:
        """Revoke every side's link and show the new ones."""
        if self.server is not None:
            self.server.new_links()
            self._show_links()

    def _show_links(self) -> None:
        while self.links_grid.count():
            item = self.links_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone now, not only at the next turn of the event loop
                widget.deleteLater()
        self.link_labels.clear()
        self.qr_labels.clear()
        self.new_links_button.setEnabled(self.server is not None)
        if self.server is None:
            self.spectators.setText("")
            self.links_grid.addWidget(QLabel("Start serving to show each side's link."), 0, 0)
            return
        for column, link in enumerate(self.server.links()):
            url = self.server.url(link.path)
            name = QLabel(f"<b>{html.escape(link.name)}</b>")
            qr = QLabel()
            qr.setObjectName(f"phonesQr{link.side}")
            qr.setPixmap(qr_pixmap(url))
            text = QLabel(url)
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setObjectName(f"phonesLink{link.side}")
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.links_grid.addWidget(name, 0, column, Qt.AlignmentFlag.AlignHCenter)
            self.links_grid.addWidget(qr, 1, column, Qt.AlignmentFlag.AlignHCenter)
            self.links_grid.addWidget(text, 2, column)
            self.link_labels[link.side] = text
            self.qr_labels[link.side] = qr
        self.spectators.setText(f"Spectators (anyone): {self.server.url('/')}")

    # ------------------------------------------------------------------ the players' requests
    def show_inbox(self) -> None:
        """The pending requests and who is ready, as the server holds them now."""
        self.pending.clear()
        if self.server is None:
            self.ready.setText("")
            self.readyChanged.emit("")
            return
        for r in self.server.inbox.pending():
            item = QListWidgetItem(f"{r.side_name}: {r.summary}")
            item.setData(Qt.ItemDataRole.UserRole, r.id)
            self.pending.addItem(item)
        if self.pending.count():
            self.pending.setCurrentRow(0)
        words = self.ready_words()
        self.ready.setText(words)
        self.readyChanged.emit(words)

    def ready_words(self) -> str:
        """``Ready: French ✓ · Allies —`` (from the phones, for this phase)."""
        if self.server is None:
            return ""
        page = self.server.page(None)
        if page is None:
            return ""
        marks = [f"{r['name']} {'✓' if r['ready'] else '—'}" for r in page[1]["ready"]]
        return "Ready (phones): " + " · ".join(marks)

    def selected(self) -> Request | None:
        item = self.pending.currentItem()
        if item is None or self.server is None:
            return None
        return self.server.inbox.get(int(item.data(Qt.ItemDataRole.UserRole)))

    def accept_selected(self) -> None:
        """Accept the selected request: an order through its wizard, a pack's check at once."""
        request = self.selected()
        if request is None or self.publisher is None:
            return
        publisher = self.publisher
        if request.kind == "order":
            from eote_ref.ui.wizards import wizard_class

            check = self.hub.attempt(lambda: publisher.check_for(request))
            if check is None:
                return
            wizard = wizard_class("order")(self.hub, check, self)
            done = functools.partial(self._wizard_done, wizard, request.id)
            wizard.currentIdChanged.connect(done)  # the result page: applied
            wizard.finished.connect(done)
            self.wizard = wizard
            wizard.open()
            return
        self.hub.attempt(lambda: publisher.accept(request.id))
        self.show_inbox()

    def _wizard_done(self, wizard: Any, rid: int, _result: int = 0) -> None:
        """Once the wizard applied the order (one journal step), the request is accepted."""
        if wizard.outcome is not None and self.server is not None:
            request = self.server.inbox.get(rid)
            if request is not None and request.status == "pending":
                self.server.inbox.answer(rid, "accepted")
        self.show_inbox()

    def send_back_selected(self) -> None:
        """Send the selected request back with the word typed (nothing is written)."""
        request = self.selected()
        if request is None or self.publisher is None:
            return
        self.publisher.send_back(request.id, self.word.text())
        self.word.clear()
        self.show_inbox()
