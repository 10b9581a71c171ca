"""The End battle dialog: each side's losses per turn, CSV/HTML export, hand-off to a campaign."""

from __future__ import annotations

import csv
import html
import io
import pathlib

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.campaign import BattleView, CampaignError, CampaignService
from eote_ref.referee.summary import BattleSummary, SideSummary, battle_summary
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.campaign_form import campaign_events
from eote_ref.ui.game_hub import GameHub

#: What a row of the summary table means, shown as its tooltip.
ROW_TIPS: dict[str, str] = {
    "Off the table": "Units no longer on the table (routed off or removed)",
    "Units routed": (
        "Units routed in this battle, whether they rallied or left the table since (EotE 7.5, "
        "9.1); a rout the umpire's edit took back is not counted"
    ),
    "Hits taken": (
        "Hits put on the side's units in this battle (by checks or marker edits), less those "
        "the umpire's edits took back; rallies do not undo them, and hits carried from "
        "earlier battles are not counted"
    ),
    "Hits rallied off": "Hits the side's rallies and rests took off its units (EotE 3.6, 9.1)",
    "Divisions routed": "Divisions that failed their integrity check and broke (EotE 9.0)",
}

#: The rows of the summary table: (SideSummary field, label).
ROWS: tuple[tuple[str, str], ...] = (
    ("units_total", "Units"),
    ("units_routed", "Units routed"),
    ("units_disintegrated", "Cavalry disintegrated"),
    ("units_removed", "Off the table"),
    ("hits_taken", "Hits taken"),
    ("hits_rallied", "Hits rallied off"),
    ("leaders_killed", "Leaders killed"),
    ("divisions_broken", "Divisions routed"),
    ("divisions_falling_back", "Divisions falling back"),
)


def _value(side: SideSummary, field: str) -> int:
    return int(getattr(side, field))


def summary_rows(summary: BattleSummary) -> list[list[str]]:
    """The summary as a table: a header row (measure, each side), one row per measure."""
    rows = [["", *(s.name for s in summary.sides)]]
    rows += [[label, *(str(_value(s, f)) for s in summary.sides)] for f, label in ROWS]
    return rows


def turn_rows(summary: BattleSummary) -> list[list[str]]:
    """Hits taken per turn: a header row (turn, each side), one row per turn with losses."""
    rows = [["Turn", *(s.name for s in summary.sides)]]
    for turn, by_side in sorted(summary.losses_per_turn.items()):
        rows.append([str(turn), *(str(by_side.get(s.position, 0)) for s in summary.sides)])
    return rows


def summary_csv(summary: BattleSummary) -> str:
    """The summary as CSV: the measures, a blank line, then the hits per turn."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([f"Battle summary: {summary.name}"])
    writer.writerows(summary_rows(summary))
    writer.writerow([])
    writer.writerow(["Hits taken per turn"])
    writer.writerows(turn_rows(summary))
    return out.getvalue()


def _table_html(rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
    body = "".join(
        "<tr>"
        + f"<th scope='row'>{html.escape(r[0])}</th>"
        + "".join(f"<td>{html.escape(c)}</td>" for c in r[1:])
        + "</tr>"
        for r in rows[1:]
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def summary_html(summary: BattleSummary) -> str:
    """The summary as a standalone HTML page."""
    title = html.escape(f"Battle summary: {summary.name}")
    per_turn = turn_rows(summary)
    turns = (
        _table_html(per_turn) if len(per_turn) > 1 else "<p>No hits were taken in this battle.</p>"
    )
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{title}</title>"
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
        "margin-bottom:1.5em}th,td{border:1px solid #999;padding:4px 10px}"
        "td{text-align:right}thead th{background:#eee}</style></head><body>"
        f"<h1>{title}</h1><p>{html.escape(summary.turns_text())}.</p>"
        + (f"<p><b>{html.escape(summary.victory)}</b></p>" if summary.victory else "")
        + f"<h2>Losses by side</h2>{_table_html(summary_rows(summary))}"
        f"<h2>Hits taken per turn</h2>{turns}</body></html>\n"
    )


def _fill(table: QTableWidget, rows: list[list[str]], *, label_column: bool = False) -> None:
    """Fill ``table``: each row's first cell heads the row (is a column with ``label_column``)."""
    skip = 0 if label_column else 1
    table.setColumnCount(len(rows[0]) - skip)
    table.setRowCount(len(rows) - 1)
    table.setHorizontalHeaderLabels(rows[0][skip:])
    if label_column:
        table.verticalHeader().setVisible(False)
    else:
        table.setVerticalHeaderLabels([r[0] for r in rows[1:]])
        for i, row in enumerate(rows[1:]):
            header = table.verticalHeaderItem(i)
            if header is not None and row[0] in ROW_TIPS:
                header.setToolTip(ROW_TIPS[row[0]])
    for i, row in enumerate(rows[1:]):
        for j, cell in enumerate(row[skip:]):
            item = QTableWidgetItem(cell)
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            table.setItem(i, j, item)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setCurrentCell(-1, -1)


def _fit_height(table: QTableWidget) -> None:
    """Tall enough to show every row without scrolling."""
    table.resizeRowsToContents()
    height = table.verticalHeader().length() + table.horizontalHeader().sizeHint().height()
    height += 2 * table.frameWidth() + 2
    table.setMinimumHeight(height)
    table.setMaximumHeight(height)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


class BattleSummaryDialog(QDialog):
    """The battle's summary per side with CSV and HTML export (nothing is written to the game).

    With a campaign service the battle can be handed to a campaign: the battle already linked
    to this game (a game set up with "Start next battle") or a new one pre-filled from the
    game opens in the battle dialog, where the umpire gives the result; the losses come from
    the game's journal. A game set up from the campaign copies can then carry its losses.

    Args:
        hub: the open game.
        parent: the parent widget.
        campaigns: the campaigns of the same database (None: no hand-off).
    """

    def __init__(
        self,
        hub: GameHub,
        parent: QWidget | None = None,
        campaigns: CampaignService | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("battleSummary")
        self.hub = hub
        self.campaigns = campaigns
        self.battle_dialog: BattleDialog | None = None
        self.summary = battle_summary(hub.service)
        self.setWindowTitle(f"End battle: {self.summary.name}")
        layout = QVBoxLayout(self)
        heading = QLabel(
            f"<p style='font-size:large'><b>{html.escape(self.summary.name)}</b></p>"
            f"<p>{html.escape(self.summary.turns_text())}. The game stays open: "
            "undo and further turns are still possible.</p>"
        )
        heading.setTextFormat(Qt.TextFormat.RichText)
        heading.setWordWrap(True)
        layout.addWidget(heading)
        self.victory_label = QLabel(self)
        self.victory_label.setObjectName("scenarioVictory")
        self.victory_label.setWordWrap(True)
        if self.summary.victory:
            reasons = "".join(f"<li>{html.escape(r)}</li>" for r in self.summary.victory_reasons)
            self.victory_label.setText(
                f"<p><b>Scenario result: {html.escape(self.summary.victory)}</b></p>"
                + (f"<ul>{reasons}</ul>" if reasons else "")
            )
        self.victory_label.setVisible(bool(self.summary.victory))
        layout.addWidget(self.victory_label)
        self.sides_table = QTableWidget(self)
        self.sides_table.setObjectName("summarySides")
        _fill(self.sides_table, summary_rows(self.summary))
        _fit_height(self.sides_table)
        layout.addWidget(self.sides_table, 0)
        per_turn = QLabel("<b>Hits taken per turn</b>")
        layout.addWidget(per_turn)
        self.turns_table = QTableWidget(self)
        self.turns_table.setObjectName("summaryTurns")
        _fill(self.turns_table, turn_rows(self.summary), label_column=True)
        self.turns_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        _fit_height(self.turns_table)
        self.turns_table.setVisible(bool(self.summary.losses_per_turn))
        layout.addWidget(self.turns_table, 0)
        self.no_turns = QLabel("No hits were taken in this battle.")
        self.no_turns.setVisible(not self.summary.losses_per_turn)
        layout.addWidget(self.no_turns)
        layout.addStretch(1)
        self._campaign_row(layout)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.csv_button = QPushButton("Export &CSV…")
        self.html_button = QPushButton("Export &HTML…")
        buttons.addButton(self.csv_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.html_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.csv_button.clicked.connect(lambda: self._export("csv"))
        self.html_button.clicked.connect(lambda: self._export("html"))
        buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+E"), self, lambda: self._export("csv"))
        layout.addWidget(buttons)
        self.resize(640, self.sizeHint().height())

    # ------------------------------------------------------------------ campaign hand-off
    def _campaign_row(self, layout: QVBoxLayout) -> None:
        """Campaign chooser, "Record in a campaign…", "Carry losses" and a status line."""
        self.campaign_combo = QComboBox(self)
        self.campaign_combo.setObjectName("campaignCombo")
        self.campaign_button = QPushButton("&Record in a campaign…", self)
        self.campaign_button.setObjectName("recordCampaignButton")
        self.carry_button = QPushButton("Carry &losses", self)
        self.carry_button.setObjectName("carryLossesButton")
        self.carry_button.setToolTip(
            "Write the losses back to the campaign's armies: each unit starts the next battle "
            "with the hits it keeps"
        )
        self.new_campaign_button = QPushButton("&New campaign…", self)
        self.new_campaign_button.setObjectName("newCampaignButton")
        self.new_campaign_button.setToolTip(
            "Start a campaign to record this battle in (its members and armies can be added "
            "while recording)"
        )
        self.name_dialog: QInputDialog | None = None
        self.campaign_label = QLabel(self)
        self.campaign_label.setObjectName("campaignLabel")
        self.campaign_label.setWordWrap(True)
        row = QHBoxLayout()
        label = QLabel("Ca&mpaign:", self)
        label.setBuddy(self.campaign_combo)
        row.addWidget(label)
        row.addWidget(self.campaign_combo, 1)
        row.addWidget(self.new_campaign_button)
        row.addWidget(self.campaign_button)
        row.addWidget(self.carry_button)
        layout.addLayout(row)
        layout.addWidget(self.campaign_label)
        self.campaign_button.clicked.connect(lambda: self.record_in_campaign())
        self.carry_button.clicked.connect(self.carry_losses)
        self.new_campaign_button.clicked.connect(lambda: self.new_campaign_dialog())
        self.campaign_combo.currentIndexChanged.connect(self._campaign_changed)
        for w in (
            label,
            self.campaign_combo,
            self.new_campaign_button,
            self.campaign_button,
            self.carry_button,
        ):
            w.setVisible(self.campaigns is not None)
        self.campaign_label.setVisible(self.campaigns is not None)
        if self.campaigns is None:
            return
        linked = self.linked_battle()
        self._fill_campaigns(linked[0] if linked is not None else None)
        campaign_events().changed.connect(self._campaign_edited)

    def _fill_campaigns(self, select: int | None) -> None:
        """List the campaigns, choosing ``select`` (else the first)."""
        assert self.campaigns is not None
        self.campaign_combo.blockSignals(True)
        self.campaign_combo.clear()
        for info in self.campaigns.list_campaigns():
            self.campaign_combo.addItem(info.name, info.id)
        if select is not None:
            self.campaign_combo.setCurrentIndex(max(0, self.campaign_combo.findData(select)))
        some = self.campaign_combo.count() > 0
        if not some:
            self.campaign_combo.addItem("(no campaign yet)", None)
        self.campaign_combo.setEnabled(some)
        self.campaign_button.setEnabled(some)
        self.campaign_button.setToolTip("" if some else "Start a campaign first (New campaign…)")
        self.campaign_combo.blockSignals(False)
        self._campaign_changed()

    def new_campaign_dialog(self) -> QInputDialog:
        """Ask for the new campaign's name (window-modal, not blocking)."""
        d = QInputDialog(self)
        d.setWindowTitle("New campaign")
        d.setLabelText("Name of the campaign:")
        d.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        d.textValueSelected.connect(self.new_campaign)
        self.name_dialog = d
        d.open()
        return d

    def new_campaign(self, name: str) -> int | None:
        """Start a campaign (default points and recovery) and choose it; returns its id."""
        if self.campaigns is None:
            return None
        try:
            cid = self.campaigns.create_campaign(name)
        except CampaignError as exc:
            self.campaign_label.setText(str(exc))
            return None
        self._fill_campaigns(cid)
        campaign_events().changed.emit(cid)
        return cid

    @Slot(int)
    def _campaign_edited(self, campaign_id: int) -> None:
        """A campaign was edited elsewhere (e.g. losses carried in the campaign window)."""
        if campaign_id == self.campaign_id():
            self._campaign_changed()

    def linked_battle(self) -> tuple[int, BattleView] | None:
        """The campaign battle this game is linked to, as (campaign id, battle), if any."""
        if self.campaigns is None:
            return None
        return self.campaigns.battle_of_game(self.hub.service.game_id)

    def campaign_id(self) -> int | None:
        """The campaign chosen to record the battle in."""
        data = self.campaign_combo.currentData()
        return int(data) if data is not None else None

    def _battle_in_chosen(self) -> BattleView | None:
        linked = self.linked_battle()
        if linked is None or linked[0] != self.campaign_id():
            return None
        return linked[1]

    def _campaign_changed(self) -> None:
        """Say what recording will do, and offer Carry losses when the game can carry them."""
        if self.campaigns is None:
            return
        battle = self._battle_in_chosen()
        can_carry = battle is not None and self.campaigns.can_carry_losses(battle.id)
        self.carry_button.setVisible(can_carry)
        if self.campaign_id() is None:
            self.campaign_label.setText(
                "No campaign in this database yet: start one with New campaign to record "
                "this battle in it."
            )
        elif battle is None:
            self.campaign_label.setText(
                "Not yet a battle of this campaign: recording adds one, filled in from this game."
            )
        elif battle.carried:
            self.campaign_label.setText(
                f"{battle.label}: {battle.result_text}; its losses have been carried."
            )
        else:
            result = battle.result_text if battle.decided else "no result yet"
            carry = " Its losses can be carried to the armies." if can_carry else ""
            self.campaign_label.setText(f"Linked to {battle.label}: {result}.{carry}")

    def record_in_campaign(self) -> BattleDialog | None:
        """Open the battle dialog on this game's battle (linked, else a new pre-filled one).

        The umpire chooses the result level and the winner; on OK the battle is saved with the
        losses read from the game's journal. The dialog opens window-modally (not blocking).
        """
        cid = self.campaign_id()
        if self.campaigns is None or cid is None:
            return None
        battle = self._battle_in_chosen()
        try:
            prefill = (
                None
                if battle is not None
                else self.campaigns.battle_for_game(cid, self.hub.service.game_id)
            )
        except CampaignError as exc:
            self.campaign_label.setText(str(exc))
            return None
        dialog = BattleDialog(self.campaigns, cid, battle, self, prefill=prefill)
        dialog.accepted.connect(self._recorded)
        self.battle_dialog = dialog
        dialog.open()
        dialog.victory_combo.setFocus()
        return dialog

    def _recorded(self) -> None:
        self._campaign_changed()
        if not self.carry_button.isHidden():
            self.carry_button.setDefault(True)
            self.carry_button.setFocus()

    def carry_losses(self) -> int | None:
        """Write this game's losses back to the campaign's armies; returns units changed."""
        battle, cid = self._battle_in_chosen(), self.campaign_id()
        if self.campaigns is None or battle is None or cid is None:
            return None
        try:
            changed = self.campaigns.carry_losses(battle.id)
        except CampaignError as exc:
            self.campaign_label.setText(str(exc))
            return None
        campaign_events().changed.emit(cid)
        self._campaign_changed()
        unmatched = self.campaigns.unmatched
        missing = f" Not matched by name: {', '.join(unmatched)}." if unmatched else ""
        self.campaign_label.setText(
            f"Losses carried to the armies of {self.campaign_combo.currentText()}: "
            f"{changed} unit{'s' if changed != 1 else ''} changed.{missing}"
        )
        return changed

    # ------------------------------------------------------------------ export
    def export(self, path: pathlib.Path) -> pathlib.Path:
        """Write the summary to ``path``: HTML for ``.html``/``.htm``, CSV otherwise."""
        html_file = path.suffix.lower() in (".html", ".htm")
        text = summary_html(self.summary) if html_file else summary_csv(self.summary)
        path.write_text(text, encoding="utf-8")
        return path

    def _export(self, kind: str) -> None:
        name = "".join(c if c.isalnum() else "-" for c in self.summary.name).strip("-") or "battle"
        filters = "CSV (*.csv)" if kind == "csv" else "HTML (*.html *.htm)"
        path, _ = QFileDialog.getSaveFileName(
            self, "Export the battle summary", f"{name}-summary.{kind}", filters
        )
        if not path:
            return
        try:
            self.export(pathlib.Path(path))
        except OSError as e:
            QMessageBox.warning(self, "Export failed", str(e))
