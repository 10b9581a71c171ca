"""*Rules → Tables*: the open pack game's tables, each cell with its source.

A club types its play aid's cells there (a house table file, ``source: house``) for the game.

Nothing here names a pack: the tables are the pack's declared ``tables`` as the game reads
them (house cells in place), their sources the cells' own; a table the pack lets a club type
(``Pack.house_tables``) is editable, and *Apply to the game* puts the cells typed in the game
as one journal step (undone by Ctrl+Z), *Load…* and *Export…* read and write the file.
"""

from __future__ import annotations

import pathlib
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
)

from eote_ref.packs.house import HouseTables, TableView, dump, load_house_tables, tables_view

#: How each source reads on a cell: its mark, its tooltip, its background.
SOURCES = {
    "text": ("", "from the rules text", None),
    "provisional": ("†", "provisional: the text's value cannot be read; type your play aid's",
                    "#fff3cd"),
    "house": ("‡", "house: your club's value", "#d1e7dd"),
}  # fmt: skip

LEGEND = (
    "A cell marked † is provisional (the text's table cannot be read); ‡ is your club's "
    "(house). Type a cell of an editable table and apply it to the game."
)


def _item_at(grid: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    item = grid.item(row, column)
    assert item is not None
    return item


class PackTablesDialog(QDialog):
    """Each table of the game's pack, in a tab, with each cell's source."""

    def __init__(self, hub: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.hub = hub
        service = hub.service
        self.setWindowTitle(f"Tables of {service.pack.title}")
        self.tabs = QTabWidget(self)
        self.grids: dict[str, QTableWidget] = {}
        self.views: dict[str, TableView] = {}
        layout = QVBoxLayout(self)
        legend = QLabel(LEGEND, self)
        legend.setWordWrap(True)
        layout.addWidget(legend)
        layout.addWidget(self.tabs)
        self.message = QLabel("", self)
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.apply_button = QPushButton("&Apply to the game", self)
        self.load_button = QPushButton("&Load house table file…", self)
        self.export_button = QPushButton("&Export house table file…", self)
        for b in (self.apply_button, self.load_button, self.export_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        self.apply_button.clicked.connect(self.apply)
        self.load_button.clicked.connect(self.load_dialog)
        self.export_button.clicked.connect(self.export_dialog)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.fill()

    # ------------------------------------------------------------------ showing
    def fill(self) -> None:
        """(Re)read the game's tables and show them."""
        service = self.hub.service
        rules = service.rules_for(service.state())
        current = self.tabs.currentIndex()
        self.tabs.clear()
        self.grids.clear()
        self.views.clear()
        for view in tables_view(service.pack, rules):
            grid = self._grid(view)
            self.grids[view.name] = grid
            self.views[view.name] = view
            title = view.name.replace("_", " ") + (" (editable)" if view.editable else "")
            self.tabs.addTab(grid, title)
        if 0 <= current < self.tabs.count():
            self.tabs.setCurrentIndex(current)
        editable = any(v.editable for v in self.views.values())
        self.apply_button.setEnabled(editable)
        self.export_button.setEnabled(editable)
        self.load_button.setEnabled(editable)

    def _grid(self, view: TableView) -> QTableWidget:
        head, *body = view.rows
        grid = QTableWidget(len(body), len(head) - 1, self)
        grid.setHorizontalHeaderLabels([c.text for c in head[1:]])
        grid.setVerticalHeaderLabels([row[0].text for row in body])
        for i, row in enumerate(body):
            for j, cell in enumerate(row[1:]):
                item = self._item(cell.text, cell.source, view.editable)
                grid.setItem(i, j, item)
        grid.resizeColumnsToContents()
        return grid

    @staticmethod
    def _item(text: str, source: str, editable: bool) -> QTableWidgetItem:
        mark, tip, colour = SOURCES.get(source, ("", source, None))
        item = QTableWidgetItem(text + mark)
        item.setData(Qt.ItemDataRole.UserRole, source)
        item.setToolTip(f"{text or '-'}: {tip}" if source else text)
        if colour:
            item.setBackground(QBrush(QColor(colour)))
        if source == "house":
            font = QFont()
            font.setBold(True)
            item.setFont(font)
        flags = item.flags()
        if not editable:
            item.setFlags(flags & ~Qt.ItemFlag.ItemIsEditable)
        return item

    def cell(self, table: str, row: str, column: str) -> tuple[str, str]:
        """The text shown and the source of one cell (tests and the status line read it)."""
        grid, view = self.grids[table], self.views[table]
        head = [c.text for c in view.rows[0][1:]]
        rows = [r[0].text for r in view.rows[1:]]
        item = _item_at(grid, rows.index(row), head.index(column))
        return item.text(), str(item.data(Qt.ItemDataRole.UserRole))

    # ------------------------------------------------------------------ typing
    def type_cell(self, table: str, row: str, column: str, value: str) -> None:
        """Type ``value`` in a cell, as the umpire does (it becomes house until applied)."""
        grid, view = self.grids[table], self.views[table]
        head = [c.text for c in view.rows[0][1:]]
        rows = [r[0].text for r in view.rows[1:]]
        _item_at(grid, rows.index(row), head.index(column)).setText(value)

    def typed(self) -> HouseTables:
        """The game's house cells with every cell typed here that differs from the shipped."""
        service = self.hub.service
        keep = service.house_tables()
        cells: dict[str, dict[tuple[str, str], str]] = {
            t: dict(c) for t, c in (keep.cells.items() if keep else ())
        }
        for name, view in self.views.items():
            if not view.editable:
                continue
            grid = self.grids[name]
            head = [c.text for c in view.rows[0][1:]]
            for i, row in enumerate(view.rows[1:]):
                for j, shown in enumerate(row[1:]):
                    text = _item_at(grid, i, j).text()
                    mark = SOURCES.get(shown.source, ("",))[0]
                    if text != shown.text + mark:
                        value = text.rstrip("†‡").strip()
                        cells.setdefault(name, {})[(row[0].text, head[j])] = (
                            "" if value == "-" else value
                        )
        name = keep.name if keep else "Typed in the app"
        return HouseTables(service.pack_id, name, {t: c for t, c in cells.items() if c})

    def apply(self) -> bool:
        """Check the typed cells like a house table file and put them in the game."""
        from eote_ref.packs.house import house_text

        house = self.typed()
        service = self.hub.service
        checked, problems = house_text(dump(house), service.pack, "typed cells")
        errors = [p for p in problems if p.severity == "error"]
        self.message.setText("\n".join(str(p) for p in problems))
        if errors or checked is None:
            return False
        done = self.hub.attempt(lambda: (service.set_house_tables(checked), True))
        self.fill()
        return bool(done)

    # ------------------------------------------------------------------ files
    def load(self, path: str | pathlib.Path) -> bool:
        """Read a house table file (every problem shown) and put it in the game."""
        from eote_ref.yamlio.problems import YamlError

        service = self.hub.service
        try:
            house = load_house_tables(path, service.pack)
        except YamlError as e:
            self.message.setText("\n".join(str(p) for p in e.problems))
            return False
        done = self.hub.attempt(lambda: (service.set_house_tables(house), True))
        self.message.setText(f"{house.name}: {sum(len(c) for c in house.cells.values())} cells")
        self.fill()
        return bool(done)

    def export(self, path: str | pathlib.Path) -> None:
        """Write the game's house cells (and those typed) as a house table file to share."""
        pathlib.Path(path).write_text(dump(self.typed()), encoding="utf-8")

    def load_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "House table file", "", "YAML (*.yaml *.yml)")
        if path:
            self.load(path)

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "House table file", "", "YAML (*.yaml)")
        if path:
            self.export(path)
