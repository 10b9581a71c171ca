"""The campaign window's actions: the dialogs it opens, and what its buttons do."""

from __future__ import annotations

import pathlib
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QTableWidget,
    QTreeWidget,
)

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.campaign import (
    ArmyView,
    BattleView,
    CampaignError,
    CampaignService,
    CampaignView,
    CsvImportError,
    MemberView,
    csv_format,
)
from eote_ref.referee.campaign.report import campaign_report_html
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.campaign_roster_dialogs import ArmyDialog, MemberDialog, NewCampaignDialog


class CampaignActions(QMainWindow):
    """The campaign window's buttons, for :class:`~eote_ref.ui.campaign_window.CampaignWindow`.

    Edit its members, armies and battles, start a battle's game, carry its losses, import,
    export and report.
    """

    #: A game was set up for a battle ("Start next battle"); the main window opens it.
    game_started = Signal(int)

    service: CampaignService
    campaign_id: int | None
    view: CampaignView | None
    members: QTableWidget
    armies: QTreeWidget
    battles: QTableWidget

    def refresh(self, view: CampaignView | None = None) -> None:
        """Read the campaign again and fill every tab (:class:`CampaignWindow`'s)."""
        raise NotImplementedError

    def reload_campaigns(self, select: int | None = None) -> None:
        """Refill the campaign chooser and show the campaign (:class:`CampaignWindow`'s)."""
        raise NotImplementedError

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
