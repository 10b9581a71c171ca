"""Page 3 of the new-game wizard: the figure scale and the named options of the ruleset."""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGroupBox, QLabel, QVBoxLayout, QWidget

from eote_ref.referee.new_game_draft import NewGameDraft, OptionValue, choice_text, option_title
from eote_ref.referee.pack_lists import (
    pack_options,
    pack_rule_prefix,
    pack_scenarios_for,
    pack_title,
    uses_figure_scale,
)
from eote_ref.referee.setup import FIGURE_SCALES, OptionInfo, SetupService
from eote_ref.ui.forms.ui_new_game_options import Ui_NewGameOptionsPage
from eote_ref.ui.new_game_wizard.base import OptionCombo, Page, dim_color


def _inches(value: float) -> str:
    return f"{value:g}\u2033"


@dataclass
class _OptionRow:
    info: OptionInfo
    title: QLabel
    combo: QComboBox


class OptionsPage(Page):
    """Page 3: figure scale (with what it does to distances) and the ruleset options."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameOptionsPage()
        self.ui.setupUi(self)
        self._eote_heading = (self.title(), self.subTitle())
        self.scale_buttons = {
            "6mm": self.ui.scale6,
            "15mm": self.ui.scale15,
            "25mm": self.ui.scale25,
        }
        assert set(self.scale_buttons) == set(FIGURE_SCALES)
        for scale, button in self.scale_buttons.items():
            button.toggled.connect(functools.partial(self._scale_toggled, scale))
        self.option_rows: dict[str, _OptionRow] = {}
        #: The pack whose options the grid shows.
        self.pack = draft.pack
        self._build_options()
        self.ui.restoreDefaults.clicked.connect(self.restore_defaults)
        self._provisional_note()
        # A pack's own scenarios (their victory conditions), shown for such a pack only.
        self.scenarioBox = QGroupBox("Sc&enario", self)
        self.scenarioBox.setObjectName("packScenarioBox")
        box = QVBoxLayout(self.scenarioBox)
        self.scenarioCombo = OptionCombo(self.scenarioBox)
        self.scenarioCombo.setObjectName("packScenario")
        self.scenarioCombo.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.scenarioCombo.currentIndexChanged.connect(self._scenario_chosen)
        box.addWidget(self.scenarioCombo)
        self.scenarioNote = QLabel(self.scenarioBox)
        self.scenarioNote.setObjectName("packScenarioNote")
        self.scenarioNote.setWordWrap(True)
        box.addWidget(self.scenarioNote)
        self.ui.pageLayout.insertWidget(0, self.scenarioBox)
        self.scenarioBox.hide()

    def _build_options(self) -> None:
        grid = self.ui.optionsGrid
        dim = dim_color(self)
        previous: QWidget | None = None
        prefix = pack_rule_prefix(self.pack)
        for i, info in enumerate(pack_options(self.pack)):
            title = QLabel(f"<b>{html.escape(option_title(info.name))}</b>")
            combo = OptionCombo()
            combo.setObjectName(f"option_{info.name}")
            combo.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            for choice in info.choices:
                suffix = " (default)" if choice == info.default else ""
                combo.addItem(choice_text(choice) + suffix)
            combo.setCurrentIndex(self._choice_index(info, info.default))
            combo.setToolTip(info.explanation)
            title.setBuddy(combo)
            rule = QLabel(f"{prefix} {html.escape(info.rule)}")
            rule.setStyleSheet(f"color: {dim}")
            rule.setToolTip("The rules sections in conflict")
            text = info.explanation
            for choice in info.choices:  # the choices as the combo box shows them
                if isinstance(choice, str) and "_" in choice:
                    text = text.replace(choice, choice_text(choice))
            explanation = QLabel(text)
            explanation.setTextFormat(Qt.TextFormat.PlainText)
            explanation.setWordWrap(True)
            explanation.setStyleSheet(f"color: {dim}")
            explanation.setContentsMargins(0, 0, 0, 10)
            grid.addWidget(title, 2 * i, 0)
            grid.addWidget(rule, 2 * i, 1)
            grid.addWidget(combo, 2 * i, 2)
            grid.addWidget(explanation, 2 * i + 1, 0, 1, 3)
            combo.currentIndexChanged.connect(lambda _i, n=info.name: self._option_chosen(n))
            if previous is not None:
                QWidget.setTabOrder(previous, combo)
            previous = combo
            self.option_rows[info.name] = _OptionRow(info, title, combo)
        grid.setColumnStretch(0, 1)
        if previous is not None:
            QWidget.setTabOrder(previous, self.ui.restoreDefaults)

    @staticmethod
    def _choice_index(info: OptionInfo, value: OptionValue) -> int:
        for i, choice in enumerate(info.choices):
            if choice == value and type(choice) is type(value):
                return i
        return info.choices.index(info.default)

    def _provisional_note(self) -> None:
        values = self.setup.provisional_values()
        if not values:
            self.ui.provisionalNote.hide()
            return

        def key(rule: str) -> tuple[int, ...]:
            return tuple(int(p) if p.isdigit() else 0 for p in rule.split("."))

        sections = sorted({v.rule for v in values}, key=key)
        self.ui.provisionalNote.setText(
            f"<b>Provisional values in use.</b> The rules text lost {len(values)} chart values "
            f"(sections {html.escape(', '.join(sections))}); eote-ref fills them with its own "
            "defaults and marks every result that uses one."
        )
        self.ui.provisionalNote.setToolTip(
            "\n".join(f"EotE {v.rule}: {v.what}" for v in values[:40])
        )

    def _rebuild_for_pack(self) -> None:
        """Show the options of the draft's pack (another was chosen on the first page)."""
        grid = self.ui.optionsGrid
        while grid.count():
            item = grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # off the screen now, deleted when the event loop gets to it
                widget.deleteLater()
        self.option_rows = {}
        self.pack = self.draft.pack
        self._build_options()
        scale = uses_figure_scale(self.pack)
        if not scale:  # the form's heading speaks of EotE's figure scale and text
            self.setTitle("Rules options")
            self.setSubTitle(
                f"Where the {pack_title(self.pack)} text contradicts itself or is silent, "
                "choose how this game reads it; the defaults are preselected."
            )
        else:
            self.setTitle(self._eote_heading[0])
            self.setSubTitle(self._eote_heading[1])
        self.ui.scaleBox.setVisible(scale)
        # Hidden, the scale's buttons must not take the keyboard: the wizard gives it to the
        # page's first widget that takes Tab, shown or not.
        for button in self.scale_buttons.values():
            policy = Qt.FocusPolicy.StrongFocus if scale else Qt.FocusPolicy.NoFocus
            button.setFocusPolicy(policy)
        self._fill_scenarios()
        self.ui.provisionalNote.setVisible(scale and bool(self.setup.provisional_values()))

    def _fill_scenarios(self) -> None:
        """The pack's scenarios the chosen lists fit; those they do not, named with why."""
        lists = [[s.path for s in side] for side in self.draft.lists]
        scenarios = pack_scenarios_for(self.pack, lists)
        offered = [(key, title) for key, title, refusal in scenarios if refusal is None]
        if self.draft.pack_scenario not in {key for key, _ in offered}:
            self.draft.pack_scenario = None
        self.scenarioCombo.blockSignals(True)
        self.scenarioCombo.clear()
        self.scenarioCombo.addItem("None: the lists' battle, the rules' own victory", None)
        for key, title in offered:
            self.scenarioCombo.addItem(title, key)
        self.scenarioCombo.blockSignals(False)
        refused = [refusal for _key, _title, refusal in scenarios if refusal is not None]
        self.scenarioNote.setText(
            "Not offered for these lists: " + "; ".join(html.escape(r) for r in refused) + "."
            if refused
            else ""
        )
        self.scenarioNote.setVisible(bool(refused))
        self.scenarioBox.setVisible(bool(scenarios))

    def _scenario_chosen(self) -> None:
        key = self.scenarioCombo.currentData()
        self.draft.pack_scenario = key if isinstance(key, str) else None

    def initializePage(self) -> None:
        if self.pack != self.draft.pack:
            self._rebuild_for_pack()
        else:
            self._fill_scenarios()  # the lists may have changed since
        at = self.scenarioCombo.findData(self.draft.pack_scenario)
        self.scenarioCombo.setCurrentIndex(max(at, 0))
        self.scale_buttons[self.draft.figure_scale].setChecked(True)
        for name, row in self.option_rows.items():
            value = self.draft.options.get(name, row.info.default)
            row.combo.setCurrentIndex(self._choice_index(row.info, value))
        self._scale_effect()

    def _scale_toggled(self, scale: str, on: bool) -> None:
        if on:
            self.draft.figure_scale = scale
            self._scale_effect()

    def _option_chosen(self, name: str) -> None:
        row = self.option_rows[name]
        value = row.info.choices[row.combo.currentIndex()]
        if value == row.info.default and type(value) is type(row.info.default):
            self.draft.options.pop(name, None)
            row.title.setText(f"<b>{html.escape(option_title(name))}</b>")
        else:
            self.draft.options[name] = value
            row.title.setText(f"<b>{html.escape(option_title(name))}</b> \u2022 changed")
        if name == "scale_adjusts":
            self._scale_effect()

    def restore_defaults(self) -> None:
        """Set every option back to its default."""
        for row in self.option_rows.values():
            row.combo.setCurrentIndex(self._choice_index(row.info, row.info.default))

    def _scale_effect(self) -> None:
        scale = self.draft.figure_scale
        distances = self.setup.distances_at_scale(scale, self.draft.options)
        changed = any(d.scaled != d.listed for d in distances)
        if scale == "15mm":
            lead = "Distances are played as the rules list them."
        elif not changed:
            lead = (
                f"Option <i>scale adjusts</i> is <i>none</i>: {scale} figures play every "
                "distance as listed."
            )
        else:
            sign = "shorter" if scale == "6mm" else "longer"
            lead = (
                f"Every distance is 2\u2033 {sign} than listed (never under 1\u2033), "
                "pinning and command radius included (introduction)."
            )
        dim = dim_color(self)
        rows = "".join(
            f"<tr><td>{html.escape(d.label)}</td>"
            f"<td style='color:{dim}' align='right'>&nbsp;&nbsp;EotE {html.escape(d.rule)}</td>"
            f"<td align='right'>&nbsp;&nbsp;{_inches(d.listed)}</td>"
            f"<td align='right'>&nbsp;&nbsp;<b>{_inches(d.scaled)}</b></td></tr>"
            for d in distances
        )
        head = (
            f"<tr><th></th><th></th><th align='right' style='color:{dim}'>&nbsp;&nbsp;listed</th>"
            f"<th align='right' style='color:{dim}'>&nbsp;&nbsp;at {scale}</th></tr>"
        )
        self.ui.scaleEffect.setText(f"{lead}<table cellspacing='1'>{head}{rows}</table>")
