"""The campaign window's tables: their columns, and their rows from a campaign's view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
)

from eote_ref.referee.campaign import BattleView, CampaignView, LeagueRow, UnitState, nation_name
from eote_ref.referee.campaign.pack_battles import headings
from eote_ref.referee.campaign.report import BATTLE_TIPS

LEAGUE_HEADERS = ("#", "Name", "P", "W", "D", "L", "Pts", "Inflicted", "Suffered", "+/-")
BATTLE_HEADERS = (
    "Date",
    "Scenario",
    "Umpire",
    "Side A",
    "Side B",
    "Result",
    "Hits A",
    "Hits B",
    "Units lost",
    "Game",
    "Carried",
)
#: The armies tab's columns: a tree of army, division and unit.
ARMY_HEADERS = ("Army / division / unit", "Player", "Nation", "CE", "State")


def campaign_table(headers: Sequence[str], name: str) -> QTableWidget:
    """A read-only table of whole rows, one selected at a time, with the columns' tips."""
    t = QTableWidget(0, len(headers))
    t.setObjectName(name)
    t.setHorizontalHeaderLabels(list(headers))
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    t.verticalHeader().setVisible(False)
    # compact rows: a line of text and a little air
    t.verticalHeader().setDefaultSectionSize(t.fontMetrics().height() + 8)
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    t.horizontalHeader().setStretchLastSection(False)
    for i, h in enumerate(headers):
        item = t.horizontalHeaderItem(i)
        if item is not None and h in BATTLE_TIPS:
            item.setToolTip(BATTLE_TIPS[h])
    return t


def fit_height(table: QTableWidget) -> None:
    """Exactly as tall as its rows (no empty space under a short league table)."""
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    height = rows + table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth() + 2
    table.setFixedHeight(height)


def fill_table(table: QTableWidget, rows: Sequence[Sequence[object]]) -> None:
    """Put ``rows`` in ``table``, numbers to the right."""
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem(str(value))
            if isinstance(value, int):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)


def league_rows(rows: Sequence[LeagueRow], *, nations: bool = False) -> list[list[object]]:
    """A league table's rows, numbered (a nation by its name)."""
    return [
        r.cells(i, name=nation_name(r.name) if nations else None) for i, r in enumerate(rows, 1)
    ]


def battle_row(b: BattleView) -> list[object]:
    """A battle's row in the battles tab."""

    def side(i: int) -> str:
        armies = ", ".join(f"{a.army} ({a.player})" for a in b.side_armies(i))
        return f"{b.side_names[i]}: {armies}"

    return [
        b.date.isoformat(),
        b.scenario,
        b.umpire or "",
        side(0),
        side(1),
        b.result_text,
        b.losses(0),
        b.losses(1),
        f"{b.units_lost(0)} / {b.units_lost(1)}",
        "" if b.game_id is None else f"game {b.game_id}",
        "yes" if b.carried else "",
    ]


def fill_army_tree(tree: QTreeWidget, v: CampaignView) -> None:
    """A tree per army: its divisions, then their units, each value in its own column."""
    tree.clear()
    grouped, strength = headings(v.info.pack)  # the pack's (EotE: division, CE)
    labels = list(ARMY_HEADERS)
    labels[0], labels[3] = f"Army / {grouped.lower()} / unit", strength
    tree.setHeaderLabels(labels)
    grey = QColor("#888")
    for a in v.armies:
        # the losses kept in the pack's words for one and for several (EotE's hit, hits)
        counted = v.info.counted
        top = QTreeWidgetItem(
            [
                a.name,
                a.player,
                nation_name(a.nation),
                "",
                f"{len(a.units) - a.units_destroyed}/{len(a.units)} units, "
                f"{counted(a.hits_carried)} carried",
            ]
        )
        divisions: dict[str, list[UnitState]] = {}
        for u in a.units:
            divisions.setdefault(u.division, []).append(u)
        for division, units in divisions.items():
            left = sum(1 for u in units if not u.destroyed)
            hits = sum(u.hits for u in units if not u.destroyed)
            state = f"{left}/{len(units)} units" + (f", {counted(hits)}" if hits else "")
            group = QTreeWidgetItem([division, "", "", "", state])
            for u in units:
                child = QTreeWidgetItem([u.name, "", "", str(u.ce), u.state])
                child.setTextAlignment(3, Qt.AlignmentFlag.AlignRight)
                if u.destroyed:
                    for col in range(len(ARMY_HEADERS)):
                        child.setForeground(col, grey)
                group.addChild(child)
            top.addChild(group)
        tree.addTopLevelItem(top)
        top.setExpanded(True)
