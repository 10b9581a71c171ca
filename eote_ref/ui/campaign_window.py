"""The campaign window: members, armies and their state, battles, league tables and charts."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

from PySide6.QtCore import QTimer, Slot
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.campaign import CampaignService, CampaignView
from eote_ref.referee.campaign.report import chart_labels, losses_by_battle, settings_text
from eote_ref.ui.campaign_actions import CampaignActions
from eote_ref.ui.campaign_charts import bar_chart, chart_view, line_chart
from eote_ref.ui.campaign_follow import TableRows, keep_selection
from eote_ref.ui.campaign_form import campaign_events
from eote_ref.ui.campaign_tables import (
    ARMY_HEADERS,
    BATTLE_HEADERS,
    LEAGUE_HEADERS,
    battle_row,
    campaign_table,
    fill_army_tree,
    fill_table,
    fit_height,
    league_rows,
)

log = logging.getLogger(__name__)


class CampaignWindow(CampaignActions):
    """Every campaign of the database, one at a time, in tabs.

    Args:
        service: the campaign service (the window never opens sessions).
        parent: the parent widget.
    """

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

        self.members = campaign_table(("Name", "Role"), "membersTable")
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

        self.battles = campaign_table(BATTLE_HEADERS, "battlesTable")
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
        self.league = campaign_table((*LEAGUE_HEADERS, "Armies"), "leagueTable")
        self.league_armies = campaign_table(LEAGUE_HEADERS, "leagueArmiesTable")
        self.league_nations = campaign_table(LEAGUE_HEADERS, "leagueNationsTable")
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
        fill_table(self.members, [[m.name, m.role] for m in v.members])
        fill_army_tree(self.armies, v)
        column = v.info.losses_column  # the pack's heading of a side's losses (EotE: Hits)
        for i, side in ((6, "A"), (7, "B")):
            item = self.battles.horizontalHeaderItem(i)
            if item is not None:
                item.setText(f"{column} {side}")
        fill_table(self.battles, [battle_row(b) for b in v.battles])
        armies_of: dict[str, list[str]] = {}
        for a in v.armies:
            armies_of.setdefault(a.player, []).append(a.name)
        fill_table(
            self.league,
            [
                [*row, ", ".join(armies_of.get(r.name, []))]
                for row, r in zip(league_rows(v.league), v.league, strict=True)
            ],
        )
        fill_table(self.league_armies, league_rows(v.league_by_army))
        fill_table(self.league_nations, league_rows(v.league_by_nation, nations=True))
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
            fit_height(table)
            width = sum(table.columnWidth(c) for c in range(table.columnCount()))
            table.setFixedWidth(width + 2 * table.frameWidth() + 2)
        self._fill_charts(v)

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
