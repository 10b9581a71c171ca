"""Turn → *Correct…*: the menu of the umpire's corrections of a game in progress.

The main window builds it at start; the dialogs (:mod:`eote_ref.ui.corrections_dialog`) and
:mod:`eote_ref.referee.corrections` are loaded on first use, not for the first paint.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMenu


def correction_menu(window: Any) -> QMenu:
    """Turn → Correct…: the five corrections, for the dashboard's selection.

    The dialogs (:mod:`eote_ref.ui.corrections_dialog`) and the corrections behind them are
    imported when one is first chosen: the first window builds the menu only.
    """
    menu = QMenu("&Correct (umpire)…", window)
    menu.setObjectName("menuCorrect")

    def run(
        make: str,
        need: str,
        none: str = "That division has no leader: add one instead.",
    ) -> None:
        hub, dash = window.hub, window.dashboard
        if hub is None or dash is None:
            return
        if need == "unit":
            unit = dash.current_unit()
            target = unit.id if unit is not None else None
        else:
            target = dash.current_division_id()
        if target is None:
            window._message(f"Select a {need} (or a unit of it) on the dashboard first.")
            return
        from eote_ref.ui import corrections_dialog

        try:
            dialog = getattr(corrections_dialog, make)(hub, target, window)
        except ValueError as e:  # a refusal in words (RefereeError)
            window._message(str(e))
            return
        if dialog is None:
            window._message(none)
            return
        window.correction_dialog = dialog
        dialog.open()

    menu.addAction(
        "The selected &unit's name, CE, type…", lambda: run("correct_unit_dialog", "unit")
    )
    menu.addAction(
        "The division's &leader: name, rating…", lambda: run("correct_leader_dialog", "division")
    )
    menu.addAction("A &late unit joins the division…", lambda: run("add_unit_dialog", "division"))
    menu.addAction(
        "A leader takes a leaderless &division…", lambda: run("add_leader_dialog", "division")
    )
    menu.addAction(
        "An army, wing or corps &commander joins the division's side…",
        lambda: run(
            "add_commander_dialog",
            "division",
            "Every army, wing and corps commander of that side's lists is in the game.",
        ),
    )
    return menu
