"""Dialogs of the campaign window: add or edit a battle (with its result), a member, an army.

Every dialog that saves announces it on :func:`campaign_events`, so an open campaign window
shows a battle recorded from the End battle dialog at once (no closing and reopening).
"""

from __future__ import annotations

import datetime
import pathlib
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QDate, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.armylists.loader import load_army_list
from eote_ref.referee.campaign import (
    ROLES,
    ArmyView,
    BattleView,
    CampaignError,
    CampaignService,
    MemberView,
    NewBattle,
    nation_name,
)
from eote_ref.referee.campaign.pack_battles import campaign_play, takes_campaigns
from eote_ref.referee.setup import FIGURE_SCALES, SetupService, shipped_army_lists
from eote_ref.ui.unit_picker import searchable_combo, type_to_find

ERROR_STYLE = "color: #b00020;"
#: The shipped-list chooser keeps each list's own name under this role (to match a game's).
LIST_NAME_ROLE = Qt.ItemDataRole.UserRole + 1


class CampaignEvents(QObject):
    """Campaign edits made in this process, for the windows that show campaigns."""

    #: A campaign's members, armies, battles or carried losses changed (its id).
    changed = Signal(int)


_EVENTS: list[CampaignEvents] = []


def campaign_events() -> CampaignEvents:
    """The application's one :class:`CampaignEvents` (made on first use)."""
    if not _EVENTS:
        _EVENTS.append(CampaignEvents())
    return _EVENTS[0]


class _Dialog(QDialog):
    """A dialog with an inline problem line and OK enabled only while the entries are valid."""

    campaign_id: int
    name_edit: QLineEdit
    #: The names (casefolded) the one entered may not take.
    _taken: set[str]

    def _named_form(self, name: str, label: str, combo: QComboBox) -> None:
        """Lay out a name line and ``combo``, the problem line and OK; validated as typed."""
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name_edit = QLineEdit(name)
        self.name_edit.setObjectName("nameEdit")
        form.addRow("&Name:", self.name_edit)
        form.addRow(label, combo)
        layout.addLayout(form)
        self._finish(layout)
        self.name_edit.textChanged.connect(self.validate)
        self.validate()

    def _name_problems(self, missing: str, taken: str) -> list[str]:
        """``missing`` without a name, ``taken`` (its ``{name}`` filled) for one in ``_taken``."""
        name = self.name_edit.text().strip()
        if not name:
            return [missing]
        if name.casefold() in self._taken:
            return [taken.format(name=name)]
        return []

    def _finish(self, layout: QVBoxLayout) -> None:
        self.problem_label = QLabel()
        self.problem_label.setObjectName("problemLabel")
        self.problem_label.setStyleSheet(ERROR_STYLE)
        self.problem_label.setWordWrap(True)
        layout.addWidget(self.problem_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    @property
    def ok_button(self) -> QPushButton:
        """The OK button."""
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def problems(self) -> list[str]:
        """What is wrong with the entries (empty when they can be saved)."""
        return []

    def validate(self) -> bool:
        """Show the problems under the form and enable OK only without them."""
        found = self.problems()
        self.problem_label.setText("\n".join(found))
        self.ok_button.setEnabled(not found)
        return not found

    def save(self) -> None:
        """Write the entries through the service (CampaignError keeps the dialog open)."""

    def accept(self) -> None:
        """Save and close; a refusal from the service is shown in the dialog."""
        if not self.validate():
            return
        try:
            self.save()
        except CampaignError as exc:
            self.problem_label.setText(str(exc))
            return
        super().accept()
        campaign_events().changed.emit(self.campaign_id)


class MemberDialog(_Dialog):
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


class ArmyDialog(_Dialog):
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
                f"({army.units_destroyed} destroyed, {army.hits_carried} hits carried)."
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


class NewCampaignDialog(_Dialog):
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


NO_RESULT = "Not decided yet"
MANUAL = "Manual entry (not run in eote-ref)"


class BattleDialog(_Dialog):
    """Add or edit a battle: details, armies per side, linked game or manual entry, result.

    A battle linked to a game takes its losses from the game's journal when the result is
    given; a manual entry takes the hits and units lost typed per army.

    Args:
        service: the campaign service.
        campaign_id: the campaign.
        battle: the battle to edit, None to add one.
        parent: the parent widget.
        prefill: for a new battle, what to fill the form with (e.g. from a game that was
            just played, :meth:`CampaignService.battle_for_game`).
    """

    def __init__(
        self,
        service: CampaignService,
        campaign_id: int,
        battle: BattleView | None = None,
        parent: QWidget | None = None,
        *,
        prefill: NewBattle | None = None,
    ) -> None:
        super().__init__(parent)
        self.service, self.campaign_id, self.battle = service, campaign_id, battle
        self.battle_id: int | None = battle.id if battle else None
        new = prefill if battle is None else None
        self.setWindowTitle(
            "Edit battle" if battle else ("Record the battle" if new else "Add battle")
        )
        v = service.view(campaign_id)
        #: The campaign's pack's victory levels, and its level without a winner.
        self.victory_levels, self.draw = v.info.victory_levels, v.info.draw
        self._losses: dict[str, tuple[int, int]] = (
            {a.army: (a.losses, a.units_lost) for a in battle.armies} if battle else {}
        )
        layout = QVBoxLayout(self)
        top = QHBoxLayout()

        details = QGroupBox("Battle")
        form = QFormLayout(details)
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("dateEdit")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        day = battle.date if battle else (new.date if new else datetime.date.today())
        self.date_edit.setDate(QDate(day.year, day.month, day.day))
        self.scenario_edit = QLineEdit(battle.scenario if battle else (new.scenario if new else ""))
        self.scenario_edit.setObjectName("scenarioEdit")
        self.table_edit = QLineEdit(
            battle.table_size if battle else (new.table_size if new else "")
        )
        self.table_edit.setObjectName("tableEdit")
        self.table_edit.setPlaceholderText("e.g. 6x4 ft")
        self.scale_combo = QComboBox()
        self.scale_combo.setObjectName("scaleCombo")
        self.scale_combo.addItems(list(FIGURE_SCALES))
        self.scale_combo.setCurrentText(
            battle.figure_scale if battle else (new.figure_scale if new else "15mm")
        )
        self.umpire_combo = QComboBox()
        self.umpire_combo.setObjectName("umpireCombo")
        self.umpire_combo.addItem("(none)", None)
        for m in sorted(v.members, key=lambda m: (m.role != "umpire", m.name)):
            self.umpire_combo.addItem(
                m.name if m.role == "umpire" else f"{m.name} (player)", m.name
            )
        umpire = battle.umpire if battle else (new.umpire if new else None)
        if umpire:
            self.umpire_combo.setCurrentIndex(self.umpire_combo.findData(umpire))
        form.addRow("&Date:", self.date_edit)
        form.addRow("&Scenario:", self.scenario_edit)
        form.addRow("&Table:", self.table_edit)
        form.addRow("Figure s&cale:", self.scale_combo)
        searchable_combo(self.umpire_combo)
        form.addRow("&Umpire:", self.umpire_combo)
        self.game_combo = QComboBox()
        self.game_combo.setObjectName("gameCombo")
        self.game_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.game_combo.setMinimumContentsLength(24)
        self.game_combo.addItem(MANUAL, None)
        for g in service.games():
            self.game_combo.addItem(f"game {g.id}: {g.name} ({g.sides_text}, turn {g.turn})", g.id)
        game_id = battle.game_id if battle else (new.game_id if new else None)
        if game_id is not None:
            self.game_combo.setCurrentIndex(self.game_combo.findData(game_id))
        self.game_combo.setToolTip(
            "The game this battle was played in, or a manual entry for a battle fought away "
            "from eote-ref"
        )
        top.addWidget(details, 4)

        sides = QGroupBox("Sides")
        grid = QGridLayout(sides)
        names = battle.side_names if battle else (new.side_names if new else ("Side A", "Side B"))
        self.side_edits: list[QLineEdit] = []
        self.army_lists: list[QListWidget] = []
        self.add_army_buttons: list[QPushButton] = []
        self.army_dialog: ArmyDialog | None = None
        game_for_lists = battle.game_id if battle else (new.game_id if new else None)
        #: each side's army-list names in the linked game (to suggest the list of a new army)
        self.game_lists: tuple[list[str], list[str]] = (
            service.game_army_lists(game_for_lists) if game_for_lists is not None else ([], [])
        )
        chosen = (
            ({a.army for a in battle.side_armies(0)}, {a.army for a in battle.side_armies(1)})
            if battle
            else ((set(new.sides[0]), set(new.sides[1])) if new else (set(), set()))
        )
        for side in (0, 1):
            edit = QLineEdit(names[side])
            edit.setObjectName(f"side{'AB'[side]}Edit")
            grid.addWidget(QLabel(f"Side {'AB'[side]}:"), 0, side * 2)
            grid.addWidget(edit, 0, side * 2 + 1)
            armies = QListWidget()
            armies.setObjectName(f"armies{'AB'[side]}List")
            for a in v.armies:
                item = QListWidgetItem(f"{a.name} ({a.player})")
                item.setData(Qt.ItemDataRole.UserRole, a.name)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(
                    Qt.CheckState.Checked if a.name in chosen[side] else Qt.CheckState.Unchecked
                )
                armies.addItem(item)
            armies.setMinimumHeight(90)
            type_to_find(armies)  # "Ang" finds the Anglo-Allied wherever the letters are
            grid.addWidget(armies, 1, side * 2, 1, 2)
            add = QPushButton("Add arm&y to side B…" if side else "&Add army to side A…")
            add.setObjectName(f"addArmy{'AB'[side]}Button")
            add.setToolTip("Give a player a campaign copy of an army list and tick it on this side")
            add.clicked.connect(lambda _checked=False, side=side: self.add_army(side))
            grid.addWidget(add, 2, side * 2, 1, 2)
            self.side_edits.append(edit)
            self.army_lists.append(armies)
            self.add_army_buttons.append(add)
        top.addWidget(sides, 5)
        layout.addLayout(top)
        # the game's name is long ("game 3: Ligny (French against Prussians, turn 4)"): a row
        # of its own, the dialog's full width
        game_row = QHBoxLayout()
        game_label = QLabel("&Game:")
        game_label.setBuddy(self.game_combo)
        game_row.addWidget(game_label)
        game_row.addWidget(self.game_combo, 1)
        layout.addLayout(game_row)

        result = QGroupBox("Result")
        rl = QGridLayout(result)
        self.victory_combo = QComboBox()
        self.victory_combo.setObjectName("victoryCombo")
        self.victory_combo.addItem(NO_RESULT, None)
        for level in self.victory_levels:
            self.victory_combo.addItem(level, level)
        if battle and battle.victory:
            self.victory_combo.setCurrentIndex(self.victory_combo.findData(battle.victory))
        self.winner_combo = QComboBox()
        self.winner_combo.setObjectName("winnerCombo")
        self.winner_combo.addItems(list(names))
        if battle and battle.winner is not None:
            self.winner_combo.setCurrentIndex(battle.winner)
        for col, (text, widget) in enumerate(
            (("&Victory:", self.victory_combo), ("&Winner:", self.winner_combo))
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            rl.addWidget(label, 0, col * 2)
            rl.addWidget(widget, 0, col * 2 + 1)
        self.losses_note = QLabel()
        self.losses_note.setObjectName("lossesNote")
        rl.addWidget(self.losses_note, 1, 0, 1, 4)
        self.losses_table = QTableWidget(0, 4)
        self.losses_table.setObjectName("lossesTable")
        self.losses_table.setHorizontalHeaderLabels(["Army", "Side", "Hits taken", "Units lost"])
        self.losses_table.verticalHeader().setVisible(False)
        header = self.losses_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the army's name
        header.setStretchLastSection(False)
        self.losses_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.losses_table.setMinimumHeight(110)
        rl.addWidget(self.losses_table, 2, 0, 1, 4)
        self.notes_edit = QPlainTextEdit((battle.notes or "") if battle else "")
        self.notes_edit.setObjectName("notesEdit")
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setPlaceholderText("The umpire's notes")
        self.notes_edit.setMaximumHeight(70)
        notes_label = QLabel("&Notes:")
        notes_label.setBuddy(self.notes_edit)
        rl.addWidget(notes_label, 3, 0)
        rl.addWidget(self.notes_edit, 3, 1, 1, 3)
        layout.addWidget(result, 1)
        self._finish(layout)
        self.resize(900, 620)

        self.scenario_edit.textChanged.connect(self.validate)
        for edit in self.side_edits:
            edit.textChanged.connect(self._names_changed)
        for armies in self.army_lists:
            armies.itemChanged.connect(self._armies_changed)
        self.victory_combo.currentIndexChanged.connect(self._result_changed)
        self.game_combo.currentIndexChanged.connect(self._result_changed)
        self._armies_changed()
        self._result_changed()

    # ------------------------------------------------------------------ reading the widgets
    def side_armies(self, side: int) -> list[str]:
        """The army names ticked on ``side``."""
        lst = self.army_lists[side]
        return [
            str(lst.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(lst.count())
            if lst.item(i).checkState() == Qt.CheckState.Checked
        ]

    def set_side_armies(self, side: int, names: list[str]) -> None:
        """Tick exactly the armies ``names`` on ``side``."""
        lst = self.army_lists[side]
        for i in range(lst.count()):
            item = lst.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in names
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def add_army(self, side: int) -> ArmyDialog:
        """Open the dialog to add a campaign army; on OK it is ticked on ``side``.

        For a battle played in eote-ref the dialog suggests the shipped list the game's side
        was set up from.
        """
        d = ArmyDialog(self.service, self.campaign_id, None, self)
        d.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        d.select_list_named(self.game_lists[side])
        d.accepted.connect(lambda: self._army_added(side, d.army_name(), d.player_combo))
        self.army_dialog = d
        d.open()
        return d

    def _army_added(self, side: int, name: str, players: QComboBox) -> None:
        player = players.currentText()
        for lst in self.army_lists:
            item = QListWidgetItem(f"{name} ({player})")
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            lst.addItem(item)
        self.set_side_armies(side, [*self.side_armies(side), name])
        for m in self.service.view(self.campaign_id).members:  # a player added on the way
            if self.umpire_combo.findData(m.name) < 0:
                self.umpire_combo.addItem(
                    m.name if m.role == "umpire" else f"{m.name} (player)", m.name
                )

    def game_id(self) -> int | None:
        """The linked game, None for a manual entry."""
        data = self.game_combo.currentData()
        return int(data) if data is not None else None

    def _loss_spins(self, row: int) -> tuple[QSpinBox, QSpinBox]:
        hits, lost = self.losses_table.cellWidget(row, 2), self.losses_table.cellWidget(row, 3)
        assert isinstance(hits, QSpinBox)
        assert isinstance(lost, QSpinBox)
        return hits, lost

    def _army_at(self, row: int) -> str:
        item = self.losses_table.item(row, 0)
        return item.text() if item is not None else ""

    def set_losses(self, army: str, hits: int, units_lost: int = 0) -> None:
        """Type an army's hits taken and units lost (manual entry)."""
        for row in range(self.losses_table.rowCount()):
            if self._army_at(row) == army:
                h, u = self._loss_spins(row)
                h.setValue(hits)
                u.setValue(units_lost)
                return
        raise KeyError(army)

    def _remember_losses(self) -> None:
        for row in range(self.losses_table.rowCount()):
            h, u = self._loss_spins(row)
            self._losses[self._army_at(row)] = (h.value(), u.value())

    def spec(self) -> NewBattle:
        """The battle as the service takes it."""
        self._remember_losses()
        d = self.date_edit.date()
        victory = self.victory_combo.currentData()
        armies = self.side_armies(0) + self.side_armies(1)
        return NewBattle(
            date=datetime.date(d.year(), d.month(), d.day()),
            scenario=self.scenario_edit.text().strip(),
            sides=(self.side_armies(0), self.side_armies(1)),
            side_names=(self.side_edits[0].text().strip(), self.side_edits[1].text().strip()),
            table_size=self.table_edit.text().strip(),
            figure_scale=self.scale_combo.currentText(),
            umpire=self.umpire_combo.currentData(),
            game_id=self.game_id(),
            victory=victory,
            winner=None if victory in (None, "draw") else self.winner_combo.currentIndex(),
            notes=self.notes_edit.toPlainText().strip() or None,
            losses={a: self._losses.get(a, (0, 0))[0] for a in armies},
            units_lost={a: self._losses.get(a, (0, 0))[1] for a in armies},
        )

    # ------------------------------------------------------------------ reacting
    def _names_changed(self) -> None:
        for side, edit in enumerate(self.side_edits):
            self.winner_combo.setItemText(side, edit.text().strip() or f"Side {'AB'[side]}")
        self._armies_changed()

    def _armies_changed(self) -> None:
        if self.losses_table.rowCount():
            self._remember_losses()
        rows = [(a, side) for side in (0, 1) for a in self.side_armies(side)]
        self.losses_table.setRowCount(len(rows))
        for r, (army, side) in enumerate(rows):
            name = QTableWidgetItem(army)
            name.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.losses_table.setItem(r, 0, name)
            where = QTableWidgetItem(self.side_edits[side].text().strip() or "AB"[side])
            where.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.losses_table.setItem(r, 1, where)
            hits, lost = self._losses.get(army, (0, 0))
            for c, value in ((2, hits), (3, lost)):
                spin = QSpinBox()
                spin.setRange(0, 9999)
                spin.setValue(value)
                self.losses_table.setCellWidget(r, c, spin)
        self._result_changed()

    def _result_changed(self) -> None:
        victory = self.victory_combo.currentData()
        self.winner_combo.setEnabled(victory not in (None, self.draw))
        manual = self.game_id() is None
        self.losses_table.setEnabled(manual)
        if manual:
            self.losses_note.setText("Losses per army, as the umpire counted them:")
        elif victory is None:
            self.losses_note.setText("Losses will be read from the game's journal with the result.")
        else:
            self.losses_note.setText("Losses are read from the game's journal on OK.")
        self.validate()

    def problems(self) -> list[str]:
        """Scenario, side names, at least one army a side, none on both sides."""
        out = []
        if not self.scenario_edit.text().strip():
            out.append("Enter the scenario's name.")
        names = [e.text().strip() for e in self.side_edits]
        if not all(names):
            out.append("Name both sides.")
        elif names[0] == names[1]:
            out.append("The two sides need different names.")
        a, b = self.side_armies(0), self.side_armies(1)
        for side, armies in enumerate((a, b)):
            if not armies:
                out.append(f"Tick at least one army for {names[side] or 'side ' + 'AB'[side]}.")
        both = sorted(set(a) & set(b))
        if both:
            out.append(f"{', '.join(both)} cannot fight on both sides.")
        return out

    def save(self) -> None:
        """Add or replace the battle (a linked game's losses come from its journal)."""
        self.battle_id = self.service.save_battle(self.campaign_id, self.spec(), self.battle_id)
