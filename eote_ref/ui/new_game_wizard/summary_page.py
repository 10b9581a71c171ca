"""Page 5 of the new-game wizard: the summary, and creating the game on Finish."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from PySide6.QtWidgets import QWidget

from eote_ref.referee.errors import REFUSALS
from eote_ref.referee.new_game_draft import (
    FORMATION_ARMS,
    NewGameDraft,
    choice_text,
    nation_title,
    option_title,
)
from eote_ref.referee.pack_lists import (
    pack_options,
    pack_rule_prefix,
    pack_scenarios,
    pack_scenarios_for,
    pack_title,
    uses_figure_scale,
)
from eote_ref.referee.setup import SetupService
from eote_ref.ui.forms.ui_new_game_summary import Ui_NewGameSummaryPage
from eote_ref.ui.new_game_wizard.base import Page, dim_color, error_color


class SummaryPage(Page):
    """Page 5: everything chosen; Finish creates the game through the setup service."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameSummaryPage()
        self.ui.setupUi(self)
        self.ui.errorLabel.hide()
        self.ui.errorLabel.setStyleSheet(f"color: {error_color(self)}")
        self.game_id: int | None = None

    def initializePage(self) -> None:
        missing = self.missing_lists()
        self.ui.errorLabel.setText(missing)
        self.ui.errorLabel.setVisible(bool(missing))
        self.ui.summaryText.setHtml(self.summary_html())

    def summary_html(self) -> str:
        """The set-up as an HTML page."""
        if not uses_figure_scale(self.draft.pack):
            return self.pack_summary_html()
        d = self.draft
        dim = dim_color(self)
        e = html.escape
        parts = [f"<h2 style='margin-bottom:4px'>{e(d.game_name())}</h2>"]
        if d.scenario is not None:
            parts.append(f"<p><b>Scenario:</b> {e(d.scenario.scenario.name)}</p>")
        elif d.uses_scenario():
            chosen = "; ".join(
                f"{e(d.side_name(s))}: {e(', '.join(d.in_play[s]) or 'whole lists')}"
                for s in (0, 1)
            )
            parts.append(f"<p><b>Commands in play:</b> {chosen}</p>")
        scenario = d.scenario_lines()
        parts.append("<table cellspacing='0' cellpadding='3' width='100%'><tr>")
        for side in (0, 1):
            lists = d.lists[side]
            if scenario is not None:  # only the commands in play are on the table
                names = "; ".join(e(s.name) for s in lists)
                rows = f"<li>{names} <span style='color:{dim}'>(army list)</span></li>" + "".join(
                    f"<li>{e(name)} <span style='color:{dim}'>"
                    f"({n} unit{'s' if n != 1 else ''})</span></li>"
                    for name, n in scenario.in_play[side]
                )
            else:
                rows = "".join(
                    f"<li>{e(s.name)} <span style='color:{dim}'>({e(nation_title(s.nation))}, "
                    f"{s.year}; {s.divisions} divisions, {s.units} units)</span></li>"
                    for s in lists
                )
            parts.append(
                f"<td width='50%' valign='top'><b>{e(d.side_name(side))}</b>"
                f"<ul style='margin-top:2px'>{rows}</ul></td>"
            )
        parts.append("</tr></table>")
        if scenario is not None and scenario.reinforcements:
            parts.append(
                "<p><b>Reinforcements:</b> " + e("; ".join(scenario.reinforcements)) + "</p>"
            )
        if scenario is not None and scenario.end:
            parts.append("<p><b>The end:</b> " + e("; ".join(scenario.end)) + "</p>")
        scale_note = {
            "6mm": "distances 2\u2033 shorter",
            "15mm": "distances as listed",
            "25mm": "distances 2\u2033 longer",
        }[d.figure_scale]
        if d.options.get("scale_adjusts") == "none":
            scale_note = "distances as listed (scale adjusts: none)"
        parts.append(f"<p><b>Figure scale:</b> {e(d.figure_scale)} — {e(scale_note)}</p>")
        parts.append(self._options_html(self.setup.options(), "EotE"))
        parts.append(f"<p><b>Initiative:</b> {e(d.initiative_text())}</p>")
        starts = "; ".join(
            f"{e(d.side_name(side))}: "
            + ", ".join(
                f"{arm} {e((d.formation(side, arm) or 'none').replace('_', ' '))}"
                for arm in FORMATION_ARMS
            )
            for side in (0, 1)
        )
        parts.append(f"<p><b>Starting formations:</b> {starts}</p>")
        return "".join(parts)

    def pack_summary_html(self) -> str:
        """The set-up of a game of another pack than the default: its lists and options."""
        d = self.draft
        dim = dim_color(self)
        e = html.escape
        none = "none: the lists' battle, the rules' own victory"
        scenario = dict(pack_scenarios(d.pack)).get(d.pack_scenario or "", none)
        if d.pack_scenario:  # the text's set-up or historical lists, as the options page says
            lists = [[s.path for s in side] for side in d.lists]
            titles = {k: t for k, t, _r in pack_scenarios_for(d.pack, lists)}
            scenario = titles.get(d.pack_scenario, scenario)
        parts = [
            f"<h2 style='margin-bottom:4px'>{e(d.game_name())}</h2>",
            f"<p><b>Ruleset:</b> {e(pack_title(d.pack))}</p>",
            f"<p><b>Scenario:</b> {e(scenario)}</p>",
            "<table cellspacing='0' cellpadding='3' width='100%'><tr>",
        ]
        for side in (0, 1):
            rows = "".join(
                f"<li>{e(s.name)} <span style='color:{dim}'>({e(nation_title(s.nation))}, "
                f"{s.year}; {e(s.detail)})</span></li>"
                for s in d.lists[side]
            )
            parts.append(
                f"<td width='50%' valign='top'><b>{e(d.side_name(side))}</b>"
                f"<ul style='margin-top:2px'>{rows}</ul></td>"
            )
        parts.append("</tr></table>")
        parts.append(self._options_html(pack_options(d.pack), pack_rule_prefix(d.pack)))
        return "".join(parts)

    def _options_html(self, options: Iterable[Any], prefix: str) -> str:
        """The rules options changed from their defaults (each with its rule, ``prefix`` 7.5)."""
        d = self.draft
        dim = dim_color(self)
        e = html.escape
        infos = {o.name: o for o in options}
        if not d.options:
            return f"<p><b>Rules options:</b> all {len(infos)} at their defaults.</p>"
        items = "".join(
            f"<li>{e(option_title(name))}: <b>{e(choice_text(value))}</b> "
            f"<span style='color:{dim}'>(default {e(choice_text(infos[name].default))}; "
            f"{prefix} {e(infos[name].rule)})</span></li>"
            for name, value in d.options.items()
        )
        return (
            f"<p><b>Rules options:</b> {len(d.options)} changed, the rest as default.</p>"
            f"<ul style='margin-top:0'>{items}</ul>"
        )

    def missing_lists(self) -> str:
        """Why the game cannot start yet: the sides with no army list ("" when both have one)."""
        empty = [self.draft.side_name(side) for side in (0, 1) if not self.draft.lists[side]]
        if not empty:
            return ""
        return (
            f"{' and '.join(empty)} {'has' if len(empty) == 1 else 'have'} no army list: go "
            "back to the army lists page and tick at least one list for each side."
        )

    def validatePage(self) -> bool:
        missing = self.missing_lists()
        if missing:
            self.ui.errorLabel.setText(missing)
            self.ui.errorLabel.show()
            return False
        try:
            self.game_id = self.draft.create(self.setup)
        except REFUSALS as exc:  # a refusal is shown; the service creates all or nothing
            self.ui.errorLabel.setText(f"The game could not be created: {exc}")
            self.ui.errorLabel.show()
            return False
        return True
