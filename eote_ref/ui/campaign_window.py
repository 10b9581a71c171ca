"""The campaign window: members, armies and their state, battles, league tables and charts."""

from __future__ import annotations

import contextlib
import logging
import pathlib
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QColor, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.campaign import (
    ArmyView,
    BattleView,
    CampaignError,
    CampaignService,
    CampaignView,
    CsvImportError,
    LeagueRow,
    MemberView,
    UnitState,
    csv_format,
    nation_name,
)
from eote_ref.referee.campaign.pack_battles import headings
from eote_ref.referee.campaign.report import (
    BATTLE_TIPS,
    campaign_report_html,
    chart_labels,
    losses_by_battle,
    settings_text,
)
from eote_ref.ui.campaign_charts import bar_chart, chart_view, line_chart
from eote_ref.ui.campaign_dialogs import (
    ArmyDialog,
    BattleDialog,
    MemberDialog,
    NewCampaignDialog,
    campaign_events,
)
from eote_ref.ui.campaign_follow import TableRows, keep_selection

log = logging.getLogger(__name__)

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


def _table(headers: Sequence[str], name: str) -> QTableWidget:
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


def _fit_height(table: QTableWidget) -> None:
    """Exactly as tall as its rows (no empty space under a short league table)."""
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    height = rows + table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth() + 2
    table.setFixedHeight(height)


def _fill(table: QTableWidget, rows: Sequence[Sequence[object]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem(str(value))
            if isinstance(value, int):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)


def _league_rows(rows: Sequence[LeagueRow], *, nations: bool = False) -> list[list[object]]:
    return [
        r.cells(i, name=nation_name(r.name) if nations else None) for i, r in enumerate(rows, 1)
    ]


class CampaignWindow(QMainWindow):
    """Every campaign of the database, one at a time, in tabs.

    Args:
        service: the campaign service (the window never opens sessions).
        parent: the parent widget.
    """

    #: A game was set up for a battle ("Start next battle"); the main window opens it.
    game_started = Signal(int)

    #: How often (milliseconds) to look for campaign changes made by another copy of the app.
    FOLLOW_MS = 1000
    #: The status bar's word when another copy changed the campaign shown.
    CHANGED_ELSEWHERE = "Another copy of eote-ref changed the campaigns: shown as they are now."

    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.campaign_id: int | None = None
        self.view: CampaignView | None = None
        self.setWindowTitle("Campaigns - eote-ref")
        self.resize(1200, 800)

        central = QWidget(self)
        layout = QVBoxLayout(central)
        top = QHBoxLayout()
        top.addWidget(QLabel("Campaign:"))
        self.campaign_combo = QComboBox()
        self.campaign_combo.setObjectName("campaignCombo")
        self.campaign_combo.setMinimumWidth(260)
        self.campaign_combo.currentIndexChanged.connect(self._campaign_chosen)
        top.addWidget(self.campaign_combo)
        self.settings_label = QLabel()
        self.settings_label.setObjectName("settingsLabel")
        top.addWidget(self.settings_label, 1)
        for text, slot, name in (
            ("New campaign...", self.new_campaign_dialog, "newCampaignButton"),
            ("Import battles...", self.import_dialog, "importButton"),
            ("Export CSV...", self.export_dialog, "exportButton"),
            ("HTML report...", self.report_dialog, "reportButton"),
        ):
            b = QPushButton(text)
            b.setObjectName(name)
            b.clicked.connect(slot)
            top.addWidget(b)
        layout.addLayout(top)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        # no minimum size imposed on the window (offscreen platforms warn about size hints)
        outer = self.layout()
        if outer is not None:
            outer.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)

        self.members = _table(("Name", "Role"), "membersTable")
        self.members.doubleClicked.connect(lambda _index: self.edit_member())
        self.tabs.addTab(
            self._page(
                self.members,
                ("&Add member...", self.add_member, "addMemberButton"),
                ("&Edit member...", self.edit_member, "editMemberButton"),
                ("&Delete member", self.delete_member, "deleteMemberButton"),
            ),
            "Members",
        )

        self.armies = QTreeWidget()
        self.armies.setObjectName("armiesTree")
        self.armies.setHeaderLabels(list(ARMY_HEADERS))
        self.armies.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.armies.setUniformRowHeights(True)
        self.armies.itemDoubleClicked.connect(lambda *_: self.edit_army())
        self.tabs.addTab(
            self._page(
                self.armies,
                ("&Add army...", self.add_army, "addArmyButton"),
                ("&Edit army...", self.edit_army, "editArmyButton"),
                ("&Delete army", self.delete_army, "deleteArmyButton"),
            ),
            "Armies",
        )

        self.battles = _table(BATTLE_HEADERS, "battlesTable")
        self.battles.doubleClicked.connect(lambda _index: self.edit_battle())
        self.tabs.addTab(
            self._page(
                self.battles,
                ("&Add battle...", self.add_battle, "addBattleButton"),
                ("&Edit / result...", self.edit_battle, "editBattleButton"),
                ("&Delete battle", self.delete_selected_battle, "deleteBattleButton"),
                ("&Start next battle", self.start_next_battle, "startBattleButton"),
                ("&Result from game", self.result_from_game, "resultFromGameButton"),
                ("&Carry losses", self.carry_selected_battle, "carryButton"),
            ),
            "Battles",
        )
        self.delete_button = self.findChild(QPushButton, "deleteBattleButton")
        self.carry_button = self.findChild(QPushButton, "carryButton")

        league_page = QWidget()
        league_layout = QVBoxLayout(league_page)
        self.league = _table((*LEAGUE_HEADERS, "Armies"), "leagueTable")
        self.league_armies = _table(LEAGUE_HEADERS, "leagueArmiesTable")
        self.league_nations = _table(LEAGUE_HEADERS, "leagueNationsTable")
        self.league_boxes: dict[str, QWidget] = {}
        for label, table in (
            ("Players", self.league),
            ("Armies", self.league_armies),
            ("Nations", self.league_nations),
        ):
            box = QWidget()
            box_layout = QVBoxLayout(box)
            box_layout.setContentsMargins(0, 0, 0, 6)
            box_layout.addWidget(QLabel(f"<b>{label}</b>"))
            row = QHBoxLayout()
            row.addWidget(table)
            row.addStretch(1)
            box_layout.addLayout(row)
            league_layout.addWidget(box)
            self.league_boxes[label] = box
        self.league_note = QLabel()
        self.league_note.setObjectName("leagueNote")
        league_layout.addWidget(self.league_note)
        league_layout.addStretch(1)
        self.tabs.addTab(league_page, "League")

        charts_page = QWidget()
        cl = QVBoxLayout(charts_page)
        row = QHBoxLayout()
        self.points_chart = chart_view("pointsChart")
        self.losses_chart = chart_view("lossesChart")
        row.addWidget(self.points_chart)
        row.addWidget(self.losses_chart)
        cl.addLayout(row, 1)
        pick = QHBoxLayout()
        pick.addWidget(QLabel("Losses per turn in:"))
        self.battle_combo = QComboBox()
        self.battle_combo.setObjectName("battleCombo")
        self.battle_combo.currentIndexChanged.connect(self._show_turns)
        pick.addWidget(self.battle_combo, 1)
        cl.addLayout(pick)
        self.turns_chart = chart_view("turnsChart")
        cl.addWidget(self.turns_chart, 1)
        self.tabs.addTab(charts_page, "Charts")

        # Follow changes made by another copy of the app (a club's server): LISTEN/NOTIFY on
        # PostgreSQL, PRAGMA data_version on SQLite (see CampaignService.changed_elsewhere).
        self._follow = QTimer(self)
        self._follow.setInterval(self.FOLLOW_MS)
        self._follow.timeout.connect(self.follow)
        self.destroyed.connect(lambda *_: service.stop_watching())
        self._start_following()
        self.reload_campaigns()

    def _start_following(self) -> None:
        if not self._follow.isActive():
            self.service.changed_elsewhere()  # starts watching, before the next read
            campaign_events().changed.connect(self.campaign_changed)
            self._follow.start()

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again after closing: follow again, from the campaigns as they are now."""
        if not self._follow.isActive():
            self._start_following()
            self.reload_campaigns()
        super().showEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """A closed window stops following: no timer, no connection kept, no events."""
        if self._follow.isActive():
            self._follow.stop()
            self.service.stop_watching()
            with contextlib.suppress(RuntimeError, TypeError):
                campaign_events().changed.disconnect(self.campaign_changed)
        super().closeEvent(event)

    @staticmethod
    def _page(view: QWidget, *buttons: tuple[str, Callable[[], object], str]) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(view)
        row = QHBoxLayout()
        for text, slot, name in buttons:
            b = QPushButton(text)
            b.setObjectName(name)
            b.clicked.connect(lambda _checked=False, s=slot: s())
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        return page

    # ------------------------------------------------------------------ loading
    def reload_campaigns(self, select: int | None = None) -> None:
        """Refill the campaign chooser (keeping or choosing ``select``) and show the campaign."""
        keep = select if select is not None else self.campaign_id
        self.campaign_combo.blockSignals(True)
        self.campaign_combo.clear()
        for c in self.service.list_campaigns():
            self.campaign_combo.addItem(c.name, c.id)
        index = self.campaign_combo.findData(keep) if keep is not None else -1
        self.campaign_combo.setCurrentIndex(max(index, 0) if self.campaign_combo.count() else -1)
        self.campaign_combo.blockSignals(False)
        self._campaign_chosen()

    @Slot(int)
    def campaign_changed(self, campaign_id: int) -> None:
        """A campaign was edited elsewhere in the app (e.g. a battle recorded at End battle).

        The campaign shown is read again; another campaign (perhaps a new one) refills the
        chooser, keeping the one shown.
        """
        if campaign_id == self.campaign_id:
            self.refresh()
        elif self.campaign_combo.findData(campaign_id) < 0 or self.campaign_id is None:
            self.reload_campaigns()

    def _campaign_chosen(self) -> None:
        data = self.campaign_combo.currentData()
        self.campaign_id = int(data) if data is not None else None
        self.refresh()

    def set_campaign(self, campaign_id: int) -> None:
        """Show the campaign with this id."""
        self.campaign_combo.setCurrentIndex(self.campaign_combo.findData(campaign_id))

    def follow(self) -> bool:
        """Show what another copy of the app changed in the campaigns; whether anything did.

        The lists are filled again only when what they show changed, keeping the selections.
        """
        shown = [
            (self.campaign_combo.itemData(i), self.campaign_combo.itemText(i))
            for i in range(self.campaign_combo.count())
        ]
        try:
            if not self.service.changed_elsewhere():
                return False
            chooser = [(c.id, c.name) for c in self.service.list_campaigns()]
            same = chooser == shown and self.campaign_id is not None
            view = self.service.view(self.campaign_id) if same and self.campaign_id else None
        except Exception:  # noqa: BLE001 - a lost connection: look again on the next tick
            # ... or a bug: either way the traceback goes to the log, never nowhere.
            log.exception("following the campaigns failed (tried again in a second)")
            return False
        if view is None:  # a campaign added, renamed or deleted elsewhere
            if chooser == shown:
                return False
            self.reload_campaigns()
        elif view == self.view:
            return False
        else:
            self.refresh(view)
        self.statusBar().showMessage(self.CHANGED_ELSEWHERE, 8000)
        return True

    def refresh(self, view: CampaignView | None = None) -> None:
        """Read the campaign again (unless ``view`` is given) and fill every tab.

        The selected member, army or unit, battle and chart stay selected.
        """
        if self.campaign_id is None:
            self.view = None
            for t in (self.members, self.battles, self.league, self.league_armies):
                t.setRowCount(0)
            self.league_nations.setRowCount(0)
            self.armies.clear()
            self.settings_label.setText("No campaign yet: start one with New campaign.")
            return
        restore = keep_selection(
            (
                TableRows(
                    self.members, lambda: [m.id for m in self.view.members] if self.view else []
                ),
                TableRows(
                    self.battles, lambda: [b.id for b in self.view.battles] if self.view else []
                ),
            ),
            self.armies,
            (self.battle_combo,),
        )
        v = self.view = view if view is not None else self.service.view(self.campaign_id)
        self._fill_all(v)
        restore()

    def _fill_all(self, v: CampaignView) -> None:
        self.settings_label.setText(settings_text(v.info))
        self.settings_label.setToolTip(
            "League points for each result, and the share of its hits a surviving unit "
            "loses between battles (set when the campaign is created)"
        )
        _fill(self.members, [[m.name, m.role] for m in v.members])
        self._fill_armies(v)
        column = v.info.losses_column  # the pack's heading of a side's losses (EotE: Hits)
        for i, side in ((6, "A"), (7, "B")):
            item = self.battles.horizontalHeaderItem(i)
            if item is not None:
                item.setText(f"{column} {side}")
        _fill(self.battles, [self._battle_row(b) for b in v.battles])
        armies_of: dict[str, list[str]] = {}
        for a in v.armies:
            armies_of.setdefault(a.player, []).append(a.name)
        _fill(
            self.league,
            [
                [*row, ", ".join(armies_of.get(r.name, []))]
                for row, r in zip(_league_rows(v.league), v.league, strict=True)
            ],
        )
        _fill(self.league_armies, _league_rows(v.league_by_army))
        _fill(self.league_nations, _league_rows(v.league_by_nation, nations=True))
        # one army each: the army table would repeat the players' table row for row
        same = all(len(names) == 1 for names in armies_of.values())
        self.league_boxes["Armies"].setVisible(not same)
        self.league_note.setText(
            "Each player has one army (in the Armies column), so the table by army is left out."
            if same and v.armies
            else ""
        )
        for table in (self.league, self.league_armies, self.league_nations):
            table.resizeColumnsToContents()
            _fit_height(table)
            width = sum(table.columnWidth(c) for c in range(table.columnCount()))
            table.setFixedWidth(width + 2 * table.frameWidth() + 2)
        self._fill_charts(v)

    def _fill_armies(self, v: CampaignView) -> None:
        """A tree per army: its divisions, then their units, each value in its own column."""
        self.armies.clear()
        grouped, strength = headings(v.info.pack)  # the pack's (EotE: division, CE)
        labels = list(ARMY_HEADERS)
        labels[0], labels[3] = f"Army / {grouped.lower()} / unit", strength
        self.armies.setHeaderLabels(labels)
        grey = QColor("#888")
        for a in v.armies:
            # the losses kept in the pack's words (EotE's hits, AVlE's elements lost)
            words = v.info.measure[1]
            top = QTreeWidgetItem(
                [
                    a.name,
                    a.player,
                    nation_name(a.nation),
                    "",
                    f"{len(a.units) - a.units_destroyed}/{len(a.units)} units, "
                    f"{a.hits_carried} {words} carried",
                ]
            )
            divisions: dict[str, list[UnitState]] = {}
            for u in a.units:
                divisions.setdefault(u.division, []).append(u)
            for division, units in divisions.items():
                left = sum(1 for u in units if not u.destroyed)
                hits = sum(u.hits for u in units if not u.destroyed)
                state = f"{left}/{len(units)} units" + (f", {hits} {words}" if hits else "")
                group = QTreeWidgetItem([division, "", "", "", state])
                for u in units:
                    child = QTreeWidgetItem([u.name, "", "", str(u.ce), u.state])
                    child.setTextAlignment(3, Qt.AlignmentFlag.AlignRight)
                    if u.destroyed:
                        for col in range(len(ARMY_HEADERS)):
                            child.setForeground(col, grey)
                    group.addChild(child)
                top.addChild(group)
            self.armies.addTopLevelItem(top)
            top.setExpanded(True)

    @staticmethod
    def _battle_row(b: BattleView) -> list[object]:
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

    def _fill_charts(self, v: CampaignView) -> None:
        labels = chart_labels(v.decided_battles)
        self.points_chart.setChart(line_chart("Points over the campaign", labels, v.points_series))
        bl, bs = losses_by_battle(v)
        taken = v.info.losses_taken.capitalize()  # the pack's words (EotE: hits taken)
        self.losses_chart.setChart(bar_chart(f"{taken} per battle", bl, bs))
        self.battle_combo.blockSignals(True)
        self.battle_combo.clear()
        for b in v.battles:
            if b.game_id is not None:
                self.battle_combo.addItem(b.label, b.id)
        self.battle_combo.blockSignals(False)
        self._show_turns()

    def _show_turns(self) -> None:
        data = self.battle_combo.currentData()
        if data is None or self.view is None:
            self.turns_chart.setChart(bar_chart("No battle run in eote-ref yet", [], {}))
            return
        b = next(x for x in self.view.battles if x.id == int(data))
        per_turn = self.service.losses_per_turn(b.id)
        turns = list(range(1, max(per_turn, default=0) + 1))
        series = {b.side_names[i]: [per_turn.get(t, {}).get(i, 0) for t in turns] for i in (0, 1)}
        self.turns_chart.setChart(
            bar_chart(
                f"{b.scenario}: {self.view.info.losses_taken} per turn",
                [f"turn {t}" for t in turns],
                series,
            )
        )

    # ------------------------------------------------------------------ actions
    def selected_battle(self) -> BattleView | None:
        """The battle selected in the battle list."""
        row = self.battles.currentRow()
        if self.view is None or not 0 <= row < len(self.view.battles):
            return None
        return self.view.battles[row]

    def delete_selected_battle(self, *, confirm: bool = True) -> bool:
        """Delete the selected battle (asking first); the league table is recomputed."""
        b = self.selected_battle()
        if b is None:
            return False
        if confirm and not self.confirm(
            "Delete battle",
            f"Delete {b.label} and its result? Losses it carried to the armies are undone.",
        ):
            return False
        self.service.delete_battle(b.id)
        self.refresh()
        return True

    def confirm(self, title: str, text: str) -> bool:
        """Ask a yes/no question before deleting (tests replace this method)."""
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def _open(self, dialog: QDialog) -> QDialog:
        """Show a dialog window-modally without blocking; the window refreshes on OK.

        (The campaign dialogs announce their changes on :func:`campaign_events`, which
        :meth:`campaign_changed` follows.)
        """
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def selected_member(self) -> MemberView | None:
        """The member selected in the members tab."""
        row = self.members.currentRow()
        if self.view is None or not 0 <= row < len(self.view.members):
            return None
        return self.view.members[row]

    def selected_army(self) -> ArmyView | None:
        """The army selected (or whose unit is selected) in the armies tab."""
        item = self.armies.currentItem()
        if item is None or self.view is None:
            return None
        parent = item.parent()
        while parent is not None:
            item, parent = parent, parent.parent()
        index = self.armies.indexOfTopLevelItem(item)
        return self.view.armies[index] if 0 <= index < len(self.view.armies) else None

    def add_member(self) -> MemberDialog | None:
        """Open the dialog to add a player or umpire."""
        if self.campaign_id is None:
            return None
        d = MemberDialog(self.service, self.campaign_id, None, self)
        self._open(d)
        return d

    def edit_member(self) -> MemberDialog | None:
        """Open the dialog to edit the selected member."""
        m = self.selected_member()
        if m is None or self.campaign_id is None:
            return None
        d = MemberDialog(self.service, self.campaign_id, m, self)
        self._open(d)
        return d

    def delete_member(self) -> bool:
        """Remove the selected member (asking first) with the armies that fought no battle."""
        m = self.selected_member()
        if m is None or not self.confirm("Delete member", f"Remove {m.name} from the campaign?"):
            return False
        return self._try("Delete member", lambda: self.service.delete_member(m.id))

    def add_army(self) -> ArmyDialog | None:
        """Open the dialog to give a player a campaign copy of an army list."""
        if self.campaign_id is None:
            return None
        d = ArmyDialog(self.service, self.campaign_id, None, self)
        self._open(d)
        return d

    def edit_army(self) -> ArmyDialog | None:
        """Open the dialog to rename the selected army or hand it to another player."""
        a = self.selected_army()
        if a is None or self.campaign_id is None:
            return None
        d = ArmyDialog(self.service, self.campaign_id, a, self)
        self._open(d)
        return d

    def delete_army(self) -> bool:
        """Remove the selected army (asking first), if it fought no battle."""
        a = self.selected_army()
        if a is None or not self.confirm("Delete army", f"Remove {a.name} from the campaign?"):
            return False
        return self._try("Delete army", lambda: self.service.delete_army(a.id))

    def add_battle(self) -> BattleDialog | None:
        """Open the dialog to enter a battle (and its result, for a manual entry)."""
        if self.campaign_id is None:
            return None
        d = BattleDialog(self.service, self.campaign_id, None, self)
        self._open(d)
        return d

    def edit_battle(self) -> BattleDialog | None:
        """Open the dialog to edit the selected battle or give its result."""
        b = self.selected_battle()
        if b is None or self.campaign_id is None:
            return None
        d = BattleDialog(self.service, self.campaign_id, b, self)
        self._open(d)
        return d

    def _try(self, title: str, action: Callable[[], None]) -> bool:
        try:
            action()
        except CampaignError as exc:
            self.statusBar().showMessage(f"{title}: {exc}", 8000)
            return False
        self.refresh()
        return True

    def start_next_battle(self) -> int | None:
        """Set up the selected battle (or the next one not yet run) from the campaign copies.

        Emits :attr:`game_started` with the new game's id, for the main window to open it.
        """
        if self.campaign_id is None:
            return None
        b = self.selected_battle()
        if b is None or b.game_id is not None or b.decided:
            b = self.service.next_battle(self.campaign_id)
        if b is None:
            self.statusBar().showMessage(
                "Every battle has been run or decided: add the next one first", 8000
            )
            return None
        try:
            game_id = self.service.start_game(b.id)
        except (CampaignError, ValueError) as exc:
            self.statusBar().showMessage(f"Start battle: {exc}", 8000)
            return None
        self.refresh()
        self.statusBar().showMessage(f"{b.label}: game {game_id} set up", 8000)
        self.game_started.emit(game_id)
        return game_id

    def carry_selected_battle(self) -> None:
        """Write the selected battle's losses back to the campaign copies."""
        b = self.selected_battle()
        if b is None:
            return
        try:
            n = self.service.carry_losses(b.id)
        except CampaignError as exc:
            QMessageBox.warning(self, "Carry losses", str(exc))
            return
        self.refresh()
        self.statusBar().showMessage(f"Losses carried: {n} units changed", 5000)
        if self.service.unmatched:
            QMessageBox.information(
                self,
                "Carry losses",
                "These units of the game have no unit of the same name in the campaign "
                "armies, so their losses were not carried:\n" + "\n".join(self.service.unmatched),
            )

    def new_campaign(self, name: str, pack: str = DEFAULT_PACK) -> int:
        """Create a campaign of ``pack`` with the default points and recovery, and show it."""
        cid = self.service.create_campaign(name, pack=pack)
        self.reload_campaigns(cid)
        return cid

    def new_campaign_dialog(self) -> NewCampaignDialog:
        """Ask for a name and the ruleset, and create a campaign (shown once created)."""
        d = NewCampaignDialog(self.service, self)
        d.accepted.connect(lambda: self.reload_campaigns(d.campaign_id))
        self._open(d)
        return d

    def result_from_game(self) -> bool:
        """Record the selected battle's result as its game reached it (a pack's victory)."""
        b = self.selected_battle()
        if b is None:
            return False
        try:
            self.service.decide_from_game(b.id)
        except CampaignError as exc:
            self.statusBar().showMessage(f"Result from game: {exc}", 8000)
            return False
        self.refresh()
        decided = self.service.battle(b.id)
        self.statusBar().showMessage(f"{decided.label}: {decided.result_text}", 8000)
        return True

    def import_csv(self, path: pathlib.Path) -> int:
        """Import the battles of a CSV file (CsvImportError lists the bad rows by line)."""
        if self.campaign_id is None:
            raise CampaignError("choose a campaign first")
        try:
            text = csv_format.decode(path.read_bytes())
        except csv_format.CsvFormatError as exc:  # not a spreadsheet encoding: bad rows too
            raise CsvImportError(exc.problems) from exc
        n = self.service.import_battles(self.campaign_id, text)
        self.refresh()
        return n

    def import_dialog(self) -> None:
        """Ask for a CSV file and import its battles, or list its bad rows."""
        name, _ = QFileDialog.getOpenFileName(self, "Import battles", "", "CSV files (*.csv)")
        if not name:
            return
        try:
            n = self.import_csv(pathlib.Path(name))
        except CsvImportError as exc:
            QMessageBox.warning(
                self,
                "Import battles",
                "Nothing was imported. Fix these rows and try again:\n\n"
                + "\n".join(exc.problems[:30]),
            )
            return
        except (CampaignError, OSError) as exc:
            QMessageBox.warning(self, "Import battles", str(exc))
            return
        self.statusBar().showMessage(f"Imported {n} battles", 5000)

    def export_csv(self, folder: pathlib.Path) -> list[pathlib.Path]:
        """Write the league tables and battle list as CSV files into ``folder``."""
        if self.campaign_id is None:
            raise CampaignError("choose a campaign first")
        return self.service.export_csv(self.campaign_id, folder)

    def export_dialog(self) -> None:
        """Ask for a folder and export the CSV files there."""
        folder = QFileDialog.getExistingDirectory(self, "Export CSV to")
        if folder:
            try:
                files = self.export_csv(pathlib.Path(folder))
            except (CampaignError, OSError) as exc:
                QMessageBox.warning(self, "Export CSV", str(exc))
                return
            self.statusBar().showMessage(f"Wrote {len(files)} CSV files to {folder}", 5000)

    def save_report(self, path: pathlib.Path) -> None:
        """Write the campaign's self-contained HTML report to ``path``."""
        if self.campaign_id is None:
            raise CampaignError("choose a campaign first")
        path.write_text(campaign_report_html(self.service, self.campaign_id), encoding="utf-8")

    def report_dialog(self) -> None:
        """Ask for a file name and write the HTML report there."""
        name, _ = QFileDialog.getSaveFileName(
            self, "HTML report", "campaign-report.html", "HTML files (*.html)"
        )
        if name:
            try:
                self.save_report(pathlib.Path(name))
            except (CampaignError, OSError) as exc:
                QMessageBox.warning(self, "HTML report", str(exc))
                return
            self.statusBar().showMessage(f"Wrote {name}", 5000)
