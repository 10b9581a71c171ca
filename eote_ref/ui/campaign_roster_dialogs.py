"""The dialogs that edit a campaign's roster: a new campaign, a member, an army."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from eote_ref.armylists.loader import load_army_list
from eote_ref.referee.campaign import ROLES, ArmyView, CampaignService, MemberView, nation_name
from eote_ref.referee.campaign.pack_battles import campaign_play, takes_campaigns
from eote_ref.referee.setup import SetupService, shipped_army_lists
from eote_ref.ui.campaign_form import CampaignForm
from eote_ref.ui.unit_picker import searchable_combo

#: The shipped-list chooser keeps each list's own name under this role (to match a game's).
LIST_NAME_ROLE = Qt.ItemDataRole.UserRole + 1


class MemberDialog(CampaignForm):
    """Add a player or umpire, or edit one.

    Args:
        service: the campaign service.
        campaign_id: the campaign.
        member: the member to edit, None to add one.
        parent: the parent widget.
    """

    def __init__(
        self,
        service: CampaignService,
        campaign_id: int,
        member: MemberView | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.service, self.campaign_id, self.member = service, campaign_id, member
        self.member_id: int | None = member.id if member else None
        self.setWindowTitle("Edit member" if member else "Add member")
        self.setMinimumWidth(340)
        self._taken = {
            m.name.casefold()
            for m in service.view(campaign_id).members
            if member is None or m.id != member.id
        }
        self.role_combo = QComboBox()
        self.role_combo.setObjectName("roleCombo")
        for role in ROLES:
            self.role_combo.addItem(role, role)
        if member:
            self.role_combo.setCurrentIndex(self.role_combo.findData(member.role))
        self._named_form(member.name if member else "", "&Role:", self.role_combo)

    def problems(self) -> list[str]:
        """A name, not used by another member."""
        return self._name_problems(
            "Enter the member's name.", "{name} is already a member of this campaign."
        )

    def save(self) -> None:
        """Add or update the member."""
        name, role = self.name_edit.text().strip(), str(self.role_combo.currentData())
        if self.member_id is None:
            self.member_id = self.service.add_member(self.campaign_id, name, role)
        else:
            self.service.update_member(self.member_id, name, role)


class ArmyDialog(CampaignForm):
    """Give a player a campaign copy of an army list (shipped or from a file), or edit one.

    An army's list is copied once: editing changes only its name and player.

    Args:
        service: the campaign service.
        campaign_id: the campaign.
        army: the army to edit, None to add one.
        parent: the parent widget.
    """

    def __init__(
        self,
        service: CampaignService,
        campaign_id: int,
        army: ArmyView | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.service, self.campaign_id, self.army = service, campaign_id, army
        self.army_id: int | None = army.id if army else None
        self.setWindowTitle("Edit army" if army else "Add army")
        v = service.view(campaign_id)
        self._taken = {a.name.casefold() for a in v.armies if army is None or a.id != army.id}
        #: The campaign's pack; a pack with a campaign reading offers its own lists.
        self.pack = v.info.pack
        self._pack_lists = campaign_play(self.pack) is not None
        self._loaded: Any = None
        self._load_error = ""
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.player_combo = QComboBox()
        self.player_combo.setObjectName("playerCombo")
        for m in v.members:
            if m.role == "player":
                self.player_combo.addItem(m.name, m.name)
        if army:
            self.player_combo.setCurrentIndex(self.player_combo.findData(army.player))
        searchable_combo(self.player_combo)
        self.player_button = QPushButton("New p&layer…")
        self.player_button.setObjectName("newPlayerButton")
        self.player_button.setToolTip("Add a player to the campaign and give them this army")
        self.player_button.clicked.connect(lambda: self.add_player())
        self.member_dialog: MemberDialog | None = None
        player_row = QHBoxLayout()
        player_row.addWidget(self.player_combo, 1)
        player_row.addWidget(self.player_button)
        form.addRow("&Player:", player_row)

        source = QGroupBox("Army list")
        grid = QGridLayout(source)
        self.shipped_radio = QRadioButton("&Shipped list:")
        self.shipped_radio.setObjectName("shippedRadio")
        self.shipped_combo = QComboBox()
        self.shipped_combo.setObjectName("shippedCombo")
        for path in [] if self._pack_lists else shipped_army_lists():
            try:  # the list's own name, nation and year, not its file name
                s = SetupService.summarise(path)
                text, list_name = f"{s.name} ({nation_name(s.nation)}, {s.year})", s.name
            except (ValueError, OSError):
                text, list_name = path.name, ""
            self.shipped_combo.addItem(text, str(path))
            index = self.shipped_combo.count() - 1
            self.shipped_combo.setItemData(index, path.name, Qt.ItemDataRole.ToolTipRole)
            self.shipped_combo.setItemData(index, list_name, LIST_NAME_ROLE)
        if self._pack_lists:
            from eote_ref.referee.pack_play import shipped_pack_lists

            for pl in shipped_pack_lists(self.pack):
                self.shipped_combo.addItem(f"{pl.name} ({nation_name(pl.nation)})", str(pl.path))
                index = self.shipped_combo.count() - 1
                self.shipped_combo.setItemData(index, pl.path.name, Qt.ItemDataRole.ToolTipRole)
                self.shipped_combo.setItemData(index, pl.name, LIST_NAME_ROLE)
        self.file_radio = QRadioButton("&File:")
        self.file_radio.setObjectName("fileRadio")
        self.file_edit = QLineEdit()
        self.file_edit.setObjectName("fileEdit")
        self.file_edit.setPlaceholderText("an army-list file of your own (.yaml)")
        self.browse_button = QPushButton("&Browse...")
        self.browse_button.clicked.connect(self.browse)
        searchable_combo(self.shipped_combo)
        grid.addWidget(self.shipped_radio, 0, 0)
        grid.addWidget(self.shipped_combo, 0, 1, 1, 2)
        grid.addWidget(self.file_radio, 1, 0)
        grid.addWidget(self.file_edit, 1, 1)
        grid.addWidget(self.browse_button, 1, 2)
        self.list_label = QLabel()
        self.list_label.setObjectName("listLabel")
        self.list_label.setWordWrap(True)
        grid.addWidget(self.list_label, 2, 0, 1, 3)
        self.shipped_radio.setChecked(True)

        self.name_edit = QLineEdit(army.name if army else "")
        self.name_edit.setObjectName("nameEdit")
        form.addRow("&Name:", self.name_edit)
        layout.addLayout(form)
        layout.addWidget(source)
        if army:
            for w in (self.shipped_radio, self.shipped_combo, self.file_radio, self.file_edit):
                w.setEnabled(False)
            self.browse_button.setEnabled(False)
            self.list_label.setText(
                f"Campaign copy of a {nation_name(army.nation)} list, {len(army.units)} units "
                f"({army.units_destroyed} destroyed, {v.info.counted(army.hits_carried)} carried)."
            )
        self._finish(layout)
        self.name_edit.textChanged.connect(self.validate)
        self.player_combo.currentIndexChanged.connect(self.validate)
        for radio in (self.shipped_radio, self.file_radio):
            radio.toggled.connect(self._source_changed)
        self.shipped_combo.currentIndexChanged.connect(self._source_changed)
        self.file_edit.textChanged.connect(self._source_changed)
        self._source_changed()

    def select_shipped(self, file_name: str) -> bool:
        """Choose a shipped list by its file name (``waterloo-1815-french`` or with ``.yaml``)."""
        for i in range(self.shipped_combo.count()):
            path = pathlib.Path(str(self.shipped_combo.itemData(i)))
            if file_name in (path.name, path.stem):
                self.shipped_radio.setChecked(True)
                self.shipped_combo.setCurrentIndex(i)
                return True
        return False

    def select_list_named(self, names: Sequence[str]) -> bool:
        """Choose the first shipped list whose own name is one of ``names`` (a game's lists)."""
        for i in range(self.shipped_combo.count()):
            if self.shipped_combo.itemData(i, LIST_NAME_ROLE) in names:
                self.shipped_radio.setChecked(True)
                self.shipped_combo.setCurrentIndex(i)
                return True
        return False

    def add_player(self) -> MemberDialog:
        """Open the dialog to add a player; on OK the new player is chosen for this army."""
        d = MemberDialog(self.service, self.campaign_id, None, self)
        d.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        d.accepted.connect(lambda: self._player_added(d.name_edit.text().strip()))
        self.member_dialog = d
        d.open()
        return d

    def _player_added(self, name: str) -> None:
        if self.player_combo.findData(name) < 0:
            self.player_combo.addItem(name, name)
        self.player_combo.setCurrentIndex(self.player_combo.findData(name))
        self.validate()

    def browse(self) -> None:
        """Choose an army-list file."""
        name, _ = QFileDialog.getOpenFileName(self, "Army list", "", "Army lists (*.yaml *.yml)")
        if name:
            self.file_radio.setChecked(True)
            self.file_edit.setText(name)

    def source_path(self) -> pathlib.Path | None:
        """The army-list file chosen (shipped or typed), None when none."""
        if self.shipped_radio.isChecked():
            data = self.shipped_combo.currentData()
            return pathlib.Path(data) if data else None
        text = self.file_edit.text().strip()
        return pathlib.Path(text) if text else None

    def _source_changed(self) -> None:
        if self.army is not None:
            self.validate()
            return
        self.shipped_combo.setEnabled(self.shipped_radio.isChecked())
        self.file_edit.setEnabled(self.file_radio.isChecked())
        path = self.source_path()
        self._loaded, self._load_error = None, ""
        if path is None:
            self._load_error = "Choose an army list."
        else:
            try:
                self._loaded = self._load(path)
            except (ValueError, OSError) as exc:
                first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                self._load_error = f"The army list cannot be read: {first}"
        if self._loaded is not None and self._pack_lists:
            self.list_label.setText(
                f"{self._loaded.name} ({nation_name(self._loaded.nation)}, {self._loaded.year}),"
                f" {len(self._loaded.units)} units"
            )
            self.name_edit.setPlaceholderText(self._loaded.name)
        elif self._loaded is not None:
            n = sum(len(c.units) for c in self._loaded.army.walk())
            self.list_label.setText(
                f"{self._loaded.name} ({nation_name(self._loaded.nation)}, {self._loaded.year}),"
                f" {n} units"
            )
            self.name_edit.setPlaceholderText(self._loaded.name)
        else:
            self.list_label.setText("")
            self.name_edit.setPlaceholderText("")
        self.validate()

    def _load(self, path: pathlib.Path) -> Any:
        """The list at ``path``: of the campaign's pack, else refused in words."""
        if not self._pack_lists:
            return load_army_list(path).army_list
        from eote_ref.armylists.loader import load_any_army_list

        loaded = load_any_army_list(path)
        if loaded.pack != self.pack:
            raise ValueError(f"a list of pack {loaded.pack}; this campaign plays {self.pack}")
        return loaded.army_list

    def army_name(self) -> str:
        """The name typed, or the list's own name."""
        typed = self.name_edit.text().strip()
        if typed or self._loaded is None:
            return typed
        return str(self._loaded.name)

    def problems(self) -> list[str]:
        """A player, a readable list and a name no other army uses."""
        out = []
        if self.player_combo.currentData() is None:
            out.append("Add a player first (New player…): every army belongs to one.")
        if self.army is None and self._load_error:
            out.append(self._load_error)
        name = self.army_name()
        if not name and self.army is not None:
            out.append("Enter the army's name.")
        elif name.casefold() in self._taken:
            out.append(f"There is already an army called {name}.")
        return out

    def save(self) -> None:
        """Add the campaign copy, or rename / hand over the army."""
        player = str(self.player_combo.currentData())
        if self.army_id is None:
            assert self._loaded is not None
            source = self.source_path() if self._pack_lists else self._loaded
            assert source is not None
            self.army_id = self.service.add_army(
                self.campaign_id, player, source, name=self.army_name()
            )
        else:
            self.service.update_army(self.army_id, self.army_name(), player)


class NewCampaignDialog(CampaignForm):
    """Create a campaign: its name and the ruleset its battles are played with.

    Args:
        service: the campaign service.
        parent: the parent widget.
    """

    def __init__(self, service: CampaignService, parent: QWidget | None = None) -> None:
        from eote_ref.packs.registry import PACKS

        super().__init__(parent)
        self.service = service
        self.campaign_id = 0
        self.setWindowTitle("New campaign")
        self.setMinimumWidth(380)
        self._taken = {c.name.casefold() for c in service.list_campaigns()}
        self.pack_combo = QComboBox()
        self.pack_combo.setObjectName("packCombo")
        self.pack_combo.setToolTip(
            "Every battle of the campaign is a game of this ruleset; its armies are its lists"
        )
        for pack, (_module, title) in PACKS.items():
            if takes_campaigns(pack):  # a pack whose play has no campaign reading is not offered
                self.pack_combo.addItem(title, pack)
        self._named_form("", "&Ruleset:", self.pack_combo)

    def problems(self) -> list[str]:
        """A name no other campaign has."""
        return self._name_problems(
            "Enter the campaign's name.", "There is already a campaign called {name}."
        )

    def save(self) -> None:
        """Create the campaign with the ruleset chosen."""
        self.campaign_id = self.service.create_campaign(
            self.name_edit.text().strip(), pack=str(self.pack_combo.currentData())
        )
